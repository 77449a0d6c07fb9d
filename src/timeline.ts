/**
 * Points of a run's timeline as performance marks (`compaction-bench:<point>`): the program started, its command
 * loaded, the first session loaded, the first call sent, the last answer, the sessions scored, reports and records
 * written. Nothing reads them in the tool; `node --import bench/max-rss.mjs` prints them at exit, and the wall bench
 * (`npm run bench -- wall`) gives the median of each over its runs.
 */

/** Which time of a point that is reached several times is kept. */
export type MarkedTime = 'first' | 'latest';

const marked = new Set<string>();

/** Marks `point` now: `first` keeps the first time it is reached in this process, `latest` moves to each. */
export function markTimeline(point: string, keep: MarkedTime = 'latest'): void {
  const name = `compaction-bench:${point}`;
  if (keep === 'first') {
    if (marked.has(name)) return;
    marked.add(name);
  } else performance.clearMarks(name);
  performance.mark(name);
}
