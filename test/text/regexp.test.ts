import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyOfWords } from '../../src/text/regexp.ts';

describe('anyOfWords', () => {
  it('matches a text exactly where one of the words occurs in it, as a search per word finds', () => {
    const lists = [
      ['not', 'false', 'untrue', 'wrong', 'contrary'],
      ['revert', 'back', 'und', 'delet', 'remov', 'drop', 'abandon', 'reject', 'discard'],
      ["n't", 'not', 'never', 'happen', 'none', 'nothing'],
      ['done', 'und'],
      ['a.b', '(x)', '[y]', 'c|d', '$1', 'e*', '+f', '?', '^g', 'h\\i', '{2}'],
      ['x'],
      [],
    ];
    const texts = [
      '',
      'it was undone',
      'the rollback was backed out; nothing happened',
      "this isn't done yet",
      'a.b (x) [y] c|d $1 e* +f ? ^g h\\i {2}',
      'axb x y cd 1 e f g hi 2',
      'no word of any list here',
      'Not said in capitals: NOT, FALSE, DONE',
      'x'.repeat(1000),
    ];
    let seed = 81;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const letters = "abcdefghijklmnopqrstuvwxyz '.;:|\\()[]{}$^*+?-";
    for (let index = 0; index < 2000; index++) {
      let text = '';
      const length = Math.floor(next() * 40);
      for (let at = 0; at < length; at++) text += letters[Math.floor(next() * letters.length)];
      texts.push(text);
    }
    let found = 0;
    for (const words of lists) {
      const pattern = anyOfWords(words);
      for (const text of texts) {
        const expected = words.some((word) => text.includes(word));
        if (expected) found++;
        assert.equal(pattern.test(text), expected, `${JSON.stringify(words)} in ${JSON.stringify(text)}`);
        // No state between calls: asked again, the same answer.
        assert.equal(pattern.test(text), expected);
      }
    }
    // Both answers were asked for.
    assert.ok(found > 100 && found < lists.length * texts.length - 100);
  });

  it('holds no word where it is given none', () => {
    assert.equal(anyOfWords([]).test(''), false);
    assert.equal(anyOfWords([]).test('anything'), false);
  });
});
