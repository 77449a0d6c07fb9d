/**
 * The branch the work happens on, as a rule of the work: one the agent made for it (`git checkout -b refactor`, `git
 * switch -c feat/x`) and is still on at the cut (work-state.ts follows the last branch made or switched to). A careful
 * reader lists it among the rules ("all work happens on the git branch `refactor`"): a successor that commits
 * elsewhere breaks it. A branch the agent only switched to, or one it left for another, is no rule.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import { treeChangeOf } from './left-working-tree.ts';
import type { ToolRun } from './runs.ts';
import type { WorkState } from './work-state.ts';

// The options of checkout and switch that make a new branch.
const MAKES_BRANCH = /\bgit\s+(?:checkout\s+-[bB]|switch\s+(?:-[cC]|--create|--force-create))\s/;

/**
 * One constraint for the branch the agent made for the work: its name said with the word branch, as a handoff
 * writes it ("on the git branch refactor", "the branch named refactor", "refactor branch"); working on main is its
 * opposite.
 */
export function createdBranchProbes(work: Pick<WorkState, 'branch'>, runs: readonly ToolRun[]): DraftProbe[] {
  const branch = work.branch;
  if (!branch || !MAKES_BRANCH.test(branch.command) || leftAfter(branch, runs)) return [];
  const { name } = branch;
  return [
    {
      kind: 'constraint',
      messageIndex: branch.messageIndex,
      question: 'Which git branch does the work happen on?',
      answer: `The work happens on the git branch ${name}, which the agent made for it (\`${branch.command}\`).`,
      facets: [[`branch ${name}`, `${name} branch`, `branch named ${name}`, `branch called ${name}`]],
      contradictions: [
        'directly on main',
        'directly on master',
        'on the main branch',
        'on the master branch',
        'no feature branch',
        'no separate branch',
      ],
      statement: `The work happens on the git branch ${name}`,
    },
  ];
}

/**
 * Whether a later run checked out another branch (`git checkout main`, `gh pr checkout 90`): work-state.ts follows
 * only the branches made or switched to.
 */
function leftAfter(branch: NonNullable<WorkState['branch']>, runs: readonly ToolRun[]): boolean {
  return runs.some((run) => {
    const command = run.messageIndex > branch.messageIndex ? shellCommand(run.call) : undefined;
    const change = command === undefined ? undefined : treeChangeOf(command);
    if (!change) return false;
    if ('branch' in change) return true;
    const [target] = change.files;
    // `git checkout <x>`: another branch unless it is this one or names a file.
    return change.maybeBranch === true && target !== branch.name && !/\.\w{1,8}$/.test(target ?? '');
  });
}
