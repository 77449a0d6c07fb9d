import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher, lineHolds } from '../../src/quality/match.ts';
import { extractPaths, findInventedPaths, namedPathKeys } from '../../src/quality/paths.ts';
import { writtenPaths } from '../../src/quality/written-paths.ts';
import { loadSession } from '../../src/session/load.ts';
import { renderMessages } from '../../src/session/transcript.ts';

/** A small deterministic generator (xorshift32), so a failing text can be made again. */
function randomOf(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

// Pieces that meet every rule of the folding at a line's edges: units after numbers, Markdown marks, quotes, dashes,
// white space, paths and their separators.
const PIECES = [
  '5',
  '12',
  '3.5',
  ' ',
  '  ',
  '-',
  "'",
  '`',
  '*',
  '_',
  '#',
  '> ',
  '- ',
  '|',
  '—',
  'ms',
  's',
  'min',
  '%',
  'percent',
  'h',
  'src/',
  'a.ts',
  'cache/',
  'v2',
  '.',
  '/tmp/',
  'x.json',
  '@',
  'w/',
  'Σ',
  'ﬁ',
  'take',
  'the',
  '\t',
  '```',
];

/** A random text of a few short lines built of {@link PIECES}. */
function randomText(random: (below: number) => number): string {
  const lines: string[] = [];
  for (let line = 0, count = 2 + random(4); line < count; line++) {
    let text = '';
    for (let piece = 0, pieces = random(7); piece < pieces; piece++) text += PIECES[random(PIECES.length)];
    lines.push(text);
  }
  return lines.join('\n');
}

describe('lineHolds', () => {
  it('holds a needle in a line as the whole text holds it there', () => {
    const text = 'run: curl --data @/tmp/customer.json http://x.test/\ncat src/cart.ts';
    assert.equal(
      lineHolds('run: curl --data @/tmp/customer.json http://x.test/', ['/tmp/customer.json']),
      true,
    );
    assert.equal(createMatcher(text).has('/tmp/customer.json'), true);
    assert.equal(lineHolds('cat src/cart.ts', ['/tmp/customer.json', 'cart.ts']), true);
    assert.equal(lineHolds('cat old-src/cart.ts', ['src/cart.ts']), false);
  });

  it('does not answer for a unit opening the line or a needle at the end of a line a number ends', () => {
    // `5` then `ms`: the whole text folds them into `5ms`, so `ms/cache.ts` and `src/v5` are not there as paths.
    const text = 'took 5\nms/cache.ts\nsee src/v5\nms later';
    assert.equal(createMatcher(text).has('ms/cache.ts'), false);
    assert.equal(createMatcher(text).has('src/v5'), false);
    assert.equal(lineHolds('ms/cache.ts', ['ms/cache.ts']), false);
    assert.equal(lineHolds('see src/v5', ['src/v5']), false);
    // Inside the line, or not at a unit, the line still tells.
    assert.equal(lineHolds('see src/v5 then', ['src/v5']), true);
    assert.equal(lineHolds('msg/cache.ts', ['msg/cache.ts']), true);
  });

  it('never holds what the whole text does not hold (40,000 random texts)', () => {
    const random = randomOf(45);
    let told = 0;
    for (let round = 0; round < 40_000; round++) {
      const text = randomText(random);
      const lines = text.split('\n');
      const line = lines[random(lines.length)]!;
      if (line.length === 0) continue;
      // A needle cut from the line as written, as a summary's path is searched for as it is.
      const start = random(line.length);
      const needle = line.slice(start, start + 1 + random(line.length - start));
      if (needle.trim().length === 0) continue;
      if (!lineHolds(line, [needle])) continue;
      told++;
      assert.equal(createMatcher(text).has(needle), true, JSON.stringify({ text, line, needle }));
    }
    assert.ok(told > 5_000, `only ${told} lines told`);
  });
});

/** A transcript as written-paths reads it, its paths not read yet. */
const over = (text: string) => ({ text: () => text, length: () => text.length, settled: () => false });

describe('writtenPaths', () => {
  const text = [
    '[User]: post the customer',
    '[Assistant tool calls]: bash(command="curl --data @/tmp/customer.json http://x.test/")',
    '[Assistant tool calls]: read(path="/work/shop/src/billing/tax.ts"); edit(path="src/cart.ts")',
  ].join('\n');

  it('tells a path named on a line as written, or held there under the matching rules, and nothing else', () => {
    const written = writtenPaths(over(text));
    assert.equal(written.present('src/cart.ts', ['src/cart.ts']), true);
    assert.equal(written.present('/tmp/customer.json', ['/tmp/customer.json']), true);
    assert.equal(written.present('billing/tax.ts', ['billing/tax.ts']), true);
    // Written differently (case), or not at all: the transcript's paths and index decide.
    assert.equal(written.present('SRC/Cart.ts', ['SRC/Cart.ts']), false);
    assert.equal(written.present('/tmp/vehicle.json', ['/tmp/vehicle.json']), false);
  });

  it('spares the transcript its paths and its index when every path of a summary is told', () => {
    const unread = {
      text,
      get index(): never {
        throw new Error('the index was read');
      },
      get paths(): never {
        throw new Error("the transcript's paths were read");
      },
      written: writtenPaths(over(text)),
    };
    assert.deepEqual(
      findInventedPaths('Posted /tmp/customer.json, edited src/cart.ts and ./src/cart.ts', unread, undefined),
      [],
    );
  });

  it('leaves what no line tells to the paths and the index, with the same answers', () => {
    const full = { text, index: createMatcher(text), written: writtenPaths(over(text)) };
    const summary =
      'Edited SRC/Cart.ts, /work/shop/src/billing/tax.ts and lib/vat.ts; posted /tmp/vehicle.json';
    assert.deepEqual(findInventedPaths(summary, full, '/work/shop'), ['lib/vat.ts', '/tmp/vehicle.json']);
    assert.deepEqual(
      findInventedPaths(summary, full, '/work/shop'),
      findInventedPaths(summary, { text, index: createMatcher(text) }, '/work/shop'),
    );
  });

  it('stops searching after 32 lengths of the transcript', () => {
    const written = writtenPaths(over(text));
    // Each path written nowhere is searched for over the whole transcript.
    for (let path = 0; path <= 32; path++)
      assert.equal(written.present(`lib/p${path}.ts`, [`lib/p${path}.ts`]), false);
    // The budget spent, a path written as is goes untold (and is answered by the paths and the index).
    assert.equal(written.present('src/cart.ts', ['src/cart.ts']), false);
  });

  it('leaves a transcript over 1 Mi characters, or one whose paths are read, to its paths and index', () => {
    const long = `${text}\n${'x'.repeat(1 << 20)}`;
    assert.equal(writtenPaths(over(long)).present('src/cart.ts', ['src/cart.ts']), false);
    const settled = { ...over(text), settled: () => true };
    assert.equal(writtenPaths(settled).present('src/cart.ts', ['src/cart.ts']), false);
  });

  it("agrees with the transcript's paths and index on the shipped sessions' paths and their suffixes", async () => {
    for (const name of ['large-session', 'before-compaction']) {
      const session = await loadSession(name);
      const transcript = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
      const named = namedPathKeys(transcript);
      const index = createMatcher(transcript);
      let told = 0;
      const asked = new Set<string>();
      for (const path of extractPaths(transcript)) {
        const segments = path.split('/');
        for (let cut = 0; cut < segments.length; cut++) asked.add(segments.slice(cut).join('/'));
      }
      for (const path of asked) {
        // A lookup of its own for each path: one shared would stop searching after 32 lengths of the transcript.
        if (path.length === 0 || !writtenPaths(over(transcript)).present(path, [path])) continue;
        told++;
        assert.ok(named.has(path.toLowerCase().replace(/^\.\//, '')) || index.has(path), `${name}: ${path}`);
      }
      assert.ok(told >= asked.size / 2, `${name}: ${told} of ${asked.size} told`);
    }
  });
});
