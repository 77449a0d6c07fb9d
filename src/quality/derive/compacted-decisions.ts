/**
 * A derived decision settled before a compaction the agent recorded before the cut, and not stated again by the work
 * since (docs/derived-probes.md#live-facts-and-history): the phase it shaped was summed up and closed, and a reader
 * at the later cut lists it as history (pi's read-only getters, decided before its first compaction, at its second).
 */
import type { Probe } from '../probes.ts';

/**
 * Whether a derived decision was made before a compaction that came before `cut`, with no restatement between the
 * latest such compaction and the cut. A hand-written probe is its author's fact (a compaction chain is measured on
 * facts planted before its compactions) and a rule the user set is no decision: both bind the work after a
 * compaction as before it.
 */
export function settledBeforeCompaction(
  probe: Pick<Probe, 'kind' | 'source' | 'messageIndex' | 'repeatedAt'>,
  compactions: ReadonlyArray<{ messageIndex: number }>,
  cut: number,
): boolean {
  if (probe.kind !== 'decision' || probe.source !== 'derived') return false;
  const at = probe.messageIndex ?? 0;
  const since = compactions
    .map((compaction) => compaction.messageIndex)
    .filter((index) => index > at && index < cut);
  if (since.length === 0) return false;
  const latest = Math.max(...since);
  return !(probe.repeatedAt ?? []).some((index) => index >= latest && index < cut);
}
