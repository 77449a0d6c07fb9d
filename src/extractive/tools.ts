/** What a tool call did, read from its name and arguments: files touched and shell commands run. */
import { stringArgument } from '../session/file-operations.ts';
import { anyAgentFileTargets } from '../session/importers/file-targets.ts';
import type { FileOperationKind, ToolCallBlock } from '../session/types.ts';
import { clip } from './text.ts';

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
const COMMAND_ARGUMENTS = ['command', 'cmd', 'script'];
const SHELL_TOOL = /bash|shell|^sh$|^zsh$|exec|terminal|^cmd$|powershell|^run(?:_command|_terminal_cmd)?$/i;

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

/** The shell command a call runs, if it is a shell call. */
export function shellCommand(call: ToolCallBlock): string | undefined {
  if (!SHELL_TOOL.test(call.name)) return undefined;
  const value = COMMAND_ARGUMENTS.map((key) => call.arguments[key]).find(
    (candidate) => typeof candidate === 'string' || Array.isArray(candidate),
  );
  // Codex passes argv, e.g. ["bash", "-lc", "npm test"]: the script is the last element.
  const command = Array.isArray(value) ? String(value[value.length - 1] ?? '') : value;
  return typeof command === 'string' && command.trim() ? command.trim() : undefined;
}

/** The command as a summary shows it: `cd … &&` prefixes, output plumbing and extra lines dropped. */
export function coreCommand(command: string): string {
  const firstLine = command.split('\n')[0]!;
  const core = firstLine
    .replace(/^(?:cd\s+\S+\s*&&\s*)+/, '')
    .replace(/\s*2>&1/g, '')
    .replace(/\s*\|\s*(?:head|tail)(?:\s+-n)?(?:\s+-?\d+)?\s*$/, '')
    .trim();
  return clip(core || firstLine, 140) + (command.includes('\n') ? ' …' : '');
}

const READ_ONLY_COMMAND =
  /^(?:ls|cat|pwd|cd|echo|head|tail|sed\s+-n|grep|rg|find|fd|wc|tree|which|file|stat|git\s+(?:status|diff|log|show|branch|remote))\b/;

/** True for commands that only look at things, whose output is not checked for errors. */
export function isReadOnlyCommand(command: string): boolean {
  return READ_ONLY_COMMAND.test(coreCommand(command));
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
