/**
 * A derived decision settled before a compaction the agent recorded before the cut, which that compaction's own
 * summary did not carry forward and the work since did not state again (docs/derived-probes.md#live-facts-and-history):
 * the phase it shaped was summed up and closed, and a reader at the later cut lists it as history (pi's read-only
 * getters, decided before its first compaction, at its second). One the summary carries forward (pi's "create new
 * files instead of modifying existing ones", a key decision of its first summary) still binds the work.
 */
import { meaningTerms } from '../meaning.ts';
import type { Probe } from '../probes.ts';

/** A compaction as liveness reads it: the first message after it and, when recorded, the summary it wrote. */
export type RecordedCompaction = { messageIndex: number; summary?: string };

/**
 * Whether a derived decision was made before a compaction that came before `cut`, the latest such compaction's
 * summary does not carry it (fewer than half of its facets' terms in the summary), and nothing restated it between
 * that compaction and the cut. A hand-written probe is its author's fact (a compaction chain is measured on facts
 * planted before its compactions) and a rule the user set is no decision: both bind the work after a compaction as
 * before it.
 */
export function settledBeforeCompaction(
  probe: Pick<Probe, 'kind' | 'source' | 'messageIndex' | 'repeatedAt' | 'facets'>,
  compactions: readonly RecordedCompaction[],
  cut: number,
): boolean {
  if (probe.kind !== 'decision' || probe.source !== 'derived') return false;
  const at = probe.messageIndex ?? 0;
  const since = compactions.filter(
    (compaction) => compaction.messageIndex > at && compaction.messageIndex < cut,
  );
  if (since.length === 0) return false;
  const latest = since.reduce((last, compaction) =>
    compaction.messageIndex > last.messageIndex ? compaction : last,
  );
  if (carriedForward(probe.facets, latest.summary)) return false;
  return !(probe.repeatedAt ?? []).some((index) => index >= latest.messageIndex && index < cut);
}

/** Whether a compaction's summary holds at least half of the terms of a probe's facets (each as first spelt). */
function carriedForward(facets: Probe['facets'], summary: string | undefined): boolean {
  if (summary === undefined || summary === '') return false;
  const terms = new Set(
    facets.flatMap(([spelling]) =>
      (spelling === undefined ? [] : meaningTerms(spelling)).map((term) => term.term),
    ),
  );
  if (terms.size === 0) return false;
  const said = new Set(meaningTerms(summary).map((term) => term.term));
  let held = 0;
  for (const term of terms) if (said.has(term)) held++;
  return held * 2 >= terms.size;
}
