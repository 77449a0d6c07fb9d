/**
 * The lexical scoring (score.ts, with the matcher, probe recall and every scorer it brings: most of `quality/`),
 * loaded with `import()` when something first scores or prepares to: a run with a model loads it while its first
 * requests are in flight, not with compare's modules before them.
 */
let scoring: Promise<typeof import('./score.ts')> | undefined;

/** score.ts's exports, its modules loaded once a process. */
export function loadScoring(): Promise<typeof import('./score.ts')> {
  return (scoring ??= import('./score.ts'));
}

let facets: Promise<typeof import('./summary-facets.ts')> | undefined;

/** summary-facets.ts's exports (the page's facets of a scored summary, read with the scoring's index), loaded once. */
export function loadSummaryFacets(): Promise<typeof import('./summary-facets.ts')> {
  return (facets ??= import('./summary-facets.ts'));
}
