import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stanceAround } from '../../src/quality/stance.ts';
import { WordPlaces } from '../../src/quality/word-places.ts';

/** A deterministic run of pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

// Sentences of every stance a frame reads around a thing ("the cache"), and plain ones, lowercase as the canonical
// text a stance is read in.
const SENTENCES = [
  'it is false that the cache was added.',
  'the user never asked for this, and it was not done: the cache.',
  'the cache was not done.',
  'npm test: the cache - never done.',
  'the cache is still to do.',
  'still to do: the cache and the retry.',
  'the cache was reverted later.',
  'we reverted the cache.',
  'the rule on the cache was lifted.',
  'the cache no longer applies.',
  'the cache is done.',
  'the cache was already rerun and passes.',
  'nobody asked for the cache.',
  'the cache is in place and the notes say so.',
  'the undo stack holds the cache; a backup too.',
  'we found the cache under the bundle.',
];

describe('word places', () => {
  it('tell whether a span holds one of the words exactly as the span read would', () => {
    const next = random(3);
    const syllables = [
      'no',
      't',
      'und',
      'er',
      ' ',
      'back',
      'yet',
      'sti',
      'll',
      "n't",
      'a',
      'done',
      '.',
      'revert',
    ];
    const lists = [
      ['not', 'false', 'untrue'],
      ['und', 'back', 'revert'],
      ["n't", 'not', 'never'],
      ['still', 'yet', 'done'],
    ];
    let held = 0;
    for (let round = 0; round < 200; round++) {
      let text = '';
      while (text.length < 400) text += syllables[Math.floor(next() * syllables.length)];
      const places = new WordPlaces(text);
      for (let span = 0; span < 40; span++) {
        const from = Math.floor(next() * text.length);
        const to = from + Math.floor(next() * 30);
        for (const words of lists) {
          const expected = words.some((word) => text.slice(from, to).includes(word));
          assert.equal(
            places.holds(words, from, to),
            expected,
            `${JSON.stringify(text.slice(from, to))} ${words}`,
          );
          if (expected) held++;
        }
      }
    }
    // Both answers were asked for many times.
    assert.ok(held > 2_000 && held < 30_000, `${held} spans held a word`);
  });

  it("give every occurrence's stance as reading its sentence does, for each stance", () => {
    const text = SENTENCES.join(' ');
    const places = new WordPlaces(text);
    const seen = new Set<string>();
    for (let at = text.indexOf('the cache'); at >= 0; at = text.indexOf('the cache', at + 1)) {
      const read = stanceAround(text, at, at + 'the cache'.length);
      assert.equal(stanceAround(text, at, at + 'the cache'.length, places), read, `at ${at}`);
      seen.add(String(read));
    }
    assert.deepEqual([...seen].sort(), ['denied', 'done', 'lifted', 'pending', 'reversed', 'undefined']);
  });
});
