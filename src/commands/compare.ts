/** `compaction-bench compare <fixture...>`. */
import { Command } from 'commander';
import { renderComparisonTerminal } from '../report/comparison.ts';
import { runCompare } from '../run.ts';
import { validateSliceOptions } from '../slicer.ts';
import { reportFiles } from '../report/stem.ts';
import { createProgressDisplay, progressMode } from './progress-display.ts';
import { stdoutTerminal } from './terminal.ts';
import { addRunOptions, interruptSignal, type RunFlags, toCompareOptions } from './run-options.ts';

/** Builds the `compare` command. */
export function compareCommand(): Command {
  const command = new Command('compare')
    .description('run compaction strategies on fixtures, write reports, print the comparison')
    .argument('<fixture...>', 'names in fixtures/ (without extension) or paths to transcripts');
  addRunOptions(command).addHelpText(
    'after',
    `
Writes F-S.md per strategy, F-comparison.md, F-report.html and F-results.json for each fixture F into
--out (compaction-bench report rebuilds them from the results files).
Exit codes: 0 ok, 2 bad input, 3 a strategy failed (the others are still written).

Examples:
  compaction-bench compare before-compaction                      # offline, no key needed
  compaction-bench compare large-session -s parallel-stitch,structured-iterative --slice-tokens 16000
  compaction-bench compare ./my-session.jsonl -p openai:gpt-4.1-mini --record cassettes/my.jsonl
  compaction-bench compare large-session -p openai:qwen2.5:7b --base-url http://localhost:11434/v1`,
  );
  return command.action(async (fixtures: string[], flags: RunFlags) => {
    validateSliceOptions(flags);
    const interrupt = interruptSignal();
    const display = createProgressDisplay(progressMode(flags.quiet, process.stderr), process.stderr);
    try {
      const outcome = await runCompare(toCompareOptions(fixtures, flags, interrupt.signal, display));
      display.stop();
      const results = outcome.fixtures.map((fixture) => fixture.results);
      const terminal = stdoutTerminal();
      process.stdout.write(
        flags.json
          ? `${JSON.stringify({ results }, null, 2)}\n`
          : `${results.map((fixture) => renderComparisonTerminal(fixture, terminal)).join('\n\n')}\n\nReports written to ${flags.out}/ (open ${reportFiles(results)} in a browser)\n`,
      );
      if (outcome.failedStrategies > 0) process.exitCode = 3;
    } finally {
      display.stop();
      interrupt.dispose();
    }
  });
}
