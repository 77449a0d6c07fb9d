/**
 * Branches of a transcript that is a tree (Claude Code, pi v2/v3): which one is imported (`--branch`,
 * else the one the agent was on last) and what each holds, so work outside it is never lost unseen.
 */
import { InputError } from '../errors.ts';
import { extractFileOperations, type FileTargets, fileLists } from './file-operations.ts';
import type { Conversation, ImportedTree, ImportResult } from './importer.ts';
import type { Branch, FileOperation, Message } from './types.ts';
import { messageKey } from './message-key.ts';
import { toolCallsOf } from './types.ts';

/** Why a branch other than the active one was imported without `--branch`. */
export type BranchChoice = {
  /** The run needs a recorded compaction (`--at-compaction`, `--schedule recorded`) and the active branch has none. */
  reason: 'recorded-compaction';
  /** The active branch's number. */
  active: number;
  /** The numbers of every branch holding a compaction with a summary; the imported one holds the last. */
  holding: number[];
};

/** Whether a conversation records a compaction that left a summary. */
function holdsCompaction(conversation: Conversation): boolean {
  return conversation.compactions.some((compaction) => compaction.summary.trim() !== '');
}

/** The line of a conversation's last compaction with a summary (where the message after it came from). */
function lastCompactionLine(conversation: Conversation): number {
  const compaction = conversation.compactions.findLast((recorded) => recorded.summary.trim() !== '')!;
  const source = conversation.sources[Math.min(compaction.messageIndex, conversation.sources.length - 1)];
  return source?.line ?? 0;
}

/**
 * The conversation to import: the branch `requested` (1-based, `--branch`) or the active one. A file
 * without a tree has one conversation, which `--branch 1` also names. With `needsCompaction` and no
 * `--branch`, an active branch without a recorded compaction gives way to the branch holding the last one.
 */
export function chooseBranch(
  file: string,
  result: ImportResult,
  requested: number | undefined,
  needsCompaction = false,
): { conversation: Conversation; index: number | undefined; choice?: BranchChoice } {
  const tree = result.tree && result.tree.branches.length > 0 ? result.tree : undefined;
  const branches = tree?.branches ?? [];
  const count = Math.max(branches.length, 1);
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 1 || requested > count)) {
    const numbers = Array.from({ length: count }, (_, index) => index + 1);
    const available = count <= 10 ? numbers.join(', ') : `1–${count}`;
    const what = tree
      ? `${count} branch${count === 1 ? '' : 'es'} (inspect lists them)`
      : 'one conversation (no branches)';
    throw new InputError(`--branch ${requested}: ${file} holds ${what}; available: ${available}`);
  }
  if (!tree) return { conversation: result, index: undefined };
  const index = requested === undefined ? tree.active : requested - 1;
  if (requested === undefined && needsCompaction && !holdsCompaction(branches[index]!)) {
    const holding = branches.flatMap((branch, number) => (holdsCompaction(branch) ? [number] : []));
    if (holding.length > 0) {
      const chosen = holding.reduce((best, candidate) =>
        // On a tie (branches sharing the compaction) the one whose leaf came later.
        lastCompactionLine(branches[candidate]!) >= lastCompactionLine(branches[best]!) ? candidate : best,
      );
      const choice: BranchChoice = {
        reason: 'recorded-compaction',
        active: tree.active + 1,
        holding: holding.map((number) => number + 1),
      };
      return { conversation: branches[chosen]!, index: chosen, choice };
    }
  }
  return { conversation: branches[index]!, index };
}

/** The first and last timestamp of messages (a loop: a spread of 100 000 arguments overflows the stack). */
function timeSpan(messages: readonly Message[]): { first: number | undefined; last: number | undefined } {
  let first: number | undefined;
  let last: number | undefined;
  for (const { timestamp } of messages) {
    if (timestamp === undefined) continue;
    if (first === undefined || timestamp < first) first = timestamp;
    if (last === undefined || timestamp > last) last = timestamp;
  }
  return { first, last };
}

/** The summary of every branch of a tree, measured against the imported one (index `imported`, whose file operations the loader has extracted). */
export function summarizeBranches(
  tree: ImportedTree,
  imported: number,
  targets: FileTargets,
  importedOperations: readonly FileOperation[],
): Branch[] {
  // The imported branch's operations are the session's, already extracted by the loader.
  const files = tree.branches.map((branch, index) =>
    fileLists(index === imported ? importedOperations : extractFileOperations(branch.messages, targets)),
  );
  const chosen = tree.branches[imported]!;
  // With one branch there is nothing outside it to find.
  const chosenKeys = new Set(tree.branches.length > 1 ? chosen.messages.map(messageKey) : []);
  const chosenCalls = new Set(chosen.messages.flatMap(toolCallsOf).map((call) => call.id));
  const chosenModified = new Set(files[imported]!.modified);
  return tree.branches.map((branch, index) => {
    const calls = branch.messages.flatMap(toolCallsOf);
    const time = timeSpan(branch.messages);
    return {
      number: index + 1,
      leafLine: branch.leafLine,
      messages: branch.messages.length,
      toolCalls: calls.length,
      filesModified: files[index]!.modified,
      filesRead: files[index]!.read,
      firstTimestamp: time.first,
      lastTimestamp: time.last,
      active: index === tree.active,
      notImported: {
        messages:
          index === imported
            ? 0
            : branch.messages.filter((message) => !chosenKeys.has(messageKey(message))).length,
        toolCalls: calls.filter((call) => !chosenCalls.has(call.id)).length,
        filesModified: files[index]!.modified.filter((path) => !chosenModified.has(path)),
      },
    };
  });
}
