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
