/** The conversation of a Claude Code transcript: the active lines in file order, turns merged, results paired. */
import type { AssistantMessage, Message, RecordedCompaction } from '../types.ts';
import type { Line, LineValue } from './claude-code-lines.ts';
import { activeLines, type ParentLinks } from './claude-code-path.ts';

/** The conversation of the active lines, in file order, with recorded compactions. */
export function conversation(lines: readonly Line[], links: ParentLinks) {
  const included = activeLines(lines, links);
  const messages: Message[] = [];
  const compactions: RecordedCompaction[] = [];
  const assistantByKey = new Map<string, { message: AssistantMessage; index: number }>();
  const messageIndexByUuid = new Map<string, number>();
  const toolNames = new Map<string, string>();
  const answered = new Set<string>();
  const emitted = new Set<string>();
  let boundary: Extract<LineValue, { kind: 'boundary' }> | undefined;
  let abandoned = 0;
  let apiErrors = 0;
  for (const line of lines) {
    if (!included.has(line.uuid)) {
      if (line.role !== 'other') abandoned++;
      continue;
    }
    // A resumed session can copy lines it already holds; the first copy counts.
    if (emitted.has(line.uuid)) continue;
    emitted.add(line.uuid);
    const value = line.value;
    switch (value.kind) {
      case 'boundary':
        boundary = value;
        break;
      case 'queued-prompt':
        messageIndexByUuid.set(line.uuid, messages.length);
        messages.push({ role: 'user', content: value.prompt, timestamp: value.timestamp });
        break;
      case 'assistant': {
        if (value.apiError) {
          // A failed API call that Claude Code wrote as an assistant line; the model said nothing.
          apiErrors++;
          break;
        }
        for (const block of value.blocks) if (block.type === 'toolCall') toolNames.set(block.id, block.name);
        const existing = assistantByKey.get(value.key);
        if (existing) {
          const known = new Set(
            existing.message.content.flatMap((block) => (block.type === 'toolCall' ? [block.id] : [])),
          );
          existing.message.content.push(
            ...value.blocks.filter((block) => block.type !== 'toolCall' || !known.has(block.id)),
          );
          // Every line repeats the turn's usage; the last one holds the final counts.
          if (value.usage) existing.message.usage = value.usage;
          if (value.stopReason) existing.message.stopReason = value.stopReason;
          messageIndexByUuid.set(line.uuid, existing.index);
          break;
        }
        if (value.blocks.length === 0) break;
        const message: AssistantMessage = { role: 'assistant', content: [...value.blocks] };
        if (value.usage) message.usage = value.usage;
        if (value.model) message.model = value.model;
        if (value.stopReason) message.stopReason = value.stopReason;
        if (value.timestamp !== undefined) message.timestamp = value.timestamp;
        assistantByKey.set(value.key, { message, index: messages.length });
        messageIndexByUuid.set(line.uuid, messages.length);
        messages.push(message);
        break;
      }
      case 'user': {
        if (value.compactSummary !== undefined) {
          const compaction: RecordedCompaction = {
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
          messages.push({
            role: 'toolResult',
            toolCallId: result.toolCallId,
            toolName: toolNames.get(result.toolCallId) ?? 'unknown',
            content: result.content,
            isError: result.isError,
            timestamp: value.timestamp,
          });
        }
        if (value.parts.length > 0) {
          const only = value.parts[0];
          const content = value.parts.length === 1 && only?.type === 'text' ? only.text : value.parts;
          messageIndexByUuid.set(line.uuid, messages.length);
          messages.push({ role: 'user', content, timestamp: value.timestamp });
        }
        break;
      }
    }
  }
  return { messages, compactions, abandoned, apiErrors };
}

/** Conversation messages among lines: user lines and distinct assistant turns. */
export function countMessages(lines: readonly Line[]): number {
  const turns = new Set(lines.flatMap((line) => (line.value.kind === 'assistant' ? [line.value.key] : [])));
  return lines.filter((line) => line.role === 'user').length + turns.size;
}
