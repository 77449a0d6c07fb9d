/**
 * `--shard i/n`: the plan's jobs split into n parts, the same on every machine. Jobs are weighed by the tokens of
 * the history they compact and dealt greedily, heaviest first (ties by job id), each to the lightest shard so
 * far: the ids come from content hashes and settings, never from paths or clocks, so every shard computes the
 * same partition and runs only its own part.
 */
import { InputError } from '../errors.ts';
import { type RunRecord, shortHash } from '../results/record.ts';
import type { SessionPlan, Shard } from './types.ts';

export type { Shard } from './types.ts';

/** What a shard's run header says about the whole plan, so that merging can check the shards belong together. */
export type ShardHeader = NonNullable<RunRecord['shard']>;

/** Parses `--shard i/n` (1 ≤ i ≤ n). */
export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count)
    throw new InputError(`expected i/n with 1 ≤ i ≤ n (such as 2/3), got '${text}'`);
  return { index, count };
}

/** The records file's name without `.jsonl`: `<run>.shard-2-of-3` (a folder's newest run still groups by `<run>`). */
export function shardFileStem(run: string, shard: Shard | undefined): string {
  return shard ? `${run}.shard-${shard.index}-of-${shard.count}` : run;
}

/** A job to deal: its id and its weight (tokens of the history it works on). */
export type WeighedJob = { id: string; weight: number };

/** The shard (1-based) of every job: heaviest first, ties by id, each to the lightest shard (ties: the lowest). */
export function assignShards(jobs: readonly WeighedJob[], count: number): Map<string, number> {
  const order = [...jobs].sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const loads = Array.from({ length: count }, () => 0);
  const assigned = new Map<string, number>();
  for (const job of order) {
    let lightest = 0;
    for (let index = 1; index < count; index++) if (loads[index]! < loads[lightest]!) lightest = index;
    loads[lightest]! += job.weight;
    assigned.set(job.id, lightest + 1);
  }
  return assigned;
}

/**
 * The plans and run header of one shard: each plan keeps only the jobs dealt to this shard (a plan left with none
 * is dropped), and the header lists only those jobs, with the whole plan's hash, size and order beside them.
 */
export function shardPlans(
  plans: readonly SessionPlan[],
  header: RunRecord,
  shard: Shard,
): { plans: SessionPlan[]; header: RunRecord } {
  const weighed: WeighedJob[] = plans.flatMap((plan) => [
    ...plan.strategies.flatMap(({ jobs }) =>
      jobs.map((job) => ({ id: job.id, weight: plan.reference.tokensBefore })),
    ),
    ...(plan.agentCompaction
      ? [{ id: plan.agentCompaction.id, weight: plan.agentCompaction.reference.tokensBefore }]
      : []),
  ]);
  const assigned = assignShards(weighed, shard.count);
  const mine = (id: string) => assigned.get(id) === shard.index;
  const own = plans
    .map((plan) => ({
      ...plan,
      strategies: plan.strategies
        .map(({ strategy, jobs }) => ({ strategy, jobs: jobs.filter((job) => mine(job.id)) }))
        .filter(({ jobs }) => jobs.length > 0),
      agentCompaction:
        plan.agentCompaction && mine(plan.agentCompaction.id) ? plan.agentCompaction : undefined,
    }))
    .filter((plan) => plan.strategies.length > 0 || plan.agentCompaction !== undefined);
  const strategies = [
    ...new Set(plans.flatMap((plan) => plan.strategies.map(({ strategy }) => strategy.name))),
  ];
  const targets = [...new Set(plans.map((plan) => plan.target ?? null))];
  return {
    plans: own,
    header: {
      ...header,
      jobs: header.jobs.filter((job) => mine(job.id)),
      shard: {
        index: shard.index,
        count: shard.count,
        plan: shortHash(header.jobs.map((job) => job.id).join()),
        planned: header.jobs.length,
        strategies,
        targets,
      },
    },
  };
}
