/**
 * Coverage and precision of the derived probes against a reader's facts at one cut (docs/calibration.md): which of
 * the reader's live facts some live derived probe states, and which live derived probes state one of the reader's.
 * Whether a probe states a fact is read with the yardstick's own matcher (statement-match.ts), both ways: the fact
 * stated in the probe's words or the probe's in the fact's, kept or in part; an artifact probe states the reader's
 * artifact fact that names its file (the facts that write its name in full, where one does). A fact of one kind
 * first (the headline's kinds; a task and a next step count as one, since a reader files the request being worked on
 * as either). A probe no fact of its kind joins may state a fact the reader filed under another kind (a declined
 * layout derived as a constraint, the reader's decision), read more strictly, since words a fact of another kind
 * shares ("mix test" in a rule of the workflow and in a test run's state) are most often another fact: kept whole on
 * one line, and the probe's own words counted without its paths and commands. A probe neither reading joins may say a
 * fact in words of its own: two words rare in the session (session-rarity.ts) shared outside its paths and commands.
 * Past those, a probe no fact of its kind joins is read by where it comes from and what it acts on: it states the fact
 * of its kind (not an artifact) whose evidence cites the very message the probe was drawn from, when the two share a
 * word, and a next step states the cut's one next-step fact when both name one file.
 */
import { fileName } from '../session/normalise-path.ts';
import { escapeRegExp } from '../text/regexp.ts';
import { meaningTerms } from '../quality/meaning.ts';
import { isLive, type Probe } from '../quality/probes.ts';
import { headlineKind } from '../quality/recall-credit.ts';
import { extractPaths } from '../quality/paths.ts';
import {
  STATEMENT_THRESHOLDS,
  indexStatements,
  readStatements,
  statementLabel,
  type StatementThresholds,
} from '../quality/statement-match.ts';
import type { CalibrationFact } from './cuts.ts';
import { sessionRarity, type SessionRarity } from './session-rarity.ts';

/** One reader fact: whether a derived probe states it, and which. */
export type FactCoverage = { fact: string; kind: string; covered: boolean; by: string | null };

/** One live derived probe: whether it states a reader's fact, and which. */
export type ProbePrecision = { probe: string; kind: string; precise: boolean; of: string | null };

/** Coverage and precision at one cut. */
export type CutCoverage = { facts: FactCoverage[]; probes: ProbePrecision[] };

/** What a probe says, as the text the reader's fact is looked for in: its statement, else its answer. */
export function probeClaim(probe: Pick<Probe, 'statement' | 'answer'>): string {
  return probe.statement ?? probe.answer;
}

/**
 * Which live reader facts the live derived probes state, and which of those probes state a reader's fact. Each term
 * is weighted by how few of the cut's facts and probes use it, as the yardstick's facts are read among themselves;
 * `history` (the text of each message before the cut) tells which words are rare in the session, and `entries` (the
 * transcript entry of each of those messages) which request a fact's evidence cites.
 */
export function cutCoverage(
  facts: readonly CalibrationFact[],
  probes: readonly Probe[],
  history: readonly string[] = [],
  entries: readonly number[] = [],
): CutCoverage {
  const liveFacts = facts.filter((fact) => fact.live);
  const liveProbes = probes.filter(isLive);
  const claims = liveProbes.map(probeClaim);
  const readings = readStatements([...liveFacts.map((fact) => fact.statement), ...claims]);
  const factReadings = readings.slice(0, liveFacts.length);
  const claimReadings = readings.slice(liveFacts.length);
  const claimIndexes = claims.map((claim) => indexStatements(claim));
  const factIndexes = liveFacts.map((fact) => indexStatements(fact.statement));
  const factTerms = liveFacts.map((fact) => meaningTerms(fact.statement).map((term) => term.term));
  // A file some fact writes in full (`committed.go`) is that fact's: its stem alone is often a word of other facts
  // ("committed", "settings", "transcript"), which names the file only where no fact writes it.
  const fileWritten = liveProbes.map(
    (probe) =>
      probe.kind === 'artifact' &&
      probe.file !== undefined &&
      liveFacts.some(
        (fact) => sameKind(fact.kind, probe.kind) && writesFullName(fact.statement, probe.file!),
      ),
  );
  const states = (factAt: number, probeAt: number): boolean => {
    const probe = liveProbes[probeAt]!;
    // What a file now holds: the reader's fact about that file, named by its name or its stem's words in a row
    // ("router", "PaneListLive" for pane_list_live.ex).
    if (probe.kind === 'artifact' && probe.file !== undefined)
      return fileWritten[probeAt]
        ? writesFullName(liveFacts[factAt]!.statement, probe.file)
        : namesFile(liveFacts[factAt]!.statement, factTerms[factAt]!, probe.file);
    const factInClaim = statementLabel(claimIndexes[probeAt]!, factReadings[factAt]!);
    if (factInClaim === 'kept' || factInClaim === 'partial') return true;
    const claimInFact = statementLabel(factIndexes[factAt]!, claimReadings[probeAt]!);
    return claimInFact === 'kept' || claimInFact === 'partial';
  };
  // Across kinds, only a statement kept whole on one line: the reader's fact in the probe's words, or the probe's own
  // words (without its paths and commands) in the fact. A shared path or command ("`mix credo lib/x.ex` passes" and
  // a next step to run mix credo) is not one fact filed twice.
  const claimWords = readStatements([
    ...liveFacts.map((fact) => fact.statement),
    ...claims.map(withoutNames),
  ]).slice(liveFacts.length);
  const wordCounts = claims.map(
    (claim) => new Set(meaningTerms(withoutNames(claim)).map((term) => term.term)).size,
  );
  const statesAcross = (factAt: number, probeAt: number): boolean =>
    statementLabel(claimIndexes[probeAt]!, factReadings[factAt]!, CROSS_KIND) === 'kept' ||
    (wordCounts[probeAt]! >= CROSS_KIND_WORDS &&
      statementLabel(factIndexes[factAt]!, claimWords[probeAt]!, CROSS_KIND_CLAIM) === 'kept');
  const sameKindPairs = liveFacts.map((fact, factAt) =>
    liveProbes.map((probe, probeAt) => sameKind(fact.kind, probe.kind) && states(factAt, probeAt)),
  );
  // A probe a fact of its own kind joins keeps that join; one that joins none may state a fact the reader filed under
  // another kind (a declined layout the reader's decision, derived as a constraint).
  const joined = liveProbes.map((_, probeAt) => sameKindPairs.some((row) => row[probeAt]));
  const readPairs = sameKindPairs.map((row, factAt) =>
    row.map(
      (same, probeAt) =>
        same ||
        (!joined[probeAt] &&
          !sameKind(liveFacts[factAt]!.kind, liveProbes[probeAt]!.kind) &&
          statesAcross(factAt, probeAt)),
    ),
  );
  // A probe neither reading joins may say a fact in words of its own, of any kind (the agent's "we shell out to the
  // `claude` CLI instead of adding the Anthropic SDK" in the reader's task): words the session rarely uses, which the
  // fact holds too. Read only for those probes, so a join already made stays as it was.
  const unjoined = liveProbes.map((_, probeAt) => !readPairs.some((row) => row[probeAt]));
  const rarity: SessionRarity = unjoined.some(Boolean) ? sessionRarity(history) : null;
  const saysInOwnWords = (factAt: number, probeAt: number): boolean =>
    rarity !== null &&
    sharesRareWords(factTerms[factAt]!, claims[probeAt]!, rarity) &&
    statementLabel(factIndexes[factAt]!, claimReadings[probeAt]!, OWN_WORDS) !== 'contradicted';
  const worded = readPairs.map((row, factAt) =>
    row.map((read, probeAt) => read || (unjoined[probeAt]! && saysInOwnWords(factAt, probeAt))),
  );
  // A probe no fact of its kind joins may still be one by where it comes from or what it acts on: the message the
  // reader cites for a fact of its kind (the reader's "Overall task: collect every Claude Code conversation …" cites
  // "I want a complete history of our chats …"; "keep the old code working beside the new one" cites "can we keep the
  // old code around for reference?"), sharing a word with it; or, for a next step, the cut's one next step when both
  // name the file it is done in ("fix E0277 in app.rs, then run `cargo build`" and "Next: make app.rs compile …").
  // An artifact keeps its file's join. Not where the fact states the probe the other way.
  const nextSteps = liveFacts.filter((fact) => headlineKind(fact.kind) === 'next-step').length;
  const placed = (factAt: number, probeAt: number): boolean => {
    const [fact, probe] = [liveFacts[factAt]!, liveProbes[probeAt]!];
    const kind = headlineKind(probe.kind);
    if (kind === 'artifact' || headlineKind(fact.kind) !== kind) return false;
    const fromCited = citesMessage(fact, probe, entries) && sharesTerm(factTerms[factAt]!, claims[probeAt]!);
    const onOneFile = kind === 'next-step' && nextSteps === 1 && sharesPath(fact.statement, claims[probeAt]!);
    return (
      (fromCited || onOneFile) &&
      statementLabel(factIndexes[factAt]!, claimReadings[probeAt]!) !== 'contradicted'
    );
  };
  const pairs = worded.map((row, factAt) =>
    row.map((read, probeAt) => read || (!joined[probeAt]! && placed(factAt, probeAt))),
  );
  // A fact is covered by a probe of its own kind first.
  const coveredBy = (factAt: number): number => {
    const same = pairs[factAt]!.findIndex(
      (holds, probeAt) => holds && sameKind(liveFacts[factAt]!.kind, liveProbes[probeAt]!.kind),
    );
    return same >= 0 ? same : pairs[factAt]!.indexOf(true);
  };
  return {
    facts: liveFacts.map((fact, factAt) => {
      const probeAt = coveredBy(factAt);
      return {
        fact: fact.id,
        kind: headlineKind(fact.kind),
        covered: probeAt >= 0,
        by: probeAt >= 0 ? liveProbes[probeAt]!.id : null,
      };
    }),
    probes: liveProbes.map((probe, probeAt) => {
      const factAt = pairs.findIndex((row) => row[probeAt]);
      return {
        probe: probe.id,
        kind: headlineKind(probe.kind),
        precise: factAt >= 0,
        of: factAt >= 0 ? liveFacts[factAt]!.id : null,
      };
    }),
  };
}

// Kinds a reader and the derivation may file one fact under: the request being worked on is a task or a next step.
const REQUEST_KINDS: ReadonlySet<string> = new Set(['task', 'next-step']);

// A statement kept whole on one line (a sentence or a bullet), not gathered from neighbouring lines.
const CROSS_KIND: StatementThresholds = { ...STATEMENT_THRESHOLDS, oneLine: true };
// The probe's own words in a fact of another kind: most of them, and at least three distinct terms besides its paths
// and commands ("`go build ./x` passes" says only "passes" of its own, which any fact of a passing check shares).
const CROSS_KIND_CLAIM: StatementThresholds = { ...CROSS_KIND, kept: 0.6 };
const CROSS_KIND_WORDS = 3;

// Words rare in the session a probe and a fact must share outside the probe's paths and commands (one is a word two
// statements of a session share by chance: "nothing", "edit"), and the share of the probe's terms the fact must hold.
const OWN_WORDS_RARE = 2;
const OWN_WORDS_SHARE = 0.45;
// Read only to tell a probe stated the other way in the fact ("never shell out" against "shells out").
const OWN_WORDS: StatementThresholds = {
  ...STATEMENT_THRESHOLDS,
  kept: OWN_WORDS_SHARE,
  partial: OWN_WORDS_SHARE,
};

/**
 * Whether a fact holds a probe's own words: two words rare in the session besides its paths and commands (a shared
 * path or command names a thing, it says nothing of it), and near half the probe's terms, those included.
 */
function sharesRareWords(
  factTerms: readonly string[],
  claim: string,
  rare: (term: string) => boolean,
): boolean {
  const fact = new Set(factTerms);
  const own = new Set(
    meaningTerms(withoutNames(claim))
      .filter((term) => !term.name)
      .map((term) => term.term),
  );
  if ([...own].filter((term) => fact.has(term) && rare(term)).length < OWN_WORDS_RARE) return false;
  const all = new Set(meaningTerms(claim).map((term) => term.term));
  return [...all].filter((term) => fact.has(term)).length >= OWN_WORDS_SHARE * all.size;
}

/**
 * Whether a reader's fact cites, among its evidence, the transcript entry of the message a probe was drawn from: the
 * reader says the fact was set or shown there.
 */
function citesMessage(
  fact: CalibrationFact,
  probe: Pick<Probe, 'messageIndex'>,
  entries: readonly number[],
): boolean {
  const entry = probe.messageIndex === undefined ? undefined : entries[probe.messageIndex];
  return entry !== undefined && (fact.evidence ?? []).includes(entry);
}

/** Whether a probe's statement shares a term with a fact's (a message may set several facts of one kind). */
function sharesTerm(factTerms: readonly string[], claim: string): boolean {
  const fact = new Set(factTerms);
  return meaningTerms(claim).some((term) => fact.has(term.term));
}

/** Whether two statements name one file (a path both write; commands and words aside). */
function sharesPath(fact: string, claim: string): boolean {
  const named = new Set(extractPaths(claim.replace(/`[^`]*`/g, ' ')).map((path) => fileName(path)));
  return extractPaths(fact).some((path) => named.has(fileName(path)));
}

/** A probe's statement without its commands (code spans) and paths: the words that say what it states. */
function withoutNames(claim: string): string {
  let words = claim.replace(/`[^`]*`/g, ' ');
  for (const path of extractPaths(words)) words = words.split(path).join(' ');
  return words;
}

/** Whether a reader's fact and a probe are of one kind, as coverage compares them. */
function sameKind(factKind: string, probeKind: string): boolean {
  const [a, b] = [headlineKind(factKind), headlineKind(probeKind)];
  return a === b || (REQUEST_KINDS.has(a) && REQUEST_KINDS.has(b));
}

/**
 * Whether a statement names a file: the terms of its name, without its folders and extension, in a row. A name of one
 * term must be a word of its own ("the router", "router.ex"): as a stem it is inside other names and words
 * ("create.ts" in "createEnv", "db.ts" in "the database").
 */
function namesFile(statement: string, terms: readonly string[], file: string): boolean {
  const name = meaningTerms(fileName(file)).map((term) => term.term);
  const stem = fileName(file).replace(/\.[^.]*$/, '');
  // A dotfile (".gitignore") has no stem: only its full name names it.
  if (stem === '') return writesFullName(statement, file);
  if (name.length === 0) return false;
  if (name.length === 1) return writesName(statement, stem);
  return terms.some((_, at) => name.every((term, offset) => terms[at + offset] === term));
}

/** Whether a statement writes a file's name with its extension as a word of its own (`committed.go`, `.gitignore`). */
function writesFullName(statement: string, file: string): boolean {
  return new RegExp(`(?<![\\w.-])${escapeRegExp(fileName(file))}(?![\\w-])`, 'i').test(statement);
}

/** Whether a statement writes a name as a word of its own, with or without an extension. */
function writesName(statement: string, name: string): boolean {
  return new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?:\\.\\w+)?(?![\\w-])`, 'i').test(statement);
}

/** A share with its parts. */
export type ShareFigure = { part: number; whole: number; share: number | null };

/** Coverage or precision over some cuts: overall, and per kind (the headline's kinds). */
export type ShareByKind = { all: ShareFigure; byKind: Record<string, ShareFigure> };

/** The share of items that hold, overall and per kind. */
export function shareByKind(items: ReadonlyArray<{ kind: string; holds: boolean }>): ShareByKind {
  const figure = (subset: ReadonlyArray<{ holds: boolean }>): ShareFigure => {
    const part = subset.filter((item) => item.holds).length;
    return { part, whole: subset.length, share: subset.length === 0 ? null : part / subset.length };
  };
  const kinds = [...new Set(items.map((item) => item.kind))].sort();
  return {
    all: figure(items),
    byKind: Object.fromEntries(
      kinds.map((kind) => [kind, figure(items.filter((item) => item.kind === kind))]),
    ),
  };
}
