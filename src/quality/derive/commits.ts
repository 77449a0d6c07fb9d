/**
 * State probes from commits: what the agent committed, as its commit message says it (the last commits before
 * the cut are the state of the work; an earlier one is history once a later commit follows).
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import { folderOf, stagedBy } from './commit-scope.ts';
import { type Commit, plainPhrase } from './artifacts.ts';
import { clipWords } from './phrases.ts';
import type { ToolRun } from './runs.ts';

// `git commit -m "msg"`, `-m 'msg'`, a message of several lines (`-m "subject\n\nbody…"`: its first line), or a
// heredoc message `-m "$(cat <<'EOF'\nmsg\n…`.
const COMMIT_MESSAGE =
  /\bgit\s+commit\b[^\n]*?\s-\w*m\s*(?:"\$\(cat\s*<<-?\s*['"]?\w+['"]?\s*\n([^\n]+)|"([^"\n]+)["\n]|'([^'\n]+)['\n])/;

// What git prints for a commit it made: `[main 1a2b3c4] subject`, `[x (root-commit) 1a2b3c4] subject`.
const COMMIT_MADE = /^\[[^\]\s]+(?: \([^)]*\))? [0-9a-f]{7,40}\] (.+)$/m;

/** The `check` of a commit's state probe. */
export const COMMIT_CHECK = 'git commit';

/** The subject line of a commit a shell command made, or undefined. */
export function commitSubject(command: string): string | undefined {
  const match = COMMIT_MESSAGE.exec(command);
  return match
    ?.slice(1)
    .find((group) => group !== undefined)
    ?.trim();
}

/** Whether a run made a commit (its whole command line, not the first line a summary shows). */
// A commit in a shell command, made or refused (its whole line: a run's command is clipped).
const COMMIT_COMMAND = /\bgit\s+commit\b/;

/** Whether a run's shell command tries to commit, whatever came of it (a hook may refuse it). */
export function triesCommit(run: ToolRun): boolean {
  const command = shellCommand(run.call);
  return command !== undefined && COMMIT_COMMAND.test(command);
}

export function isCommit(run: ToolRun): boolean {
  const command = shellCommand(run.call);
  return command !== undefined && commitSubject(command) !== undefined;
}

/**
 * The successful commits of a session's runs, with their subject lines, in order, each with what the shell says of
 * the files it took: the folder it ran in, the paths `git add` staged since the commit before.
 */
export function commitsOf(runs: readonly ToolRun[]): Commit[] {
  const commits: Commit[] = [];
  let staged: string[] | 'all' = [];
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (!command) continue;
    // A failed command may have staged its paths before what failed (`git add a b && git add _build/x`): counted, as
    // a wider scope only leaves a file in.
    const added = stagedBy(command);
    staged = staged === 'all' || added === 'all' ? 'all' : [...staged, ...added];
    // A commit with no message on its line (`git commit --amend --no-edit`, `git commit -C HEAD`) is one too, by the
    // subject git prints for it: its files are no longer the working tree's alone.
    const subject = run.failed
      ? undefined
      : (commitSubject(command) ??
        (COMMIT_COMMAND.test(command) ? COMMIT_MADE.exec(run.output)?.[1]?.trim() : undefined));
    if (!subject) continue;
    const directory = folderOf(command);
    commits.push({
      messageIndex: run.messageIndex,
      subject,
      ...(directory === undefined ? {} : { directory }),
      // Nothing staged by name (`git add .`, or a `git add` the transcript does not show): it may hold any file.
      ...(staged !== 'all' && staged.length > 0 ? { paths: staged } : {}),
    });
    staged = [];
  }
  return commits;
}

/** One state probe per successful commit with a subject that says something in words. */
export function commitProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (!command || run.failed) continue;
    const subject = commitSubject(command);
    const phrase = subject ? plainPhrase(subject) : undefined;
    if (!subject || !phrase) continue;
    probes.push({
      kind: 'state',
      messageIndex: run.messageIndex,
      check: COMMIT_CHECK,
      question: 'What did the agent commit last, as its commit message says?',
      answer: `Committed: "${clipWords(subject, 200)}"`,
      facets: [[phrase]],
      statement: `committed: ${subject}`,
    });
  }
  return probes;
}
