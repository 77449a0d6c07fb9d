/**
 * A compaction chain, stored: each compaction's summary, context (by hash), size, calls and time as
 * the job record keeps them (scored by the chain evaluator: score-chain.ts). The agent's own recorded compactions are
 * stored the same way.
 */
import { criticalPath } from '../providers/calls.ts';
import { compactedText } from '../results/assemble.ts';
import type { ChainOutput } from '../results/chain-output.ts';
import { contentHash } from '../results/record.ts';
import type { SessionReference } from '../results/session-reference.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { describeSchedule, type Schedule } from './policy.ts';
import { type Compaction, agentCompactionPoints, type Replay } from './replay.ts';

/** A chain as its job record stores it, with the contexts it names by hash (each compaction's, right after it). */
export type StoredChain = { chain: ChainOutput; texts: Map<string, string> };

/** What a replay produced, as the job record stores it: each compaction's summary, context, size, calls and time. */
export function chainOutput(replay: Replay, schedule: Schedule): StoredChain {
  return storedChain(describeSchedule(schedule), replay.status, replay.error, replay.compactions);
}

/** The agent's own compactions, as a chain: its summary and the messages it kept at each point, no calls. */
export function agentCompactionChainOutput(reference: SessionReference, tokenizer: Tokenizer): StoredChain {
  const { messages } = reference.session;
  const compactions: Compaction[] = agentCompactionPoints(reference.session).map((point, index) => {
    const kept = messages.slice(point.keptFrom ?? point.atMessage, point.atMessage);
    const keptTokens = countMessages(tokenizer, kept).reduce((sum, tokens) => sum + tokens, 0);
    return {
      cycle: index + 1,
      atMessage: point.atMessage,
      keptFrom: kept.length > 0 ? point.keptFrom : undefined,
      tokensBefore: point.tokensBefore,
      tokensAfter: tokenizer.count(point.summary) + keptTokens,
      summary: point.summary,
      summaryTokens: tokenizer.count(point.summary),
      kept,
      updated: index > 0,
      trace: [],
      wallMs: 0,
    };
  });
  return storedChain('recorded', 'ok', null, compactions);
}

function storedChain(
  schedule: string,
  status: ChainOutput['status'],
  error: string | null,
  compactions: readonly Compaction[],
): StoredChain {
  const texts = new Map<string, string>();
  const stored = compactions.map((compaction) => {
    const text = compactedText(compaction.summary, compaction.kept);
    const textHash = contentHash(text);
    texts.set(textHash, text);
    const sum = (pick: (call: Compaction['trace'][number]) => number) =>
      compaction.trace.reduce((total, call) => total + pick(call), 0);
    return {
      cycle: compaction.cycle,
      atMessage: compaction.atMessage,
      keptFrom: compaction.keptFrom ?? null,
      tokensBefore: compaction.tokensBefore,
      tokensAfter: compaction.tokensAfter,
      summaryTokens: compaction.summaryTokens,
      keptMessages: compaction.kept.length,
      updated: compaction.updated,
      calls: compaction.trace.length,
      inputTokens: sum((call) => call.inputTokens),
      outputTokens: sum((call) => call.outputTokens),
      ms: round(criticalPath(compaction.trace).ms),
      wallMs: round(compaction.wallMs),
      summary: compaction.summary,
      textHash,
    };
  });
  return { chain: { schedule, status, error, compactions: stored }, texts };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
