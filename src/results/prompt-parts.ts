/**
 * A call's prompt stored by reference: the text it shares with the session's rendered messages (message-table.ts) as
 * runs of them, `[from, to]`, and only the rest (the instruction, a previous summary, a cut message) as text. A
 * session's calls send its messages again and again (every strategy, slice and budget): stored whole, a suite's
 * prompts were half of all it wrote. The prompt's hash is still the SHA-256 of its whole JSON text, as sent.
 */
import { createHash } from 'node:crypto';
import { redactSecrets } from '../providers/secrets.ts';
import { updateInPieces } from '../text/hashed-pieces.ts';
import {
  escapedSpan,
  escapedText,
  joinedRenderings,
  KEY_BYTES,
  type MessageTable,
  rawSpan,
} from './message-table.ts';
import type { TextPieces } from './text-pieces.ts';

/** A piece of a stored prompt: its own text, or renderings `from` to `to` (exclusive) of its session's table. */
export type PromptPart = string | readonly [from: number, to: number];

// A run of renderings shorter than this stays text: its reference and the text around it would save nothing.
const MIN_RUN_BYTES = 256;
// Renderings that start alike (the same tool call, the same short result) tried at one place before giving up.
const MAX_CANDIDATES = 16;

const NEWLINE = 10;
const OPEN_BRACKET = 91;
const BLOCK_START = Buffer.from('\n[');
const REPLACEMENT = Buffer.from('\ufffd');
// A high surrogate not followed by a low one, or a low one not after a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `prompt` as text and runs of `table`'s renderings, in order: their concatenation (each run's renderings joined by
 * `\n\n`) is the prompt. A run starts where a block does (the prompt's start or a line's, at a `[`) with a rendering
 * that the prompt holds there byte for byte, and goes on while the next rendering follows after a blank line. A
 * prompt holding a lone surrogate is its one text.
 */
export function promptParts(prompt: string, table: MessageTable): PromptPart[] {
  const bytes = encoded(prompt);
  // UTF-8 has no lone surrogate: its parts would read back (and hash) as U+FFFD where the prompt sent, and stored
  // whole, escapes it (`\ud83d`). Such a prompt stays one text. (The pattern only where the bytes hold U+FFFD: the
  // search of the bytes is about 1% of the pattern's.)
  if (bytes.indexOf(REPLACEMENT) >= 0 && LONE_SURROGATE.test(prompt)) return [prompt];
  const parts: PromptPart[] = [];
  let textStart = 0;
  let next = 0;
  let at = bytes[0] === OPEN_BRACKET ? 0 : blockAfter(bytes, 0);
  while (at >= 0) {
    const run = longestRunAt(bytes, at, table, next);
    const end = run === undefined ? at : at + runLength(table, run[0], run[1]);
    if (run !== undefined && end - at >= MIN_RUN_BYTES) {
      if (at > textStart) parts.push(bytes.toString('utf8', textStart, at));
      parts.push(run);
      textStart = end;
      next = run[1];
    }
    at = blockAfter(bytes, Math.max(end, at + 1));
  }
  if (textStart < bytes.length) parts.push(bytes.toString('utf8', textStart));
  return parts;
}

// Prompts up to this many characters are encoded into one buffer kept for the next (three bytes a UTF-16 unit at
// most): `Buffer.from` counted each prompt's bytes, then encoded it into memory of its own, for each of a suite
// session's dozen prompts (up to 140 kB). A longer prompt (a large session's whole transcript) gets its own.
const REUSED_CHARS = 1 << 19;
let reused: Buffer | null = null;

/** `prompt` in UTF-8: a view of the reused buffer (valid until the next call) when short enough, else its own. */
function encoded(prompt: string): Buffer {
  if (prompt.length > REUSED_CHARS) return Buffer.from(prompt);
  if (reused === null || reused.length < prompt.length * 3)
    reused = Buffer.allocUnsafeSlow(prompt.length * 3);
  return reused.subarray(0, reused.write(prompt, 0));
}

/** Whether some part refers to the table (else the prompt is stored whole). */
export function refersToTable(parts: readonly PromptPart[]): boolean {
  return parts.some((part) => typeof part !== 'string');
}

/** Where the next block after `from` starts (the `[` after a line break), or -1. */
function blockAfter(bytes: Buffer, from: number): number {
  const found = bytes.indexOf(BLOCK_START, from);
  return found < 0 ? -1 : found + 1;
}

/** Bytes of renderings `from` to `to` (exclusive) joined, as a prompt holds them (0 for none). */
function runLength(table: MessageTable, from: number, to: number): number {
  if (to <= from) return 0;
  const [start, end] = rawSpan(table, from, to);
  return end - start;
}

/** Whether rendering `index` follows at `end` after a blank line. */
function followedBy(bytes: Buffer, end: number, table: MessageTable, index: number): boolean {
  return bytes[end] === NEWLINE && bytes[end + 1] === NEWLINE && holds(bytes, end + 2, table, index);
}

/** Whether `at` is the prompt's end or a line break. */
function endsLine(bytes: Buffer, at: number): boolean {
  return at === bytes.length || bytes[at] === NEWLINE;
}

/** Whether `bytes` hold rendering `index` of the table at `at`. */
function holds(bytes: Buffer, at: number, table: MessageTable, index: number): boolean {
  const [start, end] = rawSpan(table, index, index + 1);
  return (
    at + (end - start) <= bytes.length && bytes.compare(table.raw, start, end, at, at + end - start) === 0
  );
}

/**
 * The longest run of renderings the prompt holds from `at`, or undefined: `expected` (the one after the last run)
 * and those starting with the same bytes are tried (identical renderings are common: the same tool call made
 * twice, the same result), the first of the longest taken.
 */
function longestRunAt(
  bytes: Buffer,
  at: number,
  table: MessageTable,
  expected: number,
): [number, number] | undefined {
  const keyed =
    at + KEY_BYTES <= bytes.length
      ? table.byKey.get(bytes.toString('latin1', at, at + KEY_BYTES))
      : undefined;
  const candidates = expected < table.count ? [expected, ...(keyed ?? [])] : (keyed ?? []);
  let best: [number, number] | undefined;
  for (const first of candidates.slice(0, MAX_CANDIDATES)) {
    if (!holds(bytes, at, table, first)) continue;
    const to = runEnd(bytes, at, table, first);
    if (to > first && (best === undefined || to - first > best[1] - best[0])) best = [first, to];
  }
  return best;
}

/**
 * Where a run that starts with rendering `first` at `at` ends (exclusive): it goes on while the next rendering
 * follows after a blank line, and ends at a line break (or the prompt's end), as it starts after one: the text on
 * either side is redacted on its own, and no key-like value goes on across a line break.
 */
function runEnd(bytes: Buffer, at: number, table: MessageTable, first: number): number {
  let to = first + 1;
  while (to < table.count && followedBy(bytes, at + runLength(table, first, to), table, to)) to++;
  while (to > first && !endsLine(bytes, at + runLength(table, first, to))) to--;
  return to;
}

/**
 * The SHA-256 of the prompt's JSON text as sent, `{"system":…,"prompt":…}`, computed from its parts: a run's text
 * is hashed from the table's escaped bytes, so only the prompt's own text is escaped. The same hash as
 * `contentHash(jsonPieces({ system, prompt }))`.
 */
export function promptPartsHash(system: string, parts: readonly PromptPart[], table: MessageTable): string {
  const hash = createHash('sha256').update('{"system":');
  updateInPieces(hash, JSON.stringify(system)).update(',"prompt":"');
  for (const part of parts)
    if (typeof part === 'string') updateInPieces(hash, escapedText(part));
    else hash.update(escapedSpan(table, part[0], part[1]));
  return hash.update('"}').digest('hex');
}

/**
 * The stored form of a prompt by parts, as JSON text pieces: `{"system", "messages": <table hash>, "prompt": [parts]}`,
 * each text with its key-like values redacted (a part ends at a block's edge, a line break, which none reaches across).
 */
export function storedPromptPieces(
  system: string,
  parts: readonly PromptPart[],
  table: MessageTable,
): TextPieces {
  return function* () {
    yield `{"system":${JSON.stringify(redactSecrets(system))},"messages":"${table.hash}","prompt":[`;
    for (const [index, part] of parts.entries()) {
      const comma = index === 0 ? '' : ',';
      yield typeof part === 'string'
        ? `${comma}${JSON.stringify(redactSecrets(part))}`
        : `${comma}[${part[0]},${part[1]}]`;
    }
    yield ']}';
  };
}

/** What a stored prompt by parts holds (its JSON text parsed). */
type StoredParts = { system: string; messages: string; prompt: Array<string | [number, number]> };

/**
 * The JSON text of a prompt stored by parts, put together again (`{"system","prompt"}`, as a prompt stored whole
 * reads), its runs taken from the table `tableOf` reads by hash (the JSON text of its renderings); undefined when the
 * table is missing.
 */
export function assembledPrompt(
  stored: string,
  tableOf: (hash: string) => string | undefined,
): string | undefined {
  const { system, messages, prompt } = JSON.parse(stored) as StoredParts;
  const table = tableOf(messages);
  if (table === undefined) return undefined;
  const entries = JSON.parse(table) as string[];
  const text = prompt
    .map((part) => (typeof part === 'string' ? part : joinedRenderings(entries, part[0], part[1])))
    .join('');
  return JSON.stringify({ system, prompt: text });
}
