/**
 * What makes a proposed probe set honest before anyone scores with it: each probe named, the later messages that
 * state its fact again recorded (`repeatedAt`), and every probe that `probes lint` would reject dropped, with why.
 */
import type { Message } from '../../session/types.ts';
import { renderMessage } from '../../session/transcript.ts';
import { createMatcher, type TextIndex } from '../match.ts';
import { lintProbes } from '../probe-lint.ts';
import { probeOutcome } from '../probe-recall.ts';
import type { Probe } from '../probes.ts';

/** A probe left out, and the lint rule it broke. */
export type DroppedProbe = { id: string; kind: string; reason: string };

/** Ids `<kind>@<messageIndex>`, with `-2`, `-3`… for a second probe of a kind at one message. */
export function nameProbes<T extends Omit<Probe, 'id'>>(probes: readonly T[]): Array<T & { id: string }> {
  const used = new Map<string, number>();
  return probes.map((probe) => {
    const base = `${probe.kind}@${probe.messageIndex ?? 'unknown'}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return { ...probe, id: count === 1 ? base : `${base}-${count}` };
  });
}

// A restatement says the fact again: an agent's later read or edit of a file holds its changed words beside its
// name without saying the fact again, so what the edits wrote (change-words.ts) is no restatement.
const RESTATED = { change: false } as const;

/**
 * The later messages that state a probe's fact again, alone or together with the message before (a commit message
 * right after the command that made it), so a strategy that keeps only those keeps the fact fairly.
 */
export function withRepeats(probes: readonly Probe[], messages: readonly Message[]): Probe[] {
  const render = (index: number) =>
    renderMessage(messages[index]!, { toolResultChars: Number.POSITIVE_INFINITY });
  const single: Array<TextIndex | undefined> = [];
  const pairs: Array<TextIndex | undefined> = [];
  const matcherAt = (index: number) => (single[index] ??= createMatcher(render(index)));
  const pairAt = (index: number) =>
    (pairs[index] ??= createMatcher(`${render(index - 1)}\n\n${render(index)}`));
  return probes.map((probe) => {
    const from = (probe.messageIndex ?? messages.length) + 1;
    const repeatedAt: number[] = [];
    for (let index = from; index < messages.length; index++) {
      const here = matcherAt(index);
      const states = (spellings: string[]) => here.hasAny(spellings);
      if (probe.facets.every(states)) {
        if (probeOutcome(here, probe, RESTATED) === 'matched') repeatedAt.push(index);
        continue;
      }
      if (index - 1 < from || !probe.facets.some(states)) continue;
      const before = matcherAt(index - 1);
      if (!probe.facets.every((spellings) => states(spellings) || before.hasAny(spellings))) continue;
      if (probeOutcome(pairAt(index), probe, RESTATED) === 'matched') repeatedAt.push(index);
    }
    return repeatedAt.length > 0 ? { ...probe, repeatedAt } : probe;
  });
}

/**
 * The probes `probes lint` finds no error in, and those dropped. A probe is dropped for its own errors; of two of one
 * kind that test one fact (shared facets, one's answer keeping the other), the later is dropped and the earlier kept.
 */
export function dropLintErrors(
  probes: readonly Probe[],
  messages: readonly Message[],
): { kept: Probe[]; dropped: DroppedProbe[] } {
  let kept = [...probes];
  const dropped: DroppedProbe[] = [];
  for (let round = 0; round < 20; round++) {
    const findings = lintProbes({ probes: kept, messages }).filter((finding) => finding.level === 'error');
    if (findings.length === 0) break;
    const order = new Map(kept.map((probe, index) => [probe.id, index]));
    const kinds = new Map(kept.map((probe) => [probe.id, probe.kind]));
    const reasons = new Map<string, string>();
    for (const finding of findings) {
      const other = /'([^']+)'/.exec(finding.message)?.[1];
      const pair = finding.rule === 'answer-overlap' && other !== undefined && order.has(other);
      // Facts of two kinds are two facts even where one's answer quotes the other's words: a ticket's text (the task)
      // names the files its work changes, and a commit's subject the work of each of them.
      if (pair && kinds.get(other) !== kinds.get(finding.probe)) continue;
      // Of a pair, drop the later one: the first statement of a fact is where it is planted.
      if (pair && (reasons.has(other) || reasons.has(finding.probe))) continue;
      const victim = pair && order.get(other)! > order.get(finding.probe)! ? other : finding.probe;
      const reason =
        pair && victim === other
          ? `answer-overlap: its fact is kept by the answer of '${finding.probe}'`
          : `${finding.rule}: ${finding.message}`;
      if (!reasons.has(victim)) reasons.set(victim, reason);
    }
    // What is left are overlaps of two kinds, which stand: linting the same probes again finds the same.
    if (reasons.size === 0) break;
    dropped.push(
      ...kept
        .filter((probe) => reasons.has(probe.id))
        .map((probe) => ({ id: probe.id, kind: probe.kind, reason: reasons.get(probe.id)! })),
    );
    kept = kept.filter((probe) => !reasons.has(probe.id));
  }
  return { kept, dropped };
}
