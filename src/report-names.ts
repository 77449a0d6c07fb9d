/** How a run's report files are named: by session, target and run kind, so that no kind overwrites another's. */
/** What names a fixture's files: its session, its `--target-tokens` target, its `--schedule` when a chain. */
export type StemSource = {
  fixture: { name: string };
  target: number | null;
  schedule?: string | undefined;
  /** A continuation replay's cuts (not under `--schedule`). */
  continuation?: { cuts: readonly number[] } | undefined;
};

/**
 * The stem of a fixture's report files: its name, with `@target` under `--target-tokens`, `-chain` under
 * `--schedule` and `-continuation@cut` for a continuation replay (`-continuation@40,59` with several cuts): a
 * chain's or a replay's files never replace a plain run's `F-report.html`.
 */
export function reportStem(results: StemSource): string {
  const name = results.target === null ? results.fixture.name : `${results.fixture.name}@${results.target}`;
  if (results.schedule !== undefined) return `${name}-chain`;
  return results.continuation ? `${name}-continuation@${results.continuation.cuts.join(',')}` : name;
}

/** A fixture's results file, `F-results.json` (relative to `--out`). */
export function resultsFileName(results: StemSource): string {
  return `${reportStem(results)}-results.json`;
}

/** The stem of a budget sweep's own files (`F-sweep.md`, `F-sweep.json`, `F-sweep-report.html`). */
export function sweepStem(transcript: string): string {
  return `${transcript}-sweep`;
}

/** The HTML report to open per fixture (a sweep's combined one when several targets ran), as a list. */
export function reportFiles(results: readonly StemSource[]): string {
  const perSession = new Map<string, StemSource[]>();
  for (const file of results)
    perSession.set(file.fixture.name, [...(perSession.get(file.fixture.name) ?? []), file]);
  return [...perSession.entries()]
    .map(([name, files]) => `${files.length > 1 ? sweepStem(name) : reportStem(files[0]!)}-report.html`)
    .join(', ');
}

/** The stem of a suite's report files: `suite`, with `@target` under `--target-tokens`. */
export function suiteStem(suite: { target: number | null }): string {
  return suite.target === null ? 'suite' : `suite@${suite.target}`;
}

/** How a shard is named in lines and files: `shard 2 of 3`. */
export function describeShard(shard: { index: number; count: number }): string {
  return `shard ${shard.index} of ${shard.count}`;
}
