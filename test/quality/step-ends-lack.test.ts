/**
 * A next step that names a lack (round s39, D162): "Next: Log level getter not set for entire clean" is the step to
 * set it. The step said as its act ("Next: set the log level getter") is that step, not the lack said the other way;
 * and said done or false it is contradicted. The call that ends it ("logging.SetLogLevelGetter(…) before Init") is
 * not read for it (D162's reading of it was fitted to one probe and a bag of names passed it: not merged).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const outcome = (probe: Parameters<typeof probeOutcome>[1], text: string) =>
  probeOutcome(createMatcher(text), probe);

const getterNotSet = derivedProbe('next-step', {
  facets: [['Log level getter not set']],
  statement: 'Next: Log level getter not set for entire clean',
});

describe('a next step that names a lack', () => {
  it('is kept, not contradicted, by the step said as its act first in its clause', () => {
    assert.equal(outcome(getterNotSet, 'Next: set the log level getter for entire clean.'), 'matched');
    assert.equal(
      outcome(getterNotSet, 'TODO:\n 3. clean.go: set the log level getter before Init("").'),
      'matched',
    );
  });

  it('is still contradicted where the text says the act done, or the step said false', () => {
    assert.equal(outcome(getterNotSet, 'Done: the log level getter was set in clean.go.'), 'contradicted');
    assert.equal(
      outcome(getterNotSet, 'It is false that the next step is: set the log level getter for entire clean.'),
      'contradicted',
    );
  });

  it('is not kept by a bag of the names, code that calls it, or a call a sentence says something of', () => {
    assert.equal(outcome(getterNotSet, 'logging.SetLogLevelGetter, GetLogLevel, slog.Default'), 'missed');
    assert.equal(
      outcome(getterNotSet, '\tlogging.SetLogLevelGetter(GetLogLevel)\n\tlogging.Init("")'),
      'missed',
    );
    assert.equal(
      outcome(getterNotSet, 'hooks_git_cmd.go: logging.SetLogLevelGetter(GetLogLevel) is called'),
      'missed',
    );
    assert.equal(outcome(getterNotSet, 'clean.go: logging.SetLogLevel(GetLogLevel) before Init'), 'missed');
    assert.equal(outcome(getterNotSet, ''), 'missed');
  });

  it('is not kept by the call that ends it, however it is written (no reading of a name as the step)', () => {
    assert.equal(
      outcome(getterNotSet, 'TODO:\n 3. clean.go: logging.SetLogLevelGetter(GetLogLevel) before Init("")'),
      'missed',
    );
  });
});
