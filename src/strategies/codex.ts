/**
 * codex: the Codex CLI's compaction (openai/codex, `codex-rs/core/src/compact.rs`). One checkpoint
 * call over the history; the compacted context is the most recent user messages, verbatim up to
 * `--keep-recent-tokens`, then the summary under a handoff preamble. Assistant messages, tool calls
 * and tool outputs are all dropped.
 */
import type { Message, UserMessage } from '../session/types.ts';
import { contentText, isPrompt } from '../session/types.ts';
import { countRequest, type Tokenizer } from '../tokens.ts';
import { conversationBlock } from './prompts.ts';
import { oneCallBudget, remainderBudget, tailTokens } from './budgets.ts';
import { summarize, type SummaryCall, summaryRequest, truncateToTokens } from './summary-call.ts';
import { isCutPoint, KEEP_RECENT_TOKENS } from '../session/cut-points.ts';
import { describeRanges, rangesOf } from '../session/message-ranges.ts';
import type { Strategy, StrategyContext } from './types.ts';

const name = 'codex';

/** The share of a target that the kept user messages may take. */
const USER_SHARE = 0.25;

/** What Codex puts in the summary's place when the model returned nothing. */
const NO_SUMMARY = '(no summary available)';

/**
 * The newest user messages within `maxTokens`, oldest first: walking back, each one that fits is
 * kept whole; the first that does not is cut to the tokens left, and the walk stops there.
 */
export function recentUserMessages(
  messages: readonly Message[],
  maxTokens: number,
  tokenizer: Tokenizer,
): Array<{ index: number; message: Message }> {
  const selected: Array<{ index: number; message: Message }> = [];
  let remaining = maxTokens;
  for (let index = messages.length - 1; index >= 0 && remaining > 0; index--) {
    const message = messages[index]!;
    // Codex keeps what the user wrote; the context it injected is rebuilt, not kept.
    if (!isPrompt(message)) continue;
    const tokens = tokenizer.countMessage(message);
    if (tokens <= remaining) {
      selected.push({ index, message });
      remaining -= tokens;
      continue;
    }
    const cut: UserMessage = {
      ...message,
      content: truncateToTokens(
        contentText(message.content),
        remaining,
        tokenizer,
        'the oldest kept user message is cut to fit',
      ),
    };
    selected.push({ index, message: cut });
    break;
  }
  return selected.reverse();
}

/**
 * The first message the checkpoint call can include and still fit the context window. Codex drops
 * the oldest history item and retries on every context-window error; the outcome is the same
 * request, found here without the failed calls.
 */
function firstFittingMessage(
  messages: readonly Message[],
  context: StrategyContext,
  call: (start: number) => SummaryCall,
): number {
  const window = context.contextWindow;
  if (window === undefined) return 0;
  const starts = messages.flatMap((message, index) => (isCutPoint(message) ? [index] : []));
  const fits = (start: number) => {
    const request = summaryRequest(context, call(start));
    return countRequest(context.tokenizer, request) <= window;
  };
  if (starts.length === 0 || fits(0)) return 0;
  // Fewer messages never make a longer request, so the fitting starts form a suffix: binary search it.
  let low = 0;
  let high = starts.length - 1;
  if (!fits(starts[high]!)) return starts[high]!;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(starts[middle]!)) high = middle;
    else low = middle + 1;
  }
  return starts[low]!;
}

/** One call; the kept user messages come first in Codex's context, which changes neither tokens nor scores. */
export const codex: Strategy = {
  name,
  description:
    'one checkpoint call; keep the newest user messages up to 20000 tokens (--keep-recent-tokens) + the summary under a handoff preamble (Codex CLI)',
  group: 'agent',
  settings: [KEEP_RECENT_TOKENS],
  callsModel: true,
  plannedCalls: () => ({ calls: 1, sequential: 1 }),
  prompts: { main: ['checkpoint'], others: ['codex-handoff'] },
  async run(session, context) {
    const { messages } = session;
    // Under a target, a quarter goes to the user's own words and the summary gets what they leave.
    const keepTokens = tailTokens(context.config, USER_SHARE);
    const users = recentUserMessages(messages, keepTokens, context.tokenizer);
    const keptTokens = users.reduce((sum, user) => sum + context.tokenizer.countMessage(user.message), 0);
    const preamble = context.tokenizer.count(context.prompt(name, 'codex-handoff'));
    const call = (start: number): SummaryCall => ({
      label: 'compact',
      owner: name,
      prompt: 'checkpoint',
      blocks: [conversationBlock(context.render(messages.slice(start)))],
      maxTokens: remainderBudget(context.config, keptTokens + preamble, oneCallBudget(context.config)),
    });
    const start = firstFittingMessage(messages, context, call);
    const answer = (await summarize(context, call(start))).trim();
    const keptRanges = rangesOf(users.map((user) => user.index));
    const notes = [`Kept ${describeRanges(keptRanges)} (user messages only) within ${keepTokens} tokens.`];
    if (users[0] && users[0].message !== messages[users[0].index]) {
      notes.push(`User message ${users[0].index} was cut to fit.`);
    }
    if (start > 0)
      notes.push(`Trimmed the ${start} oldest messages so that the checkpoint call fits the context window.`);
    return {
      summary: `${context.prompt(name, 'codex-handoff')}\n${answer || NO_SUMMARY}`,
      kept: users.map((user) => user.message),
      keptRanges,
      notes,
    };
  },
};
