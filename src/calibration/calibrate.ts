/**
 * `calibrate`: the tool's fact scores against the human-labelled yardstick (calibration/, docs/calibration.md).
 * Each reader's fact is read in each summary by the tool's statement matcher; per summary the tool's live-fact
 * recall is set beside the reader's, alone and (where the transcript is present) with the kept tail, and per split
 * the mean absolute error, the rank correlation across summaries and Cohen's kappa per fact kind are computed; at each
 * cut, the probes `compare` derives are the headline (scored on each summary and its tail) and are set beside the
 * reader's facts (coverage and precision, coverage.ts). Held-out cuts are computed only when asked for.
 */
import {
  indexStatements,
  readStatements,
  type StatementIndex,
  type StatementLabel,
} from '../quality/statement-match.ts';
import { InputError } from '../errors.ts';
import { cohenKappa, meanAbsoluteError, spearman } from '../quality/agreement.ts';
import { readCuts, readHeldOutCuts, type CalibrationCut, type CalibrationFact, type Label } from './cuts.ts';
import { headlineScorer, type HeadlineScorer } from './headline.ts';
import { factLabel, filesOf } from './fact-label.ts';
import { entriesText, readTranscriptEntries, type EntryText } from './transcript-entries.ts';
import { summaryText, transcriptPath } from './cut-sources.ts';
import { judgeText, type JudgeRun } from '../quality/judge/run-judge.ts';
import { balancedRecall } from '../quality/recall-credit.ts';
import { cutCoverage, shareByKind, type CutCoverage, type ShareByKind } from './coverage.ts';

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
  /**
   * The benchmark's headline: kind-balanced live recall over the probes `compare` derives at the cut, on summary +
   * tail.
   */
  derivedWithTail: number | null;
  /**
   * The reader's recall of that same context (with the tail where the cut keeps one), kind-balanced as the headline
   * is (each kind of the reader's live facts weighs the same); null when not scored.
   */
  humanForDerived: number | null;
  /** The headline as the model judge grades it (`--judge`): its mean grade of the live derived probes; else null. */
  judgedWithTail: number | null;
  facts: FactComparison[];
};

/** A summary or a figure left out, and why. */
export type Skipped = { cut: string; summary?: string; reason: string };

/** Agreement over one split. */
export type SplitFigures = {
  /** Cuts of the split, and those whose derived probes could be read (their transcript present). */
  cuts: number;
  derivedCuts: number;
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
  /** The reader's live facts some live derived probe states, overall and per kind (coverage.ts). */
  coverage: ShareByKind;
  /** The live derived probes that state one of the reader's facts, overall and per kind. */
  precision: ShareByKind;
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

/** One cut's coverage and precision (null when its transcript is absent). */
export type CutFigures = { cut: string; split: Split; coverage: CutCoverage | null };

/** The whole comparison. */
export type Calibration = {
  summaries: SummaryComparison[];
  cuts: CutFigures[];
  skipped: Skipped[];
  /** The held-out split's figures are null unless asked for (`heldOut`): nothing of them is computed otherwise. */
  splits: { tuning: SplitFigures; 'held-out': SplitFigures | null };
  /** Held-out cuts read (their schema checked) and not scored, because `heldOut` was not asked for. */
  heldOutNotShown: number;
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
  /**
   * Score the held-out cuts too (`--held-out`). Without it they are read for their schema only and nothing of them
   * is computed, so that no figure of theirs can steer a rule.
   */
  heldOut?: boolean;
  /**
   * A folder of held-out cuts kept apart from the repository (`--held-out-cuts`): every cut there must be held out,
   * and its ids must be new, so a blind set added for one run never mixes into tuning.
   */
  heldOutCutsDirectory?: string;
};

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
): Promise<{ summaries: SummaryComparison[]; skipped: Skipped[]; coverage: CutCoverage | null }> {
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
      ? await readTranscriptEntries(path, cut.session.sha256, cut.session.format)
      : { unavailable: `public transcript ${cut.session.path} not given (--transcripts)` };
    if ('entries' in read) entries = read.entries;
    else skipped.push({ cut: cut.id, reason: read.unavailable });
  }
  const tail = cut.cut.keptTail && entries ? entriesText(entries, cut.cut.keptTail) : undefined;
  const headline: HeadlineScorer | undefined = entries && path ? await headlineScorer(cut, path) : undefined;
  const live = cut.facts.filter((fact) => fact.live);
  // The reader's recall as the headline weighs it: each kind of live fact the same.
  const balanced = (credit: (fact: CalibrationFact) => number) =>
    balancedRecall(live.map((fact) => ({ kind: fact.kind, credit: credit(fact) })));
  const readingList = readStatements(cut.facts.map((fact) => fact.statement));
  const readings = new Map(cut.facts.map((fact, position) => [fact.id, readingList[position]!]));
  const files = new Map(cut.facts.map((fact) => [fact.id, filesOf(fact)]));
  const summaries: SummaryComparison[] = [];
  const judging: Array<Promise<void>> = [];
  for (const summary of cut.summaries) {
    const text = summaryText(summary, entries);
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
          ? balanced((fact) => CREDIT[humanLabel(fact)])
          : tailIndex
            ? balanced((fact) => withTailCredit(humanLabel(fact), fact.inKeptTail))
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
  return {
    summaries,
    skipped,
    coverage: headline ? cutCoverage(cut.facts, headline.probes, headline.history, headline.entries) : null,
  };
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

/** The agreement figures over some summaries, and the coverage of the derived probes at their cuts. */
export function splitFigures(
  summaries: readonly SummaryComparison[],
  cuts: readonly CutFigures[],
): SplitFigures {
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
  const covered = cuts.flatMap((cut) => cut.coverage?.facts ?? []);
  const precise = cuts.flatMap((cut) => cut.coverage?.probes ?? []);
  return {
    cuts: cuts.length,
    derivedCuts: cuts.filter((cut) => cut.coverage !== null).length,
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
    coverage: shareByKind(covered.map((fact) => ({ kind: fact.kind, holds: fact.covered }))),
    precision: shareByKind(precise.map((probe) => ({ kind: probe.kind, holds: probe.precise }))),
  };
}

/**
 * Compares the tool with the yardstick, cut by cut; an absent transcript skips what needs it, visibly. Held-out cuts
 * are scored only when `heldOut` asks for them; otherwise they are counted and nothing else.
 */
export async function calibrate(options: CalibrateOptions): Promise<Calibration> {
  const all = [
    ...(await readCuts(options.cutsDirectory)),
    ...(options.heldOutCutsDirectory ? await readHeldOutCuts(options.heldOutCutsDirectory) : []),
  ];
  const ids = new Set<string>();
  for (const cut of all) {
    if (ids.has(cut.id)) throw new InputError(`cut '${cut.id}' is in both --cuts and --held-out-cuts`);
    ids.add(cut.id);
  }
  const cuts = options.heldOut === true ? all : all.filter((cut) => cut.split !== 'held-out');
  const summaries: SummaryComparison[] = [];
  const cutFigures: CutFigures[] = [];
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
    cutFigures.push({ cut: cut.id, split: cut.split, coverage: compared.coverage });
  }
  const figuresOf = (split: Split) =>
    splitFigures(
      summaries.filter((summary) => summary.split === split),
      cutFigures.filter((cut) => cut.split === split),
    );
  return {
    summaries,
    cuts: cutFigures,
    skipped,
    splits: {
      tuning: figuresOf('tuning'),
      'held-out': options.heldOut === true ? figuresOf('held-out') : null,
    },
    heldOutNotShown: all.length - cuts.length,
    judge,
  };
}
