/** Files read, written and edited, taken from tool calls by code (never by a model). */
import type { FileOperation, FileOperationKind, Message, ToolCallBlock, ToolResultMessage } from './types.ts';
import { toolCallsOf } from './types.ts';

/**
 * A file one tool call reads, writes or edits. `byCommandLine`: a change a shell command line makes on the way (a
 * redirection, `tee`, `sed -i`), whose result's error is the line's last command's, not the change's.
 */
export type FileTarget = { kind: FileOperationKind; path: string; byCommandLine?: boolean };

/**
 * What one tool call does to files; each importer knows its own agent's tools. `result` is the call's result
 * when the conversation holds one: a read through a shell counts only when the command succeeded.
 */
export type FileTargets = (call: ToolCallBlock, result?: ToolResultMessage) => FileTarget[];

/**
 * Whether a target is something the call did: a write or edit whose result is an error (an edit whose text was not
 * found, a patch that did not apply, a tool the agent does not have) changed nothing, unless a command line made it
 * on the way. A call with no result (the session ended, the result was lost) still counts.
 */
function happened(target: FileTarget, result: ToolResultMessage | undefined): boolean {
  return target.kind === 'read' || target.byCommandLine === true || result?.isError !== true;
}

/** Every file operation of the conversation, in message order; a write or edit that failed is none. */
export function extractFileOperations(messages: readonly Message[], targets: FileTargets): FileOperation[] {
  const results = new Map<string, ToolResultMessage>();
  for (const message of messages) {
    if (message.role === 'toolResult' && !results.has(message.toolCallId))
      results.set(message.toolCallId, message);
  }
  const operations: FileOperation[] = [];
  messages.forEach((message, messageIndex) => {
    for (const call of toolCallsOf(message)) {
      const result = results.get(call.id);
      for (const target of targets(call, result)) {
        if (!happened(target, result)) continue;
        operations.push({
          kind: target.kind,
          path: target.path,
          tool: call.name,
          toolCallId: call.id,
          messageIndex,
        });
      }
    }
  });
  return operations;
}

/** Read and modified file lists (modified = written ∪ edited; read = read − modified), sorted. */
export type FileLists = { read: string[]; modified: string[] };

/** The file lists of the operations within `[start, end)` message positions (all by default). */
export function fileLists(
  operations: readonly FileOperation[],
  range: { start: number; end: number } = { start: 0, end: Number.POSITIVE_INFINITY },
): FileLists {
  const read = new Set<string>();
  const modified = new Set<string>();
  for (const operation of operations) {
    if (operation.messageIndex < range.start || operation.messageIndex >= range.end) continue;
    (operation.kind === 'read' ? read : modified).add(operation.path);
  }
  return mergeFileLists({ read: [...read], modified: [...modified] });
}

/** The union of file lists, keeping a file that was ever modified out of the read list. */
export function mergeFileLists(...lists: readonly FileLists[]): FileLists {
  const modified = new Set(lists.flatMap((list) => list.modified));
  const read = new Set(lists.flatMap((list) => list.read).filter((path) => !modified.has(path)));
  return { read: [...read].sort(), modified: [...modified].sort() };
}

/** A string argument of a tool call, if present and non-empty. */
export function stringArgument(call: ToolCallBlock, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = call.arguments[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}
