/**
 * A state said the other way of its own subject is a contradiction (issue 39, items 2 and 6): a commit a push took to
 * the remote said to be only local, one no push took said pushed, a passing check said to fail and a failing one to
 * pass, a ticket in progress said finished. Said of another commit, as a point of reference, denied, or beside the
 * state as it is (a log of every run), it is none.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { verificationProbes } from '../../src/quality/derive/verification.ts';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import type { Message } from '../../src/session/types.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { parseSidecar } from '../../src/quality/probes.ts';
import { renderSidecar } from '../../src/quality/write-probes.ts';
import { assistant, shellRun, user } from '../helpers/factories.ts';

/** The state probes derivation drafts from a history: where its work stands, and its checks' last runs. */
function stateProbes(messages: Message[]): Probe[] {
  const runs = toolRuns(messages);
  return toProbes(
    [...workProbes(workState(runs, []), messages, messages.length), ...verificationProbes(runs)],
    'derived',
  );
}

const COMMIT = 'git add lib/retry.ex && git commit -m "feat: add the retry budget"';
const COMMITTED = '[feat/retry 1a2b3c4] feat: add the retry budget\n 1 file changed, 40 insertions(+)';

/** The derived probe whose statement says `about`. */
function probeAbout(probes: readonly Probe[], about: RegExp): Probe {
  const probe = probes.find(
    (candidate) => candidate.kind === 'state' && about.test(candidate.statement ?? ''),
  );
  assert.ok(probe, `no probe states ${about}: ${probes.map((candidate) => candidate.statement).join(' | ')}`);
  return probe;
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a commit pushed or not, said the other way of its hash', () => {
  const pushed = stateProbes([
    user('Add a retry budget to the HTTP client, commit it and push the branch.'),
    ...shellRun(COMMIT, COMMITTED),
    ...shellRun('git push origin feat/retry', '   0a1b2c3..1a2b3c4  feat/retry -> feat/retry'),
    assistant('Committed and pushed.'),
  ]);
  const local = stateProbes([
    user('Add a retry budget to the HTTP client and commit it. Do not push.'),
    ...shellRun(COMMIT, COMMITTED),
    assistant('Committed.'),
  ]);

  it('a pushed commit said to be only local is contradicted, in its sentence or the next', () => {
    const commit = probeAbout(pushed, /1a2b3c4.*pushed/);
    assert.equal(outcome(commit, 'Commit 1a2b3c4 adds the retry budget, pushed to origin.'), 'matched');
    assert.equal(
      outcome(commit, 'Commit 1a2b3c4 adds the retry budget. It is committed locally but not pushed yet.'),
      'contradicted',
    );
    assert.equal(
      outcome(commit, 'Commit 1a2b3c4 (the retry budget): none of it has been pushed yet.'),
      'contradicted',
    );
  });

  it('said of another commit, or of the edits since it, a push is not this commit’s', () => {
    const commit = probeAbout(pushed, /1a2b3c4.*pushed/);
    assert.equal(
      outcome(
        commit,
        'Commit 1a2b3c4 adds the retry budget, pushed. Commit 9f8e7d6 is committed locally only.',
      ),
      'matched',
    );
    assert.equal(
      outcome(
        commit,
        'Commit 1a2b3c4 adds the retry budget, pushed. The edits since 1a2b3c4 are not pushed yet.',
      ),
      'matched',
    );
  });

  it('a commit no push took said pushed is contradicted; said not pushed, or to be pushed, it is kept', () => {
    const commit = probeAbout(local, /1a2b3c4/);
    assert.equal(
      outcome(commit, 'Commit 1a2b3c4 adds the retry budget (on top of 0a1b2c3). Already pushed to origin.'),
      'contradicted',
    );
    assert.equal(
      outcome(commit, 'Commit 1a2b3c4 adds the retry budget; nothing has been pushed.'),
      'matched',
    );
    assert.equal(
      outcome(commit, 'Commit 1a2b3c4 adds the retry budget. It is to be pushed once the user agrees.'),
      'matched',
    );
  });

  it('a pull request opened after the commit may have pushed it: then no push is read either way', () => {
    const probes = stateProbes([
      user('Add a retry budget to the HTTP client, commit it and open a pull request.'),
      ...shellRun(COMMIT, COMMITTED),
      ...shellRun(
        'gh pr create --title "Add the retry budget" --body "Adds it."',
        'https://github.com/acme/client/pull/12',
      ),
      assistant('Opened the pull request.'),
    ]);
    const commit = probeAbout(probes, /1a2b3c4/);
    assert.equal(commit.opposite, undefined);
  });

  it('the opposite goes into the sidecar `probes` writes and comes back from it', () => {
    const commit = probeAbout(pushed, /1a2b3c4.*pushed/);
    const read = parseSidecar(JSON.parse(renderSidecar([commit], undefined)), 'test.probes.json').probes[0]!;
    assert.deepEqual(read.opposite, commit.opposite);
    assert.equal(outcome(read, 'Commit 1a2b3c4 is committed locally.'), 'contradicted');
  });
});

describe("a check's outcome said the other way of its command", () => {
  const run = (failed: boolean) =>
    stateProbes([
      user('Make the parser strict and keep the type check green.'),
      ...shellRun(
        'npx tsc --noEmit',
        failed ? 'src/parser.ts(3,1): error TS2304: Cannot find name x.' : '',
        failed,
      ),
      assistant(failed ? 'The type check fails.' : 'The type check passes.'),
    ]);

  it('a passing check said to fail is contradicted; a history of its runs is not', () => {
    const check = probeAbout(run(false), /npx tsc --noEmit/);
    assert.equal(outcome(check, '`npx tsc --noEmit` passes.'), 'matched');
    assert.equal(outcome(check, '`npx tsc --noEmit` still fails on the parser.'), 'contradicted');
    assert.equal(
      outcome(check, '`npx tsc --noEmit` passes now (it failed twice before the fix).'),
      'matched',
    );
    assert.notEqual(
      outcome(check, '- `npx tsc --noEmit` (failed)\n- `npx tsc --noEmit` (ran 3×, last passed)'),
      'contradicted',
    );
    assert.notEqual(outcome(check, '`npx tsc --noEmit` no longer fails.'), 'contradicted');
  });

  it('a failing check said to pass is contradicted', () => {
    const check = probeAbout(run(true), /npx tsc --noEmit/);
    assert.equal(outcome(check, '`npx tsc --noEmit` passes.'), 'contradicted');
    assert.notEqual(outcome(check, '`npx tsc --noEmit` fails: TS2304 in the parser.'), 'contradicted');
  });
});

describe('a ticket in progress said finished', () => {
  const probes = stateProbes([
    user('Work on bead acme-x7q.'),
    ...shellRun('bd update acme-x7q.1 --status in_progress', '✓ Updated issue: acme-x7q.1'),
    ...shellRun('bd show acme-x7q.1', 'acme-x7q.1: Add the retry budget\nStatus: in_progress'),
    assistant('Claimed acme-x7q.1; editing the client now.'),
  ]);

  it('is contradicted; said in progress with nothing of it done, it is not', () => {
    const progress = probeAbout(probes, /acme-x7q\.1 is in progress/);
    assert.equal(
      outcome(progress, 'acme-x7q.1 is finished: compiled, tested and committed.'),
      'contradicted',
    );
    assert.notEqual(
      outcome(
        progress,
        'In progress: acme-x7q.1. Nothing of it is compiled, tested, closed or committed yet.',
      ),
      'contradicted',
    );
    assert.notEqual(
      outcome(progress, 'acme-x7q.1 is still in progress; acme-x7q.2 is closed and committed.'),
      'contradicted',
    );
  });
});
