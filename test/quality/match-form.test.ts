import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { canonicalText, createMatcher } from '../../src/quality/match.ts';
import { formPosition, formUnits, matchForm, type MatchForm } from '../../src/quality/match-form.ts';
import { narrowForm, narrowFormOf } from '../../src/quality/narrow-form.ts';
import { compactedText } from '../../src/results/assemble.ts';
import { loadSession } from '../../src/session/load.ts';
import { renderMessage } from '../../src/session/transcript.ts';
import { observationMasking } from '../../src/strategies/observation-masking.ts';
import { toolOutputPruning } from '../../src/strategies/tool-output-pruning.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}.jsonl`, import.meta.url));

const WORD = /[\p{L}\p{N}_]/u;

/** The match form read the plain way, a character at a time: each kept character and its canonical offset. */
function referenceForm(canonical: string): { text: string; positions: number[]; edges: number[] } {
  const isWord = (index: number) => index >= 0 && index < canonical.length && WORD.test(canonical[index]!);
  let text = '';
  const positions: number[] = [];
  const edges: number[] = [];
  let lastKept = -1;
  for (let index = 0; index < canonical.length; index++) {
    const character = canonical[index]!;
    let next = index + 1;
    while (canonical[next] === "'") next++;
    const joins = (character === ' ' || character === '-') && isWord(lastKept) && isWord(next);
    if (character === "'" || joins) continue;
    if (!isWord(index - 1)) edges.push(text.length);
    positions.push(index);
    text += character;
    lastKept = index;
  }
  return { text, positions, edges };
}

/** Asserts that `form` is the reference form of `canonical`: its text, every position mapped back, its word edges. */
function assertReferenceForm(canonical: string, form: MatchForm): void {
  const expected = referenceForm(canonical);
  assert.equal(form.text, expected.text);
  assert.deepEqual(Array.from(form.wordEdges), expected.edges);
  const mapped = expected.positions.map((_, offset) => formPosition(form.breaks, form.shifts, offset));
  assert.deepEqual(mapped, expected.positions);
}

describe('matchForm', () => {
  it('drops quotes and a space or hyphen between word characters, and maps each kept character back', () => {
    const form = matchForm("the 'key-set' is a key set, not - a keyset");
    assert.equal(form.text, 'thekeysetisakeyset, not - akeyset');
    assert.deepEqual(Array.from(form.wordEdges), [0, 3, 6, 9, 11, 12, 15, 19, 20, 24, 25, 26, 27]);
    assert.equal(formPosition(form.breaks, form.shifts, 3), 5);
    assertReferenceForm("the 'key-set' is a key set, not - a keyset", form);
  });

  it('writes long forms, with and without characters above U+00FF, code unit for code unit', () => {
    const line = "it's done ✓ → the max-retries: 3 ms; résumé 'quoted' \ud83d\ude00 lone \ud800 end - next";
    for (const text of [line.repeat(200), line.replace(/[^\x00-\xff]/g, '·').repeat(200)]) {
      assert.ok(text.length > 1 << 12);
      assertReferenceForm(text, matchForm(text));
    }
    const wide = matchForm(line.repeat(200)).text;
    assert.equal(wide.includes('\ud800 end'), true, 'a lone surrogate is kept as it is');
  });

  it('narrows a long form from its units as from its text: the same bytes, placeholder and wide characters', () => {
    const text = "it's done ✓ → the max-retries: 3 ms; résumé 'quoted' end - next ".repeat(5000);
    const canonical = canonicalText(text);
    const expected = narrowForm(matchForm(canonical).text)!;
    const narrowed = narrowFormOf(formUnits(canonical).units)!;
    assert.equal(narrowed.text, expected.text);
    assert.equal(narrowed.text.length, matchForm(canonical).text.length);
    assert.equal(narrowed.searchable('done ✓ →'), expected.searchable('done ✓ →'));
    const at = narrowed.text.indexOf(narrowed.searchable('done ✓ →')!, 1000);
    assert.ok(at > 1000);
    assert.equal(narrowed.wideCharactersMatch('done ✓ →', at), true);
    assert.equal(narrowed.wideCharactersMatch('done → ✓', at), false);
  });

  it("is the reference form of a real session's canonical text", async () => {
    const session = await loadSession(fixture('large-session'));
    const canonical = canonicalText(compactedText('', session.messages));
    assert.ok(canonical.length > 1 << 16, `${canonical.length} canonical characters`);
    assertReferenceForm(canonical, matchForm(canonical));
  });
});

describe("a masked context's canonical text", () => {
  it("is its blocks' canonical texts joined by a space: no fold crosses a block's edge", async () => {
    // What a context's index could take from the transcript's, block by block (docs/performance-history.md, P77):
    // every block opens with its `[tag]: `, so no unit, word join or line reading runs across the blank line between.
    const session = await loadSession(fixture('large-session'));
    for (const strategy of [observationMasking, toolOutputPruning]) {
      const { output } = await runStrategy(strategy, session, fakeProvider());
      const kept = output.kept ?? [];
      const blocks = kept
        .map((message) => renderMessage(message, { toolResultChars: Number.POSITIVE_INFINITY }))
        .filter((block) => block.length > 0);
      const replaced = kept.filter((message, index) => message !== session.messages[index]).length;
      assert.ok(replaced > 0, `${strategy.name} replaced ${replaced} outputs`);
      const text = compactedText(output.summary, kept);
      assert.equal(
        createMatcher(text).normalized,
        blocks.map((block) => canonicalText(block)).join(' '),
        strategy.name,
      );
    }
  });
});
