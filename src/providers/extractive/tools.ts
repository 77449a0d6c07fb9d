/** What a tool call did, read from its name and arguments: files touched and shell commands run. */
import type { ParsedToolCall } from './conversation.ts';
import { clip } from './text.ts';

/** What happened to a file, in the words the summary uses. */
export type FileOperation = 'read' | 'created' | 'written' | 'edited' | 'deleted' | 'mentioned';

/** Operations that change a file. */
export const MODIFYING: ReadonlySet<FileOperation> = new Set(['created', 'written', 'edited', 'deleted']);

const PATH_KEYS = ['path', 'file_path', 'filePath', 'file', 'filename', 'notebook_path', 'target_file'];
const LIST_KEYS = ['paths', 'files', 'file_paths'];
const COMMAND_KEYS = ['command', 'cmd', 'script'];
const SHELL_TOOL =
  /^(?:bash|shell|sh|zsh|exec|execute|exec_command|run|run_command|run_terminal_cmd|terminal|cmd|powershell|local_shell|container\.exec)$/i;

/** The files a call touches and how; the edit tools of pi, Claude Code, Codex and common MCP servers. */
export function fileTargets(call: ParsedToolCall): Array<{ path: string; operation: FileOperation }> {
  const name = call.name.toLowerCase();
  const patch = stringArgument(call, 'input', 'patch');
  if (patch && /apply_patch|patch/.test(name)) return patchTargets(patch);
  const paths = [
    ...PATH_KEYS.map((key) => call.arguments[key]).filter((value) => typeof value === 'string'),
    ...LIST_KEYS.flatMap((key) => {
      const value = call.arguments[key];
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
    }),
  ] as string[];
  if (paths.length === 0) return [];
  const operation = operationOf(name, stringArgument(call, 'command'));
  return paths.filter((path) => path.length > 0).map((path) => ({ path, operation }));
}

function operationOf(name: string, subcommand: string | undefined): FileOperation {
  // str_replace_based_edit_tool / text_editor carry the operation in `command`.
  if (subcommand && /edit|text_editor/.test(name)) {
    if (subcommand === 'view') return 'read';
    if (subcommand === 'create') return 'created';
    return 'edited';
  }
  if (/^(?:read|view|cat|open)|read_?file|readfile/.test(name)) return 'read';
  if (/^(?:write|create)|write_?file|create_?file/.test(name)) return 'written';
  if (/edit|replace|patch|update|insert|apply_diff/.test(name)) return 'edited';
  if (/delete|remove|^rm$/.test(name)) return 'deleted';
  return 'mentioned';
}

function patchTargets(patch: string): Array<{ path: string; operation: FileOperation }> {
  const operations: Record<string, FileOperation> = { Add: 'created', Update: 'edited', Delete: 'deleted' };
  return [...patch.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$/gm)].map((match) => ({
    path: match[2]!.trim(),
    operation: operations[match[1]!]!,
  }));
}

/** The shell command a call runs, if it is a shell call. */
export function shellCommand(call: ParsedToolCall): string | undefined {
  const value = COMMAND_KEYS.map((key) => call.arguments[key]).find(
    (candidate) => typeof candidate === 'string' || Array.isArray(candidate),
  );
  if (value === undefined) return undefined;
  if (!SHELL_TOOL.test(call.name) && !/bash|shell|exec|terminal/i.test(call.name)) return undefined;
  // Codex passes argv, e.g. ["bash", "-lc", "npm test"]: the script is the last element.
  const command = Array.isArray(value) ? String(value[value.length - 1] ?? '') : (value as string);
  return command.trim() || undefined;
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
export function describeCall(call: ParsedToolCall): string {
  const command = shellCommand(call);
  if (command) return `\`${coreCommand(command)}\``;
  const target = fileTargets(call)[0];
  if (target) return `${call.name} \`${target.path}\``;
  const argument = Object.entries(call.arguments)[0];
  if (!argument) return call.name;
  return `${call.name}(${argument[0]}=${clip(JSON.stringify(argument[1]) ?? '', 80)})`;
}

/** A string argument, if present and non-empty. */
export function stringArgument(call: ParsedToolCall, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = call.arguments[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}
