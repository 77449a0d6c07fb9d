/**
 * The matcher reads like a careful reviewer: each rule with a false positive it must refuse and a false
 * negative it must accept, taken from what cheap tricks and honest paraphrases did to the old matcher.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { FACET_WINDOW_WORDS, probeOutcome, withinWindow } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';

function probe(kind: string, facets: string[][], contradictions: string[] = [], answer = ''): Probe {
  return { id: 'p', kind, question: '?', answer, facets, contradictions, source: 'sidecar' };
}

const outcome = (text: string, tested: Probe) => probeOutcome(createMatcher(text), tested);

const noNewDependencies = probe(
  'constraint',
  [
    ['decimal.js', 'new dependencies', 'new dependency'],
    ['no new dependencies', 'no new dependency', "don't add", 'do not add', 'not adding', 'without adding'],
  ],
  ['added decimal.js', 'add decimal.js', 'installed decimal.js', 'npm install decimal.js'],
  'No new dependencies: do not add decimal.js.',
);
const keysetDecision = probe('decision', [
  ['keyset pagination', 'keyset', '(created_at, id) cursor'],
  ['instead of OFFSET', 'not OFFSET', 'replacing OFFSET', 'rather than OFFSET'],
]);
const timezoneArtifact = probe('artifact', [
  ['src/lib/timezone.ts'],
  ['tenant time zone', 'tenant timezone'],
]);
const migrations = probe(
  'constraint',
  [
    ['migrations directory', 'migrations/', 'migration files', 'migrations'],
    ['do not modify', "don't touch", 'do not touch', 'leave alone', 'not modify', 'no changes to'],
  ],
  [],
  'Do not modify the migrations directory.',
);
const tscError = probe('error', [["Cannot find name 'roundHalfUp'"]]);
const memoryLimit = probe('constraint', [
  ['memory limit', 'memory'],
  ['1Gi', '1 GiB'],
]);
const timeout = probe('task', [
  ['gateway timeout', 'gateway limit', 'times out'],
  ['30 seconds', '30 s'],
]);

describe('facet window', () => {
  it('finds one occurrence of every facet within the window exactly when one exists (against every combination)', () => {
    let seed = 11;
    const next = (below: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % below;
    const occurrence = (word: number) => ({ word });
    for (let trial = 0; trial < 2000; trial++) {
      // Each facet's words as several spellings give them: runs in order, not in order overall.
      const facets = Array.from({ length: 1 + next(4) }, () =>
        Array.from({ length: next(7) }, () => next(200)).map(occurrence),
      );
      const window = next(60);
      const exists = (chosen: number[], facet: number): boolean =>
        facet === facets.length
          ? Math.max(...chosen) - Math.min(...chosen) <= window
          : facets[facet]!.some((found) => exists([...chosen, found.word], facet + 1));
      assert.equal(withinWindow(facets, window), exists([], 0), JSON.stringify({ facets, window }));
    }
  });
});

describe('matcher rules', () => {
  it('contradictions: "Added decimal.js" contradicts "no new dependencies"; refusing it keeps the fact', () => {
    assert.equal(outcome('We added decimal.js for the rounding.', noNewDependencies), 'contradicted');
    assert.equal(outcome('No new dependencies: we never added decimal.js.', noNewDependencies), 'matched');
    assert.equal(outcome("The user said don't add decimal.js.", noNewDependencies), 'matched');
  });

  it('negation: "rejected keyset pagination" states the opposite of the keyset decision; a plain statement keeps it', () => {
    assert.equal(
      outcome('We rejected keyset pagination and kept OFFSET.', keysetDecision),
      'contradicted',
      'the pick said rejected by its own words is the choice undone (undone-in-other-words.ts)',
    );
    assert.equal(
      outcome('We kept keyset pagination and rejected OFFSET.', keysetDecision),
      'missed',
      'the way set aside said rejected is no reversal; this states only the first facet',
    );
    assert.equal(
      outcome('Keyset pagination was rejected; not OFFSET either.', keysetDecision),
      'contradicted',
    );
    assert.equal(outcome('Switched to keyset pagination instead of OFFSET.', keysetDecision), 'matched');
  });

  it('hyphens and spacing fold: "key-set" and "key set" are "keyset", but not inside another word', () => {
    assert.equal(outcome('Use key-set pagination rather than OFFSET.', keysetDecision), 'matched');
    assert.equal(outcome('Use key set paging, not OFFSET.', keysetDecision), 'matched');
    assert.equal(outcome('The monkey set up OFFSET paging instead of OFFSET.', keysetDecision), 'missed');
  });

  it('paths end at path-segment edges: old-src/lib/timezone.ts.bak is another file', () => {
    assert.equal(
      outcome('Moved tenant time zone code to old-src/lib/timezone.ts.bak.', timezoneArtifact),
      'missed',
    );
    assert.equal(
      outcome('src/lib/timezone.ts.orig holds the tenant time zone code.', timezoneArtifact),
      'missed',
    );
    assert.equal(
      outcome('The tenant time zone lookup lives in /home/dev/app/src/lib/timezone.ts.', timezoneArtifact),
      'matched',
    );
    assert.equal(outcome('Tenant timezone helper: `src/lib/timezone.ts`.', timezoneArtifact), 'matched');
  });

  it('a paraphrase keeps a constraint when its facets are there: "do not modify the migrations directory"', () => {
    assert.equal(outcome('Do not modify the migrations directory.', migrations), 'matched');
    assert.equal(
      outcome('Leave migrations/ alone.', migrations),
      'missed',
      'a split phrase is none of the spellings listed',
    );
    assert.equal(outcome('The migrations directory holds 14 files.', migrations), 'missed');
  });

  it('quotes fold: an error quoted without its quotes, or with other quote marks, is the same error', () => {
    assert.equal(outcome('tsc: Cannot find name roundHalfUp (import missing)', tscError), 'matched');
    assert.equal(outcome('error TS2304: Cannot find name “roundHalfUp”.', tscError), 'matched');
    assert.equal(outcome('Cannot find name roundHalfUpper', tscError), 'missed');
  });

  it('units fold: "1 GiB" is "1Gi" and "2 s" is "2 seconds", but 1 GB is not 1 GiB', () => {
    assert.equal(outcome('The job has a memory limit of 1 GiB.', memoryLimit), 'matched');
    assert.equal(outcome('memory: 1Gi', memoryLimit), 'matched');
    assert.equal(outcome('The memory limit is 1 GB.', memoryLimit), 'contradicted', 'another value');
    assert.equal(outcome('The export times out after 30s at the gateway.', timeout), 'matched');
    assert.equal(outcome('It times out: the gateway allows 30 seconds.', timeout), 'matched');
    assert.equal(outcome('It times out after 300 s.', timeout), 'contradicted', 'another value');
  });

  it('word edges: a needle is not kept inside a longer word', () => {
    const budget = probe('decision', [['retry budget'], ['of 3 attempts', 'three attempts']]);
    assert.equal(outcome('A retry budget of 3 attempts.', budget), 'matched');
    assert.equal(outcome('A retry budgetary of 3 attempts.', budget), 'missed');
    // An inflection is the same word (meaning.ts): "budgets" keeps "budget".
    assert.equal(outcome('Retry budgets of three attempts.', budget), 'matched');
  });

  it(`every facet must be stated within ${FACET_WINDOW_WORDS} words: a bag of identifiers scatters them`, () => {
    const close = 'Keyset pagination instead of OFFSET.';
    const apart = `Keyset pagination. ${'filler '.repeat(FACET_WINDOW_WORDS + 5)} Not OFFSET.`;
    assert.equal(outcome(close, keysetDecision), 'matched');
    assert.equal(outcome(apart, keysetDecision), 'missed');
  });

  it('errors and constraints keep their fact next to a negation ("no longer fails with …")', () => {
    assert.equal(outcome("Fixed: tsc no longer says Cannot find name 'roundHalfUp'.", tscError), 'matched');
  });
});

describe('meaning over wording (issue 23)', () => {
  const e2eOnly = probe(
    'preference',
    [['only want e2e tests', 'only e2e tests'], ['AgentSession']],
    [],
    'i would only want e2e tests for AgentSession',
  );
  const moveFiles = probe(
    'task',
    [['move those files', 'move the files'], ['final location']],
    [],
    'move those files to their final location',
  );

  it('keeps a fact stated in other words: abbreviations, inflections, identifier spellings', () => {
    assert.equal(
      outcome('Tests for the agent session: end-to-end tests only, no unit tests.', e2eOnly),
      'matched',
    );
    assert.equal(outcome('User wants files moved to final locations.', moveFiles), 'matched');
    assert.equal(outcome('Next: relocate the files to their final locations.', moveFiles), 'matched');
  });

  it('does not keep it from an identifier bag, a path list, a grep of errors or the negated statement', () => {
    assert.equal(outcome('AgentSession e2e move files locations final tests only', e2eOnly), 'missed');
    assert.equal(outcome('src/core/agent-session.ts test/e2e/agent-session.test.ts', e2eOnly), 'missed');
    assert.equal(outcome('error: e2e tests failed in AgentSession (3 failures)', e2eOnly), 'missed');
    assert.equal(
      outcome('The agent session gets unit tests; end-to-end tests are not wanted.', e2eOnly),
      'missed',
    );
    assert.equal(outcome('Do not move the files to their final location yet.', moveFiles), 'missed');
  });
});

describe('a facet taken from one sentence, said in fresh words', () => {
  // "vs" and "versus" join two things as "against" or "compared with" do: a paraphrase need not repeat them.
  const quarter = probe('task', [['Quality score'], ['quarter vs last quarter']]);

  it('keeps it with the comparison said another way', () => {
    assert.equal(
      outcome('A page called "Quality score" charting this quarter against last quarter.', quarter),
      'matched',
    );
  });

  it('does not keep it from a lone word, a bag of names or the fact denied', () => {
    assert.equal(outcome('Quality score. The quarter.', quarter), 'missed');
    assert.equal(outcome('QualityScore lastQuarter quarterVs', quarter), 'missed');
    assert.notEqual(
      outcome('It is false that the Quality score page charts this quarter against last quarter.', quarter),
      'matched',
    );
  });
});

describe("a facet in the user's words, said without its auxiliary or its owner", () => {
  // "our git status has broken": the perfect's "has" and the owner's "our" say nothing a handoff must repeat.
  const broken = probe('task', [['git status has broken']]);
  const ourFile = probe('constraint', [['keep our config file']]);

  it('keeps it in fresh words', () => {
    assert.equal(outcome("The user's git status is broken in every worktree.", broken), 'matched');
    assert.equal(outcome('Keep the config file as it is.', ourFile), 'matched');
  });

  it('does not keep it from its words scattered, a bag of names or the fact denied', () => {
    assert.equal(outcome('git log works; the status page is fine; nothing broken.', broken), 'missed');
    assert.equal(outcome('gitStatus brokenIndex', broken), 'missed');
    assert.notEqual(outcome('It is false that git status is broken.', broken), 'matched');
    assert.notEqual(outcome('Do not keep the config file.', ourFile), 'matched');
  });
});
