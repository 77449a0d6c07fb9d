/** `compaction-bench calibrate`: the tool's fact scores against the human-labelled yardstick in calibration/. */
import { Command, Option } from 'commander';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calibrate, floorFailures } from '../calibration/calibrate.ts';
import { packageRoot } from '../package-root.ts';
import { renderCalibration } from '../report/calibration.ts';
import { numberBetween } from './options.ts';
import { COMMAND_SUMMARIES } from './summaries.ts';

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
    .addOption(
      new Option('--min-kappa <k>', "exit 1 when a held-out kind's kappa is below k").argParser(
        numberBetween(-1, 1),
      ),
    )
    .addOption(
      new Option('--max-error <e>', 'exit 1 when the held-out mean |tool − human| is above e').argParser(
        numberBetween(0, 1),
      ),
    )
    .addOption(
      new Option('--min-correlation <r>', 'exit 1 when the held-out rank correlation is below r').argParser(
        numberBetween(-1, 1),
      ),
    )
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      `
Exit codes: 0 every floor holds, 1 a held-out figure is past its floor, 2 bad input.
A summary or tail that is transcript text is skipped, with a line saying so, when its transcript is absent.
Method, figures and what is held out: docs/calibration.md.

Examples:
  compaction-bench calibrate
  compaction-bench calibrate --max-error 0.15 --min-correlation 0.8 --min-kappa 0.3`,
    )
    .action(
      async (options: {
        cuts: string;
        transcripts?: string;
        minKappa?: number;
        maxError?: number;
        minCorrelation?: number;
        json?: boolean;
      }) => {
        const result = await calibrate({
          cutsDirectory: options.cuts,
          repositoryRoot: root,
          transcriptsDirectory: options.transcripts,
        });
        const failures = floorFailures(result, options);
        process.stdout.write(
          options.json
            ? `${JSON.stringify({ ...result, failures }, null, 2)}\n`
            : `${renderCalibration(result, failures)}\n`,
        );
        process.exitCode = failures.length > 0 ? 1 : 0;
      },
    );
}
