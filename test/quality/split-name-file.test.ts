/**
 * A split word of one name names no file (D59): an identifier bag's `ValidateSessionID` holds the word of
 * validators.go, and two common words after the bag's names "told" another of the file's definitions on that line, so
 * the bag kept the file's probe. A file is told beside one of its definitions only where its own name stands whole
 * (its path, or a name that is the file's name), not as the first or a later word of a longer identifier.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const VALIDATORS = [
  'package checkpoint',
  '',
  '// pathSafeRegex matches letters, digits, underscores and hyphens only, for ids used in file paths.',
  'var pathSafeRegex = regexp.MustCompile(`^[a-zA-Z0-9_-]+$`)',
  '',
  '// ValidateSessionID rejects an empty id or one holding a path separator.',
  'func ValidateSessionID(id string) error { return check(id) }',
  '',
  '// ValidateToolUseID accepts an empty id, else needs the safe pattern.',
  'func ValidateToolUseID(id string) error { return check(id) }',
].join('\n');

/** The agent writes checkpoint/validators.go with an edit tool after the user's go-ahead. */
function writesValidators(): Message[] {
  const call = toolCall('write', { path: 'internal/checkpoint/validators.go', content: VALIDATORS });
  return [
    user('move the validators into the checkpoint package to break the import cycle'),
    assistant('Writing the validators into the checkpoint package.'),
    callsTools([call]),
    toolResult(call, 'File written.'),
    assistant('The validators now live in the checkpoint package.'),
  ];
}

const validatorsProbe = (): Probe => {
  const probe = deriveProbes(session(writesValidators())).probes.find(
    (candidate) => candidate.kind === 'artifact' && candidate.file?.endsWith('validators.go'),
  );
  assert.ok(probe, 'an artifact probe of validators.go');
  return probe;
};

const outcome = (text: string) => probeOutcome(createMatcher(text), validatorsProbe());

describe('a split word of one name names no file', () => {
  it('reads the later words of an identifier as joined to its first, and a path or a lone name as whole', () => {
    const joined = (text: string) => meaningTerms(text).map((term) => [term.term, term.joined === true]);
    assert.deepEqual(joined('ValidateSessionID'), [
      ['valid', false],
      ['session', true],
      ['ident', true],
    ]);
    // A dotted name's parts are names of their own (`SessionHookController.session_start` names the controller).
    assert.deepEqual(joined('Otel.setup'), [
      ['otel', false],
      ['setup', false],
    ]);
    assert.deepEqual(joined('checkpoint/validators.go'), [['valid', false]]);
  });

  it('keeps nothing of an identifier bag with two common words, with or without commas', () => {
    assert.equal(outcome('pathSafeRegex ValidateSessionID ValidateToolUseID session paths'), 'missed');
    assert.equal(outcome('pathSafeRegex ValidateSessionID ValidateToolUseID checkpoint storage'), 'missed');
    assert.equal(outcome('ValidateSessionID, ValidateToolUseID, pathSafeRegex session paths'), 'missed');
  });

  it('still keeps the file named whole with what its definitions do', () => {
    assert.equal(
      outcome(
        'checkpoint/validators.go (new): pathSafeRegex allows letters, digits, underscores and hyphens',
      ),
      'matched',
    );
    assert.equal(
      outcome('validators.go: pathSafeRegex accepts letters, digits, underscores and hyphens only'),
      'matched',
    );
  });
});
