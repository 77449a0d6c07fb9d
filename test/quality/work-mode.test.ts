/**
 * The mode the agent works in (issue 39, item 2): the sandbox and approval policy the harness states is a standing
 * constraint; only the mode in force at the cut is a fact, said with the one it replaced; a summary in fresh words
 * keeps it, one that states the mode as lifted does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { modeProbes } from '../../src/quality/derive/mode.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { assistant, context, user } from '../helpers/factories.ts';

const environment = (sandbox: string, approval: string, network = 'restricted') =>
  context(
    'environment',
    [
      '<environment_context>',
      '  <cwd>/home/dev/shop</cwd>',
      `  <approval_policy>${approval}</approval_policy>`,
      `  <sandbox_mode>${sandbox}</sandbox_mode>`,
      `  <network_access>${network}</network_access>`,
      '</environment_context>',
    ].join('\n'),
  );

const READ_ONLY_SESSION = [
  environment('read-only', 'on-request'),
  user('Review the checkout service and propose how to move its queries to the new database client.'),
  assistant('I will read the checkout service first and then write up a plan for the migration.'),
  environment('read-only', 'on-request'),
  user('Also look at how the payment adapters call the database.'),
  assistant(
    'The payment adapters call the database through the shared query helper in the checkout service.',
  ),
];

describe('the mode the agent works in', () => {
  it('is a constraint set where the mode in force was first stated, restatements aside', () => {
    const [probe, ...rest] = modeProbes(READ_ONLY_SESSION);
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'constraint');
    assert.equal(probe!.messageIndex, 0);
    assert.match(probe!.statement!, /read-only sandbox/);
    assert.match(probe!.statement!, /approval policy on-request/);
  });

  it('is the latest mode when it changed, said with the one it replaced', () => {
    const messages = [
      ...READ_ONLY_SESSION,
      user('Auto-accept all changes for the rest of the session.'),
      environment('danger-full-access', 'never', 'enabled'),
      assistant('Applying the migration to the checkout service now.'),
    ];
    const [probe, ...rest] = modeProbes(messages);
    assert.equal(rest.length, 0);
    assert.equal(probe!.messageIndex, 7);
    assert.deepEqual(probe!.facets, [['full access'], ['enabled', 'approval never']]);
    assert.match(
      probe!.statement!,
      /^The agent now works in full access.*approval policy never.*began in a read-only sandbox/,
    );
  });

  it("is kept by a terse note that says the approval policy where it writes the network as 'on'", () => {
    const messages = [
      ...READ_ONLY_SESSION,
      environment('danger-full-access', 'never', 'enabled'),
      assistant('Applying the migration to the checkout service now.'),
    ];
    const { probes } = deriveProbes({ messages });
    const mode = probes.find(
      (probe) => probe.kind === 'constraint' && /sandbox/.test(probe.statement ?? ''),
    )!;
    const outcome = (summary: string) => probeOutcome(createMatcher(summary), mode);
    assert.equal(
      outcome('Perms: env since #6 = approval never, sandbox danger-full-access, net on.'),
      'matched',
    );
    assert.notEqual(outcome('danger-full-access never approval_policy network_access'), 'matched');
    assert.notEqual(outcome('sandbox danger-full-access; approval is never asked for edits'), 'matched');
  });

  it('is none without an environment context, and none from what the user typed', () => {
    assert.deepEqual(
      modeProbes([user('<sandbox_mode>read-only</sandbox_mode> please'), assistant('ok')]),
      [],
    );
  });

  it('is derived and live, kept by a paraphrase and lost by a summary that lifts it', () => {
    const { probes } = deriveProbes({ messages: READ_ONLY_SESSION });
    const mode = probes.find((probe) => probe.kind === 'constraint' && /sandbox/.test(probe.statement ?? ''));
    assert.ok(mode, 'the mode is derived');
    assert.notEqual(mode.live, false);
    const score = (summary: string) => scoreProbes(createMatcher(summary), [mode]).probeRecall;
    assert.equal(
      score(
        'Codex ran in a read only sandbox with approval on request and a restricted network: the agent may read files; writing needs approval.',
      ),
      1,
    );
    assert.equal(score('The checkout service uses a shared query helper.'), 0);
    // The session's identifiers hold the sandbox's name, not the plain word beside it.
    assert.equal(
      score('read-only on-request sandbox_mode approval_policy network_access environment_context'),
      0,
    );
    assert.equal(
      score(
        'It is false that the agent works in a read only sandbox with approval on request and a restricted network.',
      ),
      0,
    );
  });
});
