/** Tool outputs as the baselines alter them: find the call behind a result, replace a result's output. */
import type { Message, ToolCallBlock, ToolResultMessage } from '../session/types.ts';
import { toolCallsOf } from '../session/types.ts';

/** The tool calls of a transcript by id, so a result can name the call that produced it. */
export function toolCallsById(messages: readonly Message[]): Map<string, ToolCallBlock> {
  return new Map(messages.flatMap((message) => toolCallsOf(message).map((call) => [call.id, call] as const)));
}

/** A copy of a tool result whose output is replaced by `text` (masked, cleared). */
export function replaceOutput(message: ToolResultMessage, text: string): ToolResultMessage {
  return { ...message, content: [{ type: 'text', text }] };
}
