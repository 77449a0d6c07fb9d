/** How a run's report files are named: by session, target and run kind, so that no kind overwrites another's. */
/** What names a fixture's files: its session, its `--target-tokens` target, its `--schedule` when a chain. */
export type StemSource = {
  fixture: { name: string };
  target: number | null;
  schedule?: string | undefined;
};

/**
 * The stem of a fixture's report files: its name, with `@target` under `--target-tokens` and `-chain` under
 * `--schedule` (a chain's `F-chain-report.html` never replaces a plain run's `F-report.html`).
 */
export function reportStem(results: StemSource): string {
  const name = results.target === null ? results.fixture.name : `${results.fixture.name}@${results.target}`;
  return results.schedule === undefined ? name : `${name}-chain`;
}

/** A fixture's results file, `F-results.json` (relative to `--out`). */
export function resultsFileName(results: StemSource): string {
  return `${reportStem(results)}-results.json`;
}

/** The stem of a budget sweep's own files (`F-sweep.md`, `F-sweep.json`, `F-sweep-report.html`). */
export function sweepStem(fixture: string): string {
  return `${fixture}-sweep`;
}

/** The HTML report to open per fixture (a sweep's combined one when several targets ran), as a list. */
export function reportFiles(results: readonly StemSource[]): string {
  const perFixture = new Map<string, StemSource[]>();
  for (const file of results)
    perFixture.set(file.fixture.name, [...(perFixture.get(file.fixture.name) ?? []), file]);
  return [...perFixture.entries()]
    .map(([name, files]) => `${files.length > 1 ? sweepStem(name) : reportStem(files[0]!)}-report.html`)
    .join(', ');
}

/** The stem of a suite's report files: `suite`, with `@target` under `--target-tokens`. */
export function suiteStem(suite: { target: number | null }): string {
  return suite.target === null ? 'suite' : `suite@${suite.target}`;
}
