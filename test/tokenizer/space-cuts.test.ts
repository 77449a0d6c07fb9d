import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getEncoding } from 'js-tiktoken';
import { countAroundBody, firstSpaceCut, lastSpaceCut } from '../../src/tokenizer/space-cuts.ts';
import { getTokenizer } from '../../src/tokens.ts';

// Pieces the pre-tokenizers treat apart: contractions, Unicode spaces (the no-break and em spaces are `\s`, NEL is
// not), tabs, line breaks, runs of punctuation that pull line breaks and slashes in, digits, emoji, CJK.
const PARTS = [
  'word',
  'Wörter',
  'CamelCase',
  "'s",
  "'re",
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u0085',
  '.',
  '});',
  '/',
  '"',
  '123456',
  '🚀',
  '漢字',
  ' x',
];

/** `count` random texts of up to `parts` parts, the same for every run (a fixed seed). */
function samples(count: number, parts: number): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  return Array.from({ length: count }, () => {
    let text = '';
    for (let part = 1 + (next() % parts); part > 0; part--) text += PARTS[next() % PARTS.length]!;
    return text;
  });
}

/** Every position the module cuts at: a space after a character that is not white space. */
function cutsOf(text: string): number[] {
  const cuts: number[] = [];
  for (let at = 1; at < text.length; at++) if (text[at] === ' ' && !/\s/.test(text[at - 1]!)) cuts.push(at);
  return cuts;
}

describe('tokenizer: cuts before a space', () => {
  it('adds up at every cut, in both encodings, as js-tiktoken encodes the parts', () => {
    let cuts = 0;
    for (const name of ['o200k_base', 'cl100k_base'] as const) {
      const encoding = getEncoding(name);
      const tokens = (text: string) => encoding.encode(text, [], []).length;
      for (const text of samples(500, 30)) {
        const whole = tokens(text);
        for (const at of cutsOf(text)) {
          assert.equal(
            tokens(text.slice(0, at)) + tokens(text.slice(at)),
            whole,
            `${name} ${JSON.stringify(text)} at ${at}`,
          );
          cuts++;
        }
      }
    }
    assert.ok(cuts > 500, `${cuts} cuts`);
  });

  it('finds the first and the last of them, and none in a text without', () => {
    for (const text of samples(200, 10)) {
      const cuts = cutsOf(text);
      assert.equal(firstSpaceCut(text), cuts[0] ?? -1, JSON.stringify(text));
      assert.equal(lastSpaceCut(text), cuts.at(-1) ?? -1, JSON.stringify(text));
    }
    assert.equal(firstSpaceCut('  \u00a0 {"a":1}'), -1);
    assert.equal(lastSpaceCut('no_space_at_all'), -1);
  });

  it('cuts before the space, not after it: the space opens the next word’s piece', () => {
    const encoding = getEncoding('o200k_base');
    const tokens = (text: string) => encoding.encode(text, [], []).length;
    const text = 'Fix the parser';
    assert.equal(tokens(text.slice(0, 3)) + tokens(text.slice(3)), tokens(text));
    assert.equal(tokens(text.slice(0, 4)) + tokens(text.slice(4)), tokens(text) + 1);
  });

  it('counts a text around a body from the body’s count and the joins', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const encoding = getEncoding('o200k_base');
    const tokens = (text: string) => encoding.encode(text, [], []).length;
    for (const body of samples(300, 30)) {
      for (const [prefix, suffix] of [
        ['[Tool result]: ', '\n\n'],
        ['[User]:', '\n'],
        ['x', ''],
      ] as const) {
        const counted = countAroundBody({ prefix, body, suffix, bodyTokens: tokens(body) }, tokenizer.count);
        if (firstSpaceCut(body) < 0) assert.equal(counted, undefined);
        else assert.equal(counted, tokens(prefix + body + suffix), JSON.stringify([prefix, body, suffix]));
      }
    }
  });
});
