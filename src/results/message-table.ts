/**
 * A session's messages as a stored prompt refers to them (prompt-parts.ts): each non-empty rendering once, in order,
 * as the bytes a prompt carries them in (UTF-8, joined by the blank line between two blocks) and as their JSON text
 * (each rendering escaped, joined by the escaped blank line). A prompt's run of messages is then compared with one
 * span of the first and hashed from one span of the second, where it used to be escaped, hashed, redacted and
 * written out whole for every call that sent it.
 */
import { createHash } from 'node:crypto';
import type { Message } from '../session/types.ts';
import { renderMessage, type RenderOptions } from '../session/transcript.ts';
import { redactSecrets } from '../providers/secrets.ts';
import type { TextPieces } from './text-pieces.ts';

/** Bytes of a rendering's start that index it (every rendering starts with its `[Tag]: `, so a tag alone tells little). */
export const KEY_BYTES = 48;

/** The rendered messages of a session, as stored prompts refer to them. */
export type MessageTable = {
  /** SHA-256 of {@link tableJson}'s text: the table's name in a pack. */
  hash: string;
  /** How many renderings (empty ones are left out, as a prompt leaves them out). */
  count: number;
  /** The renderings joined by `\n\n`, UTF-8. */
  raw: Buffer;
  /** Where each rendering starts in {@link raw}, and one more entry: where a rendering after the last would. */
  rawStarts: Int32Array;
  /** The renderings' JSON-escaped text joined by `\n\n` escaped, UTF-8. */
  escaped: Buffer;
  /** Where each rendering starts in {@link escaped}, and one more entry (as {@link rawStarts}). */
  escapedStarts: Int32Array;
  /** The renderings of at least {@link KEY_BYTES} bytes, by their first {@link KEY_BYTES} bytes (read as Latin-1). */
  byKey: ReadonlyMap<string, readonly number[]>;
};

// The blank line between two blocks, as a prompt has it and as its JSON text has it.
const SEPARATOR = '\n\n';
const ESCAPED_SEPARATOR = '\\n\\n';

/**
 * Characters of renderings up to which a session gets a table. Its two copies are held while the session runs: a
 * 4 M-token session's (21 M characters) raised that run's peak by 45 MiB, past its 450 MiB target, where its
 * prompts, stored whole, are written as they come, a piece at a time, and held by nothing.
 */
export const MAX_TABLE_CHARS = 4 << 20;

// Tables by the messages they render and the tool-result cut: a session's calls share one while the session is held.
const tables = new WeakMap<readonly Message[], Map<number, MessageTable | null>>();

/**
 * The table of `messages` rendered with `options`, made on first use and kept while the messages are; undefined
 * for a session whose renderings hold more than {@link MAX_TABLE_CHARS} characters.
 */
export function messageTable(messages: readonly Message[], options: RenderOptions): MessageTable | undefined {
  let byOptions = tables.get(messages);
  if (byOptions === undefined) tables.set(messages, (byOptions = new Map()));
  let table = byOptions.get(options.toolResultChars);
  if (table === undefined) byOptions.set(options.toolResultChars, (table = buildTable(messages, options)));
  return table ?? undefined;
}

function buildTable(messages: readonly Message[], options: RenderOptions): MessageTable | null {
  const renderings: string[] = [];
  let chars = 0;
  for (const message of messages) {
    const text = renderMessage(message, options);
    if (text.length === 0) continue;
    renderings.push(text);
    chars += text.length;
    if (chars > MAX_TABLE_CHARS) return null;
  }
  const escapedRenderings = renderings.map(escapedText);
  // Each rendering written into the two buffers where it starts, its bytes counted once: joined first, the
  // renderings were copied into one string, then counted and written again.
  const rawLengths = renderings.map((rendering) => Buffer.byteLength(rendering));
  const escapedLengths = escapedRenderings.map((rendering) => Buffer.byteLength(rendering));
  const raw = Buffer.allocUnsafe(joinedLength(rawLengths, SEPARATOR.length));
  const escaped = Buffer.allocUnsafe(joinedLength(escapedLengths, ESCAPED_SEPARATOR.length));
  const rawStarts = new Int32Array(renderings.length + 1);
  const escapedStarts = new Int32Array(renderings.length + 1);
  const byKey = new Map<string, number[]>();
  const hash = createHash('sha256').update('[');
  let rawAt = 0;
  let escapedAt = 0;
  for (let index = 0; index < renderings.length; index++) {
    if (index > 0) {
      raw.write(SEPARATOR, rawAt - SEPARATOR.length);
      escaped.write(ESCAPED_SEPARATOR, escapedAt - ESCAPED_SEPARATOR.length);
    }
    rawStarts[index] = rawAt;
    escapedStarts[index] = escapedAt;
    raw.write(renderings[index]!, rawAt);
    escaped.write(escapedRenderings[index]!, escapedAt);
    const rawLength = rawLengths[index]!;
    if (rawLength >= KEY_BYTES) {
      const key = raw.toString('latin1', rawAt, rawAt + KEY_BYTES);
      const indices = byKey.get(key);
      if (indices === undefined) byKey.set(key, [index]);
      else indices.push(index);
    }
    rawAt += rawLength + SEPARATOR.length;
    escapedAt += escapedLengths[index]! + ESCAPED_SEPARATOR.length;
    hash
      .update(`${index === 0 ? '' : ','}"`)
      .update(escapedRenderings[index]!)
      .update('"');
  }
  rawStarts[renderings.length] = rawAt;
  escapedStarts[renderings.length] = escapedAt;
  return {
    hash: hash.update(']').digest('hex'),
    count: renderings.length,
    raw,
    rawStarts,
    escaped,
    escapedStarts,
    byKey,
  };
}

/** Bytes of texts of these lengths joined by a separator of `separator` bytes. */
function joinedLength(lengths: readonly number[], separator: number): number {
  let total = 0;
  for (const length of lengths) total += length;
  return lengths.length === 0 ? 0 : total + separator * (lengths.length - 1);
}

/** A string's JSON text without its quotes. */
export function escapedText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The bytes of renderings `from` to `to` (exclusive) in {@link MessageTable.raw}: where they start and end. */
export function rawSpan(table: MessageTable, from: number, to: number): [start: number, end: number] {
  return [table.rawStarts[from]!, table.rawStarts[to]! - SEPARATOR.length];
}

/** Renderings `from` to `to` (exclusive) as a prompt's JSON text has them, joined by the escaped blank line. */
export function escapedSpan(table: MessageTable, from: number, to: number): Buffer {
  return table.escaped.subarray(
    table.escapedStarts[from]!,
    table.escapedStarts[to]! - ESCAPED_SEPARATOR.length,
  );
}

/**
 * The table as it is stored: the JSON text of the array of its renderings, each with its key-like values redacted
 * (a rendering is a block of its own: no key shape, credential or key-named value reaches across the blank line
 * between two), in pieces of a rendering each. Its hash ({@link MessageTable.hash}) is that of the text unredacted.
 */
export function storedTablePieces(table: MessageTable): TextPieces {
  return function* () {
    for (let index = 0; index < table.count; index++) {
      const [start, end] = rawSpan(table, index, index + 1);
      const rendering = table.raw.toString('utf8', start, end);
      const redacted = redactSecrets(rendering);
      // Most renderings hold no key: their JSON text is the table's own, escaped when it was made.
      const text =
        redacted === rendering
          ? escapedSpan(table, index, index + 1).toString('utf8')
          : escapedText(redacted);
      yield `${index === 0 ? '[' : ','}"${text}"`;
    }
    yield table.count === 0 ? '[]' : ']';
  };
}

/** Renderings `from` to `to` (exclusive) of a stored table's entries, as a prompt carries them. */
export function joinedRenderings(entries: readonly string[], from: number, to: number): string {
  return entries.slice(from, to).join(SEPARATOR);
}
