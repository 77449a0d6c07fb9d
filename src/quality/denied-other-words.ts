/**
 * A fact stated in other words only where its sentence says it the other way (docs/quality.md, "Stance of a
 * sentence"): "It is false that the user asked to open a PR" and "Opening a PR was not done" state the task "create
 * a PR" in other words (other-words.ts), denied; "`cargo test` (29 passed) is still to do" states a check's pass, put
 * as still to do. Each states the fact the other way, a contradiction and not a
 * miss (issue 39). Read only of a fact stated plainly: one with a negation or a wait of its own ("the edits are not
 * committed yet", "Proposed: …", "spotter-dov.3 is in progress", "`mise run lint` fails") is what a denial's turned
 * words, or a "still to do", may well state, and is read as before.
 */
import { DONE_KINDS } from './stance.ts';
import type { TextIndex } from './match.ts';
import type { PhraseStance } from './meaning.ts';
import { statedInOtherWords, statesWordPair } from './other-words.ts';
import type { ProbeReading } from './probe-reading.ts';
import type { Probe } from './probes.ts';
import { ownStance, plainDoneWork, statedPlainly } from './own-stance.ts';

// Kinds left as read: an artifact's opposites are read by its own readers (artifact-described.ts, made.ts); an error
// stays the error it was, whatever is said of it (probe-reading.ts, EITHER_KINDS).
const LEFT_KINDS: ReadonlySet<string> = new Set(['artifact', 'error']);

/** How a probe is read under a sentence's stance, or undefined when its fact is not stated plainly (see above). */
function stanceFor(probe: Probe, read: PhraseStance['read']): PhraseStance | undefined {
  if (LEFT_KINDS.has(probe.kind)) return undefined;
  const own = ownStance(probe);
  if (!own.plain) return undefined;
  return { read, pending: DONE_KINDS.has(probe.kind) && !own.wait };
}

/**
 * Whether a probe stated in other words (or by a word pair) as said is so stated only in sentences that put it as
 * still to do, where it is done work: its statements in other words all say it pending.
 */
export function onlyPendingInOtherWords(
  index: TextIndex,
  probe: Probe,
  reading: ProbeReading,
  by: 'otherWords' | 'wordPair',
): boolean {
  const stance = stanceFor(probe, 'affirmed');
  if (stance === undefined || !stance.pending) return false;
  return by === 'otherWords'
    ? !statedInOtherWords(index, reading, undefined, stance)
    : !statesWordPair(index, probe, stance);
}

/**
 * Whether a probe not stated in other words as said is stated so where its sentence says it the other way: denied
 * ("It is false that …", "… was not done", "The user never asked for …"), read as written before the denial, or, for
 * done work, put as still to do.
 */
export function saidOtherWayInOtherWords(index: TextIndex, probe: Probe, reading: ProbeReading): boolean {
  const stance = stanceFor(probe, 'otherWay');
  if (stance === undefined) return false;
  if (statedInOtherWords(index, reading, undefined, stance) || statesWordPair(index, probe, stance))
    return true;
  // A choice made, said not made by its own clause's negation ("We did not keep plain callbacks" of "keep them as
  // callbacks"): a choice has no opposite of its own (probe-reading.ts reads no negated pick as opposed), but its
  // doing negated is the choice said the other way. Not a proposal ("Proposed: …", a wait of its own), nor a task, a
  // rule or a state, whose negations are read by their own readers ("we did not open the PR" leaves the request).
  return (
    probe.kind === 'decision' &&
    plainDoneWork(probe) &&
    statedInOtherWords(index, reading, undefined, { read: 'negated', pending: false })
  );
}

/**
 * Whether a fact with a negation of its own ("the edits are not committed yet", "Log level getter not set") is stated
 * in other words the other way: its own negation as written inside a sentence that denies itself ("It is false that
 * nothing new is committed"), and stated as said nowhere but where such a denial turned a word ("It is false that
 * before anything is committed, run …" says nothing of what is not committed). Two denials of one thing affirm it.
 */
export function ownNegationDenied(index: TextIndex, probe: Probe, reading: ProbeReading): boolean {
  if (LEFT_KINDS.has(probe.kind) || statedPlainly(probe)) return false;
  return (
    statedInOtherWords(index, reading, undefined, { read: 'otherWay', pending: false }) &&
    !statedInOtherWords(index, reading, undefined, { read: 'unframed', pending: false })
  );
}
