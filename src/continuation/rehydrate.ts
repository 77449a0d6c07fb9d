/**
 * What an agent attaches after compacting, rebuilt from the transcript at the cut, per agent design: Claude Code
 * re-attaches up to five recently read or edited files (one over about 5,000 tokens as its path only), pi carries
 * its read and modified file lists, Codex keeps the most recent user messages up to about 20,000 tokens.
 */
import { fileLists, mergeFileLists } from '../session/file-operations.ts';
import { contentText, isPrompt, type Message, type Session } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { normalisePath } from '../session/normalise-path.ts';
import { fileStateAt } from '../session/file-state.ts';
import type { RehydrationDesign } from '../results/continuation-types.ts';

/** Claude Code's limits as publicly described: five files, each under about 5,000 tokens. */
export const CLAUDE_CODE_FILES = 5;
/** A file over this many tokens comes back as its path only. */
export const CLAUDE_CODE_FILE_TOKENS = 5000;
/** Codex keeps the newest user messages up to about this many tokens. */
export const CODEX_USER_TOKENS = 20000;

/** The attachments: messages placed after the summary, and the files they name. */
export type Rehydration = { design: RehydrationDesign; messages: Message[]; files: string[] };

/** The design a strategy is judged with when `--rehydrate` is not given: its own agent's, else none. */
export function defaultDesign(strategy: string): RehydrationDesign {
  return strategy === 'claude-code' || strategy === 'pi' || strategy === 'codex' ? strategy : 'none';
}

const attachment = (text: string): Message => ({ role: 'user', content: text, context: 'meta' });

/** The attachments of `design` at message `cut`. */
export function rehydrate(
  design: RehydrationDesign,
  session: Pick<Session, 'messages' | 'fileOperations' | 'cwd'>,
  cut: number,
  tokenizer: Tokenizer,
): Rehydration {
  if (design === 'claude-code') return claudeCodeFiles(session, cut, tokenizer);
  if (design === 'pi') {
    const raw = fileLists(session.fileOperations, { start: 0, end: cut });
    // One file spelled absolute and relative is one file: merge after normalising.
    const { read, modified } = mergeFileLists({
      read: raw.read.map((path) => normalisePath(path, session.cwd)),
      modified: raw.modified.map((path) => normalisePath(path, session.cwd)),
    });
    if (read.length + modified.length === 0) return { design, messages: [], files: [] };
    const text = `<read-files>\n${read.join('\n')}\n</read-files>\n<modified-files>\n${modified.join('\n')}\n</modified-files>`;
    return { design, messages: [attachment(text)], files: [...modified, ...read] };
  }
  if (design === 'codex') {
    const kept: Message[] = [];
    let tokens = 0;
    for (const message of session.messages.slice(0, cut).toReversed()) {
      if (!isPrompt(message)) continue;
      const size = tokenizer.count(contentText(message.content));
      if (tokens + size > CODEX_USER_TOKENS) break;
      tokens += size;
      kept.unshift(message);
    }
    return { design, messages: kept, files: [] };
  }
  return { design, messages: [], files: [] };
}

function claudeCodeFiles(
  session: Pick<Session, 'messages' | 'fileOperations' | 'cwd'>,
  cut: number,
  tokenizer: Tokenizer,
): Rehydration {
  const recent = [...fileStateAt(session, cut).values()]
    .sort((a, b) => b.lastTouched - a.lastTouched)
    .slice(0, CLAUDE_CODE_FILES);
  const messages = recent.map((file) => {
    const fits = file.content !== undefined && tokenizer.count(file.content) <= CLAUDE_CODE_FILE_TOKENS;
    return attachment(
      fits
        ? `Called the Read tool with the following input: {"file_path":"${file.path}"}\nResult of calling the Read tool:\n${file.content}`
        : `Note: ${file.path} was read before the last conversation was summarized, but the contents are too large to include. Use the Read tool if you need to access it.`,
    );
  });
  return { design: 'claude-code', messages, files: recent.map((file) => file.path) };
}
