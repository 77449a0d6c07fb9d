/**
 * A stored compaction chain scored, by the chain evaluator: what the context right after each compaction kept of the
 * facts planted so far, of the facts an earlier compaction had already summarized (and the session did not restate
 * since), and of the files touched so far. Loaded when a chain is first scored, with the lexical scoring it runs.
 */
import { chainFigures } from '../quality/metrics.ts';
import type { Probe } from '../quality/probes.ts';
import { outcomeCredit, share } from '../quality/recall-credit.ts';
import { scoreSummary } from '../quality/score.ts';
import type { ChainResult, CycleResult } from '../results/chain.ts';
import type { ChainOutput } from '../results/chain-output.ts';
import { referenceScoreInput, type SessionReference } from '../results/session-reference.ts';
import { fileLists } from '../session/file-operations.ts';

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
    const quality = scoreSummary(
      referenceScoreInput(
        reference,
        { text: textOf(compaction.textHash), summary: compaction.summary },
        {
          requiredSections,
          probes,
          files: fileLists(reference.session.fileOperations, { start: 0, end: atMessage }),
        },
      ),
    );
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
