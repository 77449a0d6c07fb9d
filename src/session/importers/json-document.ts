/**
 * Streams the messages of a JSON document, `[ … ]` or `{ "messages": [ … ], … }`, one element at a
 * time: a 500 MB export never becomes one string, only one message at a time does. The other top-level
 * fields of an object document (`system`, `model`, …) are parsed whole, as they are small.
 */
import type { ImportOptions } from '../importer.ts';
import { LineError } from '../json-lines.ts';
import { textChunks } from '../source-file.ts';
import type { ImportStats, MessageSource } from '../types.ts';
import { isRecord } from './content.ts';
import type { Location } from './parse-at.ts';

/** The array a messages document streams: `messages`, unless a format names its own (Gemini's `history`). */
const MESSAGES_KEY: ReadonlySet<string> = new Set(['messages']);

/** A document's outline: its shape and the top-level fields other than `messages`. */
export type DocumentOutline = { shape: 'array' | 'object'; fields: Record<string, unknown> };

/** One element of the messages array: its raw text, the line it starts on and its position. */
type Element = { text: string; line: number; index: number };

/** Raised for a document whose structure is broken; the scanner cannot go on after one. */
class StructureError extends Error {}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === NEWLINE;
}

type Capture = {
  parts: string[];
  from: number;
  depth: number;
  container: boolean;
  line: number;
  field?: string;
};

/**
 * An incremental scanner: `feed` it text, it calls `onElement` for each complete element of the
 * messages array. It tracks only strings and nesting; each element is parsed by `JSON.parse` later.
 */
export function createMessagesScanner(
  onElement: (element: Element) => void,
  arrayKeys: ReadonlySet<string> = MESSAGES_KEY,
) {
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let shape: 'array' | 'object' | undefined;
  let ended = false;
  /** Nesting depth inside the messages array, while the scanner is in it. */
  let arrayDepth: number | undefined;
  let sawMessages = false;
  let expect: 'key' | 'colon' | 'value' | 'comma' = 'key';
  let key: string | undefined;
  let keyText: string | undefined;
  let capture: Capture | undefined;
  let index = 0;
  const fields: Record<string, unknown> = {};

  const fail = (reason: string): never => {
    throw new StructureError(`line ${line}: ${reason}`);
  };

  function startCapture(position: number, code: number, field?: string): void {
    const container = code === OPEN_BRACE || code === OPEN_BRACKET;
    capture = { parts: [], from: position, depth, container, line, field };
    if (code === QUOTE) inString = true;
    if (container) depth++;
  }

  function endCapture(chunk: string, end: number): void {
    const done = capture!;
    done.parts.push(chunk.slice(done.from, end));
    capture = undefined;
    const text = done.parts.join('');
    if (done.field === undefined) {
      onElement({ text, line: done.line, index: index++ });
      return;
    }
    try {
      fields[done.field] = JSON.parse(text);
    } catch (error) {
      fail(`field '${done.field}' is not valid JSON (${(error as Error).message})`);
    }
    expect = 'comma';
  }

  function closeDocument(): void {
    depth = 0;
    ended = true;
  }

  /** A structural character outside any captured value: the document's skeleton. */
  function structural(position: number, code: number): void {
    if (ended) fail('unexpected content after the end of the JSON document');
    if (shape === undefined) {
      if (code === OPEN_BRACKET) {
        shape = 'array';
        depth = 1;
        arrayDepth = 1;
        sawMessages = true;
      } else if (code === OPEN_BRACE) {
        shape = 'object';
        depth = 1;
      } else fail('expected a JSON array or object');
      return;
    }
    if (arrayDepth !== undefined && depth === arrayDepth) {
      if (code === COMMA) return;
      if (code === CLOSE_BRACKET) {
        arrayDepth = undefined;
        depth--;
        if (depth === 0) closeDocument();
        else expect = 'comma';
        return;
      }
      startCapture(position, code);
      return;
    }
    switch (expect) {
      case 'key':
        if (code === QUOTE) {
          inString = true;
          keyText = '';
        } else if (code === CLOSE_BRACE) closeDocument();
        else fail('expected a field name');
        return;
      case 'colon':
        if (code !== COLON) fail(`expected ':' after '${key}'`);
        expect = 'value';
        return;
      case 'value':
        if (key !== undefined && arrayKeys.has(key) && code === OPEN_BRACKET) {
          sawMessages = true;
          depth = 2;
          arrayDepth = 2;
          return;
        }
        startCapture(position, code, key);
        return;
      case 'comma':
        if (code === COMMA) expect = 'key';
        else if (code === CLOSE_BRACE) closeDocument();
        else fail("expected ',' or '}'");
    }
  }

  return {
    /** Scans the next piece of text. */
    feed(chunk: string): void {
      if (capture) capture.from = 0;
      for (let position = 0; position < chunk.length; position++) {
        const code = chunk.charCodeAt(position);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) {
            inString = false;
            if (keyText !== undefined) {
              try {
                key = JSON.parse(`"${keyText}"`) as string;
              } catch {
                fail(`a field name is not a valid JSON string: "${keyText.slice(0, 40)}"`);
              }
              keyText = undefined;
              expect = 'colon';
            }
            continue;
          }
          if (keyText !== undefined) keyText += chunk[position];
          continue;
        }
        if (isWhitespace(code)) {
          if (code === NEWLINE) line++;
          continue;
        }
        if (capture && !capture.container && depth === capture.depth) {
          if (code === COMMA || code === CLOSE_BRACKET || code === CLOSE_BRACE) endCapture(chunk, position);
        }
        if (capture) {
          if (code === QUOTE) inString = true;
          else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
          else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
            depth--;
            if (depth === capture.depth) endCapture(chunk, position + 1);
          }
          continue;
        }
        structural(position, code);
      }
      if (capture) capture.parts.push(chunk.slice(capture.from));
    },
    /** Ends the scan: the outline, or an error when the document is incomplete or has no messages. */
    finish(): DocumentOutline {
      if (shape === undefined) fail('the file holds no JSON document');
      if (!ended) fail('unexpected end of file: the JSON document is incomplete');
      if (!sawMessages) fail(`the JSON object has no '${[...arrayKeys].join("' or '")}' array`);
      return { shape: shape!, fields };
    },
    /** The line the scanner has reached. */
    get line(): number {
      return line;
    },
  };
}

/** One element of a document's `messages` array: an object with a string `role`, and where it sits. */
export type DocumentMessage = {
  record: Record<string, unknown> & { role: string };
  /** The file, the line it starts on and its path (`messages.3`), for errors. */
  at: Location;
  index: number;
  source: MessageSource;
};

/**
 * Reads a messages document, calling `onRecord` with each element that is an object with a string `role`. A bad
 * element is `file:line: reason` (skipped and recorded with `--skip-invalid`); a broken structure always fails.
 */
export async function readMessagesDocument(
  file: string,
  stats: ImportStats,
  options: ImportOptions,
  onRecord: (message: DocumentMessage) => void,
  shape: { arrayKeys?: ReadonlySet<string>; requireRole?: boolean } = {},
): Promise<DocumentOutline> {
  const requireRole = shape.requireRole ?? true;
  const scanner = createMessagesScanner(({ text, line, index }) => {
    stats.lines++;
    try {
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (error) {
        throw new LineError(file, line, `messages.${index}: not valid JSON (${(error as Error).message})`);
      }
      const at: Location = { file, line, path: `messages.${index}` };
      if (!isRecord(record)) throw new LineError(file, line, `${at.path}: expected an object`);
      if (requireRole && typeof record.role !== 'string') {
        throw new LineError(file, line, `${at.path}.role: expected a string naming the message role`);
      }
      // A document has no lines to speak of: a message's source is its 1-based position in the array.
      onRecord({ record: record as DocumentMessage['record'], at, index, source: { line: index + 1 } });
    } catch (error) {
      if (!(error instanceof LineError) || !options.skipInvalid) throw error;
      stats.skipped.push({ line: error.line, reason: error.reason });
    }
  }, shape.arrayKeys);
  try {
    for await (const chunk of textChunks(file)) scanner.feed(chunk);
    return scanner.finish();
  } catch (error) {
    if (error instanceof StructureError) throw structureLineError(file, error);
    throw error;
  }
}

function structureLineError(file: string, error: StructureError): LineError {
  const match = /^line (\d+): (.*)$/s.exec(error.message);
  return new LineError(file, Number(match?.[1] ?? 1), match?.[2] ?? error.message);
}

/** What the start of a file says if it is a messages document: its outline and its first messages. */
export type DocumentSample = DocumentOutline & { messages: unknown[] };

let lastSample: { head: string; keys: ReadonlySet<string>; result: DocumentSample | undefined } | undefined;

/**
 * Scans the start of a file (detection reads only the first bytes) as a messages document; undefined
 * when it is not one, e.g. JSONL, whose second line is content after the end of the first document.
 */
export function sampleMessagesDocument(
  head: string,
  arrayKeys: ReadonlySet<string> = MESSAGES_KEY,
): DocumentSample | undefined {
  if (lastSample?.head === head && lastSample.keys === arrayKeys) return lastSample.result;
  const messages: unknown[] = [];
  const scanner = createMessagesScanner(({ text }) => {
    try {
      messages.push(JSON.parse(text));
    } catch {
      // A malformed element does not decide the format; reading reports it with its line.
    }
  }, arrayKeys);
  let result: DocumentSample | undefined;
  try {
    scanner.feed(head);
    let outline: DocumentOutline | undefined;
    try {
      outline = scanner.finish();
    } catch {
      // The head is a prefix of a longer document: what was seen so far still counts.
    }
    const fields = outline?.fields ?? {};
    const shape = outline?.shape ?? (head.trimStart().startsWith('[') ? 'array' : 'object');
    // A first message longer than the head (a 10 MB pasted file) is read as far as the head goes: its role and
    // first blocks decide the format as well as the whole message would.
    if (messages.length === 0 && !outline) {
      const partial = truncatedElement(head, shape, arrayKeys);
      if (partial !== undefined) messages.push(partial);
    }
    if (messages.length > 0 || outline) result = { shape, fields, messages };
  } catch {
    result = undefined;
  }
  lastSample = { head, keys: arrayKeys, result };
  return result;
}

/**
 * The first element of a document's array as far as `head` holds it, closed where the head ends: an open string
 * ended, a key without a value given `null`, a trailing comma dropped, open objects and arrays closed. Long
 * strings are cut to a few hundred characters first, so a head of 256 KB parses in no time. Undefined when the
 * head does not reach an element or the repair does not parse.
 */
function truncatedElement(head: string, shape: 'array' | 'object', arrayKeys: ReadonlySet<string>): unknown {
  let start = -1;
  if (shape === 'array') start = head.indexOf('[') + 1;
  else {
    for (const key of arrayKeys) {
      const match = new RegExp(`"${key}"\\s*:\\s*\\[`).exec(head);
      if (match && (start < 0 || match.index + match[0].length < start))
        start = match.index + match[0].length;
    }
  }
  if (start <= 0) return undefined;
  const text = head.slice(start);
  const kept: string[] = [];
  const stack: string[] = [];
  let inString = false;
  let stringLength = 0;
  let last = '';
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (inString) {
      if (character === '\\') {
        if (stringLength < 200) kept.push(character, text[index + 1] ?? '');
        index++;
        stringLength += 2;
        continue;
      }
      if (character === '"') {
        inString = false;
        kept.push(character);
        last = '"';
        continue;
      }
      if (stringLength++ < 200) kept.push(character);
      continue;
    }
    if (/\s/.test(character)) continue;
    if (character === '"') {
      inString = true;
      stringLength = 0;
    } else if (character === '{' || character === '[') stack.push(character === '{' ? '}' : ']');
    else if (character === '}' || character === ']') {
      stack.pop();
      kept.push(character);
      if (stack.length === 0) return parseOrUndefined(kept.join(''));
      last = character;
      continue;
    }
    kept.push(character);
    last = character;
  }
  if (stack.length === 0) return undefined;
  if (inString) {
    kept.push('"');
    last = '"';
  }
  let repaired = kept.join('');
  if (last === ',') repaired = repaired.slice(0, -1);
  else if (last === ':') repaired += 'null';
  else if (last === '"' && stack.at(-1) === '}' && /[{,]\s*"(?:[^"\\]|\\.)*"$/.test(repaired))
    repaired += ':null';
  return parseOrUndefined(repaired + stack.reverse().join(''));
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
