/** The command-line entry: registers the commands and maps errors to exit codes in one place. */
import { setFlagsFromString } from 'node:v8';
import { Command, CommanderError, Help } from 'commander';
import { COMMAND_SUMMARIES, type CommandName } from './commands/summaries.ts';
import { exitCodeFor, messageOf } from './errors.ts';
import { cleanupFailures } from './cleanup.ts';
import { refuseConflictingRepeats } from './commands/repeated-flags.ts';
import { toolVersion } from './package-root.ts';
import { type CommandStreams, standardError, standardOutput, withStreams } from './commands/streams.ts';
import { terminalWidth } from './commands/terminal.ts';
import { wrapHelp } from './report/wrap.ts';
import { markTimeline } from './timeline.ts';
import { exitWhenDone } from './commands/exit-when-done.ts';
import { prefetchRankTable } from './tokenizer/rank-table-file.ts';

/**
 * A run makes large short-lived strings (rendered prompts, folded transcripts); by default V8 lets the heap grow to
 * twice or more what is live before a full collection, which doubled the peak memory of a long session's compare.
 * Growing by 30% between full collections halves that peak for about the same time (bench/speed.bench.ts). It is set
 * once the command's modules are loaded: from the start, it made V8 collect the whole heap twice more while they
 * loaded (at 15 and 17 MB). Set later (once a collection found the heap past 32 MiB, seen only when the thread
 * yields), a 4 M-token compare's peak rose by 3%: its session loaded under V8's own growth.
 */
function growHeapSlowly(): void {
  setFlagsFromString('--heap-growing-percent=30');
}

/** V8's interrupt budget (bytes of bytecode a function runs between its tiering checks) for every command. */
export const INTERRUPT_BUDGET = 8 * 67_584;

/**
 * V8 hands a function to TurboFan, its optimizing compiler, once the function has run its interrupt budget of
 * bytecode a few times; each compile is CPU on a helper thread, and a full collection makes the runtime compile again
 * what it dropped. A suite of short sessions, and a short command, paid most of their helpers' CPU for functions that
 * then ran too little to repay the compile: eight times V8's default (66 KiB) compiles only what stays hot
 * (docs/performance-history.md, round s21's P45, has the pairs). Set with the heap's growth, once the command's
 * modules are loaded: a flag changed earlier makes V8 refuse Node's code cache for every built-in module loaded after
 * it (`--help` took 12 ms more CPU with it set before the CLI loaded).
 */
function optimizeWhatStaysHot(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/**
 * Whether `argv` names a model behind HTTP (`-p openai:…`, `--provider=anthropic:…`, `--judge …`): its SDK calls
 * Node's fetch, whose modules load on first use.
 */
export function namesRemoteModel(argv: readonly string[]): boolean {
  return argv.slice(2).some((option, index, options) => {
    const [flag, inline] = option.startsWith('--')
      ? option.split(/=(.*)/s)
      : [option.slice(0, 2), option.slice(2)];
    if (flag !== '-p' && flag !== '--provider' && flag !== '--judge') return false;
    const spec = inline || options[index + 1];
    return spec !== undefined && !spec.startsWith('-') && spec !== 'extractive';
  });
}

/**
 * Node's fetch (undici, with http, tls, http2 and web streams: 75 built-in modules) loads when first used, which
 * for a run with a model is before its first request. Loaded after V8's flags change, those modules compile from
 * source, as Node's code cache is refused (51 ms CPU against 23); reading the lazy global `Headers` loads them
 * all now, from the cache.
 */
function loadFetch(): void {
  void globalThis.Headers;
}

/** The module that builds each command, imported only when that command runs or shows its own help. */
const LOADERS: Record<CommandName, () => Promise<Command>> = {
  compare: async () => (await import('./commands/compare.ts')).compareCommand(),
  check: async () => (await import('./commands/check.ts')).checkCommand(),
  report: async () => (await import('./commands/report.ts')).reportCommand(),
  merge: async () => (await import('./commands/merge.ts')).mergeCommand(),
  score: async () => (await import('./commands/score.ts')).scoreCommand(),
  inspect: async () => (await import('./commands/inspect.ts')).inspectCommand(),
  probes: async () => (await import('./commands/probes.ts')).probesCommand(),
  calibrate: async () => (await import('./commands/calibrate.ts')).calibrateCommand(),
  runs: async () => (await import('./commands/runs.ts')).runsCommand(),
  list: async () => (await import('./commands/list.ts')).listCommand(),
};

const isCommandName = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(COMMAND_SUMMARIES, name);

/** The command `argv` runs (`help compare` runs compare's help), if it names one. */
export function requestedCommand(argv: string[]): CommandName | undefined {
  // The program's own options (--debug, --version, --help) take no value, so the first word is the command.
  const words = argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return isCommandName(name) ? name : undefined;
}

/** How the program's help lists a command, loaded or not (every command takes options). */
export const summaryTerm = (name: CommandName): string =>
  [name, '[options]', COMMAND_SUMMARIES[name].arguments].filter(Boolean).join(' ');

const helpTerm = (command: Command): string => new Help().subcommandTerm(command);

/** A command as the program's help lists it, without loading it: its name, arguments and description. */
function summaryCommand(name: CommandName): Command {
  const summary = COMMAND_SUMMARIES[name];
  const command = new Command(name).description(summary.description);
  if (summary.arguments) command.arguments(summary.arguments);
  return command;
}

// The commands that count a session's tokens before anything else, with the default tokenizer unless told otherwise.
const COUNTING_COMMANDS: ReadonlySet<CommandName> = new Set(['compare', 'check']);

/** Builds the program: every command listed, the one `argv` runs (if any) loaded whole. */
export async function buildProgram(argv: string[]): Promise<Command> {
  const requested = requestedCommand(argv);
  // Its rank table is read on the thread pool while the command's modules load (the tokenizer then finds it read).
  const options = argv.slice(2);
  if (
    requested &&
    COUNTING_COMMANDS.has(requested) &&
    !options.some((option) => option === '--help' || option === '-h' || option.startsWith('--tokenizer'))
  )
    prefetchRankTable('o200k_base');
  const program = new Command('compaction-bench')
    .description(
      'Benchmark context-compaction strategies for coding-agent sessions:\nwhat each summary keeps, for how many tokens, calls and seconds.',
    )
    .version(toolVersion().version)
    .option('--debug', 'print stack traces of errors')
    .addHelpText(
      'after',
      `
Quick start (offline: no key, no network):
  compaction-bench list                                # sample transcripts, strategies, providers
  compaction-bench inspect before-compaction           # what a session holds, how it is sliced
  compaction-bench compare before-compaction           # the five core strategies, reports in compaction-results/
  compaction-bench check before-compaction --fail-under probeRecall=0.6   # a CI gate
  compaction-bench report compaction-results/before-compaction-results.json --open   # the HTML report

Exit codes: 0 ok, 1 a quality gate failed, 2 bad usage or input, 3 a strategy failed.`,
    )
    .configureHelp({
      subcommandTerm: (command) =>
        isCommandName(command.name()) ? summaryTerm(command.name() as CommandName) : helpTerm(command),
    });
  for (const name of Object.keys(COMMAND_SUMMARIES) as CommandName[]) {
    // The command that runs refuses a flag given twice with different values (commander would keep the last).
    const command =
      name === requested ? refuseConflictingRepeats(await LOADERS[name]()) : summaryCommand(name);
    program.addCommand(command);
  }
  throughMain(program);
  return program;
}

/**
 * Makes `command` and every command under it (`probes lint` too) throw to `main` instead of exiting, point to
 * `--help` after a usage error, and write help and errors to the command's streams (an in-process run's, else the
 * process's).
 */
function throughMain(command: Command): void {
  command
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    // Descriptions wrap beside long flags too (commander leaves a column under 40 characters unwrapped).
    .configureHelp({ ...command.configureHelp(), minWidthToWrap: 20 })
    .configureOutput({
      // Help fits the terminal, or 80 columns when piped (commander wraps only a terminal's by itself).
      getOutHelpWidth: () => terminalWidth(standardOutput()),
      getErrHelpWidth: () => terminalWidth(standardError()),
      writeOut: (text) => standardOutput().write(wrapHelp(text, terminalWidth(standardOutput()))),
      writeErr: (text) => standardError().write(text),
    });
  for (const subcommand of command.commands) throughMain(subcommand);
}

/** Runs the CLI with `argv` (as process.argv); sets `process.exitCode`, never exits. */
export async function main(argv: string[]): Promise<void> {
  const debug = argv.includes('--debug');
  markTimeline('main', 'first');
  try {
    const program = await buildProgram(argv);
    markTimeline('command', 'first');
    if (namesRemoteModel(argv)) loadFetch();
    growHeapSlowly();
    optimizeWhatStaysHot();
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed its message; help and version are not failures.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    standardError().write(`compaction-bench: ${messageOf(error)}\n`);
    if (debug && error instanceof Error && error.stack) standardError().write(`${error.stack}\n`);
    // What failed while cleaning up after the error: kept beside it, never in its place (cleanup.ts).
    if (debug)
      for (const failure of cleanupFailures(error))
        standardError().write(`compaction-bench: while cleaning up after it: ${messageOf(failure)}\n`);
    process.exitCode = exitCodeFor(error);
  }
}

/**
 * Runs `compaction-bench ...args` inside this process, its output going to `streams`, and returns its exit code;
 * `process.argv` and `process.exitCode` are set for the run and put back after it. The working directory and the
 * environment are the process's: runs must not overlap (test/helpers/cli.ts queues them).
 */
export async function runInProcess(args: readonly string[], streams: CommandStreams): Promise<number> {
  const { argv, exitCode } = process;
  process.argv = [argv[0]!, 'compaction-bench', ...args];
  process.exitCode = undefined;
  try {
    await withStreams(streams, () => main(process.argv));
    return Number(process.exitCode ?? 0);
  } finally {
    process.argv = argv;
    process.exitCode = exitCode;
  }
}

/** Starts the CLI as the process (bin/compaction-bench.js): `process.argv` is the command line. */
export async function start(): Promise<void> {
  // `compaction-bench list | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  await main(process.argv);
  await exitWhenDone();
}
