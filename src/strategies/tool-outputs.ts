/** Tool outputs as the baselines alter them: find the call behind a result, replace a result's output. */
import type { ToolResultMessage } from '../session/types.ts';

/** A copy of a tool result whose output is replaced by `text` (masked, cleared). */
export function replaceOutput(message: ToolResultMessage, text: string): ToolResultMessage {
  return { ...message, content: [{ type: 'text', text }] };
}
