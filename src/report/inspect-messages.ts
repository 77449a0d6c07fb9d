/** Renders the entries of `inspect --messages` for the terminal: one line per message. */
import type { MessageEntry } from '../inspect/messages.ts';

/** `context: instructions` for injected context, else the role. */
function roleOf(entry: MessageEntry): string {
  return entry.context ? `context: ${entry.context}` : entry.role;
}

function calls(entry: MessageEntry): string {
  if (entry.toolCallId !== null) return `[result of ${entry.toolCallId}] `;
  if (entry.toolCalls.length === 0) return '';
  return `[${entry.toolCalls.map((call) => `${call.name} ${call.id}`).join(', ')}] `;
}

/** `  12  assistant   line 34   [Edit toolu_01…] Now I'll…`, columns aligned. */
export function renderMessageList(entries: readonly MessageEntry[]): string {
  const indexWidth = String(Math.max(entries.length - 1, 0)).length;
  const roleWidth = Math.max(0, ...entries.map((entry) => roleOf(entry).length));
  const lineWidth = Math.max(0, ...entries.map((entry) => String(entry.line ?? '?').length));
  return entries
    .map((entry) =>
      [
        String(entry.index).padStart(indexWidth),
        roleOf(entry).padEnd(roleWidth),
        `line ${String(entry.line ?? '?').padStart(lineWidth)}`,
        `${calls(entry)}${entry.text}`,
      ]
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
