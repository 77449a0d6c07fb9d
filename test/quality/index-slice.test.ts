/**
 * A text index reads the characters beside an occurrence through `slice`, which on a long text (held narrowed to one
 * byte a character, narrow-form.ts) gives what the whole canonical text holds there without making it anew: the
 * refusal after a ruled-out thing (refusal.ts) and a command's listed last word (listed-command.ts) read it per mention.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { refusedAfter } from '../../src/quality/refusal.ts';

// Past the length at which an index narrows its text, with characters above U+00FF for the narrowing to stand for.
const filler = 'The agent read the log — “ok” ✓ and went on. '.repeat(7_000);
const text = `${filler}[assistant]: Want me to set gc.auto 0?\n[user]: no don't set it\n${filler}`;

describe('TextIndex.slice', () => {
  it('reads what the whole canonical text holds, at any range, on a narrowed long text', () => {
    const index = createMatcher(text);
    const whole = index.normalized;
    assert.ok(whole.length > 1 << 18, 'the text is long enough to be narrowed');
    for (const [start, end] of [
      [0, 40],
      [whole.length - 30, whole.length + 10],
      [1_000, 1_300],
      [whole.indexOf('set gc.auto'), whole.indexOf('set gc.auto') + 4_000],
    ] as const)
      assert.equal(index.slice(start, end), whole.slice(start, end), `[${start}, ${end})`);
  });

  it('lets a refusal be read after a mention as the whole text reads it', () => {
    const index = createMatcher(text);
    const whole = index.normalized;
    const mention = whole.indexOf('set gc.auto 0') + 'set gc.auto 0'.length;
    const wholeSlice = (start: number, end: number) => whole.slice(start, end);
    assert.equal(refusedAfter(index, mention), true);
    assert.equal(refusedAfter({ slice: wholeSlice }, mention), true);
    // A mention with no no after it: the next block is the filler's, not the user's.
    assert.equal(refusedAfter(index, whole.indexOf('read the log') + 12), false);
  });
});
