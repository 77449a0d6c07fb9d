/** How a fixture's report files are named. */
import type { ResultsFile } from '../results/types.ts';
import type { SuiteResults } from '../suite/types.ts';

/** The stem of a fixture's report files: its name, with `@target` under `--target-tokens`. */
export function reportStem(results: Pick<ResultsFile, 'fixture' | 'target'>): string {
  return results.target === null ? results.fixture.name : `${results.fixture.name}@${results.target}`;
}

/** The HTML report to open per fixture (a sweep's combined one when several targets ran), as a list. */
export function reportFiles(results: ReadonlyArray<Pick<ResultsFile, 'fixture' | 'target'>>): string {
  const perFixture = new Map<string, Array<Pick<ResultsFile, 'fixture' | 'target'>>>();
  for (const file of results)
    perFixture.set(file.fixture.name, [...(perFixture.get(file.fixture.name) ?? []), file]);
  return [...perFixture.entries()]
    .map(([name, files]) => `${files.length > 1 ? name : reportStem(files[0]!)}-report.html`)
    .join(', ');
}

/** The stem of a suite's report files: `suite`, with `@target` under `--target-tokens`. */
export function suiteStem(suite: Pick<SuiteResults, 'target'>): string {
  return suite.target === null ? 'suite' : `suite@${suite.target}`;
}
