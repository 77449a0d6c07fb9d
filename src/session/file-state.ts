/**
 * The files as they stood at the cut, rebuilt from the transcript's own read results and edits (never from
 * today's disk): a read gives the content, a write replaces it, an edit applies its replacements.
 */
import {
  type FileOperation,
  type Message,
  type Session,
  contentText,
  toolCallsOf,
  type ToolCallBlock,
} from './types.ts';
import { normalisePath } from './normalise-path.ts';

/** One file at the cut: its content when the transcript shows it, and the message that touched it last. */
export type FileState = {
  path: string;
  /** Undefined when the transcript never showed the whole text (an edit to a file never read). */
  content: string | undefined;
  lastTouched: number;
  /** Read or modified last. */
  lastKind: FileOperation['kind'];
};

// Claude Code's Read numbers each line (`    12→text`); the file itself does not.
const LINE_NUMBER = /^ *\d+(?:→|\t)/;

function readResultText(text: string): string {
  const lines = text.split('\n');
  const numbered = lines.filter((line) => LINE_NUMBER.test(line)).length;
  if (numbered === 0 || numbered < lines.length / 2) return text;
  return lines.map((line) => line.replace(LINE_NUMBER, '')).join('\n');
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The replacements of an edit call: pi's oldText/newText, Claude Code's old_string/new_string, MultiEdit's list. */
function replacementsOf(call: ToolCallBlock): Array<{ old: string; new: string; all: boolean }> {
  const single = (argumentsOf: Record<string, unknown>) => {
    const old =
      stringOf(argumentsOf.oldText) ?? stringOf(argumentsOf.old_string) ?? stringOf(argumentsOf.old_str);
    const replacement =
      stringOf(argumentsOf.newText) ?? stringOf(argumentsOf.new_string) ?? stringOf(argumentsOf.new_str);
    return old === undefined || replacement === undefined
      ? []
      : [{ old, new: replacement, all: argumentsOf.replace_all === true }];
  };
  const edits = call.arguments.edits;
  if (Array.isArray(edits))
    return edits.flatMap((edit) =>
      edit && typeof edit === 'object' ? single(edit as Record<string, unknown>) : [],
    );
  return single(call.arguments);
}

function applyEdit(content: string | undefined, call: ToolCallBlock): string | undefined {
  if (content === undefined) return undefined;
  let text = content;
  const replacements = replacementsOf(call);
  if (replacements.length === 0) return undefined;
  for (const replacement of replacements) {
    // An edit whose old text is not in what we rebuilt means we lost track: say unknown rather than guess.
    if (!text.includes(replacement.old)) return undefined;
    text = replacement.all
      ? text.split(replacement.old).join(replacement.new)
      : text.replace(replacement.old, () => replacement.new);
  }
  return text;
}

/** Every file touched before message `cut`, as it stood then, keyed by normalised path. */
export function fileStateAt(
  session: Pick<Session, 'messages' | 'fileOperations' | 'cwd'>,
  cut: number,
): Map<string, FileState> {
  const calls = new Map<string, ToolCallBlock>();
  const results = new Map<string, Message>();
  for (const message of session.messages.slice(0, cut)) {
    for (const call of toolCallsOf(message)) calls.set(call.id, call);
    if (message.role === 'toolResult') results.set(message.toolCallId, message);
  }
  const files = new Map<string, FileState>();
  for (const operation of session.fileOperations) {
    if (operation.messageIndex >= cut) continue;
    const path = normalisePath(operation.path, session.cwd);
    const previous = files.get(path);
    const call = calls.get(operation.toolCallId);
    const result = results.get(operation.toolCallId);
    let content = previous?.content;
    if (operation.kind === 'read') {
      const failed = result?.role === 'toolResult' && result.isError;
      // A shell command that reads (`cat`, `grep`) shows only part of a file: it does not replace what we know.
      if (
        result?.role === 'toolResult' &&
        !failed &&
        call &&
        operation.tool === call.name &&
        isWholeRead(call)
      )
        content = readResultText(contentText(result.content));
    } else if (operation.kind === 'write') {
      content = call ? (stringOf(call.arguments.content) ?? stringOf(call.arguments.file_text)) : undefined;
    } else {
      content = call ? applyEdit(content, call) : undefined;
    }
    files.set(path, { path, content, lastTouched: operation.messageIndex, lastKind: operation.kind });
  }
  return files;
}

/** A read tool call that returns the file (not a shell command, not a line range). */
function isWholeRead(call: ToolCallBlock): boolean {
  if (/^(?:bash|shell|exec_command|local_shell|shell_command)$/i.test(call.name)) return false;
  return call.arguments.offset === undefined && call.arguments.limit === undefined;
}
