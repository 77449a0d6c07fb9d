/** `compaction-bench check <transcript...>`. */
import { Command, Option } from 'commander';
import { runCheck, runCheckShard } from '../run/check.ts';
import { renderShardSummary } from '../report/shard-summary.ts';
import { DEFAULT_TOLERANCE } from '../quality/gate.ts';
import { renderCheckText } from '../report/check-summary.ts';
import { paintVerdictMarks } from '../report/paint.ts';
import { wrapProse } from '../report/wrap.ts';
import { DEFAULT_ALLOW_LOST } from '../suite/baseline-gate.ts';
import { renderSuiteTerminal } from '../report/suite-terminal.ts';
import { renderResultsTerminal } from '../report/sweep.ts';
import { validateSliceOptions } from '../session/slicer.ts';
import { applyConfigFile } from './config-flags.ts';
import { integerAtLeast, numberBetween } from './options.ts';
import { createProgressDisplay, progressMode } from './progress-display.ts';
import { stdoutTerminal } from './terminal.ts';
import { interruptible } from './interrupt.ts';
import { DEFAULT_STRATEGIES } from '../strategies/registry.ts';
import { addRunOptions, type RunFlags, toCompareOptions } from './run-options.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput, standardError } from './streams.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

/** Builds the `check` command. */
export function checkCommand(): Command {
  const command = new Command('check')
    .description(COMMAND_SUMMARIES.check.description)
    .argument(
      '[transcript...]',
      "names in fixtures/, transcript files, directories or quoted glob patterns (default: the config file's suite)",
    )
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
      new Option(
        '--tolerance <x>',
        'how far a figure may fall below its baseline (with --runs of a live model: beyond the spread over runs too)',
      )
        .argParser(numberBetween(0, 1))
        .default(DEFAULT_TOLERANCE),
    )
    .addOption(
      new Option(
        '--allow-lost <n>',
        'facts a strategy may lose against the baseline when its answers are deterministic (offline, replayed, cached), whatever the tolerance says of the fall in fact recall they make',
      )
        .argParser(integerAtLeast(0))
        .default(DEFAULT_ALLOW_LOST),
    )
    .addOption(
      new Option(
        '--allow-missing',
        'a session of the baseline that this run lacks (not given, or unreadable) is noted instead of failing the gate',
      ),
    )
    .addOption(
      new Option(
        '--allow-unpaired-noise',
        'report one run of a sampled model (answers fresh from a live model, not a cassette or the cache) against the baseline without gating it, instead of exit 2',
      ),
    )
    .addOption(
      new Option(
        '--update-baseline <path>',
        'write the results as the new baseline (file or directory), accepting what changed against --baseline; written only when nothing else failed',
      ),
    )
    .addOption(
      new Option(
        '--junit <file>',
        'also write the verdict as JUnit XML (a test case per strategy, failing with its failures) for CI systems that read it',
      ),
    );
  addRunOptions(command);
  // Gating against a baseline compares every strategy it holds, so none drops out of the gate unseen.
  command.options
    .find((option) => option.long === '--strategies')
    ?.default(
      DEFAULT_STRATEGIES,
      `${DEFAULT_STRATEGIES}; with --baseline, every strategy the baseline holds`,
    );
  command.addHelpText(
    'after',
    `
Exit codes: 0 pass, 1 a gate failed, 2 bad input (or a gate that cannot be given: one run of a sampled
model against a baseline), 3 a strategy failed.
Against a baseline, every session and strategy it holds must be in the run: a session missing or unreadable
fails (--allow-missing notes it instead); strategies left out with -s are not gated, and said so. Deterministic
answers (the offline provider, a cassette, the cache) lose a fact for good: more than --allow-lost N fails.
Answers fresh from a live model are sampled: with --runs 2 or more a fall must lie beyond the spread over runs;
one run cannot tell a loss from noise (exit 2, or --allow-unpaired-noise to report it without a gate).
The verdict comes first and is also written to F-gate.md in --out (ready for a PR comment), at the top of
the HTML reports, and with --junit FILE as JUnit XML. When
GITHUB_STEP_SUMMARY is set, that verdict and then the comparison (the suite report for several sessions) are
appended to it. Rerunning the same command with --update-baseline accepts a change against the baseline. Without arguments, the suite, strategies,
provider and gate of compaction-bench.config.json (or "compactionBench" in package.json) run; flags override it.
With --shard i/n only part i of the jobs runs: its records carry the gate's settings and no verdict is given
(exit 0, or 3 when a strategy failed); compaction-bench merge over all n outputs gates the merged results and
exits as check would (docs/scale.md).

Examples:
  compaction-bench check before-compaction --fail-under probeRecall=0.5 --fail-under structured-iterative.structure=1
  compaction-bench check before-compaction large-session --baseline baselines/ --tolerance 0.02
  compaction-bench check before-compaction -p openai:gpt-4.1-mini --replay cassettes/ci.jsonl --baseline baselines/
  compaction-bench check sessions/ --baseline baselines/suite     # a suite: intervals clustered by session
  compaction-bench check                                          # what compaction-bench.config.json says
  compaction-bench check sessions/ --baseline baselines/suite --shard 1/4 -o shard-1   # one CI runner's part`,
  );
  return command.action(async (inputs: string[], flags: RunFlags & CheckFlags, self: Command) => {
    const transcripts = applyConfigFile(self, inputs, flags);
    validateSliceOptions(flags);
    const display = await createProgressDisplay(progressMode(flags.quiet, standardError()), standardError());
    const checkOptions = (signal: AbortSignal) => ({
      ...toCompareOptions(transcripts, flags, signal, display),
      failUnder: flags.failUnder,
      baselines: flags.baseline,
      tolerance: flags.tolerance,
      allowLost: flags.allowLost,
      allowMissing: flags.allowMissing === true,
      allowUnpairedNoise: flags.allowUnpairedNoise === true,
      updateBaseline: flags.updateBaseline,
      strategiesFromBaseline: self.getOptionValueSource('strategies') === 'default',
      stepSummary: process.env.GITHUB_STEP_SUMMARY || undefined,
      junit: flags.junit,
    });
    try {
      if (flags.shard) {
        const shard = flags.shard;
        const outcome = await interruptible(
          (signal) => runCheckShard({ ...checkOptions(signal), shard }),
          display.interrupt,
        );
        display.stop();
        if (outcome?.shard === undefined) return;
        const summary = { ...outcome.shard, recordsFile: outcome.recordsFile };
        standardOutput().write(
          flags.json ? `${JSON.stringify({ shard: summary }, null, 2)}\n` : renderShardSummary(summary, true),
        );
        if (outcome.failedStrategies > 0) process.exitCode = 3;
        return;
      }
      const outcome = await interruptible((signal) => runCheck(checkOptions(signal)), display.interrupt);
      display.stop();
      if (outcome === undefined) return;
      const { results } = outcome;
      if (flags.json) {
        const { verdict, compare, baselineGate } = outcome;
        standardOutput().write(
          `${JSON.stringify({ verdict, results, suites: compare.suites, baselineGate }, null, 2)}\n`,
        );
      } else {
        const terminal = stdoutTerminal();
        const tables = (
          outcome.compare.suites.length > 0
            ? outcome.compare.suites.map((suite) =>
                renderSuiteTerminal(suite, terminal, {
                  sessions: results.filter((file) => file.target === suite.target),
                }),
              )
            : renderResultsTerminal(results, terminal)
        ).join('\n\n');
        // Tables already fit the width (so wrapping leaves them alone); the prose around them wraps.
        standardOutput().write(
          paintVerdictMarks(
            wrapProse(renderCheckText(outcome.summary, tables, outcome.updated), terminal.width, 2),
            terminal.color ?? false,
          ),
        );
      }
      process.exitCode = outcome.exitCode;
    } finally {
      display.stop();
    }
  });
}

type CheckFlags = {
  junit?: string;
  failUnder: string[];
  baseline: string[];
  tolerance: number;
  allowLost: number;
  allowMissing?: boolean;
  allowUnpairedNoise?: boolean;
  updateBaseline?: string;
};
