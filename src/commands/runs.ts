/** `compaction-bench runs [folder]`: the runs of an output folder with their verdicts; `--diff` what changed. */
import { Command } from 'commander';
import { diffRuns, listRuns } from '../run/runs.ts';
import {
  DIFF_PAGE,
  renderDiffHtml,
  renderDiffTerminal,
  renderRunsHtml,
  renderRunsTerminal,
  RUNS_PAGE,
} from '../report/runs.ts';
import { writeFolderPage } from '../report/write.ts';
import { wrapProse } from '../report/wrap.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput } from './streams.ts';
import { stdoutTerminal } from './terminal.ts';

/** Builds the `runs` command. */
export function runsCommand(): Command {
  return new Command('runs')
    .description(COMMAND_SUMMARIES.runs.description)
    .argument('[folder]', 'an output folder of compare or check (its records/ folder)', 'compaction-results')
    .option(
      '--diff [runs...]',
      'what each strategy gained and lost between two runs: none named, the two newest; one, it against the run before it; two, those (an id or its start, e.g. 20261128T19)',
    )
    .addHelpText(
      'after',
      `
Writes runs.html into the folder (every run newest first, its verdict, a check's PASS or FAIL, and its report
pages) and, with --diff,
runs-diff.html (each strategy's facts lost and gained, recall and tokens after, over the sessions both runs
ran). Runs are read from records/<run>.jsonl, which every compare and check writes.

Examples:
  compaction-bench runs                                  # the runs in compaction-results/
  compaction-bench runs out --diff                       # what changed between the two newest
  compaction-bench runs out --diff 20261128T1903 20261128T2007`,
    )
    .action(async (folder: string, flags: { diff?: true | string[] }) => {
      const terminal = stdoutTerminal();
      const list = await listRuns(folder);
      const written = [await writeFolderPage(folder, RUNS_PAGE, renderRunsHtml(list))];
      const parts = [renderRunsTerminal(list, terminal)];
      if (flags.diff) {
        const diff = await diffRuns(folder, flags.diff === true ? [] : flags.diff);
        written.push(await writeFolderPage(folder, DIFF_PAGE, renderDiffHtml(diff)));
        parts.push(renderDiffTerminal(diff, terminal));
      }
      standardOutput().write(
        `${parts.join('\n\n')}\n\n${wrapProse(`Written: ${written.join(', ')} (open in a browser)`, terminal.width)}\n`,
      );
    });
}
