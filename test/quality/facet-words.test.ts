/**
 * What a derived facet may demand (src/quality/derive/facet-words.ts): words a faithful paraphrase keeps, never a
 * reaction, a judgement or a slip of the keyboard.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DraftProbe } from '../../src/quality/derive/draft.ts';
import { isFacetWord, isGoodSpelling, withCleanFacets } from '../../src/quality/derive/facet-words.ts';

// Every word is used across the session, so none reads as a typo.
const common = () => 5;

describe('facet words', () => {
  it('refuses a judgement, also compared: "nicer", "worst", "greater"', () => {
    for (const word of ['nice', 'nicer', 'better', 'worst', 'greater', 'weirder'])
      assert.equal(isFacetWord(word, common), false, word);
    for (const word of ['refactored', 'user', 'cluster', 'latest', 'faster', 'AgentSession', 'v2.1'])
      assert.equal(isFacetWord(word, common), true, word);
    assert.equal(isGoodSpelling('refactored to be nicer', common), false);
    assert.equal(isGoodSpelling('refactored into one session', common), true);
  });

  it("replaces a facet of the user's judgement by words of the request itself", () => {
    const draft: DraftProbe = {
      kind: 'task',
      messageIndex: 0,
      question: 'What is the task?',
      answer: 'I want the run modes refactored to be nicer: share the session code between them.',
      facets: [['refactored to be nicer']],
    };
    const clean = withCleanFacets(draft, common)!;
    assert.notDeepEqual(clean.facets, [['refactored to be nicer']]);
    assert.ok(
      clean.facets[0]!.every((spelling) => !/nicer/.test(spelling)),
      JSON.stringify(clean.facets),
    );
  });
});
