/**
 * What a probe outcome is worth and how recall pools the credits (shares, the kind-balanced headline, counts): read
 * by the scorers and by every figure made from stored outcomes, without loading the scorers.
 */
import { isLive, type Probe } from './probes.ts';
import type { ProbeOutcome, Quality } from './types.ts';

/** A part over a whole, or null when there is no whole. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** What one probe outcome is worth in recall: a probe kept in part counts half, as a reader counts a fact half kept. */
export function outcomeCredit(outcome: ProbeOutcome | string | undefined): number {
  return outcome === 'matched' ? 1 : outcome === 'partial' ? 0.5 : 0;
}

/**
 * Whether a probe's score is kept-or-not (0 or 1), the pairs McNemar's test takes; a share over runs or a probe kept
 * in part (½) goes to the paired t-test.
 */
export function isWholeCredit(score: number): boolean {
  return score === 0 || score === 1;
}

/** Live probes kept, a partial one counting half: the successes of recall's interval. */
export function keptCount(quality: Pick<Quality, 'probesMatched' | 'probesPartial'>): number {
  // A results file written before partial probes has no count of them.
  return quality.probesMatched + (quality.probesPartial ?? 0) / 2;
}

/** The live probe counts as a report shows them: "5/8", or "5/8 kept, 2 partial". */
export function probeCounts(
  quality: Pick<Quality, 'probesMatched' | 'probesPartial' | 'probesTotal'>,
): string {
  const counts = `${quality.probesMatched}/${quality.probesTotal}`;
  return quality.probesPartial > 0 ? `${counts} kept, ${quality.probesPartial} partial` : counts;
}

// Kinds read as another kind by the headline: a preference is a standing rule of how to work, a number the user
// gave is part of what they asked, `verification` is the older name of a check's state.
const HEADLINE_KINDS: Readonly<Record<string, string>> = {
  preference: 'constraint',
  number: 'constraint',
  verification: 'state',
};

/** The kind a probe or a reader's fact counts under in the kind-balanced headline. */
export function headlineKind(kind: string): string {
  return HEADLINE_KINDS[kind] ?? kind;
}

/**
 * The kind-balanced recall of some credited facts: each kind present weighs the same, its facts' mean credit, so that
 * a text keeping every fact of one kind (the user's messages copied verbatim keep what the user asked) earns that
 * kind's share of the whole and nothing more. Null when there are none.
 */
export function balancedRecall(facts: ReadonlyArray<{ kind: string; credit: number }>): number | null {
  const byKind = new Map<string, { sum: number; count: number }>();
  for (const fact of facts) {
    const kind = headlineKind(fact.kind);
    const tally = byKind.get(kind) ?? { sum: 0, count: 0 };
    tally.sum += fact.credit;
    tally.count++;
    byKind.set(kind, tally);
  }
  if (byKind.size === 0) return null;
  let total = 0;
  for (const { sum, count } of byKind.values()) total += sum / count;
  return total / byKind.size;
}

/**
 * Each live probe's weight in the kind-balanced headline (1 / (kinds × probes of its kind)), summing to 1: the
 * headline is the weighted mean of the probes' credits, and its interval counts the probes by their weights.
 */
export function headlineWeights(
  probes: ReadonlyArray<Pick<Probe, 'id' | 'kind' | 'live'>>,
): Map<string, number> {
  const live = probes.filter(isLive);
  const counts = new Map<string, number>();
  for (const probe of live)
    counts.set(headlineKind(probe.kind), (counts.get(headlineKind(probe.kind)) ?? 0) + 1);
  return new Map(live.map((probe) => [probe.id, 1 / (counts.size * counts.get(headlineKind(probe.kind))!)]));
}
