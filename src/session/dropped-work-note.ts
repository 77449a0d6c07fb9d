/** The one line that says which work of a transcript the import leaves out, for `inspect` and `compare`. */
import type { Branch } from './types.ts';
import type { Session } from './types.ts';

function counted(count: number, word: string, plural = `${word}s`): string {
  return `${count} ${count === 1 ? word : plural}`;
}

function describeImported(branch: Branch): string {
  const what = [counted(branch.messages, 'message')];
  if (branch.toolCalls > 0) what.push(counted(branch.toolCalls, 'tool call'));
  return `branch ${branch.number} (${branch.active ? 'active, ' : ''}leaf line ${branch.leafLine}: ${what.join(', ')})`;
}

function describeLeftOut(branch: Branch): string {
  const { messages, toolCalls, filesModified } = branch.notImported;
  const what = [counted(messages, 'message')];
  if (toolCalls > 0) what.push(counted(toolCalls, 'tool call'));
  if (filesModified.length > 0) what.push(counted(filesModified.length, 'modified file'));
  return `branch ${branch.number} (${branch.active ? 'active, ' : ''}leaf line ${branch.leafLine}: ${what.join(', ')} not imported)`;
}

/**
 * `edit-tool-variants: 2 branches; imported branch 2 (active, leaf line 13: 8 messages, 4 tool calls);
 * left out branch 1 (leaf line 1: 1 message not imported) — --branch 1 to use it`; undefined when the
 * other branches hold nothing the imported one lacks (no branches, one, or copies of it).
 */
export function droppedWorkNote(session: Pick<Session, 'name' | 'branches' | 'branch'>): string | undefined {
  const imported = session.branches.find((branch) => branch.number === session.branch);
  if (!imported) return undefined;
  const leftOut = session.branches.filter((branch) => branch !== imported && branch.notImported.messages > 0);
  if (leftOut.length === 0) return undefined;
  const use = leftOut.length === 1 ? `--branch ${leftOut[0]!.number} to use it` : '--branch <n> to use one';
  return `${session.name}: ${counted(session.branches.length, 'branch', 'branches')}; imported ${describeImported(imported)}; left out ${leftOut.map(describeLeftOut).join(', ')} — ${use}`;
}

/**
 * `run: the active branch 2 (leaf line 15) records no compaction; imported branch 1 (leaf line 9), which holds
 * the last recorded one — --branch <n> picks another`; undefined when the active branch was imported or asked for.
 */
export function branchChoiceNote(
  session: Pick<Session, 'name' | 'branches' | 'branch' | 'branchChoice'>,
): string | undefined {
  const choice = session.branchChoice;
  const imported = session.branches.find((branch) => branch.number === session.branch);
  const active = session.branches.find((branch) => branch.number === choice?.active);
  if (!choice || !imported || !active) return undefined;
  const others = choice.holding.filter((number) => number !== imported.number);
  const also =
    others.length === 0
      ? ''
      : `; ${others.length === 1 ? 'branch' : 'branches'} ${others.join(', ')} ${others.length === 1 ? 'holds' : 'hold'} one too`;
  return `${session.name}: the active branch ${active.number} (leaf line ${active.leafLine}) records no compaction; imported branch ${imported.number} (leaf line ${imported.leafLine}), which holds the last recorded one${also} — --branch <n> picks another`;
}
