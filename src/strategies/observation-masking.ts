/** observation-masking: every message kept, but old tool outputs replaced by a one-line placeholder. */
import type { ToolCallBlock, ToolResultMessage } from '../session/types.ts';
import { renderToolCall } from '../transcript.ts';
import { replaceOutput, setting, toolCallsById } from './steps.ts';
import type { Strategy } from './types.ts';

/** `[output of read(path="src/a.ts") omitted]`: what the agent still sees of a masked output. */
function placeholder(message: ToolResultMessage, calls: ReadonlyMap<string, ToolCallBlock>): string {
  const call = calls.get(message.toolCallId);
  return `[output of ${call ? renderToolCall(call) : `${message.toolName}(…)`} omitted]`;
}

/** Masks the outputs of all but the newest `--mask-window` tool results (JetBrains' observation masking). */
export const observationMasking: Strategy = {
  name: 'observation-masking',
  description:
    'keep every message; tool outputs older than the newest --mask-window (default 10) become a placeholder',
  group: 'baseline',
  callsModel: false,
  async run(session, context) {
    const window = setting(context.config, 'maskWindow');
    const resultIndices = session.messages.flatMap((message, index) =>
      message.role === 'toolResult' ? [index] : [],
    );
    const masked = new Set(resultIndices.slice(0, Math.max(0, resultIndices.length - window)));
    const calls = toolCallsById(session.messages);
    const kept = session.messages.map((message, index) =>
      message.role === 'toolResult' && masked.has(index)
        ? replaceOutput(message, placeholder(message, calls))
        : message,
    );
    return {
      summary: '',
      kept,
      keptRanges: kept.length === 0 ? [] : [{ start: 0, end: kept.length }],
      notes: [
        `Masked ${masked.size} of ${resultIndices.length} tool outputs; the newest ${Math.min(window, resultIndices.length)} are kept whole.`,
      ],
    };
  },
};
