import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KEY_SHAPES, firstKeyShape, maskKeyShapes } from '../../src/text/key-shapes.ts';

/** What firstKeyShape must answer: the first shape whose pattern matches anywhere in the text. */
const byPatterns = (text: string) => KEY_SHAPES.find(({ pattern }) => pattern.test(text));

/** A deterministic generator of texts mixing key shapes, `sk-` inside words and near misses. */
function* texts(count: number): Generator<string> {
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  const body = (length: number) => Array.from({ length }, () => 'aZ9_-x'[next(6)]).join('');
  const parts = [
    () => 'task-2 ',
    () => 'disk-usage ',
    () => `sk-${body(next(30))}`,
    () => `sk-ant-${body(10 + next(20))}`,
    () => `sk-proj-${body(15 + next(10))}`,
    () => `sk-admin-${body(18 + next(5))}`,
    () => `sk-svcacct-${body(20)}`,
    () => `x${'sk-'}${body(25)}`,
    () => `_sk-ant-${body(25)}`,
    () => ` ${body(next(8))} `,
    () => '\n',
    () => '-sk-',
    () => 'sk-learn ',
    () => String.raw`\n`,
    () => String.raw`\t`,
    // Pieces that make `sk-` only together (the search looks for `k-` and then for the `s` before it).
    () => 's',
    () => 'k-',
    () => `k-${body(25)}`,
  ];
  for (let index = 0; index < count; index++)
    yield Array.from({ length: 1 + next(6) }, () => parts[next(parts.length)]!()).join(next(2) ? ' ' : '');
}

describe('firstKeyShape', () => {
  it('answers what testing each shape over the whole text answers, on 20,000 generated texts', () => {
    let found = 0;
    for (const text of texts(20_000)) {
      const expected = byPatterns(text);
      assert.equal(firstKeyShape(text), expected, JSON.stringify(text));
      if (expected) found++;
    }
    // The generator makes both kinds often enough for the comparison to mean something.
    assert.ok(found > 2_000 && found < 18_000, `${found} texts with a key`);
  });

  it('passes over sk- inside words and short bodies', () => {
    assert.equal(firstKeyShape('stream-export-task-2 and disk-usage'), undefined);
    assert.equal(firstKeyShape(`mask-${'a'.repeat(30)}`), undefined);
    assert.equal(firstKeyShape('sk-test-123 sk-learn'), undefined);
  });

  it('names the most specific shape whatever comes first in the text', () => {
    const legacy = `sk-${'x7Y'.repeat(10)}`;
    const anthropic = `sk-ant-api03-${'Qw9_'.repeat(8)}`;
    assert.equal(firstKeyShape(`${legacy} then ${anthropic}`)?.shown, 'sk-ant-…');
    assert.equal(firstKeyShape(`(${legacy})`)?.shown, 'sk-…');
  });
});

describe('maskKeyShapes', () => {
  it('gives the same string back when no key is there, sk- inside words or not', () => {
    const text = 'task-2 failed: see stream-export-task-2';
    assert.equal(maskKeyShapes(text).text, text);
    assert.deepEqual(maskKeyShapes(`key ${`sk-${'x7Y'.repeat(10)}`} task-2`), {
      text: 'key sk-*** task-2',
      masked: 1,
    });
  });
});
