import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { columnsOf, wrapProse } from '../../src/report/wrap.ts';

describe('wrapped prose', () => {
  it('breaks at spaces, never inside a word, and keeps every word in order', () => {
    const text =
      'Provider: extractive — an offline lexical stand-in, not a model: it copies sentences verbatim';
    const wrapped = wrapProse(text, 30);
    for (const line of wrapped.split('\n')) assert.ok(columnsOf(line) <= 30, line);
    assert.equal(wrapped.replaceAll('\n', ' '), text);
    assert.equal(wrapped.split('\n')[0], 'Provider: extractive — an');
  });

  it('hangs continuation lines under the text of an indented line or a bullet', () => {
    assert.equal(wrapProse('  • one two three four', 12), '  • one two\n    three\n    four');
    assert.equal(wrapProse('  ⊘ does not compress', 14), '  ⊘ does not\n  compress');
  });

  it('keeps a word wider than the terminal whole, and leaves text alone without a width', () => {
    assert.equal(wrapProse('see /a/very/long/path/name.ts now', 10), 'see\n/a/very/long/path/name.ts\nnow');
    const long = 'x '.repeat(100);
    assert.equal(wrapProse(long, undefined), long);
  });

  it('counts columns without escape sequences', () => {
    assert.equal(columnsOf('\u001b[1mbold\u001b[22m'), 4);
  });
});
