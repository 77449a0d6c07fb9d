/**
 * The start of a file as detection reads it (importer.ts `Sample`): its first 256 K characters and its first lines
 * parsed as JSON. From a small plain file's bytes each is read only when a detector asks: its records a line at a
 * time, as far as they are read, the head when a detector reads text. A suite's session (about 190 kB) was decoded
 * whole and 50 of its lines parsed, where pi's detection, tried first, reads one record.
 */
import type { Sample } from './importer.ts';

/** Characters of a file's text a sample holds at most. */
export const SAMPLE_CHARS = 256 * 1024;
/** Records a sample parses at most. */
export const SAMPLE_RECORDS = 50;

const LINE_BREAK = 10;
const BYTE_ORDER_MARK = 0xfeff;

/** The sample of a text's start (a text without its byte-order mark, as source-file.ts gives it). */
export function sampleOfText(text: string): Sample {
  const head = text.slice(0, SAMPLE_CHARS);
  const records: unknown[] = [];
  // Line by line up to the last record needed, not the whole head split (a short session's whole text).
  for (let start = 0; start <= head.length && records.length < SAMPLE_RECORDS;) {
    let end = head.indexOf('\n', start);
    if (end < 0) end = head.length;
    const line = head.slice(start, end);
    start = end + 1;
    addRecord(records, line);
  }
  return { head, records, first: records[0] };
}

/**
 * The sample of a small plain file's bytes (UTF-8, a byte-order mark dropped), read on demand: equal to
 * {@link sampleOfText} of their text. A line's bytes are decoded on their own, which gives the characters decoding
 * the whole gives there (a line break is one byte that no UTF-8 sequence holds: a sequence it cuts decodes to U+FFFD
 * either way).
 */
export function sampleOfBytes(bytes: Buffer): Sample {
  const records: unknown[] = [];
  let byteAt = 0;
  let charAt = 0;
  let ended = false;
  // Reads lines until one more record is parsed or the head ends.
  const readRecord = (): void => {
    const before = records.length;
    while (!ended && records.length === before) {
      if (charAt > SAMPLE_CHARS || byteAt > bytes.length || records.length >= SAMPLE_RECORDS) {
        ended = true;
        return;
      }
      let end = bytes.indexOf(LINE_BREAK, byteAt);
      if (end < 0) end = bytes.length;
      let line = bytes.toString('utf8', byteAt, end);
      if (byteAt === 0 && line.charCodeAt(0) === BYTE_ORDER_MARK) line = line.slice(1);
      // The head ends inside this line: its part in the head is the last line read.
      const inHead = line.length <= SAMPLE_CHARS - charAt ? line : line.slice(0, SAMPLE_CHARS - charAt);
      charAt += line.length + 1;
      byteAt = end + 1;
      addRecord(records, inHead);
    }
  };
  let head: string | undefined;
  return {
    get head() {
      if (head === undefined) {
        const text = bytes.toString('utf8');
        head = (text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text).slice(0, SAMPLE_CHARS);
      }
      return head;
    },
    get records() {
      while (!ended) readRecord();
      return records;
    },
    get first() {
      if (records.length === 0) readRecord();
      return records[0];
    },
  };
}

/** Adds a line's record when it is not blank and parses as JSON. */
function addRecord(records: unknown[], line: string): void {
  if (line.trim() === '') return;
  try {
    records.push(JSON.parse(line));
  } catch {
    // A partial last line or a pretty-printed JSON file: detection uses `head` for those.
  }
}
