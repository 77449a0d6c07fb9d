import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clip } from '../../src/extractive/text.ts';

/** The definition: flatten all whitespace, then cut back to a word end. */
function clipWhole(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}

describe('clip', () => {
  it('cuts a long text exactly as flattening the whole of it would, whatever its whitespace', () => {
    let seed = 3;
    const next = (below: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % below;
    const parts = ['word', 'x', ' ', '\n', '\t\t', ' '.repeat(50), '\n'.repeat(200), 'path/to/file.ts', ''];
    for (let trial = 0; trial < 3000; trial++) {
      const maxChars = 1 + next(40);
      let text = '';
      const length = next(maxChars * 12);
      while (text.length < length) text += parts[next(parts.length)]!;
      assert.equal(clip(text, maxChars), clipWhole(text, maxChars), JSON.stringify({ text, maxChars }));
    }
  });
});
