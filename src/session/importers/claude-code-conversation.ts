/** The conversation of one Claude Code branch: its steps in chain order, turns merged, results paired. */
import type { Conversation } from '../importer.ts';
import type { AssistantMessage, Message, AgentCompaction, UserMessage } from '../types.ts';
import type { LineBranch } from './claude-code-branches.ts';
import type { Line, LineValue } from './claude-code-lines.ts';

type AssistantValue = Extract<LineValue, { kind: 'assistant' }>;

/** One assistant message from the lines of a turn (in file order); undefined when they hold nothing. */
function assistantTurn(lines: readonly Line[]): AssistantMessage | undefined {
  const values = lines.map((line) => line.value as AssistantValue);
  const seenCalls = new Set<string>();
  const content: AssistantMessage['content'] = [];
  for (const value of values) {
    for (const block of value.blocks) {
      // A block written twice (a copied line) is kept once.
      if (block.type === 'toolCall') {
        if (seenCalls.has(block.id)) continue;
        seenCalls.add(block.id);
      }
      content.push(block);
    }
  }
  if (content.length === 0) return undefined;
  const message: AssistantMessage = { role: 'assistant', content };
  // Every line repeats the turn's usage; the last one holds the final counts.
  const usage = values.findLast((value) => value.usage)?.usage;
  const model = values.find((value) => value.model)?.model;
  const stopReason = values.findLast((value) => value.stopReason)?.stopReason;
  const timestamp = values.find((value) => value.timestamp !== undefined)?.timestamp;
  if (usage) message.usage = usage;
  if (model) message.model = model;
  if (stopReason) message.stopReason = stopReason;
  if (timestamp !== undefined) message.timestamp = timestamp;
  return message;
}

/** The messages, their source lines and the recorded compactions of one branch. */
export function conversation(branch: LineBranch): Conversation {
  const messages: Message[] = [];
  const sources: Conversation['sources'] = [];
  const compactions: AgentCompaction[] = [];
  const messageIndexByUuid = new Map<string, number>();
  const toolNames = new Map<string, string>();
  const answered = new Set<string>();
  let boundary: Extract<LineValue, { kind: 'boundary' }> | undefined;
  const add = (message: Message, line: Line) => {
    messageIndexByUuid.set(line.uuid, messages.length);
    messages.push(message);
    sources.push({ line: line.line });
  };

  for (const step of branch.steps) {
    if (step.kind === 'turn') {
      const message = assistantTurn(step.lines);
      if (!message) continue;
      for (const block of message.content) if (block.type === 'toolCall') toolNames.set(block.id, block.name);
      add(message, step.lines[0]!);
      for (const line of step.lines) messageIndexByUuid.set(line.uuid, messages.length - 1);
      continue;
    }
    const { line } = step;
    const value = line.value;
    switch (value.kind) {
      case 'boundary':
        boundary = value;
        break;
      case 'queued-prompt': {
        const message: UserMessage = { role: 'user', content: value.prompt, timestamp: value.timestamp };
        if (value.context) message.context = value.context;
        add(message, line);
        break;
      }
      case 'assistant':
        // Only a failed API call that Claude Code wrote as an assistant line gets here: the model said nothing.
        break;
      case 'user': {
        if (value.compactSummary !== undefined) {
          const compaction: AgentCompaction = {
            summary: value.compactSummary,
            messageIndex: messages.length,
          };
          if (boundary?.tokensBefore !== undefined) compaction.tokensBefore = boundary.tokensBefore;
          const firstKept = boundary?.firstKeptUuid && messageIndexByUuid.get(boundary.firstKeptUuid);
          if (typeof firstKept === 'number') compaction.firstKeptMessageIndex = firstKept;
          compactions.push(compaction);
          boundary = undefined;
          break;
        }
        for (const result of value.toolResults) {
          if (answered.has(result.toolCallId)) continue;
          answered.add(result.toolCallId);
          add(
            {
              role: 'toolResult',
              toolCallId: result.toolCallId,
              toolName: toolNames.get(result.toolCallId) ?? 'unknown',
              content: result.content,
              isError: result.isError,
              timestamp: value.timestamp,
            },
            line,
          );
        }
        if (value.parts.length > 0) {
          const only = value.parts[0];
          const content = value.parts.length === 1 && only?.type === 'text' ? only.text : value.parts;
          const message: UserMessage = { role: 'user', content, timestamp: value.timestamp };
          if (value.context) message.context = value.context;
          add(message, line);
        }
        break;
      }
    }
  }
  return { messages, sources, compactions };
}

/** Conversation messages among lines: user lines and distinct assistant turns. */
export function countMessages(lines: readonly Line[]): number {
  const turns = new Set(lines.flatMap((line) => (line.value.kind === 'assistant' ? [line.value.key] : [])));
  return lines.filter((line) => line.value.kind === 'user').length + turns.size;
}
