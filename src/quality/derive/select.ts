/**
 * Choosing at most N probes: every live fact, then history with no kind more than a third of it (when there are three
 * kinds or more; with fewer, the kinds share equally), positions spread over the session, the result in session
 * order.
 */
import type { Probe } from '../probes.ts';

/** How many derived probes a transcript gets when no `--max` says otherwise. */
export const DEFAULT_MAX_PROBES = 60;

/** The share of a derived set one kind may take at most (issue 23: twelve fixed compiler errors of twenty probes). */
export const MAX_KIND_SHARE = 1 / 3;

/** `count` items of a list ordered by position, evenly spaced over it (the first and last kept when possible). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  if (count <= 0) return [];
  if (count === 1) return [items[Math.floor((items.length - 1) / 2)]!];
  const picked: T[] = [];
  for (let index = 0; index < count; index++) {
    picked.push(items[Math.round((index * (items.length - 1)) / (count - 1))]!);
  }
  return picked;
}

/** Each kind's quota: equal shares of `max` (a kind with fewer gives its leftover to the others), capped at `cap`. */
function quotas(counts: ReadonlyMap<string, number>, max: number, cap: number): Map<string, number> {
  const quota = new Map<string, number>([...counts.keys()].map((kind) => [kind, 0]));
  let left = max;
  while (left > 0) {
    const open = [...counts.keys()].filter((kind) => quota.get(kind)! < Math.min(counts.get(kind)!, cap));
    if (open.length === 0) break;
    for (const kind of open) {
      if (left === 0) break;
      quota.set(kind, quota.get(kind)! + 1);
      left--;
    }
  }
  return quota;
}

/**
 * The largest per-kind cap under which no kind is more than a third of the chosen set: the set chosen with cap `q`
 * holds `Σ min(count, q)` probes, and the biggest kind `min(biggest, q)` of them.
 */
function thirdCap(counts: ReadonlyMap<string, number>, max: number): number {
  if (counts.size < 3) return Number.POSITIVE_INFINITY;
  const values = [...counts.values()];
  const biggest = Math.max(...values);
  let cap = 1;
  for (let q = 1; q <= biggest; q++) {
    const total = Math.min(
      max,
      values.reduce((sum, count) => sum + Math.min(count, q), 0),
    );
    if (Math.min(biggest, q) <= total * MAX_KIND_SHARE) cap = q;
  }
  return cap;
}

/**
 * At most `max` probes: every live fact first (the headline weighs each kind the same, so a kind with many facts
 * takes no more of it than one with few), then history, no kind more than a third of it. Only when the live facts
 * alone are more than `max` do they share `max` equally by kind.
 */
export function selectProbes<T extends Pick<Probe, 'kind' | 'messageIndex' | 'live'>>(
  probes: readonly T[],
  max: number,
): T[] {
  const liveProbes = probes.filter((probe) => probe.live !== false);
  const live = new Set(
    liveProbes.length <= max ? liveProbes : selectShares(liveProbes, max, { thirdCap: false }),
  );
  const history = new Set(
    selectShares(
      probes.filter((probe) => probe.live === false),
      max - live.size,
    ),
  );
  return probes.filter((probe) => live.has(probe) || history.has(probe));
}

/**
 * At most `max` probes, no kind more than a third of them: every kind gets an equal share (a kind with fewer gives
 * its leftover to the others); within a kind, live probes first, each group spread evenly over the session by
 * message index; returned in session order, stable.
 */
function selectShares<T extends Pick<Probe, 'kind' | 'messageIndex' | 'live'>>(
  probes: readonly T[],
  max: number,
  options: { thirdCap?: boolean } = {},
): T[] {
  if (max <= 0) return [];
  const byKind = new Map<string, T[]>();
  for (const probe of probes) byKind.set(probe.kind, [...(byKind.get(probe.kind) ?? []), probe]);
  const counts = new Map([...byKind].map(([kind, members]) => [kind, members.length]));
  const cap = options.thirdCap === false ? Number.POSITIVE_INFINITY : thirdCap(counts, max);
  if (probes.length <= max && [...counts.values()].every((count) => count <= cap)) return [...probes];
  const quota = quotas(counts, max, cap);
  const chosen = new Set<T>();
  const byPosition = (a: T, b: T) => (a.messageIndex ?? 0) - (b.messageIndex ?? 0);
  for (const [kind, members] of byKind) {
    const live = members.filter((probe) => probe.live !== false).sort(byPosition);
    const history = members.filter((probe) => probe.live === false).sort(byPosition);
    const wanted = quota.get(kind)!;
    for (const probe of spread(live, wanted)) chosen.add(probe);
    for (const probe of spread(history, wanted - Math.min(wanted, live.length))) chosen.add(probe);
  }
  return probes.filter((probe) => chosen.has(probe));
}
