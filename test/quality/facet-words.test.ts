/**
 * What a derived facet may demand (src/quality/derive/facet-words.ts): words a faithful paraphrase keeps, never a
 * reaction, a judgement or a slip of the keyboard.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DraftProbe } from '../../src/quality/derive/draft.ts';
import {
  isFacetWord,
  isGoodSpelling,
  withCleanFacets,
  withoutLightVerb,
  withoutPlumbing,
  withSlipsMended,
} from '../../src/quality/derive/facet-words.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';

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

  it("leaves out a command's plumbing and a one-letter flag cut from its value", () => {
    assert.equal(withoutPlumbing('read-tree HEAD 2>&1'), 'read-tree HEAD');
    assert.equal(withoutPlumbing('go test ./... 2>&1 | head -50'), 'go test ./...');
    assert.equal(withoutPlumbing('cosmic-panel > /dev/null'), 'cosmic-panel');
    assert.equal(withoutPlumbing('git commit -m'), 'git commit');
    for (const kept of ['npx tsc --noEmit', 'mix test --seed 0', 'ls -la', 'npm test'])
      assert.equal(withoutPlumbing(kept), kept);
    // A handoff that names the command the user refused keeps the fact; one that names only the repo does not.
    const draft: DraftProbe = {
      kind: 'constraint',
      messageIndex: 4,
      question: 'Which call did the user refuse?',
      answer:
        'The user rejected `git -C /repo/.worktrees/1 read-tree HEAD 2>&1` and said: "do we need to do read-tree from the main worktree first?"',
      facets: [['read-tree HEAD 2>&1']],
    };
    const probe = {
      ...withCleanFacets(draft, common)!,
      id: 'constraint@4',
      source: 'derived' as const,
      contradictions: [],
    };
    assert.deepEqual(probe.facets, [['read-tree HEAD']]);
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome('He refused my `read-tree HEAD` in worktree 1; offer changes and wait for a yes.'),
      'matched',
    );
    assert.equal(outcome('worktree 1, HEAD, index'), 'missed');
  });
});

describe('a facet opened by a light verb', () => {
  it('is also spelt without the verb, where two content words are left and no negation follows', () => {
    assert.equal(withoutLightVerb('use one branch'), 'one branch');
    assert.equal(withoutLightVerb('using the shared computer'), 'the shared computer');
    // Too little left to ask for, a negation after it, or no light verb: as it is.
    for (const kept of [
      'use it',
      'use the cache',
      'use no mocks',
      'add lifecycle hooks',
      'user settings file',
    ])
      assert.equal(withoutLightVerb(kept), kept);
  });

  it("keeps the user's request for one branch in a handoff that names the branch without the verb", () => {
    // As on overlap-584's cut: "I don't think we need suffixes but instead we just use one branch".
    const draft: DraftProbe = {
      kind: 'constraint',
      messageIndex: 0,
      question: 'What did the user rule?',
      answer:
        "I'd like to modify this approach: I don't think we need suffixes but instead we just use one branch",
      facets: [['use one branch']],
    };
    const clean = withCleanFacets(draft, common)!;
    assert.deepEqual(clean.facets, [['use one branch', 'one branch']]);
    const probe = { ...clean, id: 'constraint@0', source: 'derived' as const, contradictions: [] };
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome('Instead of suffixes there is one shadow branch per base commit.'), 'matched');
    // The old spelling still keeps it, a bag of the words or a path list keep nothing, and the branch stated false
    // contradicts it (issue 39; denied-other-words.ts).
    assert.equal(outcome('We just use one branch now.'), 'matched');
    assert.equal(
      outcome('docs/architecture/shadow-branch-suffixes.md, cmd/entire/cli/strategy/manual_commit_git.go'),
      'missed',
    );
    assert.equal(outcome('branch, suffix, overlap, session, one'), 'missed');
    assert.equal(outcome('It is false that there is one shadow branch per base commit.'), 'contradicted');
    assert.equal(outcome(''), 'missed');
  });
});

describe('a long word two slips from the word the session uses', () => {
  // The session writes "environment", "committed", "complete" and "handled" often; each other word once.
  const used = new Set(['environment', 'variables', 'committed', 'complete', 'handled', 'secrets']);
  const salience = (word: string) => (used.has(word.toLowerCase()) ? 5 : 1);

  it('is that word in a facet, and a word that holds the other or a shorter one is not', () => {
    assert.equal(
      withSlipsMended('personal info with enviromenta', salience),
      'personal info with environment',
    );
    assert.equal(withSlipsMended('enviromenta variables', salience), 'environment variables');
    // "uncommitted" holds "committed", "completely" holds "complete": other words, not slips.
    assert.equal(withSlipsMended('uncommitted secrets', salience), 'uncommitted secrets');
    assert.equal(withSlipsMended('read completely', salience), 'read completely');
    // Under ten letters, two slips away is often another word ("handlers" of "handled").
    assert.equal(isFacetWord('handlers', salience), true);
    assert.equal(isFacetWord('enviromenta', salience), false);
  });

  it("keeps the user's rule, spelt as meant, for a handoff in fresh words", () => {
    const draft: DraftProbe = {
      kind: 'constraint',
      messageIndex: 3,
      question: 'What did the user require?',
      answer: 'The user said: "replace all secrets and personal info with enviromenta variables"',
      facets: [['personal info with enviromenta', 'enviromenta variables']],
    };
    const clean = withCleanFacets(draft, salience)!;
    assert.deepEqual(clean.facets, [['personal info with environment', 'environment variables']]);
    const probe = { ...clean, id: 'constraint@3', source: 'derived' as const, contradictions: [] };
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(outcome('Secrets and personal data now come from environment variables.'), 'matched');
    assert.equal(outcome('Secrets and personal data were removed.'), 'missed');
  });
});
