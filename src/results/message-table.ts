/**
 * A session's messages as a stored prompt refers to them (prompt-parts.ts): each non-empty rendering once, in order,
 * as the text a prompt carries them in (with where each starts, in characters and in UTF-8 bytes, joined by the blank
 * line between two blocks) and as their JSON text (each rendering escaped, joined by the escaped blank line, UTF-8).
 * A prompt's run of messages is then compared with the renderings and hashed from one span of the JSON text, where it
 * used to be escaped, hashed, redacted and written out whole for every call that sent it.
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
  /** The renderings, in order: a prompt holds a run of them joined by `\n\n`. */
  renderings: readonly string[];
  /**
   * Where each rendering starts in the renderings joined by `\n\n`, in characters, and one more entry: where a
   * rendering after the last would.
   */
  starts: Int32Array;
  /** The same in UTF-8 bytes. */
  rawStarts: Int32Array;
  /** The renderings' JSON-escaped text joined by `\n\n` escaped, UTF-8. */
  escaped: Buffer;
  /** Where each rendering starts in {@link escaped}, and one more entry (as {@link rawStarts}). */
  escapedStarts: Int32Array;
  /** The renderings of at least {@link KEY_BYTES} bytes, by their first {@link KEY_BYTES} bytes (read as Latin-1). */
  byKey: ReadonlyMap<string, readonly number[]>;
};

const ASCII = /^[\x00-\x7f]*$/;

/**
 * The first {@link KEY_BYTES} UTF-8 bytes of `text` from character `at`, read as Latin-1 (the key of
 * {@link MessageTable.byKey}), or undefined when fewer bytes follow. Read from the characters: a prompt is compared
 * with its session's renderings as text, never encoded whole.
 */
export function keyAt(text: string, at: number): string | undefined {
  // One character more than the key's bytes: a pair of surrogates at its end is encoded whole.
  const head = text.slice(at, at + KEY_BYTES + 1);
  if (head.length > KEY_BYTES) {
    const key = head.slice(0, KEY_BYTES);
    if (ASCII.test(key)) return key;
  }
  const bytes = Buffer.from(head);
  return bytes.length >= KEY_BYTES ? bytes.toString('latin1', 0, KEY_BYTES) : undefined;
}

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
  const escaped = Buffer.from(escapedRenderings.join(ESCAPED_SEPARATOR));
  const starts = new Int32Array(renderings.length + 1);
  const rawStarts = new Int32Array(renderings.length + 1);
  const escapedStarts = new Int32Array(renderings.length + 1);
  const byKey = new Map<string, number[]>();
  const hash = createHash('sha256').update('[');
  let at = 0;
  let rawAt = 0;
  let escapedAt = 0;
  for (let index = 0; index < renderings.length; index++) {
    starts[index] = at;
    rawStarts[index] = rawAt;
    escapedStarts[index] = escapedAt;
    const rawLength = Buffer.byteLength(renderings[index]!);
    const key = rawLength >= KEY_BYTES ? keyAt(renderings[index]!, 0) : undefined;
    if (key !== undefined) {
      const indices = byKey.get(key);
      if (indices === undefined) byKey.set(key, [index]);
      else indices.push(index);
    }
    at += renderings[index]!.length + SEPARATOR.length;
    rawAt += rawLength + SEPARATOR.length;
    escapedAt += Buffer.byteLength(escapedRenderings[index]!) + ESCAPED_SEPARATOR.length;
    hash
      .update(`${index === 0 ? '' : ','}"`)
      .update(escapedRenderings[index]!)
      .update('"');
  }
  starts[renderings.length] = at;
  rawStarts[renderings.length] = rawAt;
  escapedStarts[renderings.length] = escapedAt;
  return {
    hash: hash.update(']').digest('hex'),
    count: renderings.length,
    renderings,
    starts,
    rawStarts,
    escaped,
    escapedStarts,
    byKey,
  };
}

/** A string's JSON text without its quotes. */
export function escapedText(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Characters of renderings `from` to `to` (exclusive) joined by `\n\n`, as a prompt holds them (0 for none). */
export function spanLength(table: MessageTable, from: number, to: number): number {
  return to <= from ? 0 : table.starts[to]! - table.starts[from]! - SEPARATOR.length;
}

/** UTF-8 bytes of the same (0 for none). */
export function spanBytes(table: MessageTable, from: number, to: number): number {
  return to <= from ? 0 : table.rawStarts[to]! - table.rawStarts[from]! - SEPARATOR.length;
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
      const rendering = table.renderings[index]!;
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
