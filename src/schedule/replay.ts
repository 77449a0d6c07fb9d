/**
 * Replays a session message by message under a schedule, as an agent would live it: the running context is the
 * last compaction's summary, the messages it kept and every message since; when the schedule says so, the
 * strategy compacts what lies before the kept tail (updating the previous summary when it has an update form)
 * and the replay goes on from the compacted context.
 */
import type { CallRecord } from '../providers/calls.ts';
import { ContextOverflowError, InputError, messageOf } from '../errors.ts';
import { rangesOf } from '../session/message-ranges.ts';
import type { Message, Session } from '../session/types.ts';
import { splitFileBlocks } from '../strategies/file-blocks.ts';
import { beforeKeptTail } from '../strategies/budgets.ts';
import { findCutPoint } from '../session/cut-points.ts';
import type { Strategy, StrategyContext, StrategyOutput } from '../strategies/types.ts';
import {
  type ContextEntry,
  contextSession,
  entriesOf,
  operationsByMessage,
  summaryMessage,
} from './context.ts';
import { describeSchedule, type Schedule, threshold } from './policy.ts';

/** One compaction as it happened: where, what it gave, what the context kept, and its own calls. */
export type Compaction = {
  cycle: number;
  /** Before this transcript message: the context covered messages 0 … atMessage − 1. */
  atMessage: number;
  keptFrom: number | undefined;
  tokensBefore: number | null;
  tokensAfter: number;
  summary: string;
  summaryTokens: number;
  /** The context after the summary: messages the strategy kept, then the verbatim tail. */
  kept: Message[];
  updated: boolean;
  trace: CallRecord[];
  wallMs: number;
};

/** A replayed session: the context it ends with (as a strategy output), its compactions, and why it stopped early. */
export type Replay = {
  output: StrategyOutput;
  compactions: Compaction[];
  status: 'ok' | 'stalled' | 'error';
  error: string | null;
};

/** Where the kept tail starts in the context entries, or undefined when the schedule does not compact here. */
type CutRule = (entries: readonly ContextEntry[], atMessage: number) => number | undefined;

/** Replays `session` under `schedule`; `trace` is the caller's trace, which each compaction's calls are cut from. */
export async function replaySchedule(
  strategy: Strategy,
  session: Session,
  schedule: Schedule,
  context: StrategyContext,
  trace: readonly CallRecord[],
): Promise<Replay> {
  const { tokenizer } = context;
  const operations = operationsByMessage(session);
  const limit = threshold(schedule);
  const compactions: Compaction[] = [];
  let summary: string | undefined;
  let entries: ContextEntry[] = [];
  const contextTokens = () =>
    (summary ? tokenizer.count(summary) : 0) +
    entries.reduce((sum, entry) => sum + tokenizer.countMessage(entry.message), 0);
  let tokens = 0;

  const cut = cutRule(schedule, session, context);
  const compact = async (atMessage: number, firstKept: number) => {
    const cycle = compactions.length + 1;
    const head = entries.slice(0, firstKept);
    const tail = entries.slice(firstKept);
    const previous = summary === undefined ? undefined : splitFileBlocks(summary);
    const tailTokens = tail.reduce((sum, entry) => sum + tokenizer.countMessage(entry.message), 0);
    // The target is for the context after the compaction: the summary aims at what the kept tail leaves of it.
    const labelled: StrategyContext = {
      ...context,
      config: beforeKeptTail(context.config, tailTokens),
      complete: (label, request) => context.complete(`compaction ${cycle}: ${label}`, request),
    };
    const from = trace.length;
    const started = performance.now();
    let given: ContextEntry[] = head;
    let output: StrategyOutput;
    if (strategy.update) {
      output = await strategy.update(previous, contextSession(session, head, operations), labelled);
    } else {
      given = summary ? [{ message: summaryMessage(summary), origin: undefined }, ...head] : head;
      output = await strategy.run(contextSession(session, given, operations), labelled);
    }
    const before = tokens;
    summary = output.summary === '' ? undefined : output.summary;
    entries = [...entriesOf(output.kept ?? [], given), ...tail];
    tokens = contextTokens();
    compactions.push({
      cycle,
      atMessage,
      keptFrom: tail.find((entry) => entry.origin !== undefined)?.origin,
      tokensBefore: before,
      tokensAfter: tokens,
      summary: output.summary,
      summaryTokens: output.summary ? tokenizer.count(output.summary) : 0,
      kept: entries.map((entry) => entry.message),
      updated: strategy.update !== undefined && previous !== undefined,
      trace: trace.slice(from),
      wallMs: performance.now() - started,
    });
  };

  const finish = (status: Replay['status'], error: string | null): Replay => ({
    output: {
      summary: summary ?? '',
      kept: entries.map((entry) => entry.message),
      keptRanges: rangesOf(entries.flatMap((entry) => (entry.origin === undefined ? [] : [entry.origin]))),
      notes: [replayNote(schedule, compactions)],
    },
    compactions,
    status,
    error,
  });

  try {
    for (let index = 0; index <= session.messages.length; index++) {
      const message = session.messages[index];
      const incoming = message ? tokenizer.countMessage(message) : 0;
      const due = schedule.policy === 'window' ? message !== undefined && tokens + incoming > limit : true;
      const firstKept = due ? cut(entries, index) : undefined;
      if (firstKept !== undefined) {
        await compact(index, firstKept);
        if (tokens + incoming > limit) {
          return finish(
            'stalled',
            `compaction ${compactions.length} at message ${index} left ${tokens} tokens: no room for the next message (${incoming} tokens) under window − reserve (${limit}); the chain stops here`,
          );
        }
      }
      if (message) {
        entries.push({ message, origin: index });
        tokens += incoming;
      }
    }
  } catch (thrown) {
    if (context.signal.aborted) throw thrown;
    const error =
      thrown instanceof ContextOverflowError ? `context overflow: ${messageOf(thrown)}` : messageOf(thrown);
    return finish('error', `compaction ${compactions.length + 1}: ${error}`);
  }
  return finish('ok', null);
}

/**
 * Where the kept tail starts. `window`: pi's cut point for the newest `keep` tokens, which starts at a user or
 * assistant message, so a tool result always stays with its call (no compaction when nothing lies before it).
 * `recorded`: at the agent's own compaction points, the first message it kept.
 */
function cutRule(schedule: Schedule, session: Session, context: StrategyContext): CutRule {
  if (schedule.policy === 'window') {
    return (entries) => {
      const messages = entries.map((entry) => entry.message);
      const counts = messages.map((message) => context.tokenizer.countMessage(message));
      const { firstKept } = findCutPoint(messages, counts, schedule.keep);
      return firstKept === 0 ? undefined : firstKept;
    };
  }
  const points = new Map(
    agentCompactionPoints(session).map((point) => [point.atMessage, point.keptFrom ?? point.atMessage]),
  );
  return (entries, atMessage) => {
    const keptFrom = points.get(atMessage);
    if (keptFrom === undefined) return undefined;
    const index = entries.findIndex((entry) => entry.origin !== undefined && entry.origin >= keptFrom);
    return index < 0 ? entries.length : index;
  };
}

/** Refuses `--schedule recorded` on a session with no compaction point: the chain would measure nothing, silently. */
export function assertReplayable(session: Session, schedule: Schedule, file: string): void {
  if (schedule.policy !== 'recorded' || agentCompactionPoints(session).length > 0) return;
  throw new InputError(
    `--schedule recorded: ${file} records no compaction with a summary to replay at (try --schedule window=N)`,
  );
}

/** The agent's own compaction points that left a summary: where each happened and the first message it kept. */
export function agentCompactionPoints(
  session: Session,
): Array<{ atMessage: number; keptFrom: number | undefined; summary: string; tokensBefore: number | null }> {
  return session.compactions
    .filter((compaction) => compaction.summary.trim() !== '')
    .map((compaction) => ({
      atMessage: Math.min(compaction.messageIndex, session.messages.length),
      keptFrom:
        compaction.firstKeptMessageIndex === undefined
          ? undefined
          : Math.min(compaction.firstKeptMessageIndex, compaction.messageIndex),
      summary: compaction.summary,
      tokensBefore: compaction.tokensBefore ?? null,
    }));
}

function replayNote(schedule: Schedule, compactions: readonly Compaction[]): string {
  const points = compactions.map((compaction) => compaction.atMessage).join(', ');
  return `Replayed under --schedule ${describeSchedule(schedule)}: ${compactions.length} compaction${compactions.length === 1 ? '' : 's'}${points ? ` (before messages ${points})` : ''}. This row is the context at the end of the session: the last summary, the messages kept and every message since.`;
}
