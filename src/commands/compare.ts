/** `compaction-bench compare <transcript...>`. */
import { Command } from 'commander';
import { renderShardSummary } from '../report/shard-summary.ts';
import { compareSuite } from '../run/run-suite.ts';
import { validateSliceOptions } from '../session/slicer.ts';
import { reportFiles, suiteStem } from '../report-names.ts';
import { wrapProse } from '../report/wrap.ts';
import { createProgressDisplay, progressMode } from './progress-display.ts';
import { stdoutTerminal, writeJson } from './terminal.ts';
import { readResults, resultsTexts } from '../results/digest.ts';
import { loadRenderers } from '../report/load-renderers.ts';
import { applyConfigFile } from './config-flags.ts';
import { interruptible } from './interrupt.ts';
import { addRunOptions, type RunFlags, toCompareOptions } from './run-options.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput, standardError } from './streams.ts';

/** Builds the `compare` command. */
export function compareCommand(): Command {
  const command = new Command('compare')
    .description(COMMAND_SUMMARIES.compare.description)
    .argument(
      '[transcript...]',
      "names in fixtures/, transcript files, directories or quoted glob patterns (default: the config file's suite)",
    );
  command.option(
    '--session-pages',
    "with several sessions, also write each session's page (F-report.html) in this run instead of leaving it to report",
  );
  addRunOptions(command).addHelpText(
    'after',
    `
Writes F-S.md per strategy, F-comparison.md, F-report.html and F-results.json for each session F into
--out (F-chain-… with --schedule; a sweep also F-sweep.md and F-sweep-report.html; compaction-bench
report rebuilds them from the results files); with several sessions also
suite-comparison.md, suite-report.html and suite-results.json (each strategy over all of them, with intervals),
and no F-report.html unless --session-pages: compaction-bench report <out> writes those from the run's records.
Directories are walked; files that are not transcripts are skipped with one line for all.
With --shard i/n only part i of the jobs runs and only its records are written
(records/<run>.shard-i-of-n.jsonl): no reports, since a comparison needs every part; compaction-bench merge
builds them from all n outputs (docs/scale.md).
Exit codes: 0 ok, 2 bad input, 3 a strategy failed (the others are still written).

Examples:
  compaction-bench compare before-compaction                      # offline, no key needed
  compaction-bench compare large-session -s parallel-stitch,structured-iterative --slice-tokens 16000
  compaction-bench compare ./my-session.jsonl -p openai:gpt-4.1-mini --record cassettes/my.jsonl
  compaction-bench compare '~/.claude/projects/*/*.jsonl' -s core,baselines   # a suite, one report over all
  compaction-bench compare large-session -p openai:qwen2.5:7b --base-url http://localhost:11434/v1
  compaction-bench compare sessions/ --shard 2/3 -o shard-2     # part 2 of 3: records only
  compaction-bench merge shard-1 shard-2 shard-3 -o merged      # the reports of all three`,
  );
  return command.action(
    async (inputs: string[], flags: RunFlags & { sessionPages?: boolean }, self: Command) => {
      const transcripts = applyConfigFile(self, inputs, flags);
      validateSliceOptions(flags);
      const display = await createProgressDisplay(
        progressMode(flags.quiet, standardError()),
        standardError(),
      );
      try {
        const outcome = await interruptible(
          // A suite's sessions' pages are left to `report` unless asked for: its own page is what a suite's run is
          // read by, and each session's page was a tenth of a suite session's CPU.
          (signal) =>
            compareSuite({
              ...toCompareOptions(transcripts, flags, signal, display),
              suiteSessionPages: flags.sessionPages === true,
            }),
          display.interrupt,
        );
        display.stop();
        if (outcome === undefined) return;
        if (outcome.shard) {
          const shard = { ...outcome.shard, recordsFile: outcome.recordsFile };
          standardOutput().write(
            flags.json ? `${JSON.stringify({ shard }, null, 2)}\n` : renderShardSummary(shard, false),
          );
          if (outcome.failedStrategies > 0) process.exitCode = 3;
          return;
        }
        // Loaded while the calls were in flight (a compare against a model), else now.
        const { renderResultsTerminal, renderSuiteTerminal, runVerdicts } = await loadRenderers();
        if (flags.json) {
          // The verdicts first (a suite's from the digests; a session's or a sweep's from its results), then every
          // session's results as its file holds them, read back one at a time.
          const digests = outcome.sessions.map((session) => session.digest);
          const read =
            outcome.suites.length > 0
              ? []
              : await Promise.all(outcome.sessions.map((session) => readResults(session.resultsFile)));
          const verdicts = runVerdicts(read, outcome.suites, digests);
          const results = resultsTexts(outcome.sessions.map((session) => session.resultsFile));
          await writeJson([
            { key: 'verdict', value: verdicts[0]?.verdict ?? null },
            { key: 'verdicts', value: verdicts },
            { key: 'results', items: results },
            { key: 'suites', value: outcome.suites },
          ]);
        } else {
          const terminal = stdoutTerminal();
          const digests = outcome.sessions.map((session) => session.digest);
          // Without a suite the run had one session: its results (one per target) are read back whole.
          const results =
            outcome.suites.length > 0
              ? []
              : await Promise.all(outcome.sessions.map((session) => readResults(session.resultsFile)));
          const tables =
            outcome.suites.length > 0
              ? outcome.suites.map((suite) =>
                  renderSuiteTerminal(suite, terminal, {
                    sessions: digests.filter((digest) => digest.target === suite.target),
                  }),
                )
              : renderResultsTerminal(results, terminal);
          const pages =
            outcome.suites.length > 0
              ? outcome.suites.map((suite) => `${suiteStem(suite)}-report.html`).join(', ')
              : reportFiles(digests);
          const open = outcome.sessionPages || outcome.suites.length > 0 ? `open ${pages} in a browser` : '';
          const later = outcome.sessionPages
            ? ''
            : `compaction-bench report ${flags.out} writes each session's page`;
          standardOutput().write(
            `${tables.join('\n\n')}\n\n${wrapProse(`Reports written to ${flags.out}/ (${[open, later].filter(Boolean).join('; ')})`, terminal.width)}\n`,
          );
        }
        if (outcome.failedStrategies > 0) process.exitCode = 3;
      } finally {
        display.stop();
      }
    },
  );
}
