/** `compaction-bench calibrate`: the tool's fact scores against the human-labelled yardstick in calibration/. */
import { Command, Option } from 'commander';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { calibrate } from '../calibration/calibrate.ts';
import { cutProbes } from '../calibration/cut-probes.ts';
import { checkFloorsNeedHeldOut, floorFailures } from '../calibration/floors.ts';
import { packageRoot } from '../package-root.ts';
import { createJudgeProvider } from '../quality/judge/run-judge.ts';
import { renderCalibration } from '../report/calibration.ts';
import { renderCutProbes } from '../report/cut-probes.ts';
import { getTokenizer } from '../tokens.ts';
import { interruptible } from './interrupt.ts';
import { integerAtLeast, numberBetween } from './options.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';
import { standardOutput } from './streams.ts';

/** Builds the `calibrate` command. */
export function calibrateCommand(): Command {
  const root = packageRoot(fileURLToPath(import.meta.url));
  return new Command('calibrate')
    .description(COMMAND_SUMMARIES.calibrate.description)
    .option('--cuts <dir>', 'the labelled cut files', join(root, 'calibration', 'cuts'))
    .option(
      '--transcripts <dir>',
      'where public transcripts are, by their path in their repository (cuts that name a repository)',
    )
    .option('--held-out', 'also score and print the held-out cuts (print them once, when the work is done)')
    .option(
      '--held-out-cuts <dir>',
      'a folder of held-out cut files kept out of the repository, read beside --cuts (each must be split "held-out")',
    )
    .addOption(
      new Option(
        '--max-error <e>',
        "exit 1 when the held-out headline's mean |tool − human| is above e (needs --held-out)",
      ).argParser(numberBetween(0, 1)),
    )
    .addOption(
      new Option(
        '--min-correlation <r>',
        "exit 1 when the held-out headline's rank correlation is below r (needs --held-out)",
      ).argParser(numberBetween(-1, 1)),
    )
    .addOption(
      new Option(
        '--min-coverage <c>',
        "exit 1 when the derived probes state less than this share of the held-out reader's live facts (needs --held-out)",
      ).argParser(numberBetween(0, 1)),
    )
    .addOption(
      new Option(
        '--min-precision <p>',
        "exit 1 when less than this share of the held-out live derived probes state a reader's fact (needs --held-out)",
      ).argParser(numberBetween(0, 1)),
    )
    .addOption(
      new Option(
        '--min-kappa <k>',
        "exit 1 when a held-out kind's kappa (the matcher on the reader's facts) is below k (needs --held-out)",
      ).argParser(numberBetween(-1, 1)),
    )
    .option(
      '--judge <spec>',
      "also grade the headline's probes with an LLM judge (openai:<model>, anthropic:<model>) and set it beside the reader",
    )
    .option('--judge-base-url <url>', "the judge's server, when it is not the vendor's default")
    .addOption(
      new Option('--concurrency <n>', 'judge calls in flight at once')
        .argParser(integerAtLeast(1))
        .default(4),
    )
    .option(
      '--probes <cut>',
      "print the live probes compare derives at one tuning cut, with each summary's outcome (instead of the figures)",
    )
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Exit codes: 0 every floor holds, 1 a held-out figure is past its floor, 2 bad input.
Held-out cuts are read for their schema only, and nothing of them is computed, unless --held-out is given;
the floors hold held-out figures (the kind-balanced headline on derived probes, coverage, precision), so they
need it. A blind set kept outside the repository is read with --held-out-cuts <dir>.
A summary or tail that is transcript text is skipped, with a line saying so, when its transcript is absent.
With --judge, a model grades the probes compare derives at each cut, on each summary and its kept tail, and
that judged headline is set beside the reader too; --max-error and --min-correlation then hold it as well.
Its answers are cached (.compaction-cache/ in the folder you run it from), so a second run costs nothing.
Method, figures and what is held out: docs/calibration.md.

Examples:
  compaction-bench calibrate
  compaction-bench calibrate --transcripts ../public-sessions --held-out-cuts ../yardstick/heldout --held-out --max-error 0.12 --min-correlation 0.8 --min-coverage 0.75 --min-precision 0.7
  compaction-bench calibrate --held-out --judge openai:gpt-4.1-mini --max-error 0.1 --min-correlation 0.8
  compaction-bench calibrate --transcripts ../public-sessions --probes pi-large-session-780`,
    )
    .action(
      async (options: {
        cuts: string;
        transcripts?: string;
        heldOut?: boolean;
        heldOutCuts?: string;
        minKappa?: number;
        maxError?: number;
        minCorrelation?: number;
        minCoverage?: number;
        minPrecision?: number;
        judge?: string;
        judgeBaseUrl?: string;
        concurrency: number;
        probes?: string;
        json?: boolean;
      }) => {
        if (options.probes !== undefined) {
          const probes = await cutProbes(options.probes, {
            cutsDirectory: options.cuts,
            repositoryRoot: root,
            transcriptsDirectory: options.transcripts,
          });
          standardOutput().write(
            options.json ? `${JSON.stringify(probes, null, 2)}\n` : `${renderCutProbes(probes)}\n`,
          );
          process.exitCode = 0;
          return;
        }
        checkFloorsNeedHeldOut(options, options.heldOut === true);
        // The judge's tokenizer counts its usage when a server reports none; without a judge none is loaded.
        const tokenizer = options.judge ? await getTokenizer() : undefined;
        const judge =
          options.judge && tokenizer
            ? { judge: createJudgeProvider(options.judge, options.judgeBaseUrl, { tokenizer }), tokenizer }
            : undefined;
        const limit = pLimit(options.concurrency);
        const result = await interruptible((signal) =>
          calibrate({
            cutsDirectory: options.cuts,
            repositoryRoot: root,
            transcriptsDirectory: options.transcripts,
            heldOut: options.heldOut === true,
            ...(options.heldOutCuts ? { heldOutCutsDirectory: options.heldOutCuts } : {}),
            ...(judge ? { judge: { ...judge, limit, signal } } : {}),
          }),
        );
        if (!result) return;
        const failures = floorFailures(result, options);
        standardOutput().write(
          options.json
            ? `${JSON.stringify({ ...result, failures }, null, 2)}\n`
            : `${renderCalibration(result, failures)}\n`,
        );
        process.exitCode = failures.length > 0 ? 1 : 0;
      },
    );
}
