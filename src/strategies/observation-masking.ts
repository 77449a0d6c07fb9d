/** observation-masking: every message kept, but old tool outputs replaced by a one-line placeholder. */
import type { Message, ToolCallBlock, ToolResultMessage } from '../session/types.ts';
import { integerAtLeast, type SettingDeclaration, setting } from '../settings.ts';
import type { Tokenizer } from '../tokens.ts';
import { toolCallsById } from '../session/types.ts';
import { replaceOutput } from './tool-outputs.ts';
import type { Strategy } from './types.ts';

/**
 * `[output of read omitted]`: what the agent still sees of a masked output. The call itself, arguments and all,
 * is kept in the assistant's message just before, so the placeholder names the tool only: repeating the
 * arguments (a whole patch, a whole file written) made masked contexts bigger than the transcript.
 */
function placeholder(message: ToolResultMessage, calls: ReadonlyMap<string, ToolCallBlock>): string {
  return `[output of ${calls.get(message.toolCallId)?.name ?? message.toolName} omitted]`;
}

/** The output masked, unless the placeholder would cost as much as the output it stands for. */
function masked(
  message: ToolResultMessage,
  calls: ReadonlyMap<string, ToolCallBlock>,
  tokenizer: Pick<Tokenizer, 'countMessage'>,
): Message {
  const replaced = replaceOutput(message, placeholder(message, calls));
  return tokenizer.countMessage(replaced) < tokenizer.countMessage(message) ? replaced : message;
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
      const hidden = new Set(resultIndices.slice(0, Math.max(0, resultIndices.length - window)));
      const kept = session.messages.map((message, index) =>
        message.role === 'toolResult' && hidden.has(index)
          ? masked(message, calls, context.tokenizer)
          : message,
      );
      return { hidden, kept };
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
    const { hidden, kept } = masking(window);
    const shorter = kept.filter((message, index) => message !== session.messages[index]).length;
    return {
      summary: '',
      kept,
      keptRanges: kept.length === 0 ? [] : [{ start: 0, end: kept.length }],
      notes: [
        `Masked ${shorter} of ${resultIndices.length} tool outputs; the newest ${Math.min(window, resultIndices.length)} are kept whole${shorter < hidden.size ? `, and ${hidden.size - shorter} older ${hidden.size - shorter === 1 ? 'one' : 'ones'} too, shorter than their placeholder` : ''}.`,
      ],
    };
  },
};
