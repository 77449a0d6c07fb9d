/**
 * How a probe is read in a compacted context: for each facet, which occurrences state the fact and which state
 * its opposite. A constraint or decision the answer states plainly is opposed by a negated statement ("we
 * rejected keyset pagination"); one the answer rules out ("no new dependencies") must be ruled out in the
 * summary too, and is opposed by a plain one ("we added new dependencies freely"). A spelling with one number
 * ("port 8080", "30 s", "512Mi") is opposed by another value in its place ("port 6379", "60 s", "4Gi") stated
 * with the probe's other facets.
 */
import { canonicalText, createMatcher, type Occurrence, type TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import { memoizeByText } from '../text/text-cache.ts';
import { distinctPatterns, numberSpelling, type NumberSpelling } from './number-spelling.ts';
import { declinedAfterOffer, refusedAfter } from './refusal.ts';
import { saysFixed } from './fixed-claim.ts';
import { putOff } from './own-stance.ts';
import { listedCommandOccurrences } from './listed-command.ts';
import { SELF_NEGATING } from './self-negating.ts';
import { partedByValue, sameNumber } from './number-parting.ts';
import { isDoneState, saidNotDone, sentencesSaidNotDone } from './state-not-done.ts';

/** How a facet is stated: plainly, ruled out (the answer negates it), or either way (errors: "no longer fails with …"). */
export type Polarity = 'affirmed' | 'denied' | 'either';

/** One facet as it is read. */
export type FacetReading = {
  spellings: readonly string[];
  polarity: Polarity;
  numbers: readonly NumberSpelling[];
  /** How each spelling is read ({@link spellingReading}), in the order of `spellings`. */
  reads: readonly SpellingReading[];
};

/**
 * A probe as it is read: its facets, its contradiction phrases with their passive forms, and whether anything can
 * state its opposite.
 */
export type ProbeReading = {
  facets: readonly FacetReading[];
  contradictions: readonly string[];
  opposable: boolean;
};

// Kinds whose facts have a plain opposite: a rule ruled out, a decision reversed.
const POLAR_KINDS: ReadonlySet<string> = new Set(['constraint', 'decision']);
// Kinds whose facts a negation does not undo: an error stays the error it was when the summary says it is fixed.
const EITHER_KINDS: ReadonlySet<string> = new Set(['error']);
const readings = new WeakMap<Probe, ProbeReading>();
// The index of a probe's answer, by its text: probes of a session and of the sessions around it share answers (of the
// 241 a 20-session suite indexed, 137 were an answer indexed before).
const answerIndex = memoizeByText(createMatcher, 2_000);

/** How a probe is read (computed once per probe). */
export function readProbe(probe: Probe): ProbeReading {
  let reading = readings.get(probe);
  if (!reading) {
    // Only a polar kind's facets read the answer: the others' readings index none.
    let indexed: TextIndex | undefined;
    const answer = () => (indexed ??= answerIndex(probe.answer));
    // Another value is an opposite only beside what it measures ("api on port 6379"): a lone "50 lines" elsewhere
    // in a summary says nothing about "100 lines". An error's numbers vary from run to run of the same error.
    const measured = probe.facets.length > 1 && !EITHER_KINDS.has(probe.kind);
    const facets = probe.facets.map((spellings) => {
      const polarity = polarityOf(probe.kind, spellings, answer);
      return {
        spellings,
        polarity,
        numbers: measured
          ? distinctPatterns(spellings.flatMap((spelling) => numberSpelling(spelling) ?? []))
          : [],
        // Read here, once per probe: every context scored asked each spelling's canonical text twice.
        reads: spellings.map((spelling) => spellingReading(probe.kind, polarity, spelling)),
      };
    });
    const opposable =
      probe.contradictions.length > 0 ||
      probe.opposite !== undefined ||
      POLAR_KINDS.has(probe.kind) ||
      facets.some((facet) => facet.numbers.length > 0);
    reading = { facets, contradictions: probe.contradictions.flatMap(withPassiveForms), opposable };
    readings.set(probe, reading);
  }
  return reading;
}

// Auxiliaries of a passive, by the tense of the phrase's verb: "added decimal.js" is also "decimal.js was added",
// "acknowledge every event" is "every event is acknowledged" (but "uses OFFSET" is not "OFFSET was used", which a
// faithful summary may say of the code before the change).
const PAST_AUXILIARIES = ['was', 'were', 'got', 'has been', 'have been', 'had been'];
const PRESENT_AUXILIARIES = ['is', 'are', 'gets', 'get'];

/** A contradiction phrase, and when it opens with a verb and its object, the same said in the passive. */
function withPassiveForms(phrase: string): string[] {
  const match = /^([a-z]+)\s+(\S.*)$/.exec(phrase.trim());
  if (!match) return [phrase];
  const [, verb = '', object = ''] = match;
  const past = verb.endsWith('ed');
  // "uses" and "switches" lose their "s"; "use" and "acknowledge" take a "d", the others "ed".
  const stem = past ? verb : verb.endsWith('s') && !verb.endsWith('ss') ? verb.slice(0, -1) : verb;
  const participle = past ? verb : stem.endsWith('e') ? `${stem}d` : `${stem}ed`;
  const auxiliaries = past ? PAST_AUXILIARIES : PRESENT_AUXILIARIES;
  return [phrase, ...auxiliaries.map((auxiliary) => `${object} ${auxiliary} ${participle}`)];
}

/** A facet's polarity: as the answer states its first spelling (plainly when the answer has none). */
function polarityOf(kind: string, spellings: readonly string[], answer: () => TextIndex): Polarity {
  if (EITHER_KINDS.has(kind)) return 'either';
  if (!POLAR_KINDS.has(kind)) return 'affirmed';
  for (const spelling of spellings) {
    const [first] = answer().occurrences(spelling);
    if (first) return first.negated && !SELF_NEGATING.test(canonicalText(spelling)) ? 'denied' : 'affirmed';
  }
  return 'affirmed';
}

/** Whether anything a context can say opposes this probe (else its contradictions are not measured). */
export function isOpposable(probe: Probe): boolean {
  return readProbe(probe).opposable;
}

/** What a context says about one facet. */
export type FacetEvidence = {
  /** Occurrences that state the fact. */
  support: Occurrence[];
  /** Occurrences that state its opposite (none for kinds without one). */
  oppose: Occurrence[];
  /** The facet's numbers with another value, un-negated (they also break the link between other facets); shared. */
  otherValues: readonly Occurrence[];
  /** Of a state of done work, occurrences said not done or still to come (also in `oppose`). */
  notDone: Occurrence[];
};

/**
 * How a spelling of a facet is read: its own polarity (a self-negating spelling of a denied fact is affirmed), and
 * whether it is a name only. In a constraint, a one-word spelling names what the rule is about ("nextServiceAt"),
 * not the rule: a negation near it ("don't change how nextServiceAt is stored") neither reverses nor states it.
 */
function spellingReading(kind: string, polarity: Polarity, spelling: string): SpellingReading {
  const own = polarity === 'denied' && SELF_NEGATING.test(canonicalText(spelling)) ? 'affirmed' : polarity;
  const name = kind === 'constraint' && !canonicalText(spelling).includes(' ');
  return { own, name };
}

/** How a spelling of a facet is read (see {@link spellingReading}). */
type SpellingReading = { own: Polarity; name: boolean };

/**
 * Whether an occurrence of a spelling read so states the fact. A thing ruled out is also ruled out where it is told
 * with the user's no right after it (refusal.ts): an offer the next prompt declines, a call Claude Code reports
 * rejected ("Want me to set gc.auto 0?" / "no don't set it"), as a whole transcript tells a veto (vetoes.ts).
 */
function statesFact({ own, name }: SpellingReading, occurrence: Occurrence, index: TextIndex): boolean {
  if (own === 'either' || name) return true;
  if (own === 'affirmed') return !occurrence.negated;
  return (
    occurrence.negated ||
    occurrence.deniedInClause ||
    refusedAfter(index, occurrence.end) ||
    declinedAfterOffer(index, occurrence.start, occurrence.end)
  );
}

/** What a context says about each facet of a probe. */
export function facetEvidence(index: TextIndex, probe: Probe, reading: ProbeReading): FacetEvidence[] {
  // Plain loops and module-level helpers, no callbacks made per call: this runs for every probe of every context, and
  // a closure's optimized code is lost with the closures at a full collection (match.ts's classes say more).
  const evidence: FacetEvidence[] = [];
  for (const facet of reading.facets) evidence.push(evidenceOf(index, probe, facet));
  if (isDoneState(probe)) sentencesSaidNotDone(index, evidence);
  return evidence;
}

// What a probe's own fact says when it is itself an undoing: a revert, a deletion, a rule lifted or dropped.
const UNDOING_FACT =
  /\b(?:revert\w*|roll(?:ed)? back|undo\w*|undid|back(?:ed)? out|delet\w*|remov\w*|drop\w*|abandon\w*|reject\w*|discard\w*|lift\w*|waive\w*|withdr\w*|no longer)\b/i;

/**
 * How an occurrence said undone, lifted or done reads for a probe: 'opposed', 'kept', or undefined (read as any other).
 * An error's fixes are fixed-claim.ts's; a rule's lifting undoes only a rule; only a next step is not done yet.
 */
function undoneStance(
  probe: Probe,
  stance: Occurrence['stance'],
  own: Polarity,
): 'opposed' | 'kept' | undefined {
  if (stance !== 'reversed' && stance !== 'lifted' && stance !== 'done') return undefined;
  if (EITHER_KINDS.has(probe.kind)) return undefined;
  if (stance === 'done') return probe.kind === 'next-step' ? 'opposed' : undefined;
  if (stance === 'lifted' && probe.kind !== 'constraint') return undefined;
  if (UNDOING_FACT.test(`${probe.answer} ${probe.statement ?? ''}`)) return undefined;
  return stance === 'reversed' && own === 'denied' ? 'kept' : 'opposed';
}

/** What a context says about one facet of a probe (see {@link facetEvidence}). */
function evidenceOf(index: TextIndex, probe: Probe, facet: ProbeReading['facets'][number]): FacetEvidence {
  const polar = POLAR_KINDS.has(probe.kind);
  // A derived error is live when nothing fixed it before the cut; an authored one may be a fix worth keeping.
  const live = EITHER_KINDS.has(probe.kind) && probe.source === 'derived' && probe.live !== false;
  const support: Occurrence[] = [];
  const oppose: Occurrence[] = [];
  const notDone: Occurrence[] = [];
  const denials: Denials = { absent: [], turned: false };
  for (let at = 0; at < facet.spellings.length; at++) {
    const spelling = facet.spellings[at]!;
    const read = facet.reads[at]!;
    // A command may be written once with its last word listed ("pnpm --filter app lint | test | check-types").
    for (const occurrences of [index.occurrences(spelling), listedCommandOccurrences(index, spelling)])
      weighOccurrences(index, probe, read, live, polar, occurrences, support, oppose, notDone, denials);
  }
  // A rule whose ruling out a sentence denies ("It is false that he refused my `read-tree HEAD`") is stated the other
  // way: a thing denied elsewhere ("It is false that I ran `read-tree HEAD`") only agrees with the rule, and keeps it
  // no more where the rule itself is said false.
  if (denials.turned && denials.absent.length > 0) {
    const absent = new Set(denials.absent);
    for (let at = support.length - 1; at >= 0; at--) if (absent.has(support[at]!)) support.splice(at, 1);
  }
  let otherValues: readonly Occurrence[] = NO_OCCURRENCES;
  for (const number of facet.numbers) {
    const parted = partedByValue(index.findNumbers(number), number.value);
    for (const found of parted.same) support.push(found);
    // One number's other values are the parted list itself (read, never changed, by probe-recall.ts).
    otherValues = otherValues.length === 0 ? parted.other : [...otherValues, ...parted.other];
  }
  return { support, oppose: [...oppose, ...otherValues], otherValues, notDone };
}

const NO_OCCURRENCES: readonly Occurrence[] = [];

/**
 * What sentences that deny themselves say of a rule that rules a thing out: the thing denied (`absent`: "It is false
 * that we added a dependency", which agrees with the rule), and whether a ruling out is denied (`turned`: "It is false
 * that we must not add one", "It is false that he refused my `read-tree HEAD`").
 */
type Denials = { absent: Occurrence[]; turned: boolean };

/** Sorts occurrences of a spelling into what supports and what opposes a facet (see {@link evidenceOf}). */
function weighOccurrences(
  index: TextIndex,
  probe: Probe,
  read: SpellingReading,
  live: boolean,
  polar: boolean,
  occurrences: readonly Occurrence[],
  support: Occurrence[],
  oppose: Occurrence[],
  notDone: Occurrence[],
  denials: Denials,
): void {
  const state = read.own === 'affirmed' && !read.name && isDoneState(probe);
  for (const occurrence of occurrences) {
    // A state of done work said not done, or still to come, in the past or a wait before it: its other way (a
    // present negation, "no tests fail", is what a state is, and read as before).
    if (state && saidNotDone(index, probe, occurrence)) {
      notDone.push(occurrence);
      oppose.push(occurrence);
      continue;
    }
    // A sentence that denies all of itself ("It is false that …", "… was not done") states the fact the other
    // way, whatever the kind; done work stated as still to do, too (stance.ts, own-stance.ts).
    if (occurrence.stance === 'denied' || putOff(probe, occurrence.stance)) {
      // A rule that rules a thing out is kept by a sentence that denies the thing ("It is false that we added a
      // dependency"), and reversed by one that denies the ruling out ("It is false that we must not add one", "… that
      // he refused my `read-tree HEAD`": its clause's own negation or the user's refusal, as statesFact reads them).
      if (read.own === 'denied' && occurrence.stance === 'denied') {
        const rulesOut = read.name ? occurrence.negated : statesFact(read, occurrence, index);
        if (rulesOut) {
          denials.turned = true;
          oppose.push(occurrence);
        } else {
          denials.absent.push(occurrence);
          support.push(occurrence);
        }
      } else oppose.push(occurrence);
      continue;
    }
    // A thing said undone (reverted, dropped, rejected), a rule said lifted, a next step said finished: stated the
    // other way, unless the probe's own fact is that undoing (a revert, a deletion, a lifted rule); a thing ruled out
    // and said rejected is ruled out still (stance.ts).
    const undone = undoneStance(probe, occurrence.stance, read.own);
    if (undone !== undefined) {
      if (undone === 'kept') support.push(occurrence);
      else oppose.push(occurrence);
      continue;
    }
    // An error still live at the cut, said to be fixed, is stated the other way (fixed-claim.ts).
    if (live && saysFixed(index, occurrence.start, occurrence.end)) {
      oppose.push(occurrence);
      continue;
    }
    if (statesFact(read, occurrence, index)) support.push(occurrence);
    // An affirmed fact negated is its opposite only where the kind has one; a denied fact affirmed always is.
    else if (read.own !== 'affirmed' || polar) oppose.push(occurrence);
  }
}

/** Whether a context states each facet of a probe (some `support` of {@link facetEvidence}), read until it does. */
export function statedFacets(index: TextIndex, _probe: Probe, reading: ProbeReading): boolean[] {
  const stated: boolean[] = [];
  for (const facet of reading.facets) stated.push(statesFacet(index, facet));
  return stated;
}

/** Whether a context states one facet of a probe (see {@link statedFacets}). */
function statesFacet(index: TextIndex, facet: FacetReading): boolean {
  for (let at = 0; at < facet.spellings.length; at++) {
    const spelling = facet.spellings[at]!;
    const read = facet.reads[at]!;
    for (const occurrence of index.occurrences(spelling))
      if (statesFact(read, occurrence, index)) return true;
    for (const occurrence of listedCommandOccurrences(index, spelling))
      if (statesFact(read, occurrence, index)) return true;
  }
  for (const number of facet.numbers) {
    for (const found of index.findNumbers(number))
      if (!found.negated && sameNumber(number, found)) return true;
  }
  return false;
}
