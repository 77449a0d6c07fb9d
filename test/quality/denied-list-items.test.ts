/**
 * A list a denied clause opens is denied item by item (meaning.ts deniedListItems): "it has not been compiled,
 * tested, committed or pushed" says it is not committed, which a handoff writes for the edits left uncommitted; a
 * comma that ends a denial before another clause ("it does not compile, tests fail") denies nothing after it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

/** The terms of a text read as denied. */
const denied = (text: string) =>
  meaningTerms(text)
    .filter((term) => term.negated)
    .map((term) => term.term);

const uncommitted = derivedProbe('state', {
  facets: [['not committed', 'not yet committed', 'nothing committed', 'uncommitted changes']],
  messageIndex: 1,
});

describe('a list of short items after a denied clause', () => {
  it('denies each item up to the one "or" or "nor" closes it with', () => {
    assert.deepEqual(denied('It has not been compiled, tested, run through credo, committed or pushed.'), [
      'compil',
      'test',
      'run',
      'through',
      'credo',
      'commit',
      'push',
    ]);
    assert.deepEqual(denied("It isn't built, tested nor committed."), ['build', 'test', 'commit']);
  });

  it('keeps the state of edits left uncommitted in a handoff that lists what was not done', () => {
    assert.equal(
      probeOutcome(
        createMatcher(
          'None of this has tests yet, and it has not been compiled, tested, closed in bd, committed or pushed.',
        ),
        uncommitted,
      ),
      'matched',
    );
    assert.equal(
      probeOutcome(
        createMatcher('It has been compiled, tested, closed in bd, committed and pushed.'),
        uncommitted,
      ),
      'missed',
    );
  });

  it('denies nothing after a comma that ends the denial before another clause', () => {
    assert.deepEqual(denied('It does not compile, tests fail.'), ['compil']);
    assert.deepEqual(denied('It does not compile, the tests fail and the lint is red.'), ['compil']);
    // A list closed by "and" after a denial is no denied list: "not X, Y and Z were done" is read no further.
    assert.deepEqual(denied('Nothing failed, tests passed and it was committed.'), []);
  });

  it('reads a sentence denied as a whole the other way round', () => {
    const terms = meaningTerms('It is false that it has not been tested, committed or pushed.');
    assert.deepEqual(
      terms.filter((term) => ['commit', 'push'].includes(term.term)).map((term) => term.negated),
      [false, false],
    );
  });
});
