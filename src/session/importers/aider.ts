/**
 * Aider chat history (`.aider.chat.history.md` in the repository Aider ran in). What the user typed is a prompt,
 * or, for a command (`/add`, `/run`, `!cmd`, …), context; `/ask`, `/code`, `/architect` and `/context` with
 * text are prompts in that mode. The model's reply is an assistant message whose SEARCH/REPLACE (or whole-file)
 * blocks are its tool calls; Aider's notices say what became of them (`Applied edit to …`, a block that failed to
 * match, a new file the user declined), which are their results, the tokens of the reply (its usage), and the
 * shell commands the user let run (`Running …`, a `bash` call). Files added to the chat are the files read.
 */
import type { FormatReader, ImportOptions, ImportResult } from '../importer.ts';
import { textChunks } from '../source-file.ts';
import type { AssistantMessage, FileOperation, Message, ToolCallBlock, UserMessage } from '../types.ts';
import { emptyStats } from '../types.ts';
import { replyEdits } from './aider-edits.ts';
import { type HistoryBlock, historyBlocks } from './aider-history.ts';
import { textBlock } from './content.ts';
import { aiderFileTargets } from './file-targets.ts';

/** Commands whose text is a prompt to the model in a mode. */
const PROMPT_COMMANDS = new Set(['/ask', '/code', '/architect', '/context']);

/** What became of a call, once Aider's notices after the reply are read. */
type Outcome = { text: string; isError: boolean; line: number };

/** The reply being read and its calls, waiting for the notices that give their results. */
type Turn = { message: AssistantMessage; calls: ToolCallBlock[]; outcomes: Map<string, Outcome> };

/** `3.2k` → 3200. */
function tokenCount(text: string): number {
  const value = Number.parseFloat(text);
  const scale = /k$/i.test(text) ? 1_000 : /m$/i.test(text) ? 1_000_000 : 1;
  return Math.round(value * scale);
}

/** The files named `Applied edit to …` in the notices after block `index`, up to the next input or reply. */
function appliedAfter(blocks: readonly HistoryBlock[], index: number): Set<string> {
  const applied = new Set<string>();
  for (let next = index + 1; next < blocks.length && blocks[next]!.kind === 'notice'; next++) {
    const match = /^Applied edit to (.+)$/m.exec((blocks[next] as { text: string }).text);
    if (match) applied.add(match[1]!.trim());
  }
  return applied;
}

async function readAider(file: string, _options: ImportOptions): Promise<ImportResult> {
  const stats = emptyStats();
  let text = '';
  for await (const chunk of textChunks(file)) text += chunk;
  stats.lines = text.split('\n').length;
  const blocks = historyBlocks(text);
  const messages: Message[] = [];
  const sources: Array<{ line: number }> = [];
  const fileOperations: FileOperation[] = [];
  const models: string[] = [];
  const editFormats: string[] = [];
  let version: string | undefined;
  let runs = 0;
  let time: number | undefined;
  let editFormat: string | undefined;
  let turn: Turn | undefined;
  let pendingFile: string | undefined;
  let lastCall: ToolCallBlock | undefined;

  const push = (message: Message, line: number) => {
    messages.push(message);
    sources.push({ line });
  };
  const closeTurn = () => {
    if (!turn) return;
    for (const call of turn.calls) {
      const outcome = turn.outcomes.get(call.id);
      if (!outcome) continue;
      push(
        {
          role: 'toolResult',
          toolCallId: call.id,
          toolName: call.name,
          content: [textBlock(outcome.text)],
          isError: outcome.isError,
          ...(time === undefined ? {} : { timestamp: time }),
        },
        outcome.line,
      );
    }
    turn = undefined;
    lastCall = undefined;
  };
  const read = (path: string) =>
    fileOperations.push({
      kind: 'read',
      path,
      tool: 'add-to-chat',
      toolCallId: '',
      messageIndex: Math.max(messages.length - 1, 0),
    });

  const notice = (block: Extract<HistoryBlock, { kind: 'notice' }>) => {
    const body = block.text;
    const first = body.split('\n')[0]!;
    const banner = /^(?:Main model|Model): (\S+) with ([\w-]+) edit format/.exec(first);
    const tokens = /^Tokens: ([\d.]+[km]?) sent(?:, [\d.]+[km]? cache \w+)*, ([\d.]+[km]?) received/i.exec(
      first,
    );
    const applied = /^Applied edit to (.+)$/.exec(first);
    const running = /^Running (.+)$/.exec(first);
    const added = /^Added (.+?) to (?:the chat|read-only files)\.?$/.exec(first);
    const answer = /\? \(Y\)es\/\(N\)o.*: *(\w*)$/.exec(first);
    if (/^Aider v\S+/.test(first)) version ??= first.slice('Aider v'.length).split(/\s/)[0];
    if (banner) {
      if (!models.includes(banner[1]!)) models.push(banner[1]!);
      editFormat = banner[2];
      if (!editFormats.includes(editFormat!)) editFormats.push(editFormat!);
    } else if (tokens && turn) {
      turn.message.usage = { input: tokenCount(tokens[1]!), output: tokenCount(tokens[2]!) };
    } else if (applied && turn) {
      for (const call of turn.calls) {
        if (call.arguments.path === applied[1]!.trim() && !turn.outcomes.has(call.id)) {
          turn.outcomes.set(call.id, { text: first, isError: false, line: block.line });
        }
      }
    } else if (/SEARCH\/REPLACE blocks? failed to match/.test(body) && turn) {
      // Each failed block is quoted after the file it failed in; the others were applied.
      for (const failed of body.matchAll(
        /failed to exactly match lines in (.+)\n<{5,9} SEARCH\n([\s\S]*?)\n={5,9}\n/g,
      )) {
        const call = turn.calls.find(
          (candidate) =>
            candidate.arguments.path === failed[1]!.trim() &&
            candidate.arguments.search === failed[2] &&
            !turn!.outcomes.has(candidate.id),
        );
        if (call) turn.outcomes.set(call.id, { text: body, isError: true, line: block.line });
      }
      // Aider applies the blocks that matched and says so only in this message.
      const others = /^# The other \d+ SEARCH\/REPLACE blocks? (?:was|were) applied successfully\.?$/m.exec(
        body,
      );
      if (others) {
        for (const call of turn.calls) {
          if (call.name === 'search_replace' && !turn.outcomes.has(call.id))
            turn.outcomes.set(call.id, { text: others[0], isError: false, line: block.line });
        }
      }
    } else if (running && turn) {
      const call: ToolCallBlock = {
        type: 'toolCall',
        id: `shell_${block.line}`,
        name: 'bash',
        arguments: { command: running[1]!.trim() },
      };
      turn.message.content.push(call);
      turn.calls.push(call);
      turn.outcomes.set(call.id, { text: first, isError: false, line: block.line });
      lastCall = call;
      return;
    } else if (added) {
      if (!/^\d+ lines of output$/.test(added[1]!)) read(added[1]!.trim());
    } else if (answer) {
      const yes = /^[ya]/i.test(answer[1]!);
      if (/^Add file to the chat\?/.test(first) && yes && pendingFile) read(pendingFile);
      if (/^(?:Create new file|Allow edits to file)/.test(first) && !yes && pendingFile && turn) {
        for (const call of turn.calls) {
          if (call.arguments.path === pendingFile) {
            turn.outcomes.set(call.id, { text: `${pendingFile}: ${first}`, isError: true, line: block.line });
          }
        }
      }
    } else {
      stats.metadataLines++;
    }
    // A shell command's notices about its output (added to the chat or not) are its result.
    if (lastCall && turn && /command output|lines of output/.test(first)) {
      const outcome = turn.outcomes.get(lastCall.id)!;
      outcome.text = `${outcome.text}\n${body}`;
    }
    pendingFile = body;
  };

  blocks.forEach((block, index) => {
    switch (block.kind) {
      case 'run':
        closeTurn();
        runs++;
        time = block.time;
        return;
      case 'input': {
        closeTurn();
        const command = /^\S*/.exec(block.text)![0];
        // Code pasted at the prompt (`/**`, `//`) is no command.
        const isCommand = /^[/!]/.test(command) && !/^\/[*/]/.test(command);
        const prompt = PROMPT_COMMANDS.has(command) ? block.text.slice(command.length).trim() : undefined;
        const message: UserMessage = { role: 'user', content: prompt || block.text };
        if (isCommand && !prompt) message.context = 'command-output';
        if (time !== undefined) message.timestamp = time;
        push(message, block.line);
        pendingFile = undefined;
        return;
      }
      case 'reply': {
        closeTurn();
        const { edits, prose } = replyEdits(block.text, editFormat, appliedAfter(blocks, index));
        const calls = edits.map((edit, number): ToolCallBlock => ({
          type: 'toolCall',
          id: `edit_${block.line}_${number + 1}`,
          name: edit.tool,
          arguments:
            edit.tool === 'search_replace'
              ? { path: edit.path, search: edit.search, replace: edit.replace }
              : { path: edit.path, content: edit.content },
        }));
        const message: AssistantMessage = {
          role: 'assistant',
          content: [...(prose === '' ? [] : [textBlock(prose)]), ...calls],
        };
        if (models.length > 0) message.model = models.at(-1)!;
        if (time !== undefined) message.timestamp = time;
        push(message, block.line);
        turn = { message, calls, outcomes: new Map() };
        pendingFile = undefined;
        return;
      }
      case 'notice':
        notice(block);
    }
  });
  closeTurn();
  const metadata: Record<string, unknown> = { runs };
  if (models.length > 0) metadata.models = models;
  if (editFormats.length > 0) metadata.editFormats = editFormats;
  return { formatVersion: version, messages, sources, compactions: [], fileOperations, metadata, stats };
}

/** The Aider chat history reader. */
export const aiderReader: FormatReader = { read: readAider, fileTargets: aiderFileTargets };
