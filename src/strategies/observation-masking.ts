/** observation-masking: every message kept, but old tool outputs replaced by a one-line placeholder. */
import type { ToolCallBlock, ToolResultMessage } from '../session/types.ts';
import { renderToolCall } from '../transcript.ts';
import { integerAtLeast, type SettingDeclaration, setting } from '../settings.ts';
import { replaceOutput, toolCallsById } from './tool-outputs.ts';
import type { Strategy } from './types.ts';

/** `[output of read(path="src/a.ts") omitted]`: what the agent still sees of a masked output. */
function placeholder(message: ToolResultMessage, calls: ReadonlyMap<string, ToolCallBlock>): string {
  const call = calls.get(message.toolCallId);
  return `[output of ${call ? renderToolCall(call) : `${message.toolName}(…)`} omitted]`;
}

/** `--mask-window`: how many of the newest tool outputs stay whole. */
const MASK_WINDOW: SettingDeclaration = {
  key: 'maskWindow',
  flag: '--mask-window <n>',
  help: 'observation-masking: tool outputs kept whole, newest first',
  parse: integerAtLeast(0),
  usedBy: 'observation-masking',
};

/**
 * Under a target: the most recent outputs that can stay whole with the context at most `target` tokens (a
 * binary search, since each output kept whole only adds tokens); 0 when even masking all of them is too much.
 */
function widestWindow(outputs: number, target: number, size: (window: number) => number): number {
  let low = 0;
  let high = outputs;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (size(middle) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Masks the outputs of all but the newest `--mask-window` tool results (JetBrains' observation masking). */
export const observationMasking: Strategy = {
  name: 'observation-masking',
  description:
    'keep every message; tool outputs older than the newest --mask-window (default 10) become a placeholder',
  group: 'baseline',
  callsModel: false,
  settings: [MASK_WINDOW],
  async run(session, context) {
    const resultIndices = session.messages.flatMap((message, index) =>
      message.role === 'toolResult' ? [index] : [],
    );
    const calls = toolCallsById(session.messages);
    const masking = (window: number) => {
      const masked = new Set(resultIndices.slice(0, Math.max(0, resultIndices.length - window)));
      const kept = session.messages.map((message, index) =>
        message.role === 'toolResult' && masked.has(index)
          ? replaceOutput(message, placeholder(message, calls))
          : message,
      );
      return { masked, kept };
    };
    const { targetTokens } = context.config;
    const window =
      targetTokens === undefined
        ? setting(context.config, 'maskWindow')
        : widestWindow(resultIndices.length, targetTokens, (candidate) =>
            masking(candidate).kept.reduce(
              (sum, message) => sum + context.tokenizer.countMessage(message),
              0,
            ),
          );
    const { masked, kept } = masking(window);
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
