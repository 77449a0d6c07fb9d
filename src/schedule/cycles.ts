/**
 * A compaction chain, stored then scored: each compaction's summary, context (by hash), size, calls and time as
 * the job record keeps them; then, by the chain evaluator, what the context right after each compaction kept of
 * the facts planted so far, of the facts an earlier compaction had already summarized (and the session did not
 * restate since), and of the files touched so far. The agent's own recorded compactions are stored the same way.
 */
import { criticalPath } from '../providers/calls.ts';
import { chainFigures } from '../quality/metrics.ts';
import type { Probe } from '../quality/probes.ts';
import { outcomeCredit, share } from '../quality/probe-recall.ts';
import { scoreSummary } from '../quality/score.ts';
import { compactedText } from '../results/assemble.ts';
import type { ChainResult, CycleResult } from '../results/chain.ts';
import type { ChainOutput } from '../results/chain-output.ts';
import { contentHash } from '../results/record.ts';
import { endsWithTranscript, type SessionReference } from '../results/session-reference.ts';
import { fileLists } from '../session/file-operations.ts';
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

/**
 * Every compaction of a stored chain scored against the session's probes (see {@link CycleResult}); `textOf`
 * gives a compaction's stored context by its hash.
 */
export function scoreChain(
  chain: ChainOutput,
  textOf: (hash: string) => string,
  reference: SessionReference,
  requiredSections: readonly string[] | undefined,
): ChainResult {
  return {
    schedule: chain.schedule,
    compactions: chain.compactions.length,
    status: chain.status,
    error: chain.error,
    cycles: scoreCycles(chain.compactions, textOf, reference, requiredSections),
  };
}

function scoreCycles(
  compactions: ChainOutput['compactions'],
  textOf: (hash: string) => string,
  reference: SessionReference,
  requiredSections: readonly string[] | undefined,
): CycleResult[] {
  // Where each compaction's summarized stretch ends: what came before it was compressed, not kept verbatim.
  const summarizedEnd = compactions.map((compaction) => compaction.keptFrom ?? compaction.atMessage);
  return compactions.map((compaction, index) => {
    const { atMessage } = compaction;
    // The facts at this cut: planted before it, live or history there.
    const probes = reference.probesAt(atMessage).filter((probe) => placedBefore(probe, atMessage));
    const quality = scoreSummary({
      text: textOf(compaction.textHash),
      probes,
      files: fileLists(reference.session.fileOperations, { start: 0, end: atMessage }),
      cwd: reference.session.cwd,
      get transcriptText() {
        return reference.transcriptText;
      },
      transcriptLength: reference.transcriptLength,
      endsWithTranscript: (text: string) => endsWithTranscript(reference, text),
      get transcriptMatcher() {
        return reference.transcriptMatcher;
      },
      get transcriptPaths() {
        return reference.transcriptPaths;
      },
      transcriptWrittenPaths: reference.transcriptWrittenPaths,
      requiredSections,
      summary: compaction.summary,
      expectations: reference.expectations,
    });
    const kept = (set: readonly Probe[]) =>
      share(
        set.reduce((sum, probe) => sum + outcomeCredit(quality.probeOutcomes[probe.id]), 0),
        set.length,
      );
    const survivors = (end: number | undefined) =>
      end === undefined ? [] : probes.filter((probe) => compressedSince(probe, end, atMessage));
    const earlier = survivors(index > 0 ? summarizedEnd[index - 1] : undefined);
    const firstStretch = survivors(summarizedEnd[0]);
    const { summary: _summary, textHash: _textHash, ...measured } = compaction;
    const cycle = {
      ...measured,
      probes: probes.length,
      probeRecall: quality.probeRecall,
      contradictions: quality.contradictions,
      earlierProbes: earlier.length,
      earlierRecall: kept(earlier),
      firstStretchProbes: firstStretch.length,
      firstStretchRecall: kept(firstStretch),
      fileRecall: quality.fileRecall,
      modifiedFileRecall: quality.modifiedFileRecall,
      missedProbes: quality.missedProbes,
    };
    return { ...cycle, ...chainFigures({ ...cycle, quality }) };
  });
}

function placedBefore(probe: Probe, end: number): boolean {
  return probe.messageIndex !== undefined && probe.messageIndex < end;
}

/**
 * A probe a compaction summarized (planted before `end`, where its kept tail began) that no message from `end`
 * up to `atMessage` restates: the context can hold it only if the summaries carried it.
 */
function compressedSince(probe: Probe, end: number, atMessage: number): boolean {
  return (
    placedBefore(probe, end) && !(probe.repeatedAt ?? []).some((index) => index >= end && index < atMessage)
  );
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
