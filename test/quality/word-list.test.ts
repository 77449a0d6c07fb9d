/**
 * A list of bare words is no statement (round s33, D140): terms from two items of a word list ("cmd, changed,
 * commit") are not said together, by a statement in other words, a facet's phrase or the facets' window; a term's
 * own item still holds it, and a statement that lists its own items is stated by a list item by item.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { wordLists } from '../../src/quality/word-list.ts';
import { derivedProbe } from '../helpers/factories.ts';

const CLAUSE_PARTS = /([;:?\n()[\]{}|]|!(?!=)|[.,](?=\s|$)|\s[-–—]\s)/u;
const itemsOf = (line: string) => [...wordLists(line.split(CLAUSE_PARTS)).items.keys()];
const outcome = (text: string, probe: ReturnType<typeof derivedProbe>) =>
  probeOutcome(createMatcher(text), probe);

describe('a word list', () => {
  it('is three bare items or more joined by commas, the frame before them no item', () => {
    // A topic bag's line (test/quality/attacks-real-sessions.test.ts): the frame's last word opens the list.
    const bag = 'The user has views on cmd, changed, commit, fix, logging.';
    assert.deepEqual(itemsOf(bag), [2, 4, 6, 8]);
    assert.deepEqual([...wordLists(bag.split(CLAUSE_PARTS)).leads], [0]);
    // The same bag in pairs ("the commit fix"), and a note's list of short noun phrases.
    assert.deepEqual(
      itemsOf('Decisions were made about the cmd changed, the commit fix, the logging leak.'),
      [2, 4],
    );
    assert.deepEqual(itemsOf('Keywords: whole repo, specific code area, dev workflow'), [2, 4, 6]);
  });

  it('is none where an item is a name, a path, a clause of its own or joined by a function word, or there are two', () => {
    assert.deepEqual(itemsOf('Files: clean.go (logging), sessions_fix.go (packed refs), clean_test.go'), []);
    assert.deepEqual(itemsOf('Done: tests passed, lint passed, docs updated'), []);
    assert.deepEqual(itemsOf('Next: tests for the parser, docs for the lexer, release notes'), []);
    assert.deepEqual(itemsOf('Ran fmt, lint'), []);
    // Acronyms and names in mixed case name things: a list of names, as its slash form "OpenAI/SDK/API" is.
    assert.deepEqual(itemsOf('OpenAI, SDK, API'), []);
    assert.deepEqual(itemsOf('model, thinkingLevel, queueMode, isStreaming'), []);
  });

  it('marks each item with the list, and the frame only by its last word', () => {
    const terms = meaningTerms('The user has views on cmd, changed, commit.');
    assert.deepEqual(
      terms.map((term) => [term.term, term.list ?? null]),
      [
        ['user', null],
        ['view', null],
        ['cmd', 0],
        ['chang', 0],
        ['commit', 0],
      ].map(([term, list]) => [meaningTerms(String(term))[0]?.term ?? term, list]),
    );
  });
});

describe('terms of two items of a word list', () => {
  const uncommitted = derivedProbe('state', {
    facets: [['not committed', 'uncommitted changes', 'changes to be committed']],
    statement: 'The edits since the last commit (22c57db7) are not committed yet',
  });

  it("state no fact together: the bag's line keeps no state of its words (entireio 7b @192, D136)", () => {
    assert.equal(
      outcome('The user has views on cmd, changed, commit, fix, logging, leak.', uncommitted),
      'missed',
    );
    assert.equal(
      outcome('The user has views on the cmd changed, the commit fix, the logging leak.', uncommitted),
      'missed',
    );
  });

  it('still state each item, and a sentence with the words together states the fact', () => {
    assert.equal(outcome('The changes are still to be committed.', uncommitted), 'matched');
    const plan = derivedProbe('task', { facets: [['following plan']] });
    assert.equal(
      outcome('The user has views on implement, the, following, plan, two, bugs.', plan),
      'missed',
    );
    assert.equal(outcome('The user has views on bugs, tests, the following plan, docs.', plan), 'matched');
  });

  it("keep a note's fact said in one item, and a statement's own list stated item by item", () => {
    const leak = derivedProbe('artifact', {
      facets: [['clean.go'], ['logging leak']],
      statement: 'clean.go: fixed the logging leak of entire clean',
    });
    assert.equal(outcome('Done: lint clean, clean.go logging leak fixed, tests green', leak), 'matched');
    // A reader fact the handoffs of explain-988 keep: the user's three scopes of learnings, as a list.
    const scopes = derivedProbe('constraint', {
      facets: [['a phrase no summary here repeats']],
      statement:
        'Learnings: general purpose for future sessions in this repo, specific things related to a section of the code, general purpose for the dev workflow',
    });
    assert.equal(
      outcome('LearningsSummary (the three scopes: whole repo, a specific code area, dev workflow).', scopes),
      'partial',
    );
  });
});
