/** Every verdict of a run, as `compare --json` gives them: each suite's, each sweep's or session's, each replay's. */
import type { SessionDigest } from '../results/digest.ts';
import type { ResultsFile } from '../results/types.ts';
import type { SuiteResults } from '../suite/types.ts';
import { reportStem, suiteStem, sweepStem } from '../report-names.ts';
import { continuationVerdict } from './continuation-verdict.ts';
import { suiteVerdictOf } from './suite.ts';
import { sweepVerdict } from './sweep.ts';
import { sessionVerdict, type Verdict } from './verdict.ts';

/** A verdict and what it is of: the stem of its report files (`suite`, `F-sweep`, `F`, `F-continuation@59`). */
export type NamedVerdict = { of: string; verdict: Verdict };

/**
 * The run's verdicts, the headline first: with a suite, each suite's (by target); else each session's, a sweep's
 * over its targets; then each continuation replay's. `results` are the sessions' results when there is no suite.
 */
export function runVerdicts(
  results: readonly ResultsFile[],
  suites: readonly SuiteResults[],
  sessions: readonly SessionDigest[],
): NamedVerdict[] {
  if (suites.length > 0)
    return suites.map((suite) => ({
      of: suiteStem(suite),
      verdict: suiteVerdictOf(
        suite,
        sessions.filter((session) => session.target === suite.target),
      ),
    }));
  const bySession = new Map<string, ResultsFile[]>();
  for (const file of results)
    bySession.set(file.fixture.name, [...(bySession.get(file.fixture.name) ?? []), file]);
  const headline = [...bySession].map(([name, files]) =>
    files.length > 1
      ? { of: sweepStem(name), verdict: sweepVerdict(files) }
      : { of: reportStem(files[0]!), verdict: sessionVerdict(files[0]!) },
  );
  const replays = results.flatMap((file) => {
    const verdict = continuationVerdict(file);
    return verdict ? [{ of: `${reportStem(file)} continuation`, verdict }] : [];
  });
  return [...headline, ...replays];
}
