/** `check`: compare, then gate on quality against floors and a baseline (for CI). */
import { appendFile, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from './errors.ts';
import { writeFileAtomic } from './files.ts';
import {
  combineVerdicts,
  evaluateGate,
  type GateResults,
  gateExitCode,
  parseBaseline,
  parseFailUnder,
  type Verdict,
} from './quality/gate.ts';
import { renderComparisonMarkdown } from './report/comparison.ts';
import { renderVerdictMarkdown } from './report/gate.ts';
import { type CompareOptions, type CompareOutcome, runCompare } from './run.ts';

/** What `check` adds to compare's options. */
export type CheckOptions = CompareOptions & {
  /** `--fail-under` specs: `metric=value` or `strategy.metric=value`. */
  failUnder: string[];
  /** `--baseline`: results JSON files, or directories of `F-results.json` files. */
  baselines: string[];
  tolerance: number;
  /** `--update-baseline`: a file (one fixture) or a directory to write `F-results.json` into. */
  updateBaseline?: string;
  /** `GITHUB_STEP_SUMMARY`: a Markdown file to append the comparison and the verdict to. */
  stepSummary?: string;
};

/** The outcome of `check`. */
export type CheckOutcome = {
  compare: CompareOutcome;
  verdict: Verdict;
  /** 0 pass, 1 a gate failed, 3 only strategies failed. */
  exitCode: number;
  /** Baseline files written by `--update-baseline`. */
  updated: string[];
};

/** Runs compare on the fixtures, gates the results, and writes the baseline and step summary when asked. */
export async function runCheck(options: CheckOptions): Promise<CheckOutcome> {
  // Bad gate input fails before any strategy runs.
  const floors = parseFailUnder(options.failUnder);
  const baselines = await loadBaselines(options.baselines);
  if (floors.length === 0 && baselines.size === 0) {
    throw new InputError('check needs a gate: --fail-under metric=value and/or --baseline FILE');
  }
  const compare = await runCompare(options);
  const verdicts = compare.fixtures.map(({ results }) => {
    const baseline = baselines.get(results.fixture.name);
    const verdict = evaluateGate({ results, floors, baseline, tolerance: options.tolerance });
    if (baselines.size > 0 && !baseline)
      verdict.notes.push(`no baseline for fixture ${results.fixture.name}`);
    return { fixture: results.fixture.name, verdict };
  });
  const verdict = combineVerdicts(verdicts);
  const updated =
    verdict.passed && options.updateBaseline ? await writeBaselines(compare, options.updateBaseline) : [];
  if (options.stepSummary) {
    const comparisons = compare.fixtures.map(({ results }) => renderComparisonMarkdown(results));
    await appendFile(
      options.stepSummary,
      `${[...comparisons, renderVerdictMarkdown(verdict)].join('\n\n')}\n`,
    );
  }
  return { compare, verdict, exitCode: gateExitCode(verdict), updated };
}

/** Baselines by fixture name, from files and directories of `*-results.json`. */
async function loadBaselines(paths: readonly string[]): Promise<Map<string, GateResults>> {
  const baselines = new Map<string, GateResults>();
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new InputError(`--baseline ${path}: no such file or directory`);
    const files = info.isDirectory()
      ? (await readdir(path)).filter((name) => name.endsWith('-results.json')).map((name) => join(path, name))
      : [path];
    for (const file of files) {
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new InputError(`${file}: not a readable results JSON (${(error as Error).message})`);
      }
      const baseline = parseBaseline(json, file);
      const name = baseline.fixture?.name;
      if (!name) throw new InputError(`${file}: fixture.name is missing; is this a compare results JSON?`);
      baselines.set(name, baseline);
    }
  }
  return baselines;
}

/** Writes each fixture's results as its new baseline: to the file when one fixture and a `.json` path, else into the directory. */
async function writeBaselines(compare: CompareOutcome, target: string): Promise<string[]> {
  const single = compare.fixtures.length === 1 && target.endsWith('.json');
  const written: string[] = [];
  for (const { results } of compare.fixtures) {
    const path = single ? target : join(target, `${results.fixture.name}-results.json`);
    await writeFileAtomic(path, `${JSON.stringify(results, null, 2)}\n`);
    written.push(path);
  }
  return written;
}
