/** `compaction-bench report <results.json...>`. */
import { Command, Option } from 'commander';
import open from 'open';
import { messageOf } from '../errors.ts';
import { rebuildReports } from '../rebuild.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';

/** Builds the `report` command. */
export function reportCommand(): Command {
  return new Command('report')
    .description(COMMAND_SUMMARIES.report.description)
    .argument(
      '<results...>',
      'F-results.json files written by compare or check, or their --json output (several targets: a sweep)',
    )
    .addOption(new Option('-o, --out <dir>', 'where reports go (default: beside each results file)'))
    .addOption(new Option('--open', 'open each HTML report in the default browser'))
    .addHelpText(
      'after',
      `
Writes F-S.md per strategy, F-comparison.md and F-report.html per results file (F-chain-… for a
compaction chain); results files of one fixture at several --target-tokens also get F-sweep.md and a
combined F-sweep-report.html.

Examples:
  compaction-bench report compaction-results/large-session-results.json --open
  compaction-bench report baselines/extractive/*-results.json -o /tmp/baseline-reports`,
    )
    .action(async (files: string[], flags: { out?: string; open?: boolean }) => {
      const outcome = await rebuildReports({ files, out: flags.out });
      process.stdout.write(`${outcome.pages.map((page) => `${page}\n`).join('')}`);
      if (!flags.open) return;
      for (const page of outcome.pages) {
        // A machine without a browser still has its reports: say so, do not fail.
        await open(page).catch((error: unknown) =>
          process.stderr.write(`could not open ${page}: ${messageOf(error)}\n`),
        );
      }
    });
}
