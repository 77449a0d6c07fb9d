/** `compaction-bench merge <shard outputs...>`. */
import { relative } from 'node:path';
import { Command, Option } from 'commander';
import { mergeShards } from '../run/merge-shards.ts';
import { renderCheckText } from '../report/check-summary.ts';
import { paintVerdictMarks } from '../report/paint.ts';
import { renderSuiteTerminal } from '../report/suite-terminal.ts';
import { renderResultsTerminal } from '../report/sweep.ts';
import { wrapProse } from '../report/wrap.ts';
import { stdoutTerminal } from './terminal.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardError, standardOutput } from './streams.ts';

/** Builds the `merge` command. */
export function mergeCommand(): Command {
  return new Command('merge')
    .description(COMMAND_SUMMARIES.merge.description)
    .argument('<shards...>', 'the --out folders (or records/<run>.shard-i-of-n.jsonl files) of every shard')
    .addOption(
      new Option('-o, --out <dir>', 'where the merged reports and records go').default('compaction-results'),
    )
    .addOption(
      new Option(
        '--update-baseline <path>',
        'shards of check: write the merged results as the new baseline (file or directory) when the gate passes',
      ),
    )
    .addOption(new Option('--json', 'print the results JSON to stdout instead of the table'))
    .addHelpText(
      'after',
      `
Joins the outputs of compare --shard i/n (or check --shard i/n), i = 1…n, into what the run without --shard
writes with --session-pages: every report (per session and target, sweeps, the suite), the statistics
computed over the merged jobs, and one records file for the whole plan in --out/records/. Shards of check are then gated as check gates (the
floors, baselines and tolerances the shards recorded; baselines read from their paths, relative to here): the
verdict is printed and written to F-gate.md (and GITHUB_STEP_SUMMARY when set).
Refused, exit 2, one line each: shards written by different versions, shards of different configurations
(provider, judge, sessions, strategies, targets, settings, gate, n), a job in two shards, a shard missing.
Exit codes: 0 ok, 1 the gate failed (shards of check), 2 bad input, 3 a strategy failed (shards of check).

Examples:
  compaction-bench merge shard-1 shard-2 shard-3 -o merged
  compaction-bench merge shards/*/ -o merged --update-baseline baselines/suite`,
    )
    .action(async (files: string[], flags: { out: string; updateBaseline?: string; json?: boolean }) => {
      const outcome = await mergeShards({
        files,
        out: flags.out,
        updateBaseline: flags.updateBaseline,
        stepSummary: process.env.GITHUB_STEP_SUMMARY || undefined,
        command: process.argv.slice(2),
      });
      const { results, suites, gate } = outcome;
      for (const choice of outcome.choices) standardError().write(`note: ${choice}\n`);
      if (flags.json) {
        const verdict = gate ? { verdict: gate.verdict, baselineGate: gate.baselineGate } : {};
        standardOutput().write(`${JSON.stringify({ ...verdict, results, suites }, null, 2)}\n`);
      } else {
        const terminal = stdoutTerminal();
        const tables = (
          suites.length > 0
            ? suites.map((suite) =>
                renderSuiteTerminal(suite, terminal, {
                  sessions: results.filter((file) => file.target === suite.target),
                }),
              )
            : renderResultsTerminal(results, terminal)
        ).join('\n\n');
        standardOutput().write(
          gate
            ? paintVerdictMarks(
                wrapProse(renderCheckText(gate.summary, tables, gate.updated), terminal.width, 2),
                terminal.color ?? false,
              )
            : `${tables}\n\n${wrapProse(`${outcome.shards} shards merged; reports written to ${flags.out}/ (open ${outcome.pages.map((page) => relative(flags.out, page)).join(', ')} in a browser)`, terminal.width)}\n`,
        );
      }
      if (gate) process.exitCode = gate.exitCode;
    });
}
