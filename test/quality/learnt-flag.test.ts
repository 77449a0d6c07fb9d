/**
 * A flag learnt from a failure and kept is the session's routine for that command (issue 39, D117): `git commit`
 * failing to sign, retried with `--no-gpg-sign` and every commit after given it, is "always commit with
 * --no-gpg-sign". A flag tried once and dropped, a retry that changes more than one flag, or a retry that is not the
 * next run of the command teaches nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { learntFlagProbes } from '../../src/quality/derive/learnt-flag.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { shellRun, user } from '../helpers/factories.ts';

const GPG = 'error: gpg failed to sign the data:\nfatal: failed to write commit object';
const commit = (flags: string, subject: string) => `git commit ${flags}-m "${subject}"`.replace('  ', ' ');

const probesOf = (messages: Message[]): Probe[] =>
  learntFlagProbes(toolRuns(messages)).map((draft) => ({
    ...draft,
    id: 'constraint',
    source: 'derived',
    contradictions: [],
  }));

const session = (later: string[]): Message[] => [
  user('Sync the logs and commit them.'),
  ...shellRun(commit('', 'Sync logs'), GPG, true),
  ...shellRun(commit('--no-gpg-sign ', 'Sync logs'), '[main 1a2b3c4] Sync logs'),
  ...later.flatMap((command) => shellRun(command, '[main 5d6e7f8] done')),
];

describe('a flag learnt from a failure', () => {
  it('is a constraint with the command and flag as written, and no statement', () => {
    const [probe, ...rest] = probesOf(
      session([
        commit('--no-gpg-sign ', 'Add journals'),
        `git add README.md && ${commit('--no-gpg-sign ', 'Add README')}`,
      ]),
    );
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'constraint');
    assert.equal(probe!.statement, undefined);
    assert.deepEqual(probe!.facets, [
      ['git commit --no-gpg-sign', 'commit with --no-gpg-sign', 'commit --no-gpg-sign'],
    ]);
    assert.equal(
      probe!.answer,
      'Always run `git commit --no-gpg-sign`: without `--no-gpg-sign` it failed (error: gpg failed to sign the data:).',
    );
    assert.equal(
      probeOutcome(createMatcher('Always commit with --no-gpg-sign: signing hangs.'), probe!),
      'matched',
    );
    assert.equal(probeOutcome(createMatcher('git commit, git push, gpg'), probe!), 'missed');
  });

  it('reads a flag with its value written after it', () => {
    const test = (flags: string) => `go test ${flags}-v ./cmd/entire/cli/integration_test`;
    const [probe] = probesOf([
      user('Run the integration tests.'),
      ...shellRun(test(''), 'package integration_test: build constraints exclude all Go files', true),
      ...shellRun(test('-tags integration '), 'ok  \tentire.io/cli 1.2s'),
      ...shellRun(test('-tags integration -run TestA '), 'ok'),
      ...shellRun(test('-tags integration -run TestB '), 'ok'),
    ]);
    assert.deepEqual(probe!.facets[0]![0], 'go test -tags integration');
  });

  it('is none for a flag dropped later, a retry of two flags, or a run between without it', () => {
    assert.deepEqual(probesOf(session([commit('--no-gpg-sign ', 'A'), commit('', 'B')])), []);
    assert.deepEqual(probesOf(session([commit('--no-gpg-sign ', 'A')])), []);
    const twoFlags: Message[] = [
      user('Pull the latest.'),
      ...shellRun('git pull --rebase', GPG, true),
      ...shellRun('git pull --no-rebase --no-gpg-sign', 'Merge made'),
      ...shellRun('git pull --no-rebase --no-gpg-sign', 'Already up to date.'),
      ...shellRun('git pull --no-rebase --no-gpg-sign', 'Already up to date.'),
    ];
    assert.deepEqual(probesOf(twoFlags), []);
    const triedOtherwise: Message[] = [
      user('Check the types.'),
      ...shellRun('mix dialyzer', 'lib/a.ex:12: The call will never return', true),
      ...shellRun('mix dialyzer | grep lib/b', ''),
      ...shellRun('mix dialyzer --format short', ''),
      ...shellRun('mix dialyzer --format short', ''),
      ...shellRun('mix dialyzer --format short', ''),
    ];
    assert.deepEqual(probesOf(triedOtherwise), []);
  });
});
