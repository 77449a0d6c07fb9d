/** tool-output-pruning: OpenCode's prune — clear old tool outputs once enough of them pile up. */
import type { Message } from '../session/types.ts';
import { isPrompt } from '../session/types.ts';
import { integerAtLeast, type SettingDeclaration, setting } from '../settings.ts';
import { replaceOutput } from './tool-outputs.ts';
import type { Strategy, StrategyContext } from './types.ts';

/** What a cleared output reads as. */
export const CLEARED_OUTPUT = '[old tool output cleared]';

/** The index of the first message of the last `turns` user turns (the number of messages when `turns` is 0). */
export function protectedFrom(messages: readonly Message[], turns: number): number {
  if (turns <= 0) return messages.length;
  let seen = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (isPrompt(messages[index]!) && ++seen === turns) return index;
  }
  return 0;
}

/** OpenCode's three pruning thresholds, as flags. */
const PRUNING_SETTINGS: readonly SettingDeclaration[] = [
  {
    key: 'pruneKeepTokens',
    flag: '--prune-keep-tokens <n>',
    help: 'tool-output-pruning: newest tokens of tool output kept',
    parse: integerAtLeast(0),
    usedBy: 'tool-output-pruning',
  },
  {
    key: 'pruneMinimumTokens',
    flag: '--prune-minimum-tokens <n>',
    help: 'tool-output-pruning: clear nothing unless more than n tokens are freed',
    parse: integerAtLeast(0),
    usedBy: 'tool-output-pruning',
  },
  {
    key: 'pruneProtectTurns',
    flag: '--prune-protect-turns <n>',
    help: 'tool-output-pruning: last user turns never pruned',
    parse: integerAtLeast(0),
    usedBy: 'tool-output-pruning',
  },
];

/**
 * The pruning thresholds: the flags, or under a target the newest output tokens that leave the context at
 * the target once older completed outputs are cleared (each cleared output still costs its placeholder).
 */
function thresholds(
  messages: readonly Message[],
  protectedStart: number,
  context: StrategyContext,
): { keepTokens: number; minimumTokens: number } {
  const { targetTokens } = context.config;
  if (targetTokens === undefined) {
    return {
      keepTokens: setting(context.config, 'pruneKeepTokens'),
      minimumTokens: setting(context.config, 'pruneMinimumTokens'),
    };
  }
  const total = messages.reduce((sum, message) => sum + context.tokenizer.countMessage(message), 0);
  const placeholder = context.tokenizer.count(CLEARED_OUTPUT);
  const outputs = messages
    .slice(0, protectedStart)
    .filter((message) => message.role === 'toolResult' && !message.isError)
    .map((message) => context.tokenizer.countMessage(message));
  const prunable = outputs.reduce((sum, tokens) => sum + tokens, 0);
  const excess = total - targetTokens + outputs.length * placeholder;
  return { keepTokens: Math.max(0, prunable - excess), minimumTokens: 0 };
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
  settings: PRUNING_SETTINGS,
  async run(session, context) {
    const protectTurns = setting(context.config, 'pruneProtectTurns');
    const protectedStart = protectedFrom(session.messages, protectTurns);
    const { keepTokens, minimumTokens } = thresholds(session.messages, protectedStart, context);
    let seen = 0;
    let freed = 0;
    const cleared = new Set<number>();
    // An output no longer than the placeholder stays: clearing it would add tokens, not free them.
    const placeholder = context.tokenizer.countMessage(
      replaceOutput(
        { role: 'toolResult', toolCallId: '', toolName: '', content: [], isError: false },
        CLEARED_OUTPUT,
      ),
    );
    for (let index = protectedStart - 1; index >= 0; index--) {
      const message = session.messages[index]!;
      if (message.role !== 'toolResult' || message.isError) continue;
      const tokens = context.tokenizer.countMessage(message);
      seen += tokens;
      if (seen <= keepTokens || tokens <= placeholder) continue;
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
