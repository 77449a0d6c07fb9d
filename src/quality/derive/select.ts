/** Choosing at most N probes: kinds balanced, positions spread over the session, the result in session order. */
import type { Probe } from '../probes.ts';

/** How many derived probes a transcript gets when no `--max` says otherwise. */
export const DEFAULT_MAX_PROBES = 60;

/** `count` items of a list ordered by position, evenly spaced over it (the first and last kept when possible). */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  if (count === 1) return [items[Math.floor((items.length - 1) / 2)]!];
  const picked: T[] = [];
  for (let index = 0; index < count; index++) {
    picked.push(items[Math.round((index * (items.length - 1)) / (count - 1))]!);
  }
  return picked;
}

/**
 * At most `max` probes: every kind gets an equal share (a kind with fewer gives its leftover to the others), each
 * kind's share spread evenly over the session by message index; returned in session order, stable.
 */
export function selectProbes<T extends Pick<Probe, 'kind' | 'messageIndex'>>(
  probes: readonly T[],
  max: number,
): T[] {
  if (probes.length <= max) return [...probes];
  const byKind = new Map<string, T[]>();
  for (const probe of probes) byKind.set(probe.kind, [...(byKind.get(probe.kind) ?? []), probe]);
  const quotas = new Map<string, number>([...byKind.keys()].map((kind) => [kind, 0]));
  let left = max;
  while (left > 0) {
    const open = [...byKind.keys()].filter((kind) => quotas.get(kind)! < byKind.get(kind)!.length);
    if (open.length === 0) break;
    for (const kind of open) {
      if (left === 0) break;
      quotas.set(kind, quotas.get(kind)! + 1);
      left--;
    }
  }
  const chosen = new Set<T>();
  for (const [kind, members] of byKind) {
    const ordered = [...members].sort((a, b) => (a.messageIndex ?? 0) - (b.messageIndex ?? 0));
    for (const probe of spread(ordered, quotas.get(kind)!)) chosen.add(probe);
  }
  return probes.filter((probe) => chosen.has(probe));
}
