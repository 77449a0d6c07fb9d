/**
 * Coverage and precision of the derived probes against a reader's facts at one cut (docs/calibration.md): which of
 * the reader's live facts some live derived probe states, and which live derived probes state one of the reader's.
 * Whether a probe states a fact is read with the yardstick's own matcher (statement-match.ts), both ways: the fact
 * stated in the probe's words or the probe's in the fact's, kept or in part; an artifact probe states
 * the reader's artifact fact that names its file. Only between facts of one kind (the headline's kinds; a task and a next step count as one, since a reader files the request being worked
 * on as either), since words a fact of another kind shares ("mix test" in a rule of the workflow and in a test run's
 * state) are another fact.
 */
import { basename } from 'node:path';
import { escapeRegExp } from '../text/regexp.ts';
import { meaningTerms } from '../quality/meaning.ts';
import { isLive, type Probe } from '../quality/probes.ts';
import { headlineKind } from '../quality/probe-recall.ts';
import { indexStatements, readStatements, statementLabel } from '../quality/statement-match.ts';
import type { CalibrationFact } from './cuts.ts';

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
 * is weighted by how few of the cut's facts and probes use it, as the yardstick's facts are read among themselves.
 */
export function cutCoverage(facts: readonly CalibrationFact[], probes: readonly Probe[]): CutCoverage {
  const liveFacts = facts.filter((fact) => fact.live);
  const liveProbes = probes.filter(isLive);
  const claims = liveProbes.map(probeClaim);
  const readings = readStatements([...liveFacts.map((fact) => fact.statement), ...claims]);
  const factReadings = readings.slice(0, liveFacts.length);
  const claimReadings = readings.slice(liveFacts.length);
  const claimIndexes = claims.map((claim) => indexStatements(claim));
  const factIndexes = liveFacts.map((fact) => indexStatements(fact.statement));
  const factTerms = liveFacts.map((fact) => meaningTerms(fact.statement).map((term) => term.term));
  const states = (factAt: number, probeAt: number): boolean => {
    const probe = liveProbes[probeAt]!;
    if (!sameKind(liveFacts[factAt]!.kind, probe.kind)) return false;
    // What a file now holds: the reader's fact about that file, named by its name or its stem's words in a row
    // ("router", "PaneListLive" for pane_list_live.ex).
    if (probe.kind === 'artifact' && probe.file !== undefined)
      return namesFile(liveFacts[factAt]!.statement, factTerms[factAt]!, probe.file);
    const factInClaim = statementLabel(claimIndexes[probeAt]!, factReadings[factAt]!);
    if (factInClaim === 'kept' || factInClaim === 'partial') return true;
    const claimInFact = statementLabel(factIndexes[factAt]!, claimReadings[probeAt]!);
    return claimInFact === 'kept' || claimInFact === 'partial';
  };
  const pairs = liveFacts.map((_, factAt) => liveProbes.map((_, probeAt) => states(factAt, probeAt)));
  return {
    facts: liveFacts.map((fact, factAt) => {
      const probeAt = pairs[factAt]!.indexOf(true);
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
  const name = meaningTerms(basename(file)).map((term) => term.term);
  if (name.length === 0) return false;
  if (name.length === 1) return writesName(statement, basename(file).replace(/\.[^.]*$/, ''));
  return terms.some((_, at) => name.every((term, offset) => terms[at + offset] === term));
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
