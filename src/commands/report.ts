/** `compaction-bench report <records or results.json...>`. */
import { Command, Option } from 'commander';
import open from 'open';
import { messageOf } from '../errors.ts';
import { rebuildReports } from '../run/reports-from-files.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput, standardError } from './streams.ts';

/** Builds the `report` command. */
export function reportCommand(): Command {
  return new Command('report')
    .description(COMMAND_SUMMARIES.report.description)
    .argument(
      '<records...>',
      'records/<run>.jsonl files, records/ folders or output folders of compare, check or score; or F-results.json files (or --json output)',
    )
    .addOption(
      new Option(
        '-o, --out <dir>',
        "where reports go (default: the records' output folder, or beside each results file)",
      ),
    )
    .addOption(new Option('--open', 'open each HTML report in the default browser'))
    .addHelpText(
      'after',
      `
From records (a folder stands for the newest run written there and its shards; .jsonl files given are
all read): every report compare writes (F-S.md, F-comparison.md, F-report.html, F-results.json per
session and target; F-sweep.md with several targets; suite-report.html with several sessions). Records of
several runs or shards are merged: a run's jobs add up across shards, a deterministic job counted once, and
the samples of a model's job in several runs pooled as more --runs. Runs of different providers, models or
tokenizers are refused; a set with a job missing (a strategy absent for one session) exits 2 naming it.
For the outputs of --shard i/n use compaction-bench merge: it also refuses a shard missing, a job in two
shards, and shards of another version or configuration.

From results files (F-results.json, as older versions wrote them): each file's reports; results files of one
session at several --target-tokens also get F-sweep.md and a combined F-sweep-report.html; a
compaction chain's are named F-chain-….

Examples:
  compaction-bench report compaction-results --open
  compaction-bench report shard-1/records shard-2/records -o merged
  compaction-bench report baselines/extractive/*-results.json -o /tmp/baseline-reports`,
    )
    .action(async (files: string[], flags: { out?: string; open?: boolean }) => {
      const outcome = await rebuildReports({ files, out: flags.out });
      for (const notice of outcome.notices) standardError().write(`${notice}\n`);
      standardOutput().write(`${outcome.pages.map((page) => `${page}\n`).join('')}`);
      if (!flags.open) return;
      for (const page of outcome.pages) {
        // A machine without a browser still has its reports: say so, do not fail.
        await open(page).catch((error: unknown) =>
          standardError().write(`could not open ${page}: ${messageOf(error)}\n`),
        );
      }
    });
}
