/** What a shard of `compare` or `check` prints: what it ran, where its records are, and how to merge them. */
import { describeShard } from '../report-names.ts';

/** A shard's outcome as the command reports it. */
export type ShardSummary = {
  index: number;
  count: number;
  jobs: number;
  planned: number;
  recordsFile: string;
};

/** The lines a shard prints: no table and no verdict, since those come from every shard merged. */
export function renderShardSummary(shard: ShardSummary, gated: boolean): string {
  const what = gated ? 'reports and the gate come' : 'reports come';
  return [
    `${describeShard(shard)}: ran ${shard.jobs} of ${shard.planned} jobs; records in ${shard.recordsFile}`,
    `No reports yet: ${what} from every shard's output merged (compaction-bench merge DIR…).`,
    '',
  ].join('\n');
}
