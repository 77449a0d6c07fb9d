import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeSummary, type PlacedFact } from '../../src/extractive/compose.ts';
import { planSections } from '../../src/extractive/sections.ts';

/** A counter of characters, `scale` tokens each: a line's cost tells which counter and which bullet counted it. */
function counter(scale: number) {
  const count = (text: string) => text.length * scale;
  return { count, countLines: count };
}

const fact = (text: string): PlacedFact => ({
  kind: 'task',
  text,
  key: text.toLowerCase(),
  position: 1,
  recency: 1,
  weight: 1,
  score: 1,
  section: 0,
});

describe('extractive: composing within the budget', () => {
  it('costs a line by the counter and the bullet style of the call, whatever another call counted for it', () => {
    const text = `Port the parser to Rust ${Math.random()}`;
    const dash = planSections([]);
    const numbered = planSections([{ level: 2, title: 'Goal', bullet: 'number' }]);
    // `## Goal\n1. text\n` is one character longer than `## Goal\n- text\n`; a budget of the dash form fits only it.
    const dashBudget = `\n## Goal\n- ${text}\n`.length;
    const expensive = counter(2);
    const cheap = counter(1);
    // Counted first with the dearer counter and bullet, the line must still be chosen by the cheap dash call.
    assert.equal(
      composeSummary(numbered, [{ ...fact(text) }], dashBudget, expensive).text,
      '## Goal\n(none)',
    );
    assert.equal(composeSummary(dash, [fact(text)], dashBudget, cheap).text, `## Goal\n- ${text}`);
    assert.equal(composeSummary(dash, [fact(text)], dashBudget - 1, cheap).text, '');
    // And the other way round: the cheap figures are not the dear call's.
    assert.equal(composeSummary(dash, [fact(text)], dashBudget, expensive).text, '');
  });
});
