import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding, type Tiktoken } from 'js-tiktoken';
import { countWindowed, PATTERN_WINDOW_CHARS } from '../src/tokenizer/pattern-windows.ts';
import { getTokenizer, MAX_PIECE_CHARS, RANK_LOADERS } from '../src/tokens.ts';

const NAMES = ['o200k_base', 'cl100k_base'] as const;

// js-tiktoken's encoders, the reference: each built once per file.
const encodings = new Map<string, Tiktoken>();
const reference = (name: (typeof NAMES)[number]): Tiktoken => {
  let encoding = encodings.get(name);
  if (!encoding) {
    encoding = getEncoding(name);
    encodings.set(name, encoding);
  }
  return encoding;
};

// Long pieces, and runs whose pieces the pattern decides only at the run's end, to put across a window's edge.
const RUNS: Record<string, string> = {
  'a line break, 17 spaces, a line break': `\n${' '.repeat(17)}\n`,
  'a line break, 20 spaces, a line break': `\n${' '.repeat(20)}\n`,
  'a line break, 30 spaces, a line break, spaces': `\n${' '.repeat(30)}\n${' '.repeat(8)}`,
  'a line break, 45 spaces, a line break, a word': `\n${' '.repeat(45)}\nword`,
  'a line break then spaces': `\n${' '.repeat(40)}`,
  'spaces, a line break, spaces': `${' '.repeat(24)}\n${' '.repeat(24)}`,
  'tabs around a line break': `${'\t'.repeat(20)}\n${'\t'.repeat(20)}`,
  'line breaks and spaces': '\n  \n    \n'.repeat(6),
  'CRLF line breaks': '\r\n'.repeat(25),
  'CRLF with indents': '\r\n    \r\n'.repeat(7),
  'spaces before a word': `${' '.repeat(60)}word`,
  digits: '1234567890'.repeat(6),
  punctuation: '.,;:!?-=/*'.repeat(6),
  'punctuation then line breaks': `.${'\n'.repeat(30)}/`,
  'a long word': 'supercalifragilistic'.repeat(3),
  'a letter of both cases, then capitals, then a small letter': `ǂ${'B'.repeat(40)}b`,
  'a capital with a combining accent, capitals, a small letter': `E\u0301${'COLE'.repeat(10)}s`,
  'capitals then a contraction': `${'X'.repeat(30)}'re`,
  emoji: '😀'.repeat(25),
  'CJK letters': '漢字'.repeat(25),
};

// What surrounds a run: code, prose, a path, a contraction, digits; lines open with spaces (no line cut).
const BASE =
  "  const total = items.reduce((sum, item) => sum + item.price, 0); // it's 42\n" +
  '  Error: ENOENT at /src/a.ts:12:3 — ünïcödé 🚀 der Wörter\n' +
  '\tThe agent’s summary keeps the task.  \n';

/** A text of `length` characters cut from BASE repeated, starting `shift` characters in. */
function filler(length: number, shift: number): string {
  let text = '';
  while (text.length < length + shift) text += BASE;
  return text.slice(shift, shift + length);
}

/**
 * The windowed counter of an encoding's pattern over windows of `windowChars`, recording each piece it counts (into
 * `pieces`, emptied by the caller) and counting it by `countOne` (1 a piece unless given).
 */
async function recordingCounter(
  name: (typeof NAMES)[number],
  options: { windowChars: number; pieceChunkChars: number; countOne?: (piece: string) => number },
) {
  const source = (await RANK_LOADERS[name]()).pat_str;
  const pieces: string[] = [];
  const counting = {
    sticky: new RegExp(source, 'uy'),
    pattern: new RegExp(source, 'gu'),
    countOne: (piece: string) => {
      pieces.push(piece);
      return options.countOne?.(piece) ?? 1;
    },
    pieceChunkChars: options.pieceChunkChars,
    windowChars: options.windowChars,
  };
  return { pieces, counting, whole: new RegExp(source, 'gu') };
}

describe('pattern windows', () => {
  it('splits and counts a long piece across a window edge as the whole text, at every offset within 40 characters', async () => {
    // A window of 256 characters, so that a text just past it is short: every piece here is far shorter.
    const windowChars = 256;
    for (const name of NAMES) {
      const encoding = reference(name);
      // A piece's count is the same wherever it stands: each distinct piece is encoded once (the texts share most of
      // theirs, the run's long piece among them, which js-tiktoken merges in time square in its length).
      const pieceCounts = new Map<string, number>();
      const { pieces, counting, whole } = await recordingCounter(name, {
        windowChars,
        pieceChunkChars: MAX_PIECE_CHARS,
        // BPE never merges across pieces, so a piece encoded alone counts what it does in the whole text.
        countOne: (piece) => {
          let count = pieceCounts.get(piece);
          if (count === undefined) {
            count = encoding.encode(piece, [], []).length;
            pieceCounts.set(piece, count);
          }
          return count;
        },
      });
      const wrongCounts: string[] = [];
      const wrongPieces: string[] = [];
      for (const [kind, run] of Object.entries(RUNS)) {
        for (let offset = -40; offset <= 40; offset++) {
          for (const shift of [0, 37]) {
            // The run starts `offset` characters from the first window's edge, and the text goes on past it.
            const text = filler(windowChars + offset, shift) + run + filler(120, shift + 11);
            const where = `${kind} at ${offset} (shift ${shift})`;
            pieces.length = 0;
            const counted = countWindowed(text, counting);
            const expected = encoding.encode(text, [], []).length;
            if (counted !== expected) wrongCounts.push(`${where}: ${counted} ≠ ${expected}`);
            const expectedPieces = [...text.matchAll(whole)].map((match) => match[0]);
            if (pieces.join('\u0000') !== expectedPieces.join('\u0000')) wrongPieces.push(where);
          }
        }
      }
      assert.deepEqual(wrongCounts, [], `${name}: ${wrongCounts.length} texts counted unlike js-tiktoken`);
      assert.deepEqual(wrongPieces, [], `${name}: ${wrongPieces.length} texts split unlike the whole text`);
    }
  });

  it('ends a run of white space longer than a window at its last line break, wherever the windows fall', async () => {
    const { pieces, counting } = await recordingCounter('o200k_base', {
      windowChars: 256,
      pieceChunkChars: 64,
    });
    const run = `\n${' '.repeat(600)}\n${' '.repeat(300)}`;
    const text = `done${run}word`;
    assert.equal(countWindowed(text, counting), pieces.length);
    assert.equal(pieces.join(''), text);
    // `\s*[\r\n]+` takes both line breaks and the 600 spaces between them (counted in chunks past the window).
    assert.equal(pieces[1], `\n${' '.repeat(600)}\n`);
    assert.equal(pieces.at(-1), ' word');
  });

  it('splits letters longer than a window as the whole text where no alternative backs off over them', async () => {
    // cl100k_base reads `\p{L}+` to its run's end: accents between small letters (NFD) make a piece each, which the
    // back-off rule for o200k_base's capitals would have taken for one piece filling the window.
    const { pieces, counting, whole } = await recordingCounter('cl100k_base', {
      windowChars: 256,
      pieceChunkChars: 64,
    });
    const text = `${'e\u0301'.repeat(400)} done`;
    countWindowed(text, counting);
    assert.deepEqual(
      pieces,
      [...text.matchAll(whole)].map((match) => match[0]),
    );
  });

  it('counts a text past the real window with a line break and spaces across its edge as js-tiktoken', async () => {
    // The production path, through the tokenizer's block counter: its lines open with spaces, so no line cut
    // splits the text and the pattern's windows start at its first character.
    const run = `\n${' '.repeat(20)}\n`;
    const base = filler(PATTERN_WINDOW_CHARS + 4096, 0);
    for (const name of NAMES) {
      const tokenizer = await getTokenizer(name);
      for (const offset of [-21, -19, -17]) {
        const at = PATTERN_WINDOW_CHARS + offset;
        const text = base.slice(0, at) + run + base.slice(at);
        assert.equal(
          tokenizer.count(text),
          reference(name).encode(text, [], []).length,
          `${name} at ${offset}`,
        );
      }
    }
  });
});
