/**
 * Everything committed and pushed (issue 39, D104): the last commit a push took to the remote and no edit since is the
 * branch's state as a reader sums it up ("all pushed to origin, working tree clean"); drafted only where the transcript
 * says the tree clean, kept by a paraphrase, contradicted by "not pushed", and not by the branch's name alone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { editRun, session, shellRun, user } from '../helpers/factories.ts';

const CLEAN = 'On branch fix/retry\nnothing to commit, working tree clean';
const COMMITTED = '[fix/retry 1a2b3c4] Add a retry budget\n 1 file changed, 12 insertions(+)';
const PUSHED = 'To github.com:acme/api.git\n   9f8e7d6..1a2b3c4  fix/retry -> fix/retry';

/** The settled probe drafted after these messages, if any. */
function settled(messages: Message[]): Probe | undefined {
  const built = session([user('Add a retry budget to the client.'), ...messages]);
  const state = workState(toolRuns(built.messages), built.fileOperations ?? []);
  const draft = workProbes(state, built.messages, built.messages.length).find((probe) =>
    probe.statement?.startsWith('Everything is committed and pushed'),
  );
  return draft && { ...draft, id: 'state@9', source: 'derived', contradictions: draft.contradictions ?? [] };
}

const work = (): Message[] => [
  ...shellRun('git status', CLEAN),
  ...editRun('/repo/src/retry.ts'),
  ...shellRun('git add -A && git commit -m "Add a retry budget"', COMMITTED),
  ...shellRun('git push', PUSHED),
];

describe('everything committed and pushed', () => {
  it('is the state after a pushed commit with no edit since', () => {
    assert.equal(settled(work())?.statement, 'Everything is committed and pushed; the working tree is clean');
  });

  it('is not drafted with an edit after the commit, with no push, or where no output says the tree clean', () => {
    assert.equal(settled([...work(), ...editRun('/repo/src/retry.ts')]), undefined);
    assert.equal(settled(work().slice(0, -2)), undefined);
    assert.equal(settled(work().slice(2)), undefined);
  });

  it('is kept by a paraphrase, and contradicted where the commit is said not pushed', () => {
    const probe = settled(work())!;
    const outcome = (summary: string) => probeOutcome(createMatcher(summary), probe);
    assert.equal(outcome('All of it is pushed to origin and the working tree is clean.'), 'matched');
    assert.equal(outcome('Pushed fix/retry; nothing to commit.'), 'matched');
    assert.equal(
      outcome('1a2b3c4 is committed locally but not pushed yet; the working tree is clean.'),
      'contradicted',
    );
    assert.equal(outcome('fix/retry, 1a2b3c4, retry.ts'), 'missed');
    assert.equal(outcome(''), 'missed');
  });
});
