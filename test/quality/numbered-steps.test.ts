/**
 * The agent's own numbered list, worked through by number (issue 39, D109): the items it has not taken up at the cut,
 * and the one it is at while it has said nothing since, are the next steps a reader hands over ("Fix 2: the stale
 * docstring", "Fix 3: the log level getter").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { numberedStepProbes } from '../../src/quality/derive/numbered-steps.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

const REVIEW = [
  'Good feedback. Let me analyze the threads:',
  '',
  '1. **Reviewer #11** — Both flag the same real bug: `discardSession` lost idempotency.',
  '',
  '2. **Reviewer #12** — Stale docstring on `DeleteShadowBranches`. Valid.',
  '',
  '3. **Reviewer #13** — Log level getter not set for `entire clean`. Valid nit.',
  '',
  '4. **Reviewer #14** — Duplication between two helpers. Low priority.',
  '',
  'Let me fix the actionable ones (1, 2, 3).',
].join('\n');

/** The review's list, then the agent at `steps` (its texts and edits), as the history before the cut. */
function working(...steps: Message[][]): Message[] {
  return [user('Address the review comments on the pull request.'), assistant(REVIEW), ...steps.flat()];
}

const fix = (text: string, path: string): Message[] => [assistant(text), ...editRun(path)];
const statements = (messages: Message[]) => numberedStepProbes(messages).map((probe) => probe.statement);

describe("the agent's numbered list, worked through by number", () => {
  it('leaves the chosen items not taken up, and the one it is at, as next steps', () => {
    assert.deepEqual(statements(working(fix('**Fix 1: `discardSession` idempotency**', 'fix.go'))), [
      'Next: discardSession lost idempotency',
      'Next: Stale docstring on DeleteShadowBranches',
      'Next: Log level getter not set for entire clean',
    ]);
  });

  it('counts the item it is at as done once it says something else, or hands back', () => {
    const moved = working(fix('**Fix 1: idempotency**', 'fix.go'), fix('Now the tests:', 'fix_test.go'));
    assert.deepEqual(statements(moved), [
      'Next: Stale docstring on DeleteShadowBranches',
      'Next: Log level getter not set for entire clean',
    ]);
    const back = [...working(fix('**Fix 1: idempotency**', 'fix.go')), assistant('Fix 1 is in.')];
    assert.equal(statements(back).length, 2);
  });

  it('reads items taken up out of order, and none once every chosen item is', () => {
    const all = working(
      fix('**Fix 3: log level** and **Fix 1: idempotency**:', 'clean.go'),
      fix('**Fix 2: docstring**', 'cleanup.go'),
      fix('Now run fmt, lint and tests:', 'x.go'),
    );
    assert.deepEqual(statements(all), []);
  });

  it('gives none before the agent takes an item up by its number', () => {
    assert.deepEqual(statements(working(fix('Let me start with the idempotency bug.', 'fix.go'))), []);
  });

  it('is a live next step a handoff keeps in its own words, and a bag of names does not', () => {
    const probes = deriveProbes(
      session(working(fix('**Fix 1: `discardSession` idempotency**', 'fix.go'))),
    ).probes.filter((probe) => probe.kind === 'next-step');
    const docstring = probes.find((probe) => probe.statement?.includes('docstring'))!;
    assert.equal(docstring.live, true);
    const outcome = (text: string) => probeOutcome(createMatcher(text), docstring);
    assert.equal(outcome('Still to do: fix the stale docstring on DeleteShadowBranches.'), 'matched');
    assert.equal(outcome('DeleteShadowBranches, discardSession, cleanup.go'), 'missed');
  });
});
