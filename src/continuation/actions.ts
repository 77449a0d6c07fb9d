/**
 * Next-action extraction and normalisation: a tool call becomes an {@link Action} (kind, target, arguments) that
 * compares across spellings, so a predicted call and the real one meet on what they do, not on how they are written.
 */
import { normalisePath } from '../session/normalise-path.ts';
import { type Message, type Session, type ToolCallBlock, toolCallsOf } from '../session/types.ts';
import type { Action, ActionKind, RealStep } from '../results/continuation-types.ts';

const KIND_BY_TOOL: Readonly<Record<string, ActionKind>> = {
  read: 'read',
  read_file: 'read',
  view: 'read',
  view_file: 'read',
  open_file: 'read',
  notebookread: 'read',
  view_image: 'read',
  edit: 'edit',
  write: 'edit',
  multiedit: 'edit',
  multi_edit: 'edit',
  notebookedit: 'edit',
  write_file: 'edit',
  edit_file: 'edit',
  create_file: 'edit',
  str_replace: 'edit',
  str_replace_editor: 'edit',
  apply_patch: 'edit',
  bash: 'run',
  shell: 'run',
  shell_command: 'run',
  exec_command: 'run',
  local_shell: 'run',
  'container.exec': 'run',
  run_terminal_cmd: 'run',
  grep: 'search',
  glob: 'search',
  find: 'search',
  ls: 'search',
  search: 'search',
  websearch: 'search',
  webfetch: 'search',
  codebase_search: 'search',
  askuserquestion: 'ask',
  ask_user: 'ask',
};

const PATH_ARGUMENTS = ['path', 'file_path', 'filePath', 'notebook_path', 'target_file', 'filename', 'file'];
const COMMAND_ARGUMENTS = ['command', 'cmd'];
const PATTERN_ARGUMENTS = ['pattern', 'query', 'regex', 'glob', 'url'];
// Arguments that change how a call runs, not what it does.
const IGNORED_ARGUMENTS = new Set([
  'description',
  'timeout',
  'timeout_ms',
  'run_in_background',
  'justification',
  'with_escalated_permissions',
  'yield_time_ms',
  'max_output_tokens',
]);
// Programs whose first word after them says what they do (`git status`, `npm test`).
const SUBCOMMAND_PROGRAMS = new Set([
  'git',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'pip',
  'pip3',
  'uv',
  'poetry',
  'make',
  'gh',
  'dotnet',
  'mvn',
  'gradle',
  'rustup',
  'deno',
]);
// Options before a subcommand that take the next word as their value (`git -C repo status`).
const OPTIONS_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--prefix',
  '--cwd',
  '--dir',
  '--manifest-path',
  '-f',
  '--filter',
]);
const WRAPPERS = new Set(['sudo', 'time', 'env', 'nohup', 'command']);

/** The kind of a tool by its name (case and separators aside); `other` for a tool this table does not know. */
export function kindOfTool(name: string): ActionKind {
  return KIND_BY_TOOL[name.toLowerCase()] ?? KIND_BY_TOOL[name.toLowerCase().replace(/-/g, '_')] ?? 'other';
}

/** A shell command as one string: an argv array joined, `bash -lc '…'` unwrapped. */
function commandText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts = value.map(String);
    const shell = parts.findIndex((part) => part === '-lc' || part === '-c');
    return shell >= 0 && shell + 1 < parts.length ? parts.slice(shell + 1).join(' ') : parts.join(' ');
  }
  return typeof value === 'string' ? value : '';
}

/** A command normalised for comparison: `cd DIR &&` prefixes and whitespace runs removed. */
export function normaliseCommand(command: string): string {
  let text = command.trim().replace(/\s+/g, ' ');
  for (;;) {
    const stripped = text.replace(/^cd\s+(?:"[^"]*"|'[^']*'|\S+)\s*(?:&&|;)\s*/, '');
    if (stripped === text) break;
    text = stripped;
  }
  return text;
}

/** `program subcommand` of a shell command (the program alone unless it is one that takes a subcommand). */
export function commandTarget(command: string): string {
  const first = normaliseCommand(command).split(/\s*(?:\|\||&&|\||;)\s*/)[0] ?? '';
  const words = first.split(' ').filter((word) => word.length > 0);
  let index = 0;
  while (
    index < words.length &&
    (WRAPPERS.has(words[index]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index]!))
  )
    index++;
  const program = (words[index] ?? '').split('/').pop() ?? '';
  if (!SUBCOMMAND_PROGRAMS.has(program)) return program;
  for (let next = index + 1; next < words.length; next++) {
    const word = words[next]!;
    if (OPTIONS_WITH_VALUE.has(word)) next++;
    else if (!word.startsWith('-')) return `${program} ${word}`;
  }
  return program;
}

function firstString(argumentsOf: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = argumentsOf[name];
    if (typeof value === 'string' && value.trim().length > 0) return value;
  }
  return undefined;
}

/** Whether an argument names a path (its value is compared as a normalised path). */
function isPathArgument(name: string): boolean {
  return PATH_ARGUMENTS.includes(name);
}

function normaliseArgument(name: string, value: unknown, cwd: string | undefined): string {
  if (COMMAND_ARGUMENTS.includes(name)) return normaliseCommand(commandText(value));
  if (typeof value === 'string')
    return isPathArgument(name) ? normalisePath(value, cwd) : value.trim().replace(/\s+/g, ' ');
  return JSON.stringify(value) ?? '';
}

/** One tool call as an action. */
export function actionOfCall(call: Pick<ToolCallBlock, 'name' | 'arguments'>, cwd?: string): Action {
  const kind = kindOfTool(call.name);
  const argumentsOf = call.arguments ?? {};
  const normalised: Record<string, string> = {};
  for (const [name, value] of Object.entries(argumentsOf).sort(([a], [b]) => a.localeCompare(b))) {
    if (IGNORED_ARGUMENTS.has(name) || value === undefined || value === null) continue;
    normalised[name] = normaliseArgument(name, value, cwd);
  }
  const path = firstString(argumentsOf, PATH_ARGUMENTS);
  const command = COMMAND_ARGUMENTS.map((name) => argumentsOf[name]).find((value) => value !== undefined);
  const pattern = firstString(argumentsOf, PATTERN_ARGUMENTS);
  let target = '';
  if (kind === 'run' && command !== undefined) target = commandTarget(commandText(command));
  else if (kind === 'search' && pattern !== undefined) target = pattern.trim();
  else if (path !== undefined) target = normalisePath(path, cwd);
  else if (command !== undefined) target = commandTarget(commandText(command));
  else if (pattern !== undefined) target = pattern.trim();
  return { kind, tool: call.name, target, arguments: normalised };
}

/** A turn that ends without a tool call: asking the user when its last sentence is a question, else finishing. */
export function actionOfText(text: string): Action {
  const asks = /\?\s*$/.test(text.trim());
  return { kind: asks ? 'ask' : 'finish', tool: '', target: '', arguments: {} };
}

/** What an assistant message did: each tool call, or one `finish`/`ask` when it has none. */
export function actionsOfMessage(message: Message, cwd?: string): Action[] {
  const calls = toolCallsOf(message);
  if (calls.length > 0) return calls.map((call) => actionOfCall(call, cwd));
  if (message.role !== 'assistant') return [];
  const text = message.content
    .filter((block) => block.type === 'text')
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
  return [actionOfText(text)];
}

/** Whether an assistant message is a step: it calls a tool or says something (a thinking-only turn is not). */
function isStep(message: Message): boolean {
  return (
    message.role === 'assistant' &&
    message.content.some(
      (block) => block.type === 'toolCall' || (block.type === 'text' && block.text.trim().length > 0),
    )
  );
}

/** The first `count` assistant turns from message `cut` on: what the agent really did next. */
export function realStepsAfter(
  session: Pick<Session, 'messages' | 'cwd'>,
  cut: number,
  count: number,
): RealStep[] {
  const steps: RealStep[] = [];
  for (let index = cut; index < session.messages.length && steps.length < count; index++) {
    const message = session.messages[index]!;
    if (!isStep(message)) continue;
    steps.push({ messageIndex: index, actions: actionsOfMessage(message, session.cwd) });
  }
  return steps;
}
