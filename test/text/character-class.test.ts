import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codePointTest } from '../../src/text/character-class.ts';

test('codePointTest answers as its pattern does, for ASCII, other code points and lone surrogates', () => {
  const pattern = /[\p{L}\p{N}_]/u;
  const isWord = codePointTest(pattern);
  const samples = [...'aZ09_ -./é漢٣€😀'].map((character) => character.codePointAt(0)!);
  samples.push(0xd83d, 0xdc00); // lone surrogates: no letter
  for (const codePoint of samples)
    assert.equal(
      isWord(codePoint),
      pattern.test(String.fromCodePoint(codePoint)),
      `U+${codePoint.toString(16)}`,
    );
  assert.deepEqual(
    ['a', '_', ' ', '-', 'é', '€'].map((character) => isWord(character.codePointAt(0)!)),
    [true, true, false, false, true, false],
  );
  // Asked again, a remembered answer is the same.
  assert.equal(isWord('é'.codePointAt(0)!), true);
});
