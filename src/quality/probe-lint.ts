/**
 * `probes lint`: the checks that keep a probe set honest, so that a cheap trick (a list of paths, a bag of
 * identifiers, the last stretch of the session) cannot pass for keeping facts. Errors fail `probes lint`
 * (exit 1) and `check`; warnings are shown.
 */
import type { Message } from '../session/types.ts';
import { renderMessages } from '../session/transcript.ts';
import { createMatcher, normalizeForMatch, type TextIndex } from './match.ts';
import { probeOutcome } from './probe-recall.ts';
import type { Probe } from './probes.ts';
import { isContentWord, wordsOf } from './derive/phrases.ts';
import { absenceByEvents } from './absence.ts';
import { madeByEvents } from './made.ts';

/** One problem with one probe. */
export type LintFinding = {
  probe: string;
  level: 'error' | 'warning';
  rule: LintRule;
  message: string;
};

/** The rules, as named in findings and docs/quality.md. */
export type LintRule =
  | 'no-phrase-facet'
  | 'no-content-word'
  | 'shared-facets'
  | 'answer-misses'
  | 'answer-overlap'
  | 'absent-facet'
  | 'absence-unfounded'
  | 'made-unfounded'
  | 'unanswerable'
  | 'contradicted-by-transcript'
  | 'late-answer'
  | 'message-index';

/** What the rules read. */
export type LintInput = { probes: readonly Probe[]; messages: readonly Message[] };

const words = (spelling: string) => normalizeForMatch(spelling).split(' ').filter(Boolean).length;
const render = (messages: readonly Message[]) =>
  renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY });

/** Every finding for a probe set against its transcript, in probe order. */
export function lintProbes({ probes, messages }: LintInput): LintFinding[] {
  const findings: LintFinding[] = [];
  const add = (probe: Probe, level: LintFinding['level'], rule: LintRule, message: string) =>
    findings.push({ probe: probe.id, level, rule, message });
  const lastQuarterStart = Math.floor((messages.length * 3) / 4);
  const { transcript, lastQuarter } = transcriptIndexes(messages, lastQuarterStart);
  const answers = new Map(probes.map((probe) => [probe.id, createMatcher(probe.answer)]));
  const facetKeys = new Map<string, string>();

  for (const probe of probes) {
    checkFacetShape(probe, add);
    checkFacetWords(probe, add);
    const key = facetSetKey(probe);
    const twin = facetKeys.get(key);
    if (twin)
      add(probe, 'error', 'shared-facets', `has the same facets as '${twin}': keeping one earns both`);
    else facetKeys.set(key, probe.id);

    if (probeOutcome(answers.get(probe.id)!, probe) !== 'matched')
      add(probe, 'error', 'answer-misses', 'its own answer does not state all of its facets');
    for (const other of probes) {
      // Literally: in other words, a long answer shares enough terms with many a short fact by chance.
      if (
        other === probe ||
        probeOutcome(answers.get(other.id)!, probe, { inOtherWords: false }) !== 'matched'
      )
        continue;
      add(probe, 'error', 'answer-overlap', `the answer of '${other.id}' also keeps it: they test one fact`);
    }
    checkTranscript(probe, transcript, add);
    checkPosition(probe, messages.length, lastQuarterStart, lastQuarter, add);
  }
  return findings;
}

// The transcript's indexes, built once per message list: derivation lints the same session again after each drop.
const indexesByMessages = new WeakMap<
  readonly Message[],
  { transcript: TextIndex; lastQuarter: TextIndex }
>();

/** The whole transcript and its last quarter, indexed for matching (cached for the message list). */
function transcriptIndexes(
  messages: readonly Message[],
  lastQuarterStart: number,
): { transcript: TextIndex; lastQuarter: TextIndex } {
  let indexes = indexesByMessages.get(messages);
  if (!indexes) {
    indexes = {
      transcript: createMatcher(render(messages)),
      lastQuarter: createMatcher(render(messages.slice(lastQuarterStart))),
    };
    indexesByMessages.set(messages, indexes);
  }
  return indexes;
}

type Add = (probe: Probe, level: LintFinding['level'], rule: LintRule, message: string) => void;

/**
 * A probe needs a facet that only a statement can satisfy: one whose every spelling has two words or more.
 * Otherwise a keyword list or a bag of identifiers passes it ("staging", "keyset", "Redis", "1Gi").
 */
function checkFacetShape(probe: Probe, add: Add): void {
  if (probe.facets.some((spellings) => spellings.every((spelling) => words(spelling) >= 2))) return;
  const single = probe.facets.length === 1 && probe.facets[0]!.some((spelling) => words(spelling) === 1);
  add(
    probe,
    'error',
    'no-phrase-facet',
    single
      ? `its only facet can be one word (${JSON.stringify(probe.facets[0]![0])}): a keyword list passes it`
      : 'every facet can be a single word or identifier: a bag of identifiers passes it; add a facet that states the fact',
  );
}

// Words of talk that say nothing of the work on their own ("That's better", "Nothing happens", "15 should").
const FILLER = new Set(
  `better worse happens happened happening nothing something anything everything should works working worked
  fine done try tried again okay great`.split(/\s+/),
);

/** Whether a word of a facet carries the work's meaning: not a stopword, a filler word or a bare number. */
function carriesMeaning(word: string): boolean {
  const bare = word.toLowerCase().replace(/['’](?:s|re|ve|ll|d|t)$/, '');
  return isContentWord(bare) && !FILLER.has(bare) && !/^\d+(?:[.,]\d+)?$/.test(bare);
}

/**
 * A facet is what a faithful paraphrase must keep: an identifier, a path, a number with its unit, a distinctive word.
 * One whose every spelling is talk or a bare number asks a summary for the user's wording, not the fact.
 */
function checkFacetWords(probe: Probe, add: Add): void {
  for (const spellings of probe.facets) {
    if (spellings.some((spelling) => wordsOf(spelling).some(carriesMeaning))) continue;
    add(
      probe,
      'warning',
      'no-content-word',
      `facet ${JSON.stringify(spellings[0])} has no content word: a faithful paraphrase need not repeat it`,
    );
  }
}

/** The facets as an order-free key of normalized spellings. */
function facetSetKey(probe: Probe): string {
  return probe.facets
    .map((spellings) =>
      spellings
        .map((spelling) => normalizeForMatch(spelling))
        .sort()
        .join('|'),
    )
    .sort()
    .join('&');
}

/** Every facet occurs in the transcript, and the facts are stated together somewhere. */
function checkTranscript(probe: Probe, transcript: TextIndex, add: Add): void {
  if (probe.absence) {
    checkAbsence(probe, transcript, add);
    return;
  }
  // A made change rests on its events: the request, and the write after it.
  if (probe.made && madeByEvents(transcript, probe.made) !== 'matched')
    add(
      probe,
      'error',
      'made-unfounded',
      `the transcript holds no write ${probe.made.writes} after the request ${probe.made.request}: the change it says made was not`,
    );
  const absent = probe.facets.filter((spellings) => !transcript.hasAny(spellings));
  for (const spellings of absent)
    add(
      probe,
      'error',
      'absent-facet',
      `no spelling of facet ${JSON.stringify(spellings)} is in the transcript`,
    );
  // A rule's alternative is read only as the transcript names it, so a spelling it never uses keeps nothing.
  if (probe.alternative && !transcript.hasAny(probe.alternative.spellings))
    add(
      probe,
      'error',
      'absent-facet',
      `no spelling of its alternative ${JSON.stringify(probe.alternative.spellings)} is in the transcript`,
    );
  // Its facets, read as the probe states them: what a file's edits wrote (change-words.ts) answers any artifact.
  const outcome = probeOutcome(transcript, probe, { change: false });
  if (outcome === 'contradicted') {
    const phrase = probe.contradictions.find((contradiction) =>
      transcript.occurrences(contradiction).some((occurrence) => !occurrence.negated),
    );
    add(
      probe,
      'error',
      'contradicted-by-transcript',
      `the transcript itself states the contradiction ${JSON.stringify(phrase)}: the whole session would score it contradicted`,
    );
  } else if (absent.length === 0 && outcome !== 'matched') {
    add(
      probe,
      'error',
      'unanswerable',
      'the transcript never states all facets together: no summary can keep it',
    );
  }
}

// What an absence's denied event is, as lint names it.
const DENIED_EVENT: Record<NonNullable<Probe['absence']>['denies'], string> = {
  commit: 'a commit after the edit it rests on',
  change: 'a write',
  test: 'a write to a test file naming the function',
};

/**
 * A state of absence is checked against the events, not the words (its facets are a summary's spellings of the
 * absence, which a transcript need not hold): the event it rests on ran in the transcript, and nothing it denies
 * (a commit after it, a write anywhere, a test of the function written) did.
 */
function checkAbsence(probe: Probe, transcript: TextIndex, add: Add): void {
  const read = absenceByEvents(transcript, probe.absence!);
  if (read === 'matched') return;
  add(
    probe,
    'error',
    'absence-unfounded',
    read === 'contradicted'
      ? `the transcript holds ${DENIED_EVENT[probe.absence!.denies]}: what it says has not happened did`
      : `no call of the transcript is the event it rests on (${probe.absence!.restsOn})`,
  );
}

/** The probe sits where it says, and a fact of the first half cannot be kept from the last quarter alone. */
function checkPosition(
  probe: Probe,
  messageCount: number,
  lastQuarterStart: number,
  lastQuarter: TextIndex,
  add: Add,
): void {
  const at = probe.messageIndex;
  if (at === undefined) {
    add(probe, 'warning', 'message-index', 'no messageIndex: where the fact is planted is unknown');
    return;
  }
  if (at >= messageCount) {
    add(probe, 'error', 'message-index', `messageIndex ${at} is past the last message (${messageCount - 1})`);
    return;
  }
  const repeatedLate = (probe.repeatedAt ?? []).some((index) => index >= lastQuarterStart);
  if (at >= messageCount / 2 || repeatedLate) return;
  if (probeOutcome(lastQuarter, probe, { inOtherWords: false }) === 'matched') {
    add(
      probe,
      'error',
      'late-answer',
      `planted at message ${at} (first half) but the last quarter alone (messages ${lastQuarterStart}+) keeps it; list where the session repeats it in repeatedAt`,
    );
  } else if (probeOutcome(lastQuarter, probe, { change: false }) === 'matched') {
    // Restated in other words: often a real restatement (an agent's closing summary), so a reviewer decides.
    add(
      probe,
      'warning',
      'late-answer',
      `planted at message ${at} (first half) but the last quarter alone (messages ${lastQuarterStart}+) keeps it in other words; if the session restates it there, list where in repeatedAt`,
    );
  }
}

/** Probes per tenth of the session, by `messageIndex` (probes without one are left out). */
export function positionHistogram(probes: readonly Probe[], messageCount: number): number[] {
  const bins = new Array<number>(10).fill(0);
  for (const probe of probes) {
    if (probe.messageIndex === undefined || messageCount === 0) continue;
    const bin = Math.min(9, Math.floor((probe.messageIndex / messageCount) * 10));
    bins[bin] = bins[bin]! + 1;
  }
  return bins;
}
