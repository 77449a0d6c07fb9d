import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFactStore, type Fact } from '../../src/extractive/facts.ts';
import { collectSummaryFacts } from '../../src/extractive/summary-facts.ts';

const SUMMARY = [
  '## Goal',
  '- Port the parser to the new lexer.',
  '## Progress',
  '- Wrote the token table for the lexer.',
  '- `src/lexer.ts` — read, edited',
  '## Current work',
  '- Running the parser tests again.',
  '## Next steps',
  '1. Fix the failing test in parser.test.ts.',
  '(none)',
  '<modified-files>',
  'src/parser.ts',
  '</modified-files>',
].join('\n');

/** The facts a store holds after reading SUMMARY at `placement`, as `kind position weight text`. */
function read(summary: string, placement: Parameters<typeof collectSummaryFacts>[2]): [number, string[]] {
  const store = createFactStore();
  const next = collectSummaryFacts(summary, store, placement);
  const line = (fact: Fact) => `${fact.kind} ${fact.position} ${fact.weight} ${fact.recency} ${fact.text}`;
  return [next, store.facts().map(line)];
}

describe('extractive: earlier summaries read back', () => {
  it('places a summary read again on the timeline and with the weights of the request that sends it', () => {
    const current = { firstPosition: 0, recency: 1, superseded: false };
    const stale = { firstPosition: 20, recency: 0.5, superseded: true };
    // Read first as the latest summary, then again (remembered) as a superseded one further on, then latest again.
    const first = read(SUMMARY, current);
    const again = read(SUMMARY, stale);
    assert.deepEqual(first, [
      12,
      [
        'task 2 10 1 Port the parser to the new lexer.',
        'done 4 5 1 Wrote the token table for the lexer.',
        'activity 7 7 1 Running the parser tests again.',
        'next 9 8 1 Fix the failing test in parser.test.ts.',
        'file-modified 5 6 1 `src/lexer.ts` — read, edited',
        'file-modified 11 6 1 `src/parser.ts` — edited',
      ],
    ]);
    assert.deepEqual(again, [
      32,
      [
        'task 22 10 0.5 Port the parser to the new lexer.',
        'done 24 5 0.5 Wrote the token table for the lexer.',
        'activity 27 3.5 0.5 Running the parser tests again.',
        'next 29 4.8 0.5 Fix the failing test in parser.test.ts.',
        'file-modified 25 6 0.5 `src/lexer.ts` — read, edited',
        'file-modified 31 6 0.5 `src/parser.ts` — edited',
      ],
    ]);
    assert.deepEqual(read(SUMMARY, current), first);
  });

  it('reads an edited summary afresh', () => {
    const placement = { firstPosition: 0, recency: 1, superseded: false };
    read(SUMMARY, placement);
    const [, facts] = read(SUMMARY.replace('new lexer', 'old lexer'), placement);
    assert.equal(facts[0], 'task 2 10 1 Port the parser to the old lexer.');
  });
});
