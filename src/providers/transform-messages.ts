/**
 * What every API needs done to a recorded conversation before it is sent (as pi-mono's
 * packages/ai/src/providers/transform-messages.ts does): the canonical messages come from any agent and any
 * model, and the APIs are strict about pairing. Each provider's own `messages.ts` then writes the result in
 * its wire shape.
 */
import { createHash } from 'node:crypto';
import type {
  AssistantMessage,
  ImageBlock,
  Message,
  TextBlock,
  ToolCallBlock,
  ToolResultMessage,
} from '../session/types.ts';

/** What differs between the APIs here. */
export type TransformOptions = {
  /** The longest tool call id the API accepts (OpenAI 40, Anthropic 64). */
  maxToolCallIdLength: number;
};

/** What a tool result says when the conversation recorded none (an interrupted turn). */
export const MISSING_RESULT_TEXT = 'No result provided';

/**
 * The messages as an API accepts them:
 * - thinking blocks are dropped: ours carry no signature, which both APIs require to take thinking back, and
 *   another model's reasoning sent as text would read as something the assistant said;
 * - assistant turns that ended in an error or an abort are dropped (a partial turn is not replayed);
 * - tool call ids are made safe (`[A-Za-z0-9_-]`, at most `maxToolCallIdLength`), their results follow;
 * - a tool call with no result before the next user or assistant turn (or the end) gets an error result
 *   saying so, since both APIs reject a call left unanswered;
 * - a tool result whose call is not the latest assistant turn's (orphaned, or answered twice) becomes a
 *   user message saying which tool it came from, since both APIs reject a result with no call before it;
 * - an image recorded without its data becomes a `[image: type]` text; empty text blocks are dropped, and
 *   a message left with nothing is dropped.
 */
export function transformMessages(messages: readonly Message[], options: TransformOptions): Message[] {
  const result: Message[] = [];
  const ids = new Map<string, string>();
  const safeId = (id: string) => {
    let safe = ids.get(id);
    if (safe === undefined) {
      safe = safeToolCallId(id, options.maxToolCallIdLength);
      ids.set(id, safe);
    }
    return safe;
  };
  let pending: ToolCallBlock[] = [];
  const answered = new Set<string>();
  const closeTurn = () => {
    for (const call of pending) {
      if (answered.has(call.id)) continue;
      result.push(missingResult(call));
    }
    pending = [];
    answered.clear();
  };
  for (const message of messages) {
    switch (message.role) {
      case 'assistant': {
        closeTurn();
        if (message.stopReason === 'error' || message.stopReason === 'aborted') break;
        const content = assistantContent(message, safeId);
        if (content.length === 0) break;
        result.push({ ...message, content });
        pending = content.filter((block): block is ToolCallBlock => block.type === 'toolCall');
        break;
      }
      case 'toolResult': {
        const id = safeId(message.toolCallId);
        if (pending.some((call) => call.id === id) && !answered.has(id)) {
          answered.add(id);
          result.push({ ...message, toolCallId: id, content: userContent(message.content) });
        } else {
          result.push(orphanedResult(message));
        }
        break;
      }
      case 'user': {
        closeTurn();
        if (typeof message.content === 'string') {
          if (message.content !== '') result.push(message);
          break;
        }
        const content = userContent(message.content);
        if (content.length > 0) result.push({ ...message, content });
        break;
      }
    }
  }
  closeTurn();
  return result;
}

/** An id the API accepts, the same for the same id; a changed id gets a hash so two ids never collide. */
export function safeToolCallId(id: string, maxLength: number): string {
  if (/^[A-Za-z0-9_-]+$/.test(id) && id.length <= maxLength) return id;
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 8);
  const readable = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, Math.max(0, maxLength - hash.length - 1));
  return `${readable}_${hash}`;
}

function assistantContent(
  message: AssistantMessage,
  safeId: (id: string) => string,
): Array<TextBlock | ToolCallBlock> {
  return message.content.flatMap((block): Array<TextBlock | ToolCallBlock> => {
    if (block.type === 'thinking') return [];
    if (block.type === 'text') return block.text === '' ? [] : [block];
    return [{ ...block, id: safeId(block.id) }];
  });
}

function userContent(content: Array<TextBlock | ImageBlock>): Array<TextBlock | ImageBlock> {
  return content.flatMap((block): Array<TextBlock | ImageBlock> => {
    if (block.type === 'text') return block.text === '' ? [] : [block];
    if (block.data === undefined || block.data === '')
      return [{ type: 'text', text: `[image: ${block.mimeType}]` }];
    return [block];
  });
}

function missingResult(call: ToolCallBlock): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: MISSING_RESULT_TEXT }],
    isError: true,
  };
}

function orphanedResult(message: ToolResultMessage): Message {
  const header = `Result of an earlier ${message.toolName} call${message.isError ? ' (an error)' : ''}:`;
  return { role: 'user', content: [{ type: 'text', text: header }, ...userContent(message.content)] };
}
