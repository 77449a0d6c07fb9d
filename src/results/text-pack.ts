/**
 * Packs of stored texts: a run's call prompts and answers in one page, `<pack>.calls.html`, one `<pre id="HASH">`
 * line per text (the report's drill-down links `#HASH` in it), and its compacted contexts in `<pack>.contexts.ndjson`,
 * one `{"hash","text"}` line per text. Each text is appended once, so a run writes two files rather than a file per
 * text; a reader indexes a pack by one pass over its lines and then reads a text by its offset. A prompt may be
 * stored by parts (prompt-parts.ts): its line refers to a line of its session's rendered messages in the same page,
 * and reading it puts the prompt together again.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { encodedWriter, type EncodedWriter } from '../files.ts';
import { assembledPrompt } from './prompt-parts.ts';
import type { TextPieces } from './text-pieces.ts';

/** What kind of stored text: a call's prompt or answer, or a job's compacted context. */
export type StoredKind = 'calls' | 'contexts';

/** The file of a pack's texts of one kind, in a records folder. */
export function packPath(directory: string, pack: string, kind: StoredKind): string {
  return join(directory, `${pack}.${kind === 'calls' ? 'calls.html' : 'contexts.ndjson'}`);
}

/**
 * What a calls line holds other than a text whole: a prompt by parts, or the rendered messages such prompts refer to
 * (the line's `class`).
 */
export type CallsForm = 'parts' | 'messages';

/**
 * The script of the calls page: a prompt stored by parts is put together when the page is opened at it, when the
 * address moves to it, or when it is clicked, and shown as a prompt stored whole is (its JSON text, a line break
 * after each `\n`). Only then: a suite's page holds thousands of prompts.
 */
const CALLS_SCRIPT =
  'function json(pre){return JSON.parse(pre.textContent.replace(/\\n/g,""))}' +
  'function expand(pre){if(!pre||!pre.classList.contains("parts"))return;' +
  'var stored=json(pre),table=document.getElementById(stored.messages);if(!table)return;var entries=json(table);' +
  'var prompt=stored.prompt.map(function(part){return typeof part==="string"?part:entries.slice(part[0],part[1]).join("\\n\\n")}).join("");' +
  'pre.textContent=JSON.stringify({system:stored.system,prompt:prompt}).replace(/\\\\n/g,"\\\\n\\n");pre.classList.remove("parts")}' +
  'function target(){expand(document.getElementById(location.hash.slice(1)))}' +
  'addEventListener("DOMContentLoaded",target);addEventListener("hashchange",target);' +
  'addEventListener("click",function(event){expand(event.target.closest("pre"))});';

/** The page's opening line: the texts are JSON, each on its own line, wrapped as the window is. */
const CALLS_HEADER =
  '<!doctype html><meta charset="utf-8"><title>Stored prompts and answers</title>' +
  '<style>pre{white-space:pre-wrap;overflow-wrap:anywhere;border-bottom:1px solid #ccc;padding:.5em}pre:target{background:#ffd}pre.messages{display:none}pre.parts{cursor:pointer}</style>' +
  `<script>${CALLS_SCRIPT}</script>\n`;

/** The calls page's script (for its test). */
export const callsPageScript = CALLS_SCRIPT;

// What a calls line holds around its text.
const PRE_OPEN = '<pre id="';
const PRE_CLOSE = '</pre>';
const CONTEXT_OPEN = '{"hash":"';

// A long text is escaped and encoded this many characters at a time, so that no copy of the whole text (escaped,
// joined into its line, encoded) is made: a whole-transcript prompt or context is tens of MB, each copy as large.
const PIECE_CHARS = 1 << 16;

/**
 * A pack line of one text (ending with a line break) in pieces whose concatenation is the line: the text is cut where
 * its escaping reads no character across the cut (never inside a surrogate pair, nor between a `\` and what follows).
 */
function* linePieces(
  kind: StoredKind,
  hash: string,
  text: string | TextPieces,
  form?: CallsForm,
): Generator<string> {
  yield kind === 'calls'
    ? `${PRE_OPEN}${hash}"${form ? ` class="${form}"` : ''}>`
    : `${CONTEXT_OPEN}${hash}","text":"`;
  // Pieces given end where escaping reads no character across the end (text-pieces.ts), as the cuts made here do.
  for (const given of typeof text === 'string' ? [text] : text()) {
    for (let start = 0; start < given.length;) {
      let end = Math.min(given.length, start + PIECE_CHARS);
      while (end < given.length && !isCutAt(given, end)) end++;
      const piece = given.slice(start, end);
      yield kind === 'calls' ? escapeText(piece) : JSON.stringify(piece).slice(1, -1);
      start = end;
    }
  }
  yield kind === 'calls' ? `${PRE_CLOSE}\n` : '"}\n';
}

/** Whether a text may be cut before offset `at`: not after a high surrogate, nor after a backslash. */
function isCutAt(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  return (before & 0xfc00) !== 0xd800 && before !== 92;
}

/** The text of a pack line (without its line break) as its line holds it. */
function textOf(kind: StoredKind, line: string): string {
  if (kind === 'contexts') return (JSON.parse(line) as { text: string }).text;
  return unescapeText(line.slice(line.indexOf('">') + 2, line.length - PRE_CLOSE.length));
}

/**
 * The text a pack line stands for: its own, or, for a prompt stored by parts, the prompt put together from the
 * rendered messages `lineOf` reads (by hash, from the same pack); undefined when those are missing.
 */
function storedText(
  kind: StoredKind,
  line: string,
  lineOf: (hash: string) => string | undefined,
): string | undefined {
  const text = textOf(kind, line);
  if (kind !== 'calls' || formOf(line) !== 'parts') return text;
  return assembledPrompt(text, (hash) => {
    const table = lineOf(hash);
    return table === undefined ? undefined : textOf(kind, table);
  });
}

/** The form a calls line names (none for a text stored whole). */
function formOf(line: string): CallsForm | undefined {
  const idEnd = line.indexOf('"', PRE_OPEN.length);
  const form = /^ class="(parts|messages)">/.exec(line.slice(idEnd + 1, idEnd + 24));
  return form ? (form[1] as CallsForm) : undefined;
}

/** The hash a pack line starts with, or undefined for a line of no text (the page's header). */
function hashOf(kind: StoredKind, start: string): string | undefined {
  const open = kind === 'calls' ? PRE_OPEN : CONTEXT_OPEN;
  if (!start.startsWith(open)) return undefined;
  const end = start.indexOf('"', open.length);
  return end < 0 ? undefined : start.slice(open.length, end);
}

/**
 * A call's JSON text for its line: `&`, `<` and `>` as character references, and a line break shown (`&#10;`, so
 * the line stays one line of the file) after each `\n` of the JSON, so a prompt reads as it was sent.
 */
function escapeText(text: string): string {
  return text
    .replace(/[&<>]/g, (character) => (character === '&' ? '&amp;' : character === '<' ? '&lt;' : '&gt;'))
    .replaceAll('\\n', '\\n&#10;');
}

/** The JSON text of a call's line: every `&#10;` was added (an `&` of the text is `&amp;`), the rest unescaped. */
function unescapeText(text: string): string {
  return text
    .replaceAll('&#10;', '')
    .replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}

/** Where a text's line lies in its pack file, in bytes (its line break left out). */
type Span = { offset: number; length: number };

/** A pack being written: texts appended, each once, and read back from what was written. */
export type PackWriter = {
  /** Appends the text (or its pieces) under its hash unless the pack holds it already; `form` for a calls line. */
  add(kind: StoredKind, hash: string, text: string | TextPieces, form?: CallsForm): void;
  has(kind: StoredKind, hash: string): boolean;
  /** A text added (a prompt stored by parts put together), or undefined. */
  read(kind: StoredKind, hash: string): string | undefined;
  /** The files written (those of kinds that got a text), closed. */
  close(): string[];
};

// Bytes of lines held before they are written: a session's texts go in a few writes, not three or more each, and
// no more than this is held (a long context is written as it is made, never kept whole).
const HELD_BYTES = 1 << 18;

/** A pack file being written: its lines' spans, and its writer holding the lines (or pieces of one) not written yet. */
type PackFile = {
  descriptor: number;
  size: number;
  spans: Map<string, Span>;
  writer: EncodedWriter;
};

/** A pack written into `directory` under the name `pack`, its files made when their first text comes. */
export function createPackWriter(directory: string, pack: string): PackWriter {
  const files = new Map<StoredKind, PackFile>();
  let closed = false;
  const fileOf = (kind: StoredKind) => {
    let file = files.get(kind);
    if (!file) {
      // A closed pack is not made again: its files are renamed or removed by then.
      if (closed) throw new Error(`pack ${pack} is closed: no ${kind} text is added after`);
      const descriptor = openSync(packPath(directory, pack, kind), 'wx+');
      // Each line's pieces are encoded into the file's buffer as they come: their bytes are counted there, and
      // no string of the held lines is joined before a write.
      const writer = encodedWriter(descriptor, Buffer.allocUnsafeSlow(HELD_BYTES));
      file = { descriptor, size: 0, spans: new Map(), writer };
      if (kind === 'calls') file.size = writer.write(CALLS_HEADER);
      files.set(kind, file);
    }
    return file;
  };
  const flush = (file: PackFile) => file.writer.flush();
  const lineOf = (kind: StoredKind, hash: string) => {
    const file = files.get(kind);
    const span = file?.spans.get(hash);
    if (span === undefined) return undefined;
    flush(file!);
    return readSpan(file!.descriptor, span);
  };
  return {
    add(kind, hash, text, form) {
      const file = fileOf(kind);
      if (file.spans.has(hash)) return;
      let length = 0;
      for (const piece of linePieces(kind, hash, text, form)) length += file.writer.write(piece);
      file.spans.set(hash, { offset: file.size, length: length - 1 });
      file.size += length;
    },
    has(kind, hash) {
      return files.get(kind)?.spans.has(hash) === true;
    },
    read(kind, hash) {
      const line = lineOf(kind, hash);
      return line === undefined ? undefined : storedText(kind, line, (table) => lineOf(kind, table));
    },
    close() {
      closed = true;
      const written: string[] = [];
      for (const [kind, file] of files) {
        flush(file);
        closeSync(file.descriptor);
        written.push(packPath(directory, pack, kind));
      }
      files.clear();
      return written;
    },
  };
}

function readSpan(descriptor: number, span: Span): string {
  const buffer = Buffer.allocUnsafe(span.length);
  for (let read = 0; read < span.length;) {
    const count = readSync(descriptor, buffer, read, span.length - read, span.offset + read);
    if (count === 0) break;
    read += count;
  }
  return buffer.toString('utf8');
}

// Bytes read at a time while indexing a pack, and of a line's start (enough for its hash).
const CHUNK_BYTES = 1 << 20;
const START_BYTES = 96;

/** Every text's span in a pack file: one pass over its bytes, a chunk at a time (a pack can exceed memory). */
function indexPack(path: string, kind: StoredKind): Map<string, Span> {
  const spans = new Map<string, Span>();
  const descriptor = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const start = Buffer.allocUnsafe(START_BYTES);
    let lineStart = 0;
    const endLine = (end: number) => {
      const count = readSync(descriptor, start, 0, Math.min(START_BYTES, end - lineStart), lineStart);
      const hash = hashOf(kind, start.toString('latin1', 0, count));
      if (hash !== undefined && !spans.has(hash))
        spans.set(hash, { offset: lineStart, length: end - lineStart });
      lineStart = end + 1;
    };
    for (let position = 0; ;) {
      const count = readSync(descriptor, chunk, 0, CHUNK_BYTES, position);
      if (count === 0) break;
      for (let at = chunk.indexOf(10); at >= 0 && at < count; at = chunk.indexOf(10, at + 1))
        endLine(position + at);
      position += count;
    }
  } finally {
    closeSync(descriptor);
  }
  return spans;
}

// Packs indexed in this process, by path.
const indexes = new Map<string, Map<string, Span>>();

/** A text of a finished pack file (a prompt stored by parts put together), or undefined when it holds none. */
export function readPacked(path: string, kind: StoredKind, hash: string): string | undefined {
  const line = packedLine(path, kind, hash);
  return line === undefined ? undefined : storedText(kind, line, (table) => packedLine(path, kind, table));
}

/** The line of a text in a finished pack file, or undefined when the file is missing or does not hold it. */
function packedLine(path: string, kind: StoredKind, hash: string): string | undefined {
  let spans = indexes.get(path);
  if (spans === undefined) {
    try {
      spans = indexPack(path, kind);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    indexes.set(path, spans);
  }
  const span = spans.get(hash);
  if (span === undefined) return undefined;
  const descriptor = openSync(path, 'r');
  try {
    return readSpan(descriptor, span);
  } finally {
    closeSync(descriptor);
  }
}

/** Whether a finished pack file holds a text (indexing it once). */
export function packHolds(path: string, kind: StoredKind, hash: string): boolean {
  if (!indexes.has(path)) packedLine(path, kind, '');
  return indexes.get(path)?.has(hash) === true;
}
