/** `compaction-bench check <fixture...>`. */
import { Command, Option } from 'commander';
import { runCheck } from '../check.ts';
import { DEFAULT_TOLERANCE } from '../quality/gate.ts';
import { renderComparisonTerminal } from '../report/comparison.ts';
import { renderVerdictText } from '../report/gate.ts';
import { validateSliceOptions } from '../slicer.ts';
import { numberBetween } from './options.ts';
import { createProgressDisplay, progressMode } from './progress-display.ts';
import { stdoutTerminal } from './terminal.ts';
import { addRunOptions, interruptSignal, type RunFlags, toCompareOptions } from './run-options.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

/** Builds the `check` command. */
export function checkCommand(): Command {
  const command = new Command('check')
    .description(
      'compare, then gate on summary quality (for CI): exit 1 when a figure is under its floor or regressed',
    )
    .argument('<fixture...>', 'names in fixtures/ (without extension) or paths to transcripts')
    .addOption(
      new Option(
        '--fail-under <metric=value>',
        'floor for a quality figure, or strategy.metric=value for one strategy (repeatable)',
      )
        .argParser(collect)
        .default([]),
    )
    .addOption(
      new Option('--baseline <file>', 'a results JSON of an earlier run, or a directory of them (repeatable)')
        .argParser(collect)
        .default([]),
    )
    .addOption(
      new Option('--tolerance <x>', 'how far a figure may fall below its baseline')
        .argParser(numberBetween(0, 1))
        .default(DEFAULT_TOLERANCE),
    )
    .addOption(
      new Option(
        '--update-baseline <path>',
        'after a passing run, write the results as the new baseline (file or directory)',
      ),
    );
  addRunOptions(command).addHelpText(
    'after',
    `
Exit codes: 0 pass, 1 a gate failed, 2 bad input, 3 a strategy failed.
When GITHUB_STEP_SUMMARY is set, the comparison and the verdict are appended to it.

Examples:
  compaction-bench check before-compaction --fail-under probeRecall=0.5 --fail-under structured-iterative.structure=1
  compaction-bench check before-compaction large-session --baseline baselines/ --tolerance 0.02
  compaction-bench check before-compaction -p openai:gpt-4.1-mini --replay cassettes/ci.jsonl --baseline baselines/`,
  );
  return command.action(async (fixtures: string[], flags: RunFlags & CheckFlags, self: Command) => {
    validateSliceOptions(flags);
    const interrupt = interruptSignal();
    const display = createProgressDisplay(progressMode(flags.quiet, process.stderr), process.stderr);
    try {
      const outcome = await runCheck({
        ...toCompareOptions(fixtures, flags, interrupt.signal, display),
        failUnder: flags.failUnder,
        baselines: flags.baseline,
        tolerance: flags.tolerance,
        updateBaseline: flags.updateBaseline,
        strategiesFromBaseline: self.getOptionValueSource('strategies') === 'default',
        stepSummary: process.env.GITHUB_STEP_SUMMARY || undefined,
      });
      display.stop();
      const results = outcome.compare.fixtures.map((fixture) => fixture.results);
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ verdict: outcome.verdict, results }, null, 2)}\n`);
      } else {
        const terminal = stdoutTerminal();
        const tables = results.map((fixture) => renderComparisonTerminal(fixture, terminal)).join('\n\n');
        const updated = outcome.updated.map((path) => `baseline written: ${path}`).join('\n');
        process.stdout.write(
          `${tables}\n\n${renderVerdictText(outcome.verdict)}\n${updated ? `${updated}\n` : ''}`,
        );
      }
      process.exitCode = outcome.exitCode;
    } finally {
      display.stop();
      interrupt.dispose();
    }
  });
}

type CheckFlags = { failUnder: string[]; baseline: string[]; tolerance: number; updateBaseline?: string };
