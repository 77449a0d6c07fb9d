/**
 * A plan's diagnosis is no rule (issue 39, precision; D130): a line under a cause or fault label ("**Root cause**: …
 * is never called …") and the items of a list headed by the faults ("Two bugs in `entire clean`:") say what the code
 * does now, which the work is to change; the rules of the same plan, and a requirement said of a thing outside such a
 * line, still stand.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describesFault, faultLines } from '../../src/quality/derive/fault-descriptions.ts';
import { constraintProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { assistant, user } from '../helpers/factories.ts';

/** The facets of the constraints the user's one message sets. */
function rulesOf(text: string): string[] {
  return constraintProbes(userRequests([user(text), assistant('On it.')])).map(
    (probe) => probe.facets[0]![0]!,
  );
}

const PLAN = [
  'Implement the following plan:',
  '',
  'Two bugs in `entire clean`:',
  '1. Structured logs leak to the terminal',
  "2. `--force` reports branches as deleted but they remain — `RemoveReference()` doesn't work with packed refs",
  '',
  '**Root cause**: `logging.Init()` is never called for the `clean` command.',
  '',
  '**Fix**: Call `logging.Init("")` at the start of `runClean()`.',
  'Do not touch the go-git storer; delete branches via the git CLI.',
].join('\n');

describe("a plan's diagnosis", () => {
  it('sets no rule under a cause label or in a list headed by the faults', () => {
    assert.deepEqual(rulesOf(PLAN), ['touch the go-git storer']);
  });

  it('is the labelled lines and the fault list’s items, not the heading nor the lines after the list', () => {
    assert.deepEqual(faultLines(PLAN), [
      '1. Structured logs leak to the terminal',
      "2. `--force` reports branches as deleted but they remain — `RemoveReference()` doesn't work with packed refs",
      '**Root cause**: `logging.Init()` is never called for the `clean` command.',
    ]);
    assert.deepEqual(faultLines('Known issues:\n\n- the cache never expires\n- the log is never rotated'), [
      '- the cache never expires',
      '- the log is never rotated',
    ]);
    assert.deepEqual(
      faultLines('Problem: the export only fails on Windows.\nSteps:\n- never skip the tests'),
      ['Problem: the export only fails on Windows.'],
    );
    assert.ok(describesFault('`logging.Init()` is never called for the `clean` command.', faultLines(PLAN)));
    assert.ok(
      !describesFault('Do not touch the go-git storer; delete branches via the git CLI.', faultLines(PLAN)),
    );
  });

  it('leaves a requirement said of a thing, and a list of requirements, as rules', () => {
    assert.deepEqual(rulesOf("The cache doesn't persist anything between runs."), [
      'persist anything between runs',
    ]);
    assert.deepEqual(rulesOf('Requirements:\n- never log the token\n- only read the config once'), [
      'log the token',
      'read the config once',
    ]);
  });
});
