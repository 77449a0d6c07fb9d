/**
 * The aggregate stage: job records in, results files out. Each job's measured outcome gets its evaluators'
 * scores, the samples of one strategy are combined as `--runs` combines them, and the paired statistics are
 * computed over the strategies of one session at one target. Nothing here reads a transcript or calls a model.
 */
import { applyScores } from '../evaluators/registry.ts';
import { InputError } from '../errors.ts';
import { comparisonStatistics } from '../results/comparison-statistics.ts';
import type { JobRecord, RunRecord, SessionRecord } from '../results/record.ts';
import { combineRuns } from '../results/statistics.ts';
import type { ResultsFile, StrategyResult } from '../results/types.ts';

/** One strategy's result from its job records (one per sample): scores applied, samples combined. */
export function strategyResultOf(jobs: readonly JobRecord[], where: string): StrategyResult {
  const samples = [...jobs].sort((a, b) => a.sample - b.sample);
  const results = samples.map((job) => {
    const result = applyScores(structuredClone(job.outcome), job.scores, `${where}: job ${job.id}`);
    // The job's calls are its trace's, in order: each trace entry names its stored prompt and answer.
    result.trace = result.trace.map((entry, index) => {
      const call = job.calls[index];
      return call ? { ...entry, promptHash: call.promptHash, answerHash: call.answerHash } : entry;
    });
    return result;
  });
  const result = results.length === 1 ? results[0]! : combineRuns(results);
  result.deterministic = samples[0]!.deterministic;
  return result;
}

/**
 * The results file of one session at one target: its frame, each strategy's result in the order of `order`
 * (the run's plan), and the statistics against `reference` (default: the first strategy).
 */
export function aggregateSession(
  session: SessionRecord,
  jobs: readonly JobRecord[],
  order: readonly string[],
  reference: string | undefined,
  where: string,
): ResultsFile {
  const byStrategy = new Map<string, JobRecord[]>();
  for (const job of jobs) byStrategy.set(job.strategy, [...(byStrategy.get(job.strategy) ?? []), job]);
  const names = [
    ...order.filter((name) => byStrategy.has(name)),
    ...[...byStrategy.keys()].filter((name) => !order.includes(name)),
  ];
  const strategies = names.map((name) => strategyResultOf(byStrategy.get(name)!, where));
  const file: ResultsFile = { ...structuredClone(session.frame), statistics: null, strategies };
  // The comparison's verdicts are on the headline: the live facts (older files: every probe).
  file.statistics = comparisonStatistics(
    strategies,
    file.probes.filter((probe) => probe.live !== false),
    reference,
  );
  return file;
}

/** A job as a missing-job (or duplicated-job) line names it: `large-session × truncate at 2000 tokens (run 2)`. */
export function describeJob(job: {
  session: string;
  strategy: string;
  target: number | null;
  sample: number;
}): string {
  const target = job.target === null ? '' : ` at ${job.target} tokens`;
  const sample = job.sample > 1 ? ` (run ${job.sample})` : '';
  return `${job.session} × ${job.strategy}${target}${sample}`;
}

/**
 * Refuses an incomplete record set: every job a run header planned must have its record, and every session at a
 * target must have every strategy that any other session of the set has. The error names the missing jobs.
 */
export function assertComplete(
  runs: readonly RunRecord[],
  sessions: readonly SessionRecord[],
  jobs: readonly JobRecord[],
): void {
  const present = new Set(jobs.map((job) => job.id));
  const missing = new Set<string>();
  for (const run of runs) for (const job of run.jobs) if (!present.has(job.id)) missing.add(describeJob(job));
  const strategiesAt = new Map<number | null, Set<string>>();
  for (const job of jobs)
    strategiesAt.set(job.target, (strategiesAt.get(job.target) ?? new Set()).add(job.strategy));
  for (const session of sessions) {
    const have = new Set(
      jobs
        .filter((job) => job.session === session.session && job.target === session.target)
        .map((job) => job.strategy),
    );
    for (const strategy of strategiesAt.get(session.target) ?? []) {
      // The agent's own summary exists only where the transcript recorded a compaction.
      if (strategy !== 'recorded' && !have.has(strategy))
        missing.add(describeJob({ session: session.session, strategy, target: session.target, sample: 1 }));
    }
  }
  if (missing.size > 0) {
    const list = [...missing];
    throw new InputError(
      `the records are incomplete: ${list.length === 1 ? 'a job is' : `${list.length} jobs are`} missing: ${list.join('; ')}`,
    );
  }
}
