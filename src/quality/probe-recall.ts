/**
 * `probeRecall`: the share of a fixture's live fact probes the compacted context keeps, overall and per kind (a probe
 * kept in part counts half); `historyRecall` beside it for the facts that no longer matter at the cut; each probe's
 * outcome (matched, partial, missed, contradicted) and the count of contradicted ones.
 */
import { fileName } from '../session/normalise-path.ts';
import { markSharedTerms } from './artifact-context.ts';
import { escapeRegExp } from '../text/regexp.ts';
import { toldByCommit } from './commit-told.ts';
import { namesCheckOnlyAsStep } from './check-told.ts';
import { describesArtifact, namesArtifactInProse } from './artifact-described.ts';
import type { Occurrence, TextIndex } from './match.ts';
import { FACET_WINDOW_WORDS, withinWindow } from './facet-window.ts';
import { partedBetweenWords } from './line-ends.ts';
import { readStatement, readStatements, type StatementReading } from './meaning.ts';
import { unquotedLabel } from './quoted-runs.ts';
import { statedInOtherWords, statesWordPair } from './other-words.ts';
import {
  onlyPendingInOtherWords,
  ownNegationDenied,
  saidOtherWayInOtherWords,
} from './denied-other-words.ts';
import { statesChange } from './change-words.ts';
import { saidOfItsFile } from './added-name.ts';
import { facetEvidence, isOpposable, readProbe, type FacetEvidence } from './probe-reading.ts';
import { isLive, type Probe } from './probes.ts';
import { ruleSaidFalse, statementLabel, type StatementThresholds } from './statement-match.ts';
import { DONE_KINDS } from './stance.ts';
import { statesOpposite } from './opposite.ts';
import { isCommitState, saysNothingCommitted } from './nothing-committed.ts';
import { absenceOutcome } from './absence.ts';
import { madeOutcome } from './made.ts';
import { saysUndoneInOtherWords } from './undone-in-other-words.ts';
import { saysItIsNext } from './next-said.ts';
import { mentionsTopic } from './rule-topic.ts';
import { alternativeAffirmedApart, alternativeSaid } from './rule-alternative.ts';
import { mentionsSubject } from './subject-mention.ts';
import { errorByCode } from './error-code.ts';
import { deniedArtifactOutcome } from './artifact-denied.ts';
import { balancedRecall, headlineKind, outcomeCredit, share } from './recall-credit.ts';
import type { ProbeOutcome, Quality, Scorer } from './types.ts';
import { textLines } from './text-lines.ts';

export { FACET_WINDOW_WORDS, withinWindow } from './facet-window.ts';

/**
 * The outcome of one probe (its statement alone, or `options.statement`): an absence by its events or words
 * (absence.ts), a made change by its events or a line saying it made (made.ts); contradicted by a contradiction
 * phrase (or one in the passive) or a state's opposite (opposite.ts); matched when every facet is stated together (or
 * in other words, {@link statedInOtherWords}); contradicted when the facets are with one opposed (probe-reading.ts); a
 * rule by what it allows (rule-alternative.ts); else by its plain statement; partial when it names the file in prose
 * or mentions the subject (subject-mention.ts, unless `options.subjects` is false); else missed. A tracker item's
 * next step is kept only where said to be next (else missed), a check's command named only as a step to take half; an
 * artifact contradicted where a sentence naming its file denies the write (artifact-denied.ts). */
export function probeOutcome(index: TextIndex, probe: Probe, options: OutcomeOptions = {}): ProbeOutcome {
  const outcome = ownOutcome(index, probe, options);
  if (probe.kind !== 'artifact') return outcome;
  // A file said not written, in a sentence that denies it or puts it off (artifact-denied.ts).
  return deniedArtifactOutcome(
    index,
    probe,
    outcome,
    (text) => ownOutcome(text, probe, options),
    (text) => ownOutcome(text, probe, { ...options, subjects: false }),
  );
}

/** {@link probeOutcome} before a file said not written is read. */
function ownOutcome(index: TextIndex, probe: Probe, options: OutcomeOptions): ProbeOutcome {
  const read = (literal: boolean) =>
    outcomeIn(index, probe, literal ? { ...options, inOtherWords: false } : options);
  if (probe.absence) return absenceOutcome(index, probe.absence, probe.facets, read);
  if (probe.made)
    return madeOutcome(index, probe.made, probe.facets, (l) => outcomeIn(l, probe, options), probe.file);
  const outcome = read(false);
  if (outcome !== 'matched') return outcome;
  if (probe.kind === 'next-step') return saysItIsNext(index, probe) ? 'matched' : 'missed';
  return namesCheckOnlyAsStep(index, probe) ? 'partial' : outcome;
}

/** How {@link probeOutcome} reads a probe (see there). */
type OutcomeOptions = {
  inOtherWords?: boolean;
  statement?: StatementReading;
  subjects?: boolean;
  /** false: an artifact is not kept by what its edits wrote (change-words.ts), only by its facets and statement. */
  change?: boolean;
};

/** {@link probeOutcome} before a next step is asked to be said to be next. */
function outcomeIn(index: TextIndex, probe: Probe, options: OutcomeOptions): ProbeOutcome {
  const reading = readProbe(probe);
  // (Plain loops and module-level helpers: this runs per probe per context; match.ts's classes say why.)
  if (saysAnyAffirmed(index, reading.contradictions)) return 'contradicted';
  if (probe.opposite && statesOpposite(index, probe.opposite)) return 'contradicted';
  // A commit made, where the text says nothing was committed at all (nothing-committed.ts).
  if (isCommitState(probe) && saysNothingCommitted(index)) return 'contradicted';
  // A rule said lifted, a pick said rejected, a file said reverted, in words its facets do not hold.
  if (saysUndoneInOtherWords(index, probe)) return 'contradicted';
  const evidence = facetEvidence(index, probe, reading);
  const otherValues = otherValueWords(evidence);
  const supports: Occurrence[][] = [];
  for (const facet of evidence) supports.push(facet.support);
  // On one side of a list's line break (line-ends.ts: a list of unrelated lines joins no fact).
  if (
    withinWindow(supports, FACET_WINDOW_WORDS, otherValues, (low, high) =>
      partedBetweenWords(index, low, high),
    )
  )
    // Its words stated, its statement stated the other way where they are ("don't stop until every function is
    // not ported" has the facet "stop until all functions" and reverses the porting).
    return options.inOtherWords !== false &&
      statementOutcome(index, probe, options.statement) === 'contradicted'
      ? 'contradicted'
      : 'matched';
  // A rule said by what it allows keeps it where the thing it rules out is said in use only elsewhere, of another act
  // ("Reset: existence still via go-git repo.Reference" beside "verify gone via `git branch --list`").
  if (
    probe.alternative &&
    options.inOtherWords !== false &&
    alternativeAffirmedApart(index, probe.alternative, opposing(evidence))
  )
    return 'matched';
  if (opposedInWindow(evidence)) return 'contradicted';
  if (options.inOtherWords === false) return 'missed';
  // A rule told by what it allows ("highlight.js only" for "no second highlighter"), or that taken out.
  const alternative = probe.alternative ? alternativeSaid(index, probe.alternative) : undefined;
  if (alternative !== undefined) return alternative === 'affirmed' ? 'matched' : 'contradicted';
  if (statedInOtherWords(index, reading, probe.kind === 'artifact' ? probe.file : undefined))
    // A state's facet written only where it is said not done ("Adding a retry budget (1a2b3c4) is still pending")
    // states the rest in other words around that denial; done work stated so only where it is put as still to do is
    // stated the other way (denied-other-words.ts).
    return onlySaidNotDone(evidence) ||
      onlyPendingInOtherWords(index, probe, reading, 'otherWords') ||
      ownNegationDenied(index, probe, reading)
      ? 'contradicted'
      : 'matched';
  // A pair of its words said together (a pick told by what it does), unless its statement is stated the other way.
  if (statesWordPair(index, probe))
    return statementOutcome(index, probe, options.statement) === 'contradicted' ||
      onlyPendingInOtherWords(index, probe, reading, 'wordPair')
      ? 'contradicted'
      : 'matched';
  // A numbered error code with a name its message quotes: the error named by its code (error-code.ts).
  const byCode = errorByCode(index, probe);
  if (byCode !== undefined)
    return byCode === 'contradicted' || statementOutcome(index, probe, options.statement) === 'contradicted'
      ? 'contradicted'
      : 'matched';
  const statement = statementOutcome(index, probe, options.statement);
  // A rule kept only where a denial turns a negation of the sentence's own is the rule said false (statement-match.ts).
  const outcome =
    statement === 'matched' &&
    probe.kind === 'constraint' &&
    ruleSaidFalse(
      index.meaning(),
      textLines(index),
      options.statement ?? probe.statement!,
      PROBE_STATEMENT_THRESHOLDS,
    )
      ? 'contradicted'
      : statement;
  // Its facets stated in other words only where a sentence denies them ("It is false that …", "… was not done", "The
  // user never asked for …"), or puts done work as still to do: the fact stated the other way.
  if (outcome === 'missed' || outcome === 'partial')
    if (saidOtherWayInOtherWords(index, probe, reading) || ownNegationDenied(index, probe, reading))
      return 'contradicted';
  if (
    outcome !== 'contradicted' &&
    (describesArtifact(index.meaning(), probe) ||
      (options.change !== false && (statesChange(index, probe) || saidOfItsFile(index, probe))))
  )
    return 'matched';
  // The request as the agent restated it, or as one of its sentences says what to make (derive/restated-requests.ts,
  // derive/request-goals.ts), stated as a statement is; stated the other way ("It is false that …"), a contradiction.
  if (outcome !== 'matched' && outcome !== 'contradicted') {
    const restated = restatedRequest(index, probe);
    if (restated !== undefined) return restated;
  }
  if (outcome === 'missed' && probe.partialCredit !== false && namesArtifactInProse(index.meaning(), probe))
    return 'partial';
  // Its subject named in the text's own words, without its specifics: a hint a careful reader could follow.
  if (
    outcome === 'missed' &&
    options.subjects !== false &&
    probe.partialCredit !== false &&
    probe.subjectCredit !== false &&
    (mentionsSubject(index.meaning(), probe, { titleRuns: options.statement?.titleRuns }) ||
      mentionsTopic(index, probe))
  )
    return 'partial';
  return outcome;
}

// The words of a facet's other values, by their list: one number's other values are a list the text's index parts
// once per value (probe-reading.ts), and each probe with that number made its words again (4.7 M words for 573
// facets in the 4 M-token bench session's three long contexts).
const otherValueWordLists = new WeakMap<readonly Occurrence[], readonly number[]>();

/** The words of the facets' other values (probe-reading.ts), in order: facet by facet, each in its list's order. */
function otherValueWords(evidence: readonly FacetEvidence[]): readonly number[] {
  let only: readonly Occurrence[] | undefined;
  let lists = 0;
  for (const facet of evidence)
    if (facet.otherValues.length > 0) {
      only = facet.otherValues;
      lists++;
    }
  if (lists === 1) {
    let words = otherValueWordLists.get(only!);
    if (!words) otherValueWordLists.set(only!, (words = only!.map((occurrence) => occurrence.word)));
    return words;
  }
  const words: number[] = [];
  for (const facet of evidence) for (const occurrence of facet.otherValues) words.push(occurrence.word);
  return words;
}

/** A restatement read once: its reading, and for the request's own sentence the sentence (quoted-runs.ts). */
type Restatement = { reading: StatementReading; quotable?: string };

const restatementReadings = new WeakMap<Probe, Restatement[]>();

/**
 * How a text states a task's restatements, as its statement is read: matched where it states one whole, contradicted
 * where it states none whole and one the other way, else undefined (in part keeps nothing). The request's own
 * sentences (`requestSentences`) are read outside the lines that quote them: a quote keeps what the facets keep.
 */
function restatedRequest(index: TextIndex, probe: Probe): 'matched' | 'contradicted' | undefined {
  if (probe.restatements === undefined && probe.requestSentences === undefined) return undefined;
  let restatements = restatementReadings.get(probe);
  if (!restatements) {
    restatements = [
      ...(probe.restatements ?? []).map((sentence) => ({ reading: readStatement(sentence) })),
      ...(probe.requestSentences ?? []).map((sentence) => ({
        reading: readStatement(sentence),
        quotable: sentence,
      })),
    ];
    restatementReadings.set(probe, restatements);
  }
  const meaning = index.meaning();
  let opposed = false;
  for (const { reading, quotable } of restatements) {
    const label =
      quotable === undefined
        ? statementLabel(meaning, reading, PROBE_STATEMENT_THRESHOLDS)
        : unquotedLabel(meaning, quotable, reading, PROBE_STATEMENT_THRESHOLDS);
    if (label === 'kept') return 'matched';
    if (label === 'contradicted') opposed = true;
  }
  return opposed ? 'contradicted' : undefined;
}

/** Whether some facet of a state is written only where it is said not done (probe-reading.ts, `notDone`). */
function onlySaidNotDone(evidence: readonly FacetEvidence[]): boolean {
  for (const facet of evidence) if (facet.notDone.length > 0 && facet.support.length === 0) return true;
  return false;
}

/** Whether `index` says any of `phrases` other than negated. */
function saysAnyAffirmed(index: TextIndex, phrases: readonly string[]): boolean {
  for (const phrase of phrases)
    for (const occurrence of index.occurrences(phrase)) if (!occurrence.negated) return true;
  return false;
}

/** Every facet's opposing occurrences. */
function opposing(evidence: readonly FacetEvidence[]): Occurrence[] {
  const all: Occurrence[] = [];
  for (const facet of evidence) all.push(...facet.oppose);
  return all;
}

/** Whether some facet's opposition stands within the window of every other facet's support or opposition. */
function opposedInWindow(evidence: readonly FacetEvidence[]): boolean {
  for (let opposedIndex = 0; opposedIndex < evidence.length; opposedIndex++) {
    const facet = evidence[opposedIndex]!;
    if (facet.oppose.length === 0) continue;
    const lists: Occurrence[][] = [];
    for (let index = 0; index < evidence.length; index++) {
      const other = evidence[index]!;
      lists.push(index === opposedIndex ? other.oppose : [...other.support, ...other.oppose]);
    }
    const otherValues: number[] = [];
    if (facet.otherValues.length > 0)
      for (const occurrence of facet.support) otherValues.push(occurrence.word);
    if (withinWindow(lists, FACET_WINDOW_WORDS, otherValues)) return true;
  }
  return false;
}

const statementReadings = new WeakMap<Probe, StatementReading>();

/**
 * How a probe's statement must be stated: stricter than a reader's fact list (statement-match.ts), because a probe is
 * looked for in a whole kept tail, where a short statement's few words turn up together by chance: half its terms on
 * one line (a sentence or a bullet, not a list of names or error lines gathered from neighbouring lines, nor two
 * items of a word list, where a bag of words holds its words one an item), a third
 * of its content words in prose, so names alone keep nothing; from 30% of its terms, part of it (half a probe, as the
 * yardstick's reader counts a fact half kept), outside sentences that deny it ("It is false that …", "… was not done")
 * or, for done work, put it as still to do. On one line, one signal the other way (a content word negated the
 * other way, an opposite word) contradicts it: a derived statement is short, and "end-to-end tests are not wanted"
 * beside "wants unit tests" flips its one telling word.
 */
export const PROBE_STATEMENT_THRESHOLDS: StatementThresholds = {
  window: 20,
  kept: 0.5,
  partial: 0.3,
  content: 0.3,
  partialNeedsTelling: true,
  oneLine: true,
  opposingSignals: 1,
  wordLists: true,
  partialAffirmed: true,
};
// A next step: a lack it names ("X not set") is ended, not said the other way, by the step said as its act ("set X").
const NEXT_STEP_STATEMENT_THRESHOLDS: StatementThresholds = {
  ...PROBE_STATEMENT_THRESHOLDS,
  stepEndsLack: true,
};
// The same for done work: stated as still to do, it is stated the other way.
const DONE_STATEMENT_THRESHOLDS: StatementThresholds = {
  ...PROBE_STATEMENT_THRESHOLDS,
  pendingOpposes: true,
};
// What a file now holds: only a sentence that denies it or puts it as still to do states it the other way ("the
// page says 'No open annotations'" and "workers never started" describe the code).
const ARTIFACT_STATEMENT_THRESHOLDS: StatementThresholds = {
  ...DONE_STATEMENT_THRESHOLDS,
  stanceOnly: true,
  proseNamesBesideFile: true,
};
// A statement of fewer terms is a phrase, and the facets already say it.
const MIN_STATEMENT_TERMS = 4;

const weighedSets = new WeakMap<readonly Probe[], Map<Probe, StatementReading>>();

/**
 * The statements of a probe set read together, each term weighted by how few of them use it (as the yardstick's
 * facts are read): a word most of a session's facts share ("session", "test") tells less about which fact a text
 * keeps than a rare one ("end-to-end"). Read once per set: every strategy is scored on the same one.
 */
function weighedStatements(probes: readonly Probe[]): Map<Probe, StatementReading> {
  let readings = weighedSets.get(probes);
  if (!readings) {
    const stated = probes.filter((probe) => probe.statement !== undefined);
    const read = markSharedTerms(
      readStatements(stated.map((probe) => probe.statement!)),
      stated.map((probe) =>
        probe.kind === 'artifact' && probe.file !== undefined
          ? { statement: probe.statement!, file: probe.file }
          : undefined,
      ),
    );
    readings = new Map(stated.map((probe, index) => [probe, toldByCommit(probe, read[index]!)]));
    weighedSets.set(probes, readings);
  }
  return readings;
}

/**
 * A probe's plain statement read the way the yardstick's reader labels a fact (statement-match.ts): kept when enough
 * of its terms are stated together, its content words in prose (so names alone keep nothing); partial when a part of
 * them is, unless the probe earns no half (`partialCredit: false`: a part of it is what a cheap trick keeps).
 */
function statementOutcome(index: TextIndex, probe: Probe, weighed?: StatementReading): ProbeOutcome {
  if (probe.statement === undefined) return 'missed';
  let reading = weighed ?? statementReadings.get(probe);
  if (!reading) {
    reading = toldByCommit(probe, readStatement(probe.statement));
    statementReadings.set(probe, reading);
  }
  if (reading.terms.length < MIN_STATEMENT_TERMS) return 'missed';
  const label = statementLabel(
    index.meaning(),
    reading,
    probe.kind === 'artifact'
      ? ARTIFACT_STATEMENT_THRESHOLDS
      : DONE_KINDS.has(probe.kind)
        ? DONE_STATEMENT_THRESHOLDS
        : probe.kind === 'next-step'
          ? NEXT_STEP_STATEMENT_THRESHOLDS
          : PROBE_STATEMENT_THRESHOLDS,
    probe.kind === 'artifact' && probe.file !== undefined && reading.terms.some(namedInProse)
      ? linesWriting(index, fileName(probe.file))
      : undefined,
  );
  if (label === 'partial') return probe.partialCredit === false ? 'missed' : 'partial';
  return label === 'kept' ? 'matched' : label === 'contradicted' ? 'contradicted' : 'missed';
}

/** A term of a name the statement also says in prose (meaning.ts `saidInProse`). */
const namedInProse = (term: StatementReading['terms'][number]): boolean =>
  term.name && term.saidInProse === true;

const writtenLines = new WeakMap<TextIndex, Map<string, ReadonlySet<number>>>();

/**
 * The lines of a text that write a file's name with its extension (`sync_raw_logs.py`, in a path or alone), read once
 * per text and name: where a word of a name is said in prose of that file. A module's name without its extension
 * ("**math_utils**: 1 function") names no file of the session's.
 */
function linesWriting(index: TextIndex, name: string): ReadonlySet<number> {
  let byName = writtenLines.get(index);
  if (!byName) writtenLines.set(index, (byName = new Map()));
  let lines = byName.get(name);
  if (!lines) {
    const written = new RegExp(`(?<![\\p{L}\\p{N}_.-])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, 'u');
    const found = new Set<number>();
    const textLines = index.text().split('\n');
    for (let at = 0; at < textLines.length; at++)
      if (textLines[at]!.includes(name) && written.test(textLines[at]!)) found.add(at);
    byName.set(name, (lines = found));
  }
  return lines;
}

type Tally = { matched: number; partial: number; total: number };

/** Adds one outcome to a tally. */
function count(tally: Tally, outcome: ProbeOutcome): void {
  tally.total++;
  if (outcome === 'matched') tally.matched++;
  else if (outcome === 'partial') tally.partial++;
}

/** A tally's recall: (matched + ½ partial) / total, or null when it is empty. */
function recallOf(tally: Tally): number | null {
  return share(tally.matched + tally.partial / 2, tally.total);
}

/**
 * Probe recall over the live facts (the headline, kind-balanced: {@link balancedRecall}) and over history apart,
 * recall per kind over the live facts (the figures the headline averages), the outcome of every probe (live and
 * history), and the contradicted count over all of them. A probe kept in part counts half.
 */
export function scoreProbes(
  summary: TextIndex,
  probes: readonly Probe[],
): Pick<
  Quality,
  | 'probeRecall'
  | 'probeRecallByKind'
  | 'probesMatched'
  | 'probesPartial'
  | 'probesTotal'
  | 'historyRecall'
  | 'historyMatched'
  | 'historyPartial'
  | 'historyTotal'
  | 'contradictions'
  | 'missedProbes'
  | 'probeOutcomes'
> {
  const byKind = new Map<string, Tally>();
  const credited: Array<{ kind: string; credit: number }> = [];
  const probeOutcomes: Record<string, ProbeOutcome> = {};
  const missedProbes: string[] = [];
  const live: Tally = { matched: 0, partial: 0, total: 0 };
  const history: Tally = { matched: 0, partial: 0, total: 0 };
  let contradictions = 0;
  const statements = weighedStatements(probes);
  for (const probe of probes) {
    const outcome = probeOutcome(summary, probe, { statement: statements.get(probe) });
    probeOutcomes[probe.id] = outcome;
    count(isLive(probe) ? live : history, outcome);
    if (outcome !== 'matched') missedProbes.push(probe.id);
    if (outcome === 'contradicted') contradictions++;
    if (!isLive(probe)) continue;
    credited.push({ kind: probe.kind, credit: outcomeCredit(outcome) });
    const kind = byKind.get(headlineKind(probe.kind)) ?? { matched: 0, partial: 0, total: 0 };
    count(kind, outcome);
    byKind.set(headlineKind(probe.kind), kind);
  }
  const probeRecallByKind: Record<string, number> = {};
  for (const kind of [...byKind.keys()].sort()) probeRecallByKind[kind] = recallOf(byKind.get(kind)!)!;
  return {
    probeRecall: balancedRecall(credited),
    probeRecallByKind,
    probesMatched: live.matched,
    probesPartial: live.partial,
    probesTotal: live.total,
    historyRecall: recallOf(history),
    historyMatched: history.matched,
    historyPartial: history.partial,
    historyTotal: history.total,
    contradictions: probes.some(isOpposable) ? contradictions : null,
    missedProbes,
    probeOutcomes,
  };
}

/** The probe-recall scorer. */
export const scoreProbeRecall: Scorer = (input, texts) => scoreProbes(texts.summary, input.probes);
