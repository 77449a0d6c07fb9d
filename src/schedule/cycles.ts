/**
 * Measures a compaction chain cycle by cycle: what the context right after each compaction kept of the facts
 * planted so far, of the facts an earlier compaction had already summarized (and the session did not restate
 * since), and of the files touched so far; with each compaction's calls and time. The agent's own recorded
 * compactions are measured the same way.
 */
import { criticalPath } from '../calls.ts';
import { chainFigures } from '../quality/metrics.ts';
import type { Probe } from '../quality/probes.ts';
import { outcomeCredit, share } from '../quality/probe-recall.ts';
import { scoreSummary } from '../quality/score.ts';
import { compactedText } from '../results/assemble.ts';
import type { ChainResult, CycleResult } from '../results/chain.ts';
import type { SessionReference } from '../results/session-reference.ts';
import { fileLists } from '../session/file-operations.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { describeSchedule, type Schedule } from './policy.ts';
import { type Compaction, recordedPoints, type Replay } from './replay.ts';

/** Every compaction of a replay, measured (see {@link CycleResult}). */
export function measureChain(
  replay: Replay,
  facts: SessionReference,
  schedule: Schedule,
  requiredSections?: readonly string[],
): ChainResult {
  return {
    schedule: describeSchedule(schedule),
    compactions: replay.compactions.length,
    status: replay.status,
    error: replay.error,
    cycles: measureCycles(replay.compactions, facts, requiredSections),
  };
}

/** The agent's own compactions, as a chain: its summary and the messages it kept at each point, no calls. */
export function recordedChain(facts: SessionReference, tokenizer: Tokenizer): ChainResult {
  const { messages } = facts.session;
  const compactions: Compaction[] = recordedPoints(facts.session).map((point, index) => {
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
  return {
    schedule: 'recorded',
    compactions: compactions.length,
    status: 'ok',
    error: null,
    cycles: measureCycles(compactions, facts, undefined),
  };
}

function measureCycles(
  compactions: readonly Compaction[],
  facts: SessionReference,
  requiredSections: readonly string[] | undefined,
): CycleResult[] {
  // Where each compaction's summarized stretch ends: what came before it was compressed, not kept verbatim.
  const summarizedEnd = compactions.map((compaction) => compaction.keptFrom ?? compaction.atMessage);
  return compactions.map((compaction, index) => {
    const { atMessage } = compaction;
    // The facts at this cut: planted before it, live or history there.
    const probes = facts.probesAt(atMessage).filter((probe) => placedBefore(probe, atMessage));
    const quality = scoreSummary({
      text: compactedText(compaction.summary, compaction.kept),
      probes,
      files: fileLists(facts.session.fileOperations, { start: 0, end: atMessage }),
      cwd: facts.session.cwd,
      transcriptText: facts.transcriptText,
      transcriptMatcher: facts.transcriptMatcher,
      requiredSections,
      summary: compaction.summary,
      expectations: facts.expectations,
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
    const sum = (pick: (call: Compaction['trace'][number]) => number) =>
      compaction.trace.reduce((total, call) => total + pick(call), 0);
    const cycle = {
      cycle: compaction.cycle,
      atMessage,
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
