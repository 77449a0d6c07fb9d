/** The shell runs of a session, each with its command, output and outcome: what error and verification probes read. */
import { errorLines, isErrorMessage, toolErrorLines } from '../../session/error-lines.ts';
import { coreCommand, isReadOnlyCommand, shellCommand } from '../../session/shell-commands.ts';
import type { Message, ToolCallBlock } from '../../session/types.ts';
import { contentText, toolCallsOf } from '../../session/types.ts';

// A failing test's line, or a tally of failures.
const FAILURE =
  /^\s*(?:FAIL|FAILED|×|✗|✖)\s+\S|\b[1-9]\d* (?:failed|failing|errors?)\b|\bexit(?:ed)?(?: with)? (?:code|status) [1-9]/;

// A tally of passed tests, and one of failures ("Tests  245 passed (245)", "3 failed").
const PASSED_TALLY = /\b[1-9]\d* (?:tests? )?(?:passed|passing)\b/i;
const FAILED_TALLY = /\b[1-9]\d* (?:tests? )?(?:failed|failing)\b|\b[1-9]\d* failures?\b/i;

/** One tool call and its result. */
export type ToolRun = {
  call: ToolCallBlock;
  /** The shell command, for a shell call. */
  command: string | undefined;
  /** Index of the result message (where the outcome is stated). */
  messageIndex: number;
  output: string;
  /** The tool reported an error, or the output has an error line. */
  failed: boolean;
  /** The telling error lines of the output (compiler, exception, failing test first). */
  errorLines: string[];
  /**
   * The output cannot say whether the command did its work: a program of its pipeline was not found
   * (`cargo build 2>&1 | grep error || echo "Build completed"` printing "zsh: command not found: grep"), so an
   * exit of 0 is the fallback's, not the check's; or the run was aborted before it finished. Neither a pass nor a
   * failure.
   */
  inconclusive: boolean;
};

// A shell saying a program was not found: zsh's "command not found: grep", bash's "grep: command not found", dash's
// "sh: 1: grep: not found".
const NOT_FOUND =
  /^(?:[\w./-]*sh: (?:\d+: )?)?(?:command not found: \S+|[\w./-]+: (?:command )?not found)\s*$/m;

// A run stopped before it finished, by the user or the harness (pi's "Command aborted", Claude Code's "[Request
// interrupted by user for tool use]"): what it printed is part of a run, and says neither that it passed nor failed.
const ABORTED = /^\s*(?:Command (?:was )?aborted|\[Request interrupted by user(?: for tool use)?\])\.?\s*$/m;

/** Whether a run succeeded: it did not fail, and its output does not leave its outcome open. */
export function passed(run: ToolRun): boolean {
  return !run.failed && !run.inconclusive;
}

// A command that makes a repository in a temporary folder (`cd /tmp && git init t && cd t && … git commit -m initial`)
// tries git out on a throwaway repository: its commit, its outcome and its output are no state of the work. A project's
// own `git init && git add . && git commit -m Initial` is the work's.
const SCRATCH_REPOSITORY =
  /(?:\/tmp\b|\$\{?TMPDIR\b|\bmktemp\b)[^\n]*?\bgit\s+init\b|\bgit\s+init\b[^;&|\n]*(?:\/tmp\b|\$\{?TMPDIR\b)/;

// Outputs a request carries whole (it cuts results past 2,000 characters) and the summarizer read already; longer
// ones are read here alone, and kept as keys they would hold tens of MB at 4 M tokens.
const MAX_SHARED_OUTPUT = 1 << 12;

/** A run's error lines: a short output's read once with the summarizer's reading of it. */
function outputErrorLines(output: string): string[] {
  return output.length <= MAX_SHARED_OUTPUT ? toolErrorLines(output) : errorLines(output);
}

/** Every tool call that has a result, in the order of the results (a try-out on a throwaway repository left out). */
export function toolRuns(messages: readonly Message[]): ToolRun[] {
  const calls = new Map<string, ToolCallBlock>();
  const runs: ToolRun[] = [];
  messages.forEach((message, index) => {
    for (const call of toolCallsOf(message)) calls.set(call.id, call);
    if (message.role !== 'toolResult') return;
    const call = calls.get(message.toolCallId);
    if (!call) return;
    const command = shellCommand(call);
    if (command !== undefined && SCRATCH_REPOSITORY.test(command)) return;
    const output = contentText(message.content);
    // A look at files (ls, grep, git status) fails for reasons that are no error of the work.
    const looksOnly = command !== undefined && isReadOnlyCommand(command);
    const lines = looksOnly ? [] : command !== undefined || message.isError ? outputErrorLines(output) : [];
    // A tally such as "0 failed" is no failure; outside the shell only a compiler or exception message is an
    // error of the work (a missed edit is not).
    const strong = lines.filter(
      (line) => isErrorMessage(line) || (command !== undefined && FAILURE.test(line)),
    );
    // A test run whose tally says every test passed is a pass, whatever errors its tests logged on the way.
    const allPassed = PASSED_TALLY.test(output) && !FAILED_TALLY.test(output);
    const aborted = ABORTED.test(output);
    const failed = !looksOnly && !aborted && (message.isError || (strong.length > 0 && !allPassed));
    runs.push({
      call,
      command: command === undefined ? undefined : coreCommand(command),
      messageIndex: index,
      output,
      failed,
      errorLines: command !== undefined && message.isError ? lines : strong,
      inconclusive: aborted || (!failed && command !== undefined && NOT_FOUND.test(output)),
    });
  });
  return runs;
}
