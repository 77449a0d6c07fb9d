/**
 * Which files each agent's tool calls read or change, decided by code from the call's arguments (never
 * by a model), so file probes, fileRecall and structured-iterative's file blocks work on every format.
 */
import type { FileTargets } from '../file-operations.ts';
import { stringArgument } from '../file-operations.ts';
import type { FileOperationKind, ToolCallBlock, ToolResultMessage } from '../types.ts';
import { containsPatch, patchFileTargets } from './apply-patch.ts';
import { shellFileTargets, shellHeredocTargets, shellReadTargets } from './shell-file-targets.ts';

type Target = { kind: FileOperationKind; path: string };
type ToolRule = { kind: FileOperationKind; pathArguments: readonly string[] };

const PI_TOOLS: Readonly<Record<string, ToolRule>> = {
  read: { kind: 'read', pathArguments: ['path', 'file_path'] },
  write: { kind: 'write', pathArguments: ['path', 'file_path'] },
  edit: { kind: 'edit', pathArguments: ['path', 'file_path'] },
};

const CLAUDE_CODE_TOOLS: Readonly<Record<string, ToolRule>> = {
  Read: { kind: 'read', pathArguments: ['file_path'] },
  NotebookRead: { kind: 'read', pathArguments: ['notebook_path'] },
  Write: { kind: 'write', pathArguments: ['file_path'] },
  Edit: { kind: 'edit', pathArguments: ['file_path'] },
  MultiEdit: { kind: 'edit', pathArguments: ['file_path'] },
  NotebookEdit: { kind: 'edit', pathArguments: ['notebook_path'] },
};

const CODEX_TOOLS: Readonly<Record<string, ToolRule>> = {
  read_file: { kind: 'read', pathArguments: ['file_path', 'path'] },
  view_image: { kind: 'read', pathArguments: ['path'] },
};

/** Codex shell tools: the command is an argv array (`shell`, `container.exec`, `local_shell`) or a string. */
const CODEX_SHELL_ARGUMENTS: Readonly<Record<string, string>> = {
  shell: 'command',
  'container.exec': 'command',
  local_shell: 'command',
  shell_command: 'command',
  exec_command: 'cmd',
};

/** Shells that run the script given after `-c` (`-lc`). */
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/** Shell tools of agents that do not say which they are, taking a `command`. */
const SHELL_NAMES = new Set(['bash', 'run_shell_command', 'run_terminal_cmd', 'execute_command', 'terminal']);

const PATH_ARGUMENTS = ['path', 'file_path', 'filePath', 'notebook_path', 'target_file', 'filename', 'file'];
const READ_NAMES = [
  'read',
  'read_file',
  'readfile',
  'read_text_file',
  'view',
  'view_file',
  'open_file',
  'cat',
];
const WRITE_NAMES = ['write', 'write_file', 'writefile', 'create_file', 'save_file'];
const EDIT_NAMES = [
  'edit',
  'edit_file',
  'multiedit',
  'multi_edit',
  'str_replace',
  'replace_in_file',
  'notebookedit',
];
/** Tool names any agent might use, lower-cased, for the formats that do not say which agent wrote them. */
const COMMON_TOOLS: Readonly<Record<string, ToolRule>> = Object.fromEntries([
  ...READ_NAMES.map((name) => [name, { kind: 'read', pathArguments: PATH_ARGUMENTS }] as const),
  ['notebookread', { kind: 'read', pathArguments: PATH_ARGUMENTS }],
  ...WRITE_NAMES.map((name) => [name, { kind: 'write', pathArguments: PATH_ARGUMENTS }] as const),
  ...EDIT_NAMES.map((name) => [name, { kind: 'edit', pathArguments: PATH_ARGUMENTS }] as const),
]);

/** Anthropic's text-editor tool: one tool, the operation in `command`. */
const TEXT_EDITOR_TOOLS = new Set(['str_replace_based_edit_tool', 'str_replace_editor', 'text_editor']);
const TEXT_EDITOR_COMMANDS: Readonly<Record<string, FileOperationKind>> = {
  view: 'read',
  create: 'write',
  str_replace: 'edit',
  insert: 'edit',
  undo_edit: 'edit',
};

function byRule(call: ToolCallBlock, rule: ToolRule | undefined): Target[] {
  if (!rule) return [];
  const path = stringArgument(call, ...rule.pathArguments);
  return path ? [{ kind: rule.kind, path }] : [];
}

/** The tool part of an MCP tool name: `mcp__server__tool` (Claude Code) and `server__tool` (Codex) → `tool`. */
function mcpToolName(name: string): string | undefined {
  const separator = name.lastIndexOf('__');
  return separator > 0 ? name.slice(separator + 2) : undefined;
}

/** The patch text of an `apply_patch` call: freeform input, or a `patch` / `input` argument. */
function patchOf(call: ToolCallBlock): string | undefined {
  return stringArgument(call, 'input', 'patch');
}

/**
 * The files apply_patch says it changed (`Success. Updated the following files:` then `A path`, `M path`,
 * `D path`), for a patch whose text the call does not hold (a code-mode script that built it at run time).
 */
function appliedFiles(result: ToolResultMessage | undefined): Target[] {
  if (!result || result.isError) return [];
  const text = result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
  const start = text.indexOf('Updated the following files:');
  if (start < 0) return [];
  return text
    .slice(start)
    .split('\n')
    .slice(1)
    .flatMap((line): Target[] => {
      const match = /^([AMD]) (.+)$/.exec(line.trim());
      return match ? [{ kind: match[1] === 'A' ? 'write' : 'edit', path: match[2]! }] : [];
    });
}

/**
 * The command line of a shell call as one string. An argv that hands a script to a shell (`["bash", "-lc",
 * "sed -n 1,80p a.py"]`, as Codex runs every command) is that script; another argv is its words joined.
 */
function shellCommand(call: ToolCallBlock, argument: string): string | undefined {
  const value = call.arguments[argument];
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || !value.every((part): part is string => typeof part === 'string'))
    return undefined;
  const [program, option, script] = value;
  const shell = program?.split('/').at(-1);
  if (shell && SHELLS.has(shell) && option && /^-[a-z]*c$/.test(option) && script !== undefined)
    return script;
  return value.join(' ');
}

/** pi tools: `read`, `write`, `edit` carry a `path`; `bash` writes what its heredocs write, reads what it reads. */
export const piFileTargets: FileTargets = (call, result) =>
  call.name === 'bash'
    ? shellTargets(shellCommand(call, 'command'), result)
    : byRule(call, PI_TOOLS[call.name]);

/** A shell call's files, one rule in every importer: those its heredocs wrote, and those it read when it succeeded. */
function shellTargets(command: string | undefined, result: ToolResultMessage | undefined): Target[] {
  return [...shellHeredocTargets(command), ...shellReadTargets(command, result)];
}

/**
 * Claude Code tools: `Read`, `Write`, `Edit`, `MultiEdit` carry `file_path`; notebooks carry `notebook_path`;
 * `Bash` writes what its heredocs write (`cat > f << 'EOF'`) and reads what its command reads when it succeeded.
 */
export const claudeCodeFileTargets: FileTargets = (call, result) => {
  if (call.name === 'Bash') return shellTargets(shellCommand(call, 'command'), result);
  const rule = CLAUDE_CODE_TOOLS[call.name];
  if (rule) return byRule(call, rule);
  const mcpTool = call.name.startsWith('mcp__') ? mcpToolName(call.name) : undefined;
  return mcpTool ? byRule(call, COMMON_TOOLS[mcpTool.toLowerCase()]) : [];
};

/** A shell call: the patch it runs, else the files its heredocs wrote and those its command read when it succeeded. */
function shellCallTargets(
  call: ToolCallBlock,
  argument: string,
  result: ToolResultMessage | undefined,
): Target[] {
  const command = shellCommand(call, argument);
  if (command && containsPatch(command)) return patchFileTargets(command);
  return shellTargets(command, result);
}

/**
 * Codex tools: `apply_patch` (and patches run through the shell), the files a shell command read, `read_file`,
 * `view_image`, MCP `server__tool`.
 */
export const codexFileTargets: FileTargets = (call, result) => {
  if (call.name === 'apply_patch') {
    const patch = patchOf(call);
    return patch ? patchFileTargets(patch) : appliedFiles(result);
  }
  const shellArgument = CODEX_SHELL_ARGUMENTS[call.name];
  if (shellArgument) return shellCallTargets(call, shellArgument, result);
  const rule = CODEX_TOOLS[call.name];
  if (rule) return byRule(call, rule);
  const mcpTool = mcpToolName(call.name);
  return mcpTool ? byRule(call, COMMON_TOOLS[mcpTool.toLowerCase()]) : [];
};

/**
 * For transcripts that do not say which agent made them (chat-completions and Anthropic `messages`
 * arrays): pi's, Claude Code's and Codex's tools, Anthropic's text editor, and common tool names.
 */
export const anyAgentFileTargets: FileTargets = (call, result) => {
  const name = (mcpToolName(call.name) ?? call.name).toLowerCase();
  if (TEXT_EDITOR_TOOLS.has(name)) {
    const command = stringArgument(call, 'command');
    const kind = command ? TEXT_EDITOR_COMMANDS[command] : undefined;
    return kind ? byRule(call, { kind, pathArguments: PATH_ARGUMENTS }) : [];
  }
  if (name === 'apply_patch') return patchFileTargets(patchOf(call) ?? '');
  const shellArgument = CODEX_SHELL_ARGUMENTS[name] ?? (SHELL_NAMES.has(name) ? 'command' : undefined);
  if (shellArgument) return shellCallTargets(call, shellArgument, result);
  return byRule(call, COMMON_TOOLS[name] ?? CODEX_TOOLS[name]);
};

/**
 * mini-swe-agent: its one `bash` tool, read for the shell idioms it is taught (redirections, `sed -i`, `cat`, …);
 * a read counts only when the command succeeded. A change counts whatever the exit status, which is the line's
 * last command's (`cat <<EOF > repro.py … EOF && python repro.py` wrote the file though the script failed).
 */
export const miniSweAgentFileTargets: FileTargets = (call, result) => {
  const command = call.name === 'bash' ? shellCommand(call, 'command') : undefined;
  if (!command) return anyAgentFileTargets(call, result);
  const changes = shellFileTargets(command)
    .filter((target) => target.kind !== 'read')
    .map((target) => ({ ...target, byCommandLine: true }));
  return [...changes, ...shellReadTargets(command, result)];
};

/**
 * Aider: a SEARCH/REPLACE block edits its file (writes it when the block searches for nothing), a whole-file block
 * writes it, each only once Aider applied it (a result that is no error); a shell command reads what it reads.
 * Files added to the chat are reads the importer records itself.
 */
export const aiderFileTargets: FileTargets = (call, result) => {
  if (call.name === 'bash') return shellTargets(shellCommand(call, 'command'), result);
  const path = stringArgument(call, 'path');
  // A block Aider never applied has no result; one that failed has an error, which no importer counts as a change.
  if (!path || !result) return [];
  if (call.name === 'whole_file') return [{ kind: 'write', path }];
  if (call.name === 'search_replace')
    return [{ kind: call.arguments.search === '' ? 'write' : 'edit', path }];
  return [];
};

const GEMINI_TOOLS: Readonly<Record<string, ToolRule>> = {
  read_file: { kind: 'read', pathArguments: ['absolute_path', 'file_path', 'path'] },
  write_file: { kind: 'write', pathArguments: ['file_path', 'absolute_path', 'path'] },
  replace: { kind: 'edit', pathArguments: ['file_path', 'absolute_path', 'path'] },
  edit: { kind: 'edit', pathArguments: ['file_path', 'absolute_path', 'path'] },
};

/**
 * Gemini CLI tools: `read_file`, `write_file`, `replace` carry `file_path` (older: `absolute_path`);
 * `read_many_files` reads each of its `paths` that is a file, not a pattern; `run_shell_command` reads what its
 * command reads when it succeeded; MCP tools by the common names.
 */
export const geminiFileTargets: FileTargets = (call, result) => {
  if (call.name === 'run_shell_command') return shellTargets(shellCommand(call, 'command'), result);
  if (call.name === 'read_many_files') {
    const paths = Array.isArray(call.arguments.paths) ? call.arguments.paths : [];
    return paths.flatMap((path): Target[] =>
      typeof path === 'string' && path !== '' && !/[*?[{]/.test(path) ? [{ kind: 'read', path }] : [],
    );
  }
  const rule = GEMINI_TOOLS[call.name];
  return rule ? byRule(call, rule) : anyAgentFileTargets(call, result);
};

const OPENCODE_TOOLS: Readonly<Record<string, ToolRule>> = {
  read: { kind: 'read', pathArguments: ['filePath', 'file_path', 'path'] },
  write: { kind: 'write', pathArguments: ['filePath', 'file_path', 'path'] },
  edit: { kind: 'edit', pathArguments: ['filePath', 'file_path', 'path'] },
  multiedit: { kind: 'edit', pathArguments: ['filePath', 'file_path', 'path'] },
};

/**
 * OpenCode tools: `read`, `write`, `edit`, `multiedit` carry `filePath`; `patch` and `apply_patch` carry a patch in
 * the `*** Begin Patch` envelope (`patchText`); `bash` reads what its command reads when it succeeded; MCP tools
 * (`server_tool`) by the common names.
 */
export const opencodeFileTargets: FileTargets = (call, result) => {
  if (call.name === 'bash') return shellTargets(shellCommand(call, 'command'), result);
  if (call.name === 'patch' || call.name === 'apply_patch')
    return patchFileTargets(stringArgument(call, 'patchText', 'patch', 'input') ?? '');
  const rule = OPENCODE_TOOLS[call.name];
  return rule ? byRule(call, rule) : anyAgentFileTargets(call, result);
};
