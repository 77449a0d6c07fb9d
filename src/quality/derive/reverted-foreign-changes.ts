/**
 * Changes the agent did not make that it put back to keep them out of its work: files it never wrote or edited, changed
 * by something else it ran (a formatter, a linter's fixes, a generator), restored with `git checkout -- a.go b.go`
 * or `git restore a.go`. A decision a careful reader reports with its reason ("the linter strips the nolint comments
 * from auto_commit.go …: not part of the work, revert them before committing"), since the tool that made them runs
 * again and a successor staging everything would commit them.
 */
import { fileName } from '../../session/normalise-path.ts';
import { shellCommand } from '../../session/shell-commands.ts';
import type { FileOperation } from '../../session/types.ts';
import { namesPath } from './commit-scope.ts';
import type { DraftProbe } from './draft.ts';
import { treeChangeOf } from './left-working-tree.ts';
import type { ToolRun } from './runs.ts';

/** Files put back that the agent had not changed, with the command that did it. */
export type RevertedForeignChanges = { files: string[]; command: string; messageIndex: number };

// `git -C <dir> checkout …` is `git checkout …` run there.
const GIT_DIRECTORY = /\bgit\s+-C\s+\S+\s+/g;
// What puts every file back: the agent's own changes with the rest.
const WHOLE_TREE = /^(?:\.|\.\/|:\/)$/;

/** How a summary says the files were put back. */
const PUT_BACK = [
  'git checkout --',
  'checkout --',
  'git restore',
  'reverted them',
  'revert them',
  'undo them',
  'undid them',
  'put back',
  'reverted the',
  'revert the',
  'reverted those',
  'revert those',
];
// How it says why: the changes are none of the work's.
const FOREIGN = [
  'unrelated',
  'noise',
  'not ours',
  'not by us',
  'not part of',
  'by the linter',
  'by the formatter',
  "linter's",
  "formatter's",
];

/** The runs that put back only files the agent had not written or edited before them, the last such run. */
export function revertedForeignChanges(
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
): RevertedForeignChanges | undefined {
  let last: RevertedForeignChanges | undefined;
  for (const run of runs) {
    if (run.command === undefined || run.failed) continue;
    const command = shellCommand(run.call)!.replace(GIT_DIRECTORY, 'git ');
    const change = treeChangeOf(command);
    if (!change || 'branch' in change || change.maybeBranch || change.files.length === 0) continue;
    if (change.files.some((file) => WHOLE_TREE.test(file))) continue;
    const own = operations.filter(
      (operation) => operation.kind !== 'read' && operation.messageIndex < run.messageIndex,
    );
    if (change.files.some((file) => own.some((operation) => namesPath(file, operation.path)))) continue;
    last = { files: change.files, command: run.command, messageIndex: run.messageIndex };
  }
  return last;
}

/**
 * The decision to keep changes something else made out of the work: "The unrelated changes to auto_commit.go,
 * manual_commit.go and registry.go, made by a tool the agent ran, are reverted with `git checkout --` and kept out of
 * its commits". Its
 * facets are the putting back and why, as a handoff says them ("undo them with `git checkout --`: those edits are
 * noise"); the files' names alone are what a path list holds.
 */
export function revertedForeignChangeProbes(
  runs: readonly ToolRun[],
  operations: readonly FileOperation[],
): DraftProbe[] {
  const reverted = revertedForeignChanges(runs, operations);
  if (!reverted) return [];
  const names = [...new Set(reverted.files.map((file) => fileName(file)))];
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  const statement = `Unrelated edits to ${listed} from a tool the agent ran are reverted with \`git checkout --\` and kept out of its commits`;
  return [
    {
      kind: 'decision',
      messageIndex: reverted.messageIndex,
      question: `What does the agent do with the edits a tool it ran made to ${listed}?`,
      // "reverted" in the answer reads as the putting back denied: the answer says it in plain words.
      answer: `The edits a tool the agent ran made to ${listed} are unrelated to the work; the agent puts them back with \`git checkout --\` and keeps them out of its commits.`,
      facets: [PUT_BACK, FOREIGN],
      statement,
    },
  ];
}
