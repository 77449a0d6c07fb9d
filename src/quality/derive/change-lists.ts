/**
 * What the agent's own list of changes says of a file: a later message that sums up the work item by item ("-
 * `session_state.go`: drops the phase", "| `wingman_test.go` | Unit tests (13 tests: hash dedup, …) |") tells each
 * file in words of its own, where the edit itself has no doc comment, no commit and no narration that says what it did
 * (a configuration edited by a patch, a caller changed to a new API).
 */
import { fileName } from '../../session/normalise-path.ts';
import type { Message } from '../../session/types.ts';
import { isContentWord, wordsOf } from './phrases.ts';

/** One list item the agent wrote of a file: where, and its words without the file's name and the list's marks. */
export type ListedChange = { messageIndex: number; item: string; words: string };

// A line of a list or a table: `- x`, `* x`, `1. x`, `| x | y |`.
const LIST_LINE = /^\s*(?:[-*+•]\s+|\d+[.)]\s+|\|)/;
// A path or name in a code span or bold, possibly with a line number (`a/page.tsx:21`).
const NAMED = /`([^`\n]+)`|\*\*([^*\n]+)\*\*/g;
// Marks a list item may open with before its words: check marks, emoji, separators, a bare "and".
const LEAD = /^(?:[\s|:,;—–\-✓✔✅☑️•*]+|(?:and|&)\s+)+/u;

/** Whether a quoted name is the file at `path` (its base name, a path ending in it, with or without a line number). */
function namesFile(quoted: string, path: string): boolean {
  const bare = quoted.trim().replace(/:\d+(?:-\d+)?$/, '');
  const name = fileName(path);
  return bare === name || (bare.endsWith(`/${name}`) && path.endsWith(bare.replace(/^\.?\//, '')));
}

/**
 * The item with the names of files taken out: what is left is what the item says of them. Only the names at the
 * item's start are its subject, or one in brackets that closes an item of plain words; a name among its words is a
 * detail of them.
 */
function itemWords(line: string, path: string): string | undefined {
  let text = line.replace(LIST_LINE, '');
  let named = false;
  for (;;) {
    text = text.replace(LEAD, '');
    const quoted = /^(?:`([^`\n]+)`|\*\*([^*\n]+)\*\*)/.exec(text);
    if (!quoted) break;
    const inner = quoted[1] ?? quoted[2]!;
    // A bold label holding the file (`**Updated `light.json`**`) is the subject too.
    const holds =
      namesFile(inner, path) || [...inner.matchAll(NAMED)].some((match) => namesFile(match[1] ?? '', path));
    if (holds) named = true;
    else if (!/[./]/.test(inner)) break;
    text = text.slice(quoted[0].length);
  }
  if (named) {
    // A table row's description is its next cell.
    return text.split('|')[0]!.trim();
  }
  // An item that ends by naming the file in brackets is said of it: "✓ Added to panel config (`plugins_wings`)".
  const closing = /\s*\(`([^`\n]+)`\)\s*[.;]?\s*$/.exec(text);
  return closing && namesFile(closing[1]!, path) && !text.slice(0, closing.index).includes('`')
    ? text.slice(0, closing.index).trim()
    : undefined;
}

/**
 * The last item of a list or table in the agent's words after message `from` that opens with the file at `path` (the
 * names it opens with, in code spans or bold) and says something of it: at least two content words.
 */
export function listedChangeOf(
  messages: readonly Message[],
  from: number,
  path: string,
): ListedChange | undefined {
  let found: ListedChange | undefined;
  for (let index = from + 1; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    for (const block of message.content) {
      if (block.type !== 'text') continue;
      for (const line of block.text.split('\n')) {
        if (!LIST_LINE.test(line) || !line.includes(fileName(path))) continue;
        const words = itemWords(line, path);
        if (words && wordsOf(words).filter(isContentWord).length >= 2)
          found = { messageIndex: index, item: line.trim(), words };
      }
    }
  }
  return found;
}
