/** `check`: compare, then gate on quality against floors and a baseline (for CI). */
import { InputError } from '../errors.ts';
import { type LintResult, lintSession } from '../quality/lint-session.ts';
import { importOptions, sessionLoadOptions } from '../stages/options.ts';
import type { SessionLoadOptions } from '../stages/types.ts';
import type { RunRecord } from '../results/record.ts';
import type { ResultsFile } from '../results/types.ts';
import { readResults } from '../results/digest.ts';
import type { Shard } from '../stages/shard.ts';
import type { SuiteResults } from '../suite/types.ts';
import {
  combineVerdicts,
  evaluateGate,
  type Floor,
  type GateResults,
  gateExitCode,
  parseFailUnder,
  type Verdict,
} from '../quality/gate.ts';
import { type CheckSummary, renderGateMarkdown } from '../report/check-summary.ts';
import {
  addGateToPages,
  appendStepSummary,
  writeBaselines,
  writeGateReport,
  writeTextFile,
} from '../report/write.ts';
import { renderJunit } from '../report/junit.ts';
import { gateHtml } from '../report/html/gate.ts';
import { reportStem, suiteStem, sweepStem } from '../report-names.ts';
import { commandLine, shellQuote } from '../results/provenance.ts';
import { baselineVersionNotes, loadBaselines } from './baseline-files.ts';
import type { CompareOptions } from './run.ts';
import { type BaselineGate, DEFAULT_ALLOW_LOST, evaluateBaselineGate } from '../suite/baseline-gate.ts';
import { baselineCoverage } from '../suite/baseline-coverage.ts';
import type { SkippedFile } from '../suite/inputs.ts';
import { expandRunInputs, runSuite, stagedSuiteOutcome, type SuiteOutcome } from './run-suite.ts';
import { staged } from './run.ts';
import { stagedOut } from '../report/output-stage.ts';
import { basename, join } from 'node:path';
import { appendGateRecord, gateRecordOf } from '../results/gate-record.ts';

/** What `check` adds to compare's options. */
export type CheckOptions = CompareOptions & {
  /** `--fail-under` specs: `metric=value` or `strategy.metric=value`. */
  failUnder: string[];
  /** `--baseline`: results JSON files, or directories of `F-results.json` files. */
  baselines: string[];
  tolerance: number;
  /** `--allow-lost`: facts a strategy may lose against the baseline when its answers are deterministic. */
  allowLost?: number;
  /** `--allow-missing`: a session of the baseline missing from the run (not given, unreadable) is said, not failed. */
  allowMissing?: boolean;
  /** `--allow-unpaired-noise`: one run of a sampled model is reported against the baseline, not gated (no exit 2). */
  allowUnpairedNoise?: boolean;
  /** `--update-baseline`: a file (one fixture) or a directory to write `F-results.json` into. */
  updateBaseline?: string;
  /** Run the strategies the baselines hold (no `-s` given): a baseline of all strategies checks all of them. */
  strategiesFromBaseline?: boolean;
  /** `GITHUB_STEP_SUMMARY`: a Markdown file to append the comparison and the verdict to. */
  stepSummary?: string;
  /** `--junit FILE`: the verdict as JUnit XML, for CI systems that read it. */
  junit?: string;
};

/** The outcome of `check`. */
export type CheckOutcome = {
  compare: SuiteOutcome;
  /** Every session's results, read back from their files for the gate. */
  results: ResultsFile[];
  /** The comparison with the baseline, with intervals and the facts lost and gained; null without `--baseline`. */
  baselineGate: BaselineGate | null;
  verdict: Verdict;
  /** 0 pass, 1 a gate failed, 3 only strategies failed. */
  exitCode: number;
  /** Baseline files written by `--update-baseline`. */
  updated: string[];
  /** Verdict, baseline comparison and the command that accepts it: what the renderers of `check` take. */
  summary: CheckSummary;
  /** `F-gate.md` as written into `--out`. */
  gateFile: string;
};

/** Runs compare on the fixtures, gates the results, and writes the baseline and step summary when asked. */
export async function runCheck(options: CheckOptions): Promise<CheckOutcome> {
  const { gate, expanded, strategies } = await prepareCheck(options);
  // The reports, the records and the gate's verdict land in --out together, once the gate is done.
  const outcome = await staged(
    { ...expanded, strategies },
    async (run): Promise<CheckOutcome> => {
      const compare = await runSuite(run);
      // The gate pairs every session's facts and summaries with the baseline's: the results are read back whole.
      const results = await Promise.all(compare.sessions.map((session) => readResults(session.resultsFile)));
      const gated = await applyGate(results, compare.suites, gate, { ...options, stage: run.stage });
      // The gate's outcome joins the run's records (still staged), so `runs` lists this run with it.
      const recordsRun = basename(compare.recordsFile, '.jsonl');
      await appendGateRecord(
        compare.recordsFile,
        gateRecordOf(recordsRun, gated.verdict, gated.exitCode, gated.gateFile),
      );
      return { compare, results, ...gated };
    },
    (outcome, stage) => ({
      ...outcome,
      compare: stagedSuiteOutcome(outcome.compare, stage),
      gateFile: stage.final(outcome.gateFile),
    }),
  );
  const updated = await publishGate(outcome, outcome.results, outcome.compare.suites, options);
  return { ...outcome, updated };
}

/**
 * `check --shard i/n`: the gate's input checked, this shard's jobs run and recorded with the gate's settings
 * (and the probe lint's errors) in the run header; `merge` gates the merged results as `check` would have.
 */
export async function runCheckShard(options: CheckOptions & { shard: Shard }): Promise<SuiteOutcome> {
  if (options.updateBaseline)
    throw new InputError(
      '--update-baseline cannot be combined with --shard: give it to compaction-bench merge, which gates the merged shards',
    );
  const { gate, expanded, strategies } = await prepareCheck(options);
  const lints = [...gate.lints].map(([session, lint]) => ({ session, ...lint }));
  return runSuite({
    ...expanded,
    strategies,
    shard: {
      ...options.shard,
      gate: {
        failUnder: options.failUnder,
        baselines: options.baselines,
        tolerance: gate.tolerance,
        allowLost: gate.allowLost,
        allowMissing: gate.allowMissing,
        allowUnpairedNoise: gate.allowUnpairedNoise,
        strategiesChosen: gate.strategiesChosen,
        skipped: gate.skipped,
        lints,
      },
    },
  });
}

/** Gates merged results with the settings `check --shard` recorded (baselines read again from their paths). */
export async function gateFromRecords(
  results: readonly ResultsFile[],
  suites: readonly SuiteResults[],
  recorded: NonNullable<RunRecord['gate']>,
  options: GateOutputOptions,
): Promise<GateOutcome> {
  const loaded = await loadBaselines(recorded.baselines, options.command);
  const gate: Gate = {
    floors: parseFailUnder(recorded.failUnder),
    baselines: loaded.baselines,
    baselineFiles: loaded.files,
    baselinePaths: recorded.baselines,
    tolerance: recorded.tolerance,
    allowLost: recorded.allowLost,
    allowMissing: recorded.allowMissing ?? false,
    allowUnpairedNoise: recorded.allowUnpairedNoise ?? false,
    strategiesChosen: recorded.strategiesChosen ?? true,
    skipped: recorded.skipped ?? [],
    lints: new Map(recorded.lints.map(({ session, sidecar, errors }) => [session, { sidecar, errors }])),
  };
  return applyGate(results, suites, gate, options);
}

/** What gating needs besides the results: floors, baselines, tolerances and each session's probe-lint errors. */
type Gate = {
  floors: Floor[];
  baselines: Map<string, GateResults>;
  /** The file each session's baseline was read from. */
  baselineFiles: Map<string, string>;
  /** `--baseline` as given: `--update-baseline` in the accept command names the first. */
  baselinePaths: readonly string[];
  tolerance: number;
  allowLost: number;
  allowMissing: boolean;
  allowUnpairedNoise: boolean;
  /** The strategies were chosen (`-s`, the config file), not taken from the baseline: the ones left out are not gated. */
  strategiesChosen: boolean;
  /** Inputs the run skipped, with why: a session of the baseline among them is named with its reason. */
  skipped: SkippedFile[];
  lints: Map<string, { sidecar: string; errors: number }>;
};

/**
 * Where the gate's verdict goes: `F-gate.md` in `out` (its stage while the run is staged), the step summary, and
 * the baseline to write.
 */
export type GateOutputOptions = Pick<
  CheckOptions,
  'out' | 'stage' | 'updateBaseline' | 'stepSummary' | 'command' | 'signal' | 'junit'
>;

/** The gate's outcome: everything of {@link CheckOutcome} but the compare run. */
export type GateOutcome = Omit<CheckOutcome, 'compare' | 'results'>;

/** The gate's input read and checked (bad input fails before any strategy runs), the inputs expanded and linted. */
async function prepareCheck(
  options: CheckOptions,
): Promise<{ gate: Gate; expanded: CompareOptions; strategies: string }> {
  const floors = parseFailUnder(options.failUnder);
  const { baselines, files } = await loadBaselines(options.baselines, options.command);
  if (floors.length === 0 && baselines.size === 0) {
    throw new InputError('check needs a gate: --fail-under metric=value and/or --baseline FILE');
  }
  const skipped: SkippedFile[] = [];
  const expanded = await expandRunInputs({
    ...options,
    onSkip: (file) => {
      skipped.push(file);
      options.onSkip?.(file);
    },
  });
  const lints = new Map<string, { sidecar: string; errors: number }>();
  for (const transcript of expanded.transcripts) {
    const lint = await lintOrSkip(transcript, sessionLoadOptions(expanded));
    if (lint && lint.errors > 0)
      lints.set(expanded.sessionNames?.[transcript] ?? lint.transcript, {
        sidecar: lint.sidecar,
        errors: lint.errors,
      });
  }
  const gate: Gate = {
    floors,
    baselines,
    baselineFiles: files,
    baselinePaths: options.baselines,
    tolerance: options.tolerance,
    allowLost: options.allowLost ?? DEFAULT_ALLOW_LOST,
    allowMissing: options.allowMissing ?? false,
    allowUnpairedNoise: options.allowUnpairedNoise ?? false,
    strategiesChosen: !options.strategiesFromBaseline,
    skipped,
    lints,
  };
  return { gate, expanded, strategies: strategiesToRun(options, baselines) };
}

/** Gates results against floors, baselines and the probe lint; writes `F-gate.md`, the step summary and the baseline. */
async function applyGate(
  results: readonly ResultsFile[],
  suites: readonly SuiteResults[],
  gate: Gate,
  options: GateOutputOptions,
): Promise<GateOutcome> {
  const { floors, baselines } = gate;
  const baselineGate =
    baselines.size > 0
      ? evaluateBaselineGate(results, baselines, {
          tolerance: gate.tolerance,
          allowLost: gate.allowLost,
          allowUnpairedNoise: gate.allowUnpairedNoise,
        })
      : null;
  const verdicts = results.map((results) => {
    const baseline = baselines.get(results.fixture.name);
    const verdict = evaluateGate({
      results,
      floors,
      baseline,
      tolerance: gate.tolerance,
      pairedElsewhere: baselineGate?.handles,
    });
    const lint = gate.lints.get(results.fixture.name);
    if (lint && lint.errors > 0) {
      verdict.passed = false;
      verdict.failures.push({
        strategy: '(probes)',
        metric: null,
        kind: 'probes',
        expected: 0,
        actual: lint.errors,
        message: `${lint.sidecar}: ${lint.errors} probe ${lint.errors === 1 ? 'error' : 'errors'}; a metric on these probes can be passed by a cheap trick (compaction-bench probes lint ${results.fixture.name})`,
      });
    }
    return { transcript: results.fixture.name, verdict };
  });
  const verdict = combineVerdicts(verdicts);
  let sessionsNotGated = 0;
  if (baselineGate) {
    const coverage = baselineCoverage(results, baselines, {
      files: gate.baselineFiles,
      skipped: gate.skipped,
      strategiesChosen: gate.strategiesChosen,
      allowMissing: gate.allowMissing,
    });
    verdict.failures.push(...coverage.failures, ...baselineGate.failures);
    verdict.notes.push(...coverage.notes, ...baselineGate.notes);
    verdict.checks += baselineGate.checks;
    sessionsNotGated = coverage.missingAllowed;
  }
  verdict.notes.push(...baselineVersionNotes(baselines));
  let acceptedCount = 0;
  if (options.updateBaseline) {
    // Accepting a change is rerunning with --update-baseline: what differs from the old baseline is listed, not failed.
    const accepted = verdict.failures.filter((failure) => failure.againstBaseline);
    verdict.failures = verdict.failures.filter((failure) => !failure.againstBaseline);
    verdict.notes.unshift(...accepted.map((failure) => `accepted by --update-baseline: ${failure.message}`));
    acceptedCount = accepted.length;
  }
  verdict.passed = verdict.failures.length === 0;
  const summary: CheckSummary = {
    verdict,
    gate: baselineGate,
    accept:
      baselines.size > 0 && !options.updateBaseline
        ? acceptCommand(gate.baselinePaths[0]!, options.command)
        : null,
    accepted: acceptedCount,
    sessionsNotGated,
  };
  const gateMarkdown = renderGateMarkdown(summary, results[0]?.provenance ?? null);
  const directory = stagedOut({ out: options.out, stage: options.stage });
  const gateFile = await writeGateReport(directory, gateStem(results), gateMarkdown, options.signal);
  await addGateToPages(gatedPages(results, suites, directory), gateHtml(summary), options.signal);
  return { baselineGate, verdict, exitCode: gateExitCode(verdict), updated: [], summary, gateFile };
}

/**
 * Once the output folder is in place: the baseline written (when the gate passed with `--update-baseline`), the
 * JUnit file written (with `--junit`) and the verdict and comparison appended to the step summary. Returns the baseline files written.
 */
export async function publishGate(
  outcome: GateOutcome,
  results: readonly ResultsFile[],
  suites: readonly SuiteResults[],
  options: GateOutputOptions,
): Promise<string[]> {
  const updated =
    outcome.verdict.passed && options.updateBaseline
      ? await writeBaselines(results, options.updateBaseline, options.signal)
      : [];
  if (options.junit) {
    const strategies = [
      ...new Set(results.flatMap((file) => file.strategies.map((strategy) => strategy.name))),
    ];
    await writeTextFile(
      options.junit,
      renderJunit(outcome.verdict, gateStem(results), strategies),
      options.signal,
    );
  }
  if (options.stepSummary) {
    const gateMarkdown = renderGateMarkdown(outcome.summary, results[0]?.provenance ?? null);
    await appendStepSummary(options.stepSummary, results, gateMarkdown, { suites, signal: options.signal });
  }
  return updated;
}

/** The HTML pages of the gated results: each session's (a sweep's combined one too) and each suite's. */
function gatedPages(results: readonly ResultsFile[], suites: readonly SuiteResults[], out: string): string[] {
  const targets = new Map<string, number>();
  for (const file of results) targets.set(file.fixture.name, (targets.get(file.fixture.name) ?? 0) + 1);
  return [
    ...results.map((file) => join(out, `${reportStem(file)}-report.html`)),
    ...[...targets]
      .filter(([, count]) => count > 1)
      .map(([name]) => join(out, `${sweepStem(name)}-report.html`)),
    ...suites.map((suite) => join(out, `${suiteStem(suite)}-report.html`)),
  ];
}

/** `F` of `F-gate.md`: the fixture's name, or `suite` when the check covered several. */
function gateStem(results: readonly { fixture: { name: string } }[]): string {
  const names = new Set(results.map((result) => result.fixture.name));
  return names.size === 1 ? [...names][0]! : 'suite';
}

/**
 * The command that accepts this run's results as the new baseline: the same command with `--update-baseline`
 * naming the first baseline given (a directory stays a directory), secrets removed.
 */
function acceptCommand(target: string, command: readonly string[] = []): string {
  return `${commandLine(command)} --update-baseline ${shellQuote(target)}`;
}

/** Lints a fixture's probes; in a suite, a session that will not load is left to the run, which skips it. */
async function lintOrSkip(transcript: string, loading: SessionLoadOptions): Promise<LintResult | undefined> {
  try {
    return await lintSession(transcript, importOptions(loading));
  } catch (error) {
    if (loading.skipUnloadable && error instanceof InputError) return undefined;
    throw error;
  }
}

/** `-s` as given, or, when it was not and baselines were, every strategy the baselines hold (in their order). */
function strategiesToRun(options: CheckOptions, baselines: ReadonlyMap<string, GateResults>): string {
  if (!options.strategiesFromBaseline || baselines.size === 0) return options.strategies;
  const names = new Set<string>();
  for (const baseline of baselines.values()) {
    // The agent's own recorded summary is not a strategy to run: it comes with the transcript.
    for (const strategy of baseline.strategies) if (strategy.name !== 'recorded') names.add(strategy.name);
  }
  return names.size === 0 ? options.strategies : [...names].join(',');
}
