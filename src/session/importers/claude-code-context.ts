/**
 * Which Claude Code user lines are context the app injected rather than something the user wrote:
 * lines it marks `isMeta` (skill bodies, hook feedback, expanded commands), the output of local and
 * `!` shell commands, task notifications, and reminders.
 */
import type { ContextKind } from '../types.ts';

/** Tags whose block, opening a text, makes it context of a kind. */
const CONTEXT_OPENINGS: ReadonlyArray<[string, ContextKind]> = [
  ['<task-notification>', 'notification'],
  ['<local-command-stdout>', 'command-output'],
  ['<local-command-stderr>', 'command-output'],
  ['<bash-stdout>', 'command-output'],
  ['<bash-stderr>', 'command-output'],
  ['<user-prompt-submit-hook>', 'hook'],
  ['<system-reminder>', 'meta'],
];
const SKILL = /^Base directory for this skill:/;
const HOOK = /^[A-Za-z]+ hook (?:feedback|additional context|blocking error)\b/i;

function kindOfText(text: string): ContextKind | undefined {
  const trimmed = text.trimStart();
  return CONTEXT_OPENINGS.find(([opening]) => trimmed.startsWith(opening))?.[1];
}

/** The context kind of a user line's texts (as written, before unwrapping), or undefined for a prompt. */
export function claudeCodeContextKind(texts: readonly string[], isMeta: boolean): ContextKind | undefined {
  const first = texts[0]?.trimStart() ?? '';
  if (isMeta) {
    if (SKILL.test(first)) return 'skill';
    if (HOOK.test(first)) return 'hook';
    return kindOfText(first) ?? 'meta';
  }
  // Only a line that is context throughout is context: a prompt with a reminder attached is a prompt.
  const kinds = texts.map(kindOfText);
  return texts.length > 0 && kinds.every((kind) => kind !== undefined) ? kinds[0] : undefined;
}
