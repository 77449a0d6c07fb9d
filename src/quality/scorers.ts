/**
 * The scorer of each metric that has one, by the metric's key: apart from the registry (metrics.ts), which every
 * report reads, so that reading figures does not load the scorers.
 */
import { scoreFileRecall } from './file-recall.ts';
import { scoreInventedPaths } from './paths.ts';
import { scoreProbeRecall } from './probe-recall.ts';
import { scoreStructureOf } from './structure.ts';
import type { Scorer } from './types.ts';

/** The scorers, by the key of the metric each scores (a metric names its scorer: `Metric.scorer`). */
export const SCORERS = {
  probeRecall: scoreProbeRecall,
  fileRecall: scoreFileRecall,
  structure: scoreStructureOf,
  inventedPaths: scoreInventedPaths,
} satisfies Record<string, Scorer>;

/** The name of a scorer. */
export type ScorerName = keyof typeof SCORERS;
