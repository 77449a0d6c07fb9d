/**
 * Changes the working tree no longer holds: the agent committed a file's changes and then checked out another branch
 * (`git checkout soph/chunking`, `git switch main`, `gh pr checkout 90`), or put the file back before committing its
 * changes (`git checkout -- a.go`, `git restore .`). What it wrote there is an earlier piece of work, finished or
 * dropped: a reader lists where that work stands (the pull request merged, the edit reverted), not each file it
 * touched. Uncommitted changes go along with a switch of branch, and committed ones stay when files are put back.
 */
import type { FileOperation } from '../../session/types.ts';
import { namesPath, takes } from './commit-scope.ts';
import { commitsOf } from './commits.ts';
import type { ToolRun } from './runs.ts';

/**
 * What one shell command does to the working tree: takes it to another branch, or puts some files back (`maybeBranch`:
 * checkout's one argument, a branch unless it is a file's name).
 */
export type TreeChange = { branch: true } | { files: string[]; maybeBranch?: boolean };

// `git checkout <x>` and `git switch <x>` with what follows up to the command's end; `gh pr checkout <n>`.
const GIT_CHECKOUT = /\bgit\s+(checkout|switch|restore)\s+([^;&|\n]*)/g;
const PR_CHECKOUT = /\bgh\s+pr\s+checkout\s+\S/;
// Options that make a branch from where the tree is (it keeps every change), or that touch the index only.
const KEEPS_TREE = /^(?:-[bBcC]|--orphan|--create|--force-create|--detach|--staged|-S)$/;

/** What a shell command does to the working tree, if anything (a new branch made from it keeps it whole). */
export function treeChangeOf(command: string): TreeChange | undefined {
  if (PR_CHECKOUT.test(command)) return { branch: true };
  for (const [, verb, given] of command.matchAll(GIT_CHECKOUT)) {
    const words = given!.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || words.some((word) => KEEPS_TREE.test(word))) continue;
    const dashes = words.indexOf('--');
    // `git restore a.go` and `git checkout [<commit>] -- a.go` put files back; without `--`, checkout's one
    // argument is a branch unless it is a file's name (the caller tells which).
    if (verb === 'restore' || dashes >= 0)
      return { files: words.slice(dashes + 1).filter((word) => !word.startsWith('-')) };
    const target = words.filter((word) => !word.startsWith('-'));
    if (target.length === 1)
      return verb === 'switch' ? { branch: true } : { files: target, maybeBranch: true };
  }
  return undefined;
}

// What puts every file back: `git checkout .`, `git restore .`, `:/` (the repository's root).
const WHOLE_TREE = /^(?:\.|\.\/|:\/)$/;

/**
 * Whether the changes the agent made to a file before `cut` were left behind: after its last write or edit there, a
 * checkout took the tree to another branch once a commit had taken them, or put that file back before any did. A
 * checkout's one argument is that file when it names it (`git checkout src/a.ts`), another file the agent touched,
 * else a branch.
 */
export function changesLeftBehind(
  file: string,
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
  cut: number,
): boolean {
  const changes = operations.filter(
    (operation) => operation.path === file && operation.kind !== 'read' && operation.messageIndex < cut,
  );
  if (changes.length === 0) return false;
  const last = Math.max(...changes.map((operation) => operation.messageIndex));
  const { commits, treeChanges } = readRuns(runs);
  const taken = commits.filter((commit) => commit.messageIndex > last && takes(commit, file));
  return treeChanges.some(({ run, change }) => {
    if (run.messageIndex <= last || run.messageIndex >= cut) return false;
    const committed = taken.some((commit) => commit.messageIndex < run.messageIndex);
    if ('branch' in change) return committed;
    if (change.files.some((argument) => WHOLE_TREE.test(argument) || namesPath(argument, file)))
      return !committed;
    return takesBranch(change, operations) && committed;
  });
}

/**
 * Whether a tree change takes the tree to another branch: a switch, or `git checkout foo` unless its argument names a
 * file the agent touched or looks like a file.
 */
function takesBranch(change: TreeChange, operations: readonly FileOperation[]): boolean {
  if ('branch' in change) return true;
  return (
    change.maybeBranch === true &&
    !change.files.some(
      (argument) =>
        /\.\w{1,8}$/.test(argument) || touchedPaths(operations).some((path) => namesPath(argument, path)),
    )
  );
}

/**
 * Where the agent last took the tree to another branch after message `from` and before `cut` (`git checkout
 * soph/chunking`, `git switch main`, `gh pr checkout 90`), if it did: the message of that run.
 */
export function lastBranchSwitch(
  from: number,
  cut: number,
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
): number | undefined {
  return readRuns(runs)
    .treeChanges.filter(
      ({ run, change }) =>
        run.messageIndex > from && run.messageIndex < cut && takesBranch(change, operations),
    )
    .at(-1)?.run.messageIndex;
}

type ReadRuns = {
  commits: ReturnType<typeof commitsOf>;
  treeChanges: Array<{ run: ToolRun; change: TreeChange }>;
};
const readRunSets = new WeakMap<readonly ToolRun[], ReadRuns>();
const touchedSets = new WeakMap<readonly FileOperation[], string[]>();

// Read once per session, not once per artifact probe: a long session has thousands of runs and hundreds of files.
function readRuns(runs: readonly ToolRun[]): ReadRuns {
  let read = readRunSets.get(runs);
  if (!read) {
    read = {
      commits: commitsOf(runs),
      treeChanges: runs.flatMap((run) => {
        if (run.failed || run.command === undefined) return [];
        const change = treeChangeOf(run.command);
        return change === undefined ? [] : [{ run, change }];
      }),
    };
    readRunSets.set(runs, read);
  }
  return read;
}

function touchedPaths(operations: readonly FileOperation[]): string[] {
  let touched = touchedSets.get(operations);
  if (!touched) {
    touched = [...new Set(operations.map((operation) => operation.path))];
    touchedSets.set(operations, touched);
  }
  return touched;
}
