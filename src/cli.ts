/** The command-line entry: registers the commands and maps errors to exit codes in one place. */
import { Command, CommanderError } from 'commander';
import { checkCommand } from './commands/check.ts';
import { compareCommand } from './commands/compare.ts';
import { inspectCommand } from './commands/inspect.ts';
import { listCommand } from './commands/list.ts';
import { probesCommand } from './commands/probes.ts';
import { reportCommand } from './commands/report.ts';
import { exitCodeFor, messageOf } from './errors.ts';

/** Builds the program with every command. */
export function buildProgram(): Command {
  const program = new Command('compaction-bench')
    .description(
      'Benchmark context-compaction strategies for coding-agent sessions:\nwhat each summary keeps, for how many tokens, calls and seconds.',
    )
    .version('0.1.0')
    .option('--debug', 'print stack traces of errors')
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Quick start (offline: no key, no network):
  compaction-bench list                                # fixtures, strategies, providers
  compaction-bench inspect before-compaction           # what a fixture holds, how it is sliced
  compaction-bench compare before-compaction           # the five core strategies, reports in compaction-results/
  compaction-bench check before-compaction --fail-under probeRecall=0.6   # a CI gate
  compaction-bench report compaction-results/before-compaction-results.json --open   # the HTML report

Exit codes: 0 ok, 1 a quality gate failed, 2 bad usage or input, 3 a strategy failed.`,
    )
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  for (const command of [
    compareCommand(),
    checkCommand(),
    reportCommand(),
    inspectCommand(),
    probesCommand(),
    listCommand(),
  ]) {
    program.addCommand(command.exitOverride().showHelpAfterError('(run with --help for usage)'));
  }
  return program;
}

/** Runs the CLI with `argv` (as process.argv); sets `process.exitCode`, never exits. */
export async function main(argv: string[]): Promise<void> {
  const debug = argv.includes('--debug');
  try {
    await buildProgram().parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its message; help and version are not failures.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.stderr.write(`compaction-bench: ${messageOf(error)}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exitCode = exitCodeFor(error);
  }
}

// `compaction-bench list | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

await main(process.argv);
