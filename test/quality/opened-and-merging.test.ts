/**
 * Where the work stands outside its files (issue 39): the issues and pull requests the agent opened, with their id and
 * title and whether they were merged, and a merge or rebase left stopped on conflicts, which is the state of the work
 * and not an error of it. A summary stating them keeps them; one stating them as false contradicts them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorProbes } from '../../src/quality/derive/errors.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { workProbes } from '../../src/quality/derive/work-probes.ts';
import { workState } from '../../src/quality/derive/work-state.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A call of a tool and its result, failed or not. */
function run(name: string, args: Record<string, unknown>, output: string, failed = false): Message[] {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output, failed)];
}
const shell = (command: string, output: string, failed = false) => run('bash', { command }, output, failed);

/** The state probes of a history, as probes. */
function stateProbes(messages: Message[]): Probe[] {
  return workProbes(workState(toolRuns(messages), []), messages, messages.length).map((draft, at) => ({
    ...draft,
    id: `state@${at}`,
    source: 'derived',
    contradictions: [],
  }));
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

const MERGE_OUTPUT = [
  'Auto-merging cmd/cli/checkpoint/checkpoint.go',
  'CONFLICT (content): Merge conflict in cmd/cli/checkpoint/checkpoint.go',
  'Auto-merging cmd/cli/explain.go',
  'Automatic merge failed; fix conflicts and then commit the result.',
].join('\n');

describe('issues and pull requests the agent opened', () => {
  it('states a pull request opened with gh and an issue created by a tracker tool, by id and title', () => {
    const messages = [
      user('Open a draft PR for the summaries, and log the hooks problem in Linear.'),
      ...shell(
        'gh pr create --draft --title "feat(explain): add AI-powered checkpoint summaries" --body "..."',
        'https://github.com/acme/cli/pull/121',
      ),
      ...run(
        'mcp__linear-server__create_issue',
        { title: 'Run git gc at safe points to prevent index corruption', team: 'Core' },
        '{"id":"8b69","identifier":"ENT-241","title":"Run git gc at safe points to prevent index corruption"}',
      ),
    ];
    const probes = stateProbes(messages);
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      [
        'Opened draft pull request #121: feat(explain): add AI-powered checkpoint summaries',
        'Created Linear issue ENT-241: Run git gc at safe points to prevent index corruption',
      ],
    );
    const [pull, issue] = probes as [Probe, Probe];
    assert.deepEqual(pull.facets[0], ['#121', 'PR 121', 'pull/121', 'issue 121', 'issues/121']);
    assert.equal(outcome(pull, 'Draft PR 121 adds AI-powered checkpoint summaries; it is open.'), 'matched');
    assert.equal(outcome(issue, 'Filed ENT-241 in Linear: run git gc at safe points.'), 'matched');
    for (const probe of probes) {
      assert.equal(outcome(probe, `It is false that ${probe.statement}.`), 'contradicted');
      assert.equal(outcome(probe, `${probe.statement} was not done.`), 'contradicted');
    }
    assert.equal(outcome(issue, 'ENT-241 #121'), 'missed');
  });

  it('says a pull request the agent merged is merged, and nothing of a create that failed', () => {
    const opened = shell(
      'gh pr create --title "Add retry budget" --body x',
      'https://github.com/acme/api/pull/7',
    );
    const merged = stateProbes([...opened, ...shell('gh pr merge 7 --squash', '✓ Squashed and merged')]);
    assert.equal(merged[0]!.statement, 'Pull request #7 was opened and merged: Add retry budget');
    const failed = stateProbes(
      shell('gh pr create --title "Add retry budget" --body x', 'pull request create failed: GraphQL', true),
    );
    assert.deepEqual(failed, []);
  });
});

describe('a merge stopped on conflicts', () => {
  const merging = [
    user('Update this branch from origin/release first.'),
    ...shell('git fetch origin && git merge origin/release --no-edit', MERGE_OUTPUT, true),
  ];

  it('is the state of the work while no commit, --continue or --abort concludes it, and no error', () => {
    const probes = stateProbes(merging);
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      ['A merge of origin/release is in progress: it stopped on a conflict in checkpoint.go'],
    );
    assert.deepEqual(errorProbes(merging, toolRuns(merging)), []);
    const [merge] = probes as [Probe];
    assert.equal(
      outcome(merge, 'Merging origin/release is in progress (conflict in checkpoint.go).'),
      'matched',
    );
    assert.equal(outcome(merge, `It is false that ${merge.statement}.`), 'contradicted');
    assert.equal(outcome(merge, 'origin/release checkpoint.go'), 'missed');
    for (const end of ['git commit -m "Merge origin/release"', 'git merge --abort'])
      assert.equal(
        stateProbes([...merging, ...shell(end, '[main 1a2b3c4] Merge origin/release')]).some((probe) =>
          probe.statement?.startsWith('A merge'),
        ),
        false,
        end,
      );
  });

  it('names a rebase stopped on conflicts as a rebase', () => {
    const probes = stateProbes(
      shell(
        'git rebase origin/main',
        'CONFLICT (content): Merge conflict in src/a.ts\nerror: could not apply 1a2b3c4',
        true,
      ),
    );
    assert.equal(
      probes[0]!.statement,
      'A rebase of origin/main is in progress: it stopped on a conflict in a.ts',
    );
  });
});
