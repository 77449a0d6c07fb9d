/**
 * What the lexical baselines share: lines taken from the transcript by pattern, no model and no reading,
 * written until a token budget is spent. They bound the metric from below: a strategy that keeps no more
 * than a grep is not summarizing.
 */
import { fileLists } from '../session/file-operations.ts';
import { contentText, type Session } from '../session/types.ts';
import { integerAtLeast, type SettingDeclaration, setting } from '../settings.ts';
import type { StrategyConfig } from './types.ts';
import type { Tokenizer } from '../tokens.ts';

/** `--lexical-tokens`: how much the identifier bag and the grep may write. */
export const LEXICAL_TOKENS: SettingDeclaration = {
  key: 'lexicalTokens',
  flag: '--lexical-tokens <n>',
  help: 'identifier-bag, grep, user-verbatim and user-errors: tokens they may write',
  parse: integerAtLeast(1),
  usedBy: 'identifier-bag, grep, user-verbatim, user-errors',
};

/** Every file the session read or changed, modified first, as the transcript wrote them. */
export function sessionPaths(session: Session): string[] {
  const lists = fileLists(session.fileOperations);
  return [...lists.modified, ...lists.read];
}

/** Lines in order until the next one would pass `budget` tokens (each counted with its line break). */
export function withinBudget(
  lines: readonly string[],
  budget: number,
  tokenizer: Pick<Tokenizer, 'count'>,
): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = tokenizer.count(`${line}\n`);
    if (used + cost > budget) break;
    kept.push(line);
    used += cost;
  }
  return kept;
}

/** How long a kept error line may be, in characters. */
export const LINE_CHARS = 200;

const ERROR_LINE =
  /\b(?:error|errors|fail|failed|failing|failure|exception|cannot|can't|not found|denied|panic|fatal|expected)\b|ERR_|✗|×/i;

/** The distinct lines of tool output that look like errors, in order, each at most 200 characters. */
export function errorLines(session: { messages: readonly Session['messages'][number][] }): string[] {
  const errors = new Set<string>();
  for (const message of session.messages) {
    if (message.role !== 'toolResult') continue;
    for (const line of messageText(message).split('\n')) {
      if (ERROR_LINE.test(line)) errors.add(line.trim().slice(0, LINE_CHARS));
    }
  }
  return [...errors];
}

/** The text of a message, whatever its role: what a grep over the transcript would read. */
export function messageText(message: Session['messages'][number]): string {
  if (message.role === 'assistant') {
    return message.content
      .map((block) =>
        block.type === 'text'
          ? block.text
          : block.type === 'thinking'
            ? block.thinking
            : `${block.name} ${JSON.stringify(block.arguments)}`,
      )
      .join('\n');
  }
  return contentText(message.content);
}

/** What a lexical baseline may write: the target when there is one, else `--lexical-tokens`. */
export function lexicalBudget(config: StrategyConfig): number {
  return config.targetTokens ?? setting(config, 'lexicalTokens');
}
