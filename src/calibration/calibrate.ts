/**
 * `calibrate`: the tool's fact scores against the human-labelled yardstick (calibration/, docs/calibration.md).
 * Each reader's fact is read in each summary by the tool's statement matcher; per summary the tool's live-fact
 * recall is set beside the reader's, alone and (where the transcript is present) with the kept tail, and per split
 * the mean absolute error, the rank correlation across summaries and Cohen's kappa per fact kind are computed.
 */
import { basename, join, resolve } from 'node:path';
import {
  indexStatements,
  readStatements,
  statementLabel,
  type StatementIndex,
  type StatementLabel,
} from '../quality/statement-match.ts';
import type { StatementReading } from '../quality/meaning.ts';
import { cohenKappa, meanAbsoluteError, spearman } from '../quality/agreement.ts';
import { readCuts, type CalibrationCut, type CalibrationFact, type Label } from './cuts.ts';
import { headlineScorer, type HeadlineScorer } from './headline.ts';
import { extractPaths } from '../quality/paths.ts';
import { namesArtifactInProse } from '../quality/artifact-described.ts';
import type { Probe } from '../quality/probes.ts';
import { entriesText, readTranscriptEntries, type EntryText } from './transcript-entries.ts';
import { judgeText, type JudgeRun } from '../quality/judge/run-judge.ts';

/** The two parts of the yardstick: tuning (rules may be chosen on it) and held-out (never looked at for that). */
export const SPLITS = ['tuning', 'held-out'] as const;

/** A part of the yardstick. */
export type Split = (typeof SPLITS)[number];

/** Credit a label earns toward recall. */
const CREDIT: Record<Label, number> = { kept: 1, partial: 0.5, lost: 0, contradicted: 0 };

/**
 * The categories kappa compares: kept, partial, and not kept (lost and contradicted together: contradictions are
 * too rare to rate alone, and are counted apart).
 */
export type AgreementCategory = 'kept' | 'partial' | 'not kept';

/** A label's kappa category. */
export const agreementCategory = (label: Label): AgreementCategory =>
  label === 'kept' || label === 'partial' ? label : 'not kept';

/** One fact in one summary: the reader's label and the tool's. */
export type FactComparison = {
  fact: string;
  kind: string;
  live: boolean;
  human: Label;
  tool: StatementLabel;
};

/** One summary: the tool's recall beside the reader's. */
export type SummaryComparison = {
  cut: string;
  split: Split;
  summary: string;
  source: string;
  liveFacts: number;
  /** Live-fact recall of the summary alone, (kept + ½ partial) / live facts. */
  human: number;
  tool: number;
  /** The same for summary + kept tail; null when the cut has no tail or its transcript is absent. */
  humanWithTail: number | null;
  toolWithTail: number | null;
  /** The benchmark's headline: live recall over the probes `compare` derives at the cut, on summary + tail. */
  derivedWithTail: number | null;
  /** The reader's recall of that same context (with the tail where the cut keeps one); null when not scored. */
  humanForDerived: number | null;
  /** The headline as the model judge grades it (`--judge`): its mean grade of the live derived probes; else null. */
  judgedWithTail: number | null;
  facts: FactComparison[];
};

/** A summary or a figure left out, and why. */
export type Skipped = { cut: string; summary?: string; reason: string };

/** Agreement over one split. */
export type SplitFigures = {
  summaries: number;
  meanAbsoluteError: number | null;
  rankCorrelation: number | null;
  /** Over the summaries whose tail could be scored. */
  withTail: { summaries: number; meanAbsoluteError: number | null; rankCorrelation: number | null };
  /** The derived-probe headline against the reader's recall with the tail. */
  derived: { summaries: number; meanAbsoluteError: number | null; rankCorrelation: number | null };
  /** The same headline graded by the model judge, against the same reader's recall (no summaries without one). */
  judged: { summaries: number; meanAbsoluteError: number | null; rankCorrelation: number | null };
  /** Per fact kind, over every fact of every summary (live and history). */
  kappaByKind: Record<string, { kappa: number | null; facts: number }>;
  /** Facts the reader marked contradicted, those the tool did, and those both did. */
  contradictions: { human: number; tool: number; both: number };
};

/** What the model judge spent (`--judge`): its calls, those the response cache answered, and its probes not graded. */
export type JudgeUsage = {
  model: string;
  calls: number;
  cachedCalls: number;
  /** Probes whose call failed or whose grade could not be read: each counted 0, as `compare --judge` counts them. */
  ungraded: number;
  cost: number | null;
};

/** The whole comparison. */
export type Calibration = {
  summaries: SummaryComparison[];
  skipped: Skipped[];
  splits: Record<Split, SplitFigures>;
  /** Null when no judge was given. */
  judge: JudgeUsage | null;
};

/** Where to find things. */
export type CalibrateOptions = {
  /** The cut files (default: calibration/cuts/ of the repository). */
  cutsDirectory: string;
  /** The repository root, against which a cut's shared transcript root is resolved. */
  repositoryRoot: string;
  /** A directory holding public transcripts by their path in their repository (`--transcripts`). */
  transcriptsDirectory?: string;
  /** A model judge to grade the headline's probes too (`--judge`), under the run's limit and signal. */
  judge?: JudgeRun;
};

/**
 * The tool's label of a reader's fact in a text: how the text states its statement (statement-match.ts); an artifact
 * fact that is lost that way is kept in part where the text names one of its files in a clause that says something
 * of it in prose, as a derived artifact probe is (artifact-described.ts): "Created `otel.ex` with safe, idempotent
 * initialization" keeps part of a fact that lists what otel.ex does.
 */
function factLabel(
  index: StatementIndex,
  reading: StatementReading,
  files: readonly Probe[],
): StatementLabel {
  const label = statementLabel(index, reading);
  return label === 'lost' && files.some((file) => namesArtifactInProse(index, file)) ? 'partial' : label;
}

/** An artifact fact's files, each as the artifact probe of that file the fact's statement describes. */
function filesOf(fact: CalibrationFact): Probe[] {
  if (fact.kind !== 'artifact') return [];
  // A file, not a directory or a route (`modes/interactive/theme/`, `/api/hooks/session-end`).
  const files = extractPaths(fact.statement).filter((path) => /\.\w+$|file$/i.test(basename(path)));
  return [...new Set(files)].map((file) => ({
    id: fact.id,
    kind: 'artifact',
    question: `What does ${file} now hold?`,
    answer: fact.statement,
    facets: [[file]],
    contradictions: [],
    source: 'sidecar',
    file,
    statement: fact.statement,
  }));
}

/** Where a cut's transcript would be, if anywhere. */
function transcriptPath(cut: CalibrationCut, options: CalibrateOptions): string | undefined {
  if (cut.session.root !== undefined)
    return resolve(options.repositoryRoot, cut.session.root, cut.session.path);
  if (options.transcriptsDirectory) return join(options.transcriptsDirectory, cut.session.path);
  return undefined;
}

const recall = (facts: readonly CalibrationFact[], credit: (fact: CalibrationFact) => number): number =>
  facts.reduce((sum, fact) => sum + credit(fact), 0) / facts.length;

/** Reader's credit for a fact with the tail: the better label, half for a contradiction the tail keeps. */
function withTailCredit(summaryLabel: Label, tailLabel: Label): number {
  if (summaryLabel === 'contradicted') return tailLabel === 'kept' ? 0.5 : 0;
  return Math.max(CREDIT[summaryLabel], CREDIT[tailLabel]);
}

/** Compares one cut's summaries. */
async function compareCut(
  cut: CalibrationCut,
  options: CalibrateOptions,
  usage: JudgeUsage | null,
): Promise<{ summaries: SummaryComparison[]; skipped: Skipped[] }> {
  const skipped: Skipped[] = [];
  const path = transcriptPath(cut, options);
  let entries: EntryText[] | undefined;
  // The headline needs the transcript at every cut, so it is read wherever it can be found.
  const needsTranscript =
    path !== undefined ||
    cut.cut.keptTail !== null ||
    cut.summaries.some((summary) => summary.text === undefined);
  if (needsTranscript) {
    const read = path
      ? await readTranscriptEntries(path, cut.session.sha256)
      : { unavailable: `public transcript ${cut.session.path} not given (--transcripts)` };
    if ('entries' in read) entries = read.entries;
    else skipped.push({ cut: cut.id, reason: read.unavailable });
  }
  const tail = cut.cut.keptTail && entries ? entriesText(entries, cut.cut.keptTail) : undefined;
  const headline: HeadlineScorer | undefined = entries && path ? await headlineScorer(cut, path) : undefined;
  const live = cut.facts.filter((fact) => fact.live);
  const readingList = readStatements(cut.facts.map((fact) => fact.statement));
  const readings = new Map(cut.facts.map((fact, position) => [fact.id, readingList[position]!]));
  const files = new Map(cut.facts.map((fact) => [fact.id, filesOf(fact)]));
  const summaries: SummaryComparison[] = [];
  const judging: Array<Promise<void>> = [];
  for (const summary of cut.summaries) {
    let text = summary.text;
    if (text === undefined && summary.extract && entries)
      text = entriesText(entries, summary.extract.entries, summary.extract.rule === 'user-messages-verbatim');
    if (text === undefined) {
      skipped.push({
        cut: cut.id,
        summary: summary.id,
        reason: 'its text is transcript text, and the transcript is unavailable',
      });
      continue;
    }
    const index = indexStatements(text);
    const tailIndex = tail === undefined ? undefined : indexStatements(`${text}\n\n${tail}`);
    const humanLabel = (fact: CalibrationFact): Label => summary.labels[fact.id]!.label;
    const label = (within: StatementIndex, fact: CalibrationFact) =>
      factLabel(within, readings.get(fact.id)!, files.get(fact.id)!);
    const toolLabels = new Map(cut.facts.map((fact) => [fact.id, label(index, fact)]));
    const toolTailLabels = tailIndex
      ? new Map(live.map((fact) => [fact.id, label(tailIndex, fact)]))
      : undefined;
    const comparison: SummaryComparison = {
      cut: cut.id,
      split: cut.split,
      summary: summary.id,
      source: summary.source,
      liveFacts: live.length,
      human: recall(live, (fact) => CREDIT[humanLabel(fact)]),
      tool: recall(live, (fact) => CREDIT[toolLabels.get(fact.id)!]),
      humanWithTail: tailIndex
        ? recall(live, (fact) => withTailCredit(humanLabel(fact), fact.inKeptTail))
        : null,
      toolWithTail: toolTailLabels ? recall(live, (fact) => CREDIT[toolTailLabels.get(fact.id)!]) : null,
      derivedWithTail: headline ? headline.recall(text) : null,
      humanForDerived: !headline
        ? null
        : cut.cut.keptTail === null
          ? recall(live, (fact) => CREDIT[humanLabel(fact)])
          : tailIndex
            ? recall(live, (fact) => withTailCredit(humanLabel(fact), fact.inKeptTail))
            : null,
      judgedWithTail: null,
      facts: cut.facts.map((fact) => ({
        fact: fact.id,
        kind: fact.kind,
        live: fact.live,
        human: humanLabel(fact),
        tool: toolLabels.get(fact.id)!,
      })),
    };
    summaries.push(comparison);
    if (options.judge && usage && headline && comparison.humanForDerived !== null)
      judging.push(judgeHeadline(headline, text, options.judge, usage, comparison));
  }
  // Every summary of the cut at once: the run's one limit bounds the calls in flight.
  await Promise.all(judging);
  return { summaries, skipped };
}

/** Grades the live derived probes on one summary + tail with the judge, and counts what it spent. */
async function judgeHeadline(
  headline: HeadlineScorer,
  summary: string,
  run: JudgeRun,
  usage: JudgeUsage,
  comparison: SummaryComparison,
): Promise<void> {
  const live = headline.probes.filter((probe) => probe.live !== false);
  if (live.length === 0) return;
  const judged = await judgeText(headline.context(summary), live, run);
  comparison.judgedWithTail = judged.judge.score;
  usage.calls += judged.usage.calls;
  usage.cachedCalls += judged.usage.cachedCalls;
  usage.ungraded += judged.judge.errors;
  usage.cost = usage.cost === null || judged.usage.cost === null ? null : usage.cost + judged.usage.cost;
}

/** The agreement figures over some summaries. */
export function splitFigures(summaries: readonly SummaryComparison[]): SplitFigures {
  const pairs = summaries.map((summary): [number, number] => [summary.tool, summary.human]);
  const tailPairs = summaries
    .filter((summary) => summary.toolWithTail !== null && summary.humanWithTail !== null)
    .map((summary): [number, number] => [summary.toolWithTail!, summary.humanWithTail!]);
  const derivedPairs = summaries
    .filter((summary) => summary.derivedWithTail !== null && summary.humanForDerived !== null)
    .map((summary): [number, number] => [summary.derivedWithTail!, summary.humanForDerived!]);
  const judgedPairs = summaries
    .filter((summary) => summary.judgedWithTail !== null && summary.humanForDerived !== null)
    .map((summary): [number, number] => [summary.judgedWithTail!, summary.humanForDerived!]);
  const byKind = new Map<string, Array<[string, string]>>();
  const contradictions = { human: 0, tool: 0, both: 0 };
  for (const fact of summaries.flatMap((summary) => summary.facts)) {
    const pairsOfKind = byKind.get(fact.kind) ?? [];
    pairsOfKind.push([agreementCategory(fact.tool), agreementCategory(fact.human)]);
    byKind.set(fact.kind, pairsOfKind);
    if (fact.human === 'contradicted') contradictions.human++;
    if (fact.tool === 'contradicted') contradictions.tool++;
    if (fact.human === 'contradicted' && fact.tool === 'contradicted') contradictions.both++;
  }
  const kappaByKind: SplitFigures['kappaByKind'] = {};
  for (const kind of [...byKind.keys()].sort())
    kappaByKind[kind] = { kappa: cohenKappa(byKind.get(kind)!), facts: byKind.get(kind)!.length };
  return {
    summaries: summaries.length,
    meanAbsoluteError: meanAbsoluteError(pairs),
    rankCorrelation: spearman(pairs),
    withTail: {
      summaries: tailPairs.length,
      meanAbsoluteError: meanAbsoluteError(tailPairs),
      rankCorrelation: spearman(tailPairs),
    },
    derived: {
      summaries: derivedPairs.length,
      meanAbsoluteError: meanAbsoluteError(derivedPairs),
      rankCorrelation: spearman(derivedPairs),
    },
    judged: {
      summaries: judgedPairs.length,
      meanAbsoluteError: meanAbsoluteError(judgedPairs),
      rankCorrelation: spearman(judgedPairs),
    },
    kappaByKind,
    contradictions,
  };
}

/** Compares the tool with the yardstick, cut by cut; an absent transcript skips what needs it, visibly. */
export async function calibrate(options: CalibrateOptions): Promise<Calibration> {
  const cuts = await readCuts(options.cutsDirectory);
  const summaries: SummaryComparison[] = [];
  const skipped: Skipped[] = [];
  const judge: JudgeUsage | null = options.judge
    ? {
        model: `${options.judge.judge.id}:${options.judge.judge.model}`,
        calls: 0,
        cachedCalls: 0,
        ungraded: 0,
        cost: 0,
      }
    : null;
  for (const cut of cuts) {
    const compared = await compareCut(cut, options, judge);
    summaries.push(...compared.summaries);
    skipped.push(...compared.skipped);
  }
  const splits = Object.fromEntries(
    SPLITS.map((split) => [split, splitFigures(summaries.filter((summary) => summary.split === split))]),
  ) as Record<Split, SplitFigures>;
  return { summaries, skipped, splits, judge };
}

/** Floors on the held-out figures (`--min-kappa`, `--max-error`, `--min-correlation`); undefined ones are not checked. */
export type CalibrationFloors = { minKappa?: number; maxError?: number; minCorrelation?: number };

/** Each held-out figure under its floor, as a sentence; none when all hold. */
export function floorFailures(calibration: Calibration, floors: CalibrationFloors): string[] {
  const heldOut = calibration.splits['held-out'];
  const failures: string[] = [];
  const figure = (value: number) => value.toFixed(2);
  if (heldOut.summaries === 0 && Object.values(floors).some((floor) => floor !== undefined))
    return ['no held-out summary could be scored'];
  if (floors.maxError !== undefined && (heldOut.meanAbsoluteError ?? 1) > floors.maxError)
    failures.push(
      `held-out mean |tool − human| ${figure(heldOut.meanAbsoluteError ?? 1)} is above --max-error ${floors.maxError}`,
    );
  if (floors.minCorrelation !== undefined && (heldOut.rankCorrelation ?? -1) < floors.minCorrelation)
    failures.push(
      `held-out rank correlation ${heldOut.rankCorrelation === null ? 'undefined' : figure(heldOut.rankCorrelation)} is below --min-correlation ${floors.minCorrelation}`,
    );
  if (calibration.judge !== null) {
    // With a model, the judge is the reference: the judged headline answers to the same floors.
    const judged = heldOut.judged;
    const floored = floors.maxError !== undefined || floors.minCorrelation !== undefined;
    if (floored && judged.summaries === 0)
      failures.push("no held-out summary could be judged: the headline needs each cut's transcript");
    else if (floors.maxError !== undefined && (judged.meanAbsoluteError ?? 1) > floors.maxError)
      failures.push(
        `held-out judged headline mean |judge − human| ${figure(judged.meanAbsoluteError ?? 1)} is above --max-error ${floors.maxError}`,
      );
    if (floors.minCorrelation !== undefined && (judged.rankCorrelation ?? -1) < floors.minCorrelation)
      failures.push(
        `held-out judged headline rank correlation ${judged.rankCorrelation === null ? 'undefined' : figure(judged.rankCorrelation)} is below --min-correlation ${floors.minCorrelation}`,
      );
  }
  if (floors.minKappa !== undefined) {
    for (const [kind, { kappa }] of Object.entries(heldOut.kappaByKind)) {
      if (kappa !== null && kappa < floors.minKappa)
        failures.push(`held-out kappa for ${kind} ${figure(kappa)} is below --min-kappa ${floors.minKappa}`);
    }
  }
  return failures;
}
