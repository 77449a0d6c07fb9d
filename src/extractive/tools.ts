/** What a tool call did, read from its name and arguments: files touched and shell commands run. */
import { stringArgument } from '../session/file-operations.ts';
import { anyAgentFileTargets } from '../session/importers/file-targets.ts';
import type { FileOperationKind, ToolCallBlock } from '../session/types.ts';
import { clip } from './text.ts';
import { coreCommand, shellCommand } from '../session/shell-commands.ts';

const FILE_OPERATIONS = ['read', 'written', 'edited', 'mentioned'] as const;
/** What happened to a file, in the words the summary uses. */
export type FileOperation = (typeof FILE_OPERATIONS)[number];

/** Whether a word is one of the summary's file operations (reading our own bullets back). */
export function isFileOperation(word: string): word is FileOperation {
  return (FILE_OPERATIONS as readonly string[]).includes(word);
}

/** Operations that change a file. */
export const MODIFYING: ReadonlySet<FileOperation> = new Set(['written', 'edited']);

const OPERATION_OF_KIND: Record<FileOperationKind, FileOperation> = {
  read: 'read',
  write: 'written',
  edit: 'edited',
};
// Arguments that name a file or folder in tools that neither read nor change it (grep, ls, glob).
const PATH_ARGUMENTS = ['path', 'file_path', 'filePath', 'notebook_path', 'target_file', 'filename', 'file'];

/**
 * The files a call touches and how: read, written or edited as the importers decide it for every agent's
 * tools (so the summary agrees with the file probes), else mentioned when another tool names a path.
 */
export function fileTargets(call: ToolCallBlock): Array<{ path: string; operation: FileOperation }> {
  const targets = anyAgentFileTargets(call);
  if (targets.length > 0) {
    return targets.map((target) => ({ path: target.path, operation: OPERATION_OF_KIND[target.kind] }));
  }
  const path = shellCommand(call) ? undefined : stringArgument(call, ...PATH_ARGUMENTS);
  return path ? [{ path, operation: 'mentioned' }] : [];
}

/** A short label of the call for activity and error lines: `npm test`, `edit src/a.ts`, `grep(pattern="x")`. */
export function describeCall(call: ToolCallBlock): string {
  const command = shellCommand(call);
  if (command) return `\`${coreCommand(command)}\``;
  const target = fileTargets(call)[0];
  if (target) return `${call.name} \`${target.path}\``;
  const argument = Object.entries(call.arguments)[0];
  if (!argument) return call.name;
  return `${call.name}(${argument[0]}=${clip(JSON.stringify(argument[1]) ?? '', 80)})`;
}
