/**
 * A pull request of the work that someone merged, as the agent's own `git log` shows it (issue 39, prstack's P11: "PR
 * #89 is merged; origin/main is bec67da 'Merge pull request #89'"): a state probe when the agent checked out its
 * branch, none for a merge of a branch the session never worked on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import {
  mergedPullRequestProbes,
  mergedPullRequests,
} from '../../src/quality/derive/merged-pull-requests.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const MAIN_LOG = [
  'bec67da Merge pull request #89 from acme/alice/no-truncate',
  '70839fc docs: update comments to reflect full transcript storage',
  '45df707 Merge pull request #88 from acme/alice/trailer-id',
].join('\n');

/** A stack of pull requests: the agent fixes #89's branch, the user merges it, the agent sees it on main. */
const STACK: Message[] = [
  user('Help me land the stacked PRs in order. Start with #89.'),
  ...shell(
    'git fetch origin alice/no-truncate && git checkout alice/no-truncate',
    "Switched to a new branch 'alice/no-truncate'",
  ),
  ...shell('git commit -am "docs: update comments"', '[alice/no-truncate 70839fc] docs: update comments'),
  ...shell('git push', '   25f4652..70839fc  alice/no-truncate -> alice/no-truncate'),
  user("Done on my side. What's next in the stack?"),
  ...shell(
    'git fetch origin alice/chunking && git checkout alice/chunking',
    "Switched to a new branch 'alice/chunking'",
  ),
  ...shell('git log origin/main --oneline -3', MAIN_LOG),
  assistant('The next PR in the stack is #90; I will rebase it on main.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a pull request merged', () => {
  it("is read from a git log's merge commit of a branch the agent checked out", () => {
    assert.deepEqual(mergedPullRequests(toolRuns(STACK)), [
      { number: '89', branch: 'alice/no-truncate', hash: 'bec67da', messageIndex: 11 },
    ]);
    // #88's branch was never checked out: the base's history, no fact of the work.
    const [probe] = mergedPullRequestProbes(toolRuns(STACK));
    assert.equal(probe!.statement, 'Pull request #89 (alice/no-truncate) is merged: bec67da');
  });

  it('is a live state probe a handoff keeps in its words, and a path list or the user’s words do not', () => {
    const probes = deriveProbes({ messages: STACK }).probes;
    const merged = probes.find((probe) => probe.statement?.startsWith('Pull request #89'))!;
    assert.ok(merged, 'a state probe of the merged pull request');
    assert.ok(isLive(merged));
    for (const kept of [
      'Done: #89 merged (main = bec67da).',
      'It has been merged; origin/main is bec67da (merge of #89).',
      'PR #89 was merged by the user.',
    ])
      assert.equal(outcome(merged, kept), 'matched', kept);
    for (const lost of [
      'Help me land the stacked PRs in order. Start with #89.',
      'https://github.com/acme/app/pull/89\nalice/no-truncate',
      'Next: rebase #90 on main.',
    ])
      assert.equal(outcome(merged, lost), 'missed', lost);
    assert.notEqual(outcome(merged, 'It is false that PR #89 was merged.'), 'matched');
  });

  it("is left out where the user's own words say it, which their messages copied verbatim keep", () => {
    const told = STACK.map((message, at) =>
      at === 7 ? user("I've merged #89. What's next in the stack?") : message,
    );
    const probes = deriveProbes({ messages: told }).probes;
    assert.equal(
      probes.find((probe) => probe.statement?.startsWith('Pull request #89')),
      undefined,
    );
  });

  it('needs the branch checked out or the pull request checked out by number', () => {
    const byNumber: Message[] = [
      ...shell('gh pr checkout 88', "Switched to branch 'alice/trailer-id'"),
      ...shell('git log main --oneline', MAIN_LOG),
    ];
    assert.deepEqual(
      mergedPullRequests(toolRuns(byNumber)).map((pull) => pull.number),
      ['88'],
    );
    // A log of a branch no one checked out, or a failed log, shows nothing of the work.
    assert.deepEqual(mergedPullRequests(toolRuns(shell('git log main --oneline', MAIN_LOG))), []);
    assert.deepEqual(
      mergedPullRequests(
        toolRuns([...STACK.slice(0, 3), ...shell('git log main --oneline', 'fatal: bad revision', true)]),
      ),
      [],
    );
  });
});
