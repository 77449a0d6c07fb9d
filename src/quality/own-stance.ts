/**
 * A fact's own stance (docs/quality.md, "Stance of a sentence"): whether its facets hold a negation of their own ("not
 * committed", "nothing changed"), and whether it is itself a wait ("Proposed: …", "in progress", "fails"). A sentence
 * that denies or puts off a fact so stated may well agree with it; done work stated plainly it states the other way.
 */
import { DONE_KINDS, type Stance } from './stance.ts';
import type { Probe } from './probes.ts';

// A fact that holds a negation of its own: what a denied sentence's turned words state as well as deny.
const OWN_NEGATION =
  /\b(?:not|no|nothing|never|none|neither|nor|without|cannot|un(?:committed|pushed|tested|written|finished|fixed|merged|staged|changed|touched))\b|n't\b/i;
// A fact that is itself a wait or a failure: "still to do" agrees with it (a plan proposed, a ticket in progress, a
// check that fails is no done work).
const OWN_WAIT =
  /^\s*(?:proposed|planned|plan|next|todo|to do)\s*:|\b(?:in[ _]progress|pending|still to|yet to|to be done|fails|failed|failing|is broken|is red)\b/i;

const ownStances = new WeakMap<Probe, { plain: boolean; wait: boolean }>();

/** Whether a probe's fact is stated plainly (no negation of its own), and whether it is itself a wait. */
export function ownStance(probe: Probe): { plain: boolean; wait: boolean } {
  let stance = ownStances.get(probe);
  if (!stance) {
    // Its negation is read in its facets, what the other words state: a statement's rejected alternatives ("…,
    // instead of generating summaries on demand (don't persist)") say nothing of the fact's own stance.
    const facets = probe.facets.flat().join('; ');
    stance = {
      plain: !OWN_NEGATION.test(facets),
      wait: OWN_WAIT.test(probe.statement ?? facets),
    };
    ownStances.set(probe, stance);
  }
  return stance;
}

/** Whether a probe's fact is stated plainly: its facets hold no negation of their own ("not committed", "nothing"). */
export function statedPlainly(probe: Probe): boolean {
  return ownStance(probe).plain;
}

/** Whether a probe's fact is done work stated plainly: of a done kind, with no negation or wait of its own. */
export function plainDoneWork(probe: Probe): boolean {
  const own = ownStance(probe);
  return DONE_KINDS.has(probe.kind) && own.plain && !own.wait;
}

/**
 * Whether a sentence's stance puts a probe's fact off, so states it the other way: done work stated as still to do
 * ('pending'), or done work stated plainly put off with its whole sentence ('deferred', stance.ts).
 */
export function putOff(probe: Probe, stance: Stance | undefined): boolean {
  return (
    (stance === 'pending' && DONE_KINDS.has(probe.kind)) || (stance === 'deferred' && plainDoneWork(probe))
  );
}
