/**
 * What a baseline and a run share: the gate compares the sessions of the baseline with the sessions of the run,
 * and within each the strategies. A session of the baseline missing from the run (not given, or unreadable)
 * fails, naming its file, unless `--allow-missing`; a strategy of the baseline left out with `-s` is not gated
 * (said, not failed); one the run renamed (`--keep-recent-tokens` runs the core strategies as `+recent` hybrids)
 * fails with the flag that renamed it; a strategy the baseline lacks or failed in fails, since nothing gates it;
 * and a comparison of nothing fails.
 */
import { countOf } from '../text/numbers.ts';
import type { GateFailure, GateResults } from '../quality/gate.ts';
import { sessionName } from '../session/load.ts';
import { RECENT_SUFFIX } from '../strategies/hybrid.ts';
import type { SkippedFile } from './inputs.ts';

/** The agent's own recorded summary comes with the transcript: no strategy of the run, never compared. */
const RECORDED = 'recorded';

/** What the coverage needs beside the results and the baselines. */
export type CoverageOptions = {
  /** The file each session's baseline was read from, by session name. */
  files: ReadonlyMap<string, string>;
  /** Inputs the run skipped: files that are not transcripts, and sessions that would not load, each with why. */
  skipped: readonly SkippedFile[];
  /** Whether the strategies were chosen (`-s` or the config file) rather than taken from the baseline. */
  strategiesChosen: boolean;
  /** `--allow-missing`: a session of the baseline missing from the run is said, not failed. */
  allowMissing: boolean;
};

/** The sessions and strategies of a run, as the coverage reads them. */
type RunSession = {
  fixture: { name: string };
  strategies: ReadonlyArray<{ name: string; status: string }>;
};

/**
 * What the coverage found: failures, notes, and how many session × strategy pairs both hold finished (`compared`)
 * or that both hold, finished in the baseline (`matched`: a strategy that failed in this run is this run's failure).
 */
export type Coverage = {
  failures: GateFailure[];
  notes: string[];
  compared: number;
  matched: number;
  /** Sessions of the baseline the run lacks that `--allow-missing` let go (noted, not gated). */
  missingAllowed: number;
};

/** Compares what the baselines hold with what the run holds, session by session, strategy by strategy. */
export function baselineCoverage(
  results: readonly RunSession[],
  baselines: ReadonlyMap<string, GateResults>,
  options: CoverageOptions,
): Coverage {
  const failures: GateFailure[] = [];
  const notes: string[] = [];
  const ran = new Set(results.map((session) => session.fixture.name));
  let missingAllowed = 0;
  for (const [name, baseline] of baselines) {
    if (ran.has(name)) continue;
    const { why, unreadable } = missingSession(name, baseline, options);
    if (options.allowMissing) {
      notes.push(`${why}; not gated (--allow-missing)`);
      missingAllowed++;
    } else
      failures.push({
        strategy: `session ${name}`,
        metric: null,
        kind: 'missing',
        expected: null,
        actual: null,
        message: `${why}; ${unreadable ? 'repair it' : 'give it'}, or --allow-missing to gate the sessions present`,
      });
  }
  let compared = 0;
  let matched = 0;
  const leftOut = new Set<string>();
  for (const session of results) {
    const baseline = baselines.get(session.fixture.name);
    if (!baseline) {
      if (baselines.size > 0) notes.push(`no baseline for session ${session.fixture.name}; not gated`);
      continue;
    }
    const file = options.files.get(session.fixture.name) ?? 'the baseline';
    const prefix = results.length > 1 ? `${session.fixture.name}: ` : '';
    const now = new Map(
      session.strategies.filter(({ name }) => name !== RECORDED).map((strategy) => [strategy.name, strategy]),
    );
    const before = new Map(
      baseline.strategies
        .filter(({ name }) => name !== RECORDED)
        .map((strategy) => [strategy.name, strategy]),
    );
    const renamed = new Set<string>();
    for (const [name, was] of before) {
      const current = now.get(name);
      if (current) {
        if (was.status !== 'ok')
          failures.push(
            baselineProblem(
              name,
              `${prefix}${name} failed in the baseline (${file}: status "${was.status}"), so nothing gates it; accept this run as the baseline`,
            ),
          );
        else {
          matched++;
          if (current.status === 'ok') compared++;
        }
        continue;
      }
      const variant = renamedIn(name, now);
      if (variant) {
        renamed.add(variant.name);
        failures.push(baselineProblem(name, `${prefix}${name}: ${variant.why}`));
      } else if (options.strategiesChosen) leftOut.add(name);
      else
        failures.push(
          baselineProblem(name, `${prefix}${name}: in the baseline (${file}) but not in this run`),
        );
    }
    for (const name of now.keys()) {
      if (before.has(name) || renamed.has(name)) continue;
      failures.push(
        baselineProblem(
          name,
          `${prefix}${name}: not in the baseline (${file}), so nothing gates it; accept this run as the baseline to gate it from now on`,
        ),
      );
    }
  }
  if (leftOut.size > 0)
    notes.push(
      `not gated: ${[...leftOut].join(', ')} (in the baseline, left out by -s; name ${leftOut.size === 1 ? 'it' : 'them'} in -s, or leave -s out to run every strategy the baseline holds)`,
    );
  if (matched === 0 && baselines.size > 0 && failures.length === 0)
    failures.push({
      strategy: '(baseline)',
      metric: null,
      kind: 'baseline',
      expected: null,
      actual: null,
      message: `nothing was compared with the baseline: no strategy is in both (${countOf(baselines.size, 'baseline session')}, ${countOf(results.length, 'session')} run)`,
    });
  return { failures, notes, compared, matched, missingAllowed };
}

/** Why a session of the baseline is not in the run: not given, or given and unreadable (with the reason). */
function missingSession(
  name: string,
  baseline: GateResults,
  options: CoverageOptions,
): { why: string; unreadable: boolean } {
  const path = (baseline.fixture as { path?: unknown } | null | undefined)?.path;
  const file = options.files.get(name) ?? 'the baseline';
  const skipped = options.skipped.find(
    (entry) => (typeof path === 'string' && entry.file === path) || sessionName(entry.file) === name,
  );
  if (skipped)
    return {
      why: `session ${name}: in the baseline (${file}) but ${skipped.file} could not be read (${skipped.reason})`,
      unreadable: true,
    };
  const transcript = typeof path === 'string' ? `, transcript ${path}` : '';
  return {
    why: `session ${name}: in the baseline (${file}${transcript}) but not in this run`,
    unreadable: false,
  };
}

/**
 * The run's strategy that stands for a baseline strategy under another name, and why: `--keep-recent-tokens` runs
 * each core strategy as its `+recent` hybrid, and a baseline made with it holds hybrids a run without it lacks.
 */
function renamedIn(
  name: string,
  now: ReadonlyMap<string, unknown>,
): { name: string; why: string } | undefined {
  const hybrid = `${name}${RECENT_SUFFIX}`;
  if (now.has(hybrid))
    return {
      name: hybrid,
      why: `runs as ${hybrid} in this run (renamed by --keep-recent-tokens), and the baseline has no ${hybrid} to compare with; accept this run as the baseline, or leave out --keep-recent-tokens`,
    };
  const base = name.endsWith(RECENT_SUFFIX) ? name.slice(0, -RECENT_SUFFIX.length) : undefined;
  if (base && now.has(base))
    return {
      name: base,
      why: `the baseline ran it with --keep-recent-tokens, this run as ${base} without; give --keep-recent-tokens as the baseline did, or accept this run as the baseline`,
    };
  return undefined;
}

/** A failure of the baseline itself against one strategy: `--update-baseline` accepts it. */
function baselineProblem(strategy: string, message: string): GateFailure {
  return {
    strategy,
    metric: null,
    kind: 'baseline',
    expected: null,
    actual: null,
    againstBaseline: true,
    message,
  };
}
