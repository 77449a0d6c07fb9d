/** tool-output-pruning: OpenCode's prune — clear old tool outputs once enough of them pile up. */
import { replaceOutput, setting } from './steps.ts';
import type { Strategy } from './types.ts';

/** What a cleared output reads as. */
export const CLEARED_OUTPUT = '[old tool output cleared]';

/** The index of the first message of the last `turns` user turns (the number of messages when `turns` is 0). */
export function protectedFrom(messages: readonly { role: string }[], turns: number): number {
  if (turns <= 0) return messages.length;
  let seen = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]!.role === 'user' && ++seen === turns) return index;
  }
  return 0;
}

/**
 * Walking back from the newest tool output outside the protected turns, keeps the first
 * `--prune-keep-tokens` of completed outputs and clears every older one — but only when that frees
 * more than `--prune-minimum-tokens`. Failed calls' outputs are never cleared (they are not completed).
 */
export const toolOutputPruning: Strategy = {
  name: 'tool-output-pruning',
  description:
    "clear completed tool outputs beyond the newest 40K tokens of them, outside the last 2 user turns, if that frees > 20K (OpenCode's prune)",
  group: 'baseline',
  callsModel: false,
  async run(session, context) {
    const keepTokens = setting(context.config, 'pruneKeepTokens');
    const minimumTokens = setting(context.config, 'pruneMinimumTokens');
    const protectTurns = setting(context.config, 'pruneProtectTurns');
    const protectedStart = protectedFrom(session.messages, protectTurns);
    let seen = 0;
    let freed = 0;
    const cleared = new Set<number>();
    for (let index = protectedStart - 1; index >= 0; index--) {
      const message = session.messages[index]!;
      if (message.role !== 'toolResult' || message.isError) continue;
      const tokens = context.tokenizer.countMessage(message);
      seen += tokens;
      if (seen <= keepTokens) continue;
      freed += tokens;
      cleared.add(index);
    }
    const prune = freed > minimumTokens;
    const kept = session.messages.map((message, index) =>
      prune && message.role === 'toolResult' && cleared.has(index)
        ? replaceOutput(message, CLEARED_OUTPUT)
        : message,
    );
    const scope = `${seen} tokens of completed tool output before the last ${protectTurns} user turns (from message ${protectedStart})`;
    return {
      summary: '',
      kept,
      keptRanges: kept.length === 0 ? [] : [{ start: 0, end: kept.length }],
      notes: [
        prune
          ? `Cleared ${cleared.size} tool outputs, freeing ${freed} tokens; ${scope}, the newest ${keepTokens} kept.`
          : `Nothing cleared: pruning would free ${freed} tokens, not more than the minimum of ${minimumTokens}; ${scope}.`,
      ],
    };
  },
};
