/**
 * Decisions settled in conversation (issue 39, item 2): a proposal the user approved with a go-ahead, and the proposal
 * the user asked for when it is the agent's last word, point by point; a proposal the user did not approve, or one
 * the user's reply picks an option of, is no such decision.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreementProbes } from '../../src/quality/derive/agreements.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { assistant, user } from '../helpers/factories.ts';

const PROPOSAL = assistant(
  [
    'The cycle comes from the validators: session imports checkpoint, and checkpoint imports paths.',
    '',
    '## Best solution: move the validators to the checkpoint package',
    '',
    '1. Move ValidateSessionID and ValidateAgentID to checkpoint/validators.go',
    '2. Keep EntireSessionID in the session package',
    '',
    '**Want me to implement this approach?** It is the cleanest way to break the cycle.',
  ].join('\n'),
);

describe('a proposal the user approved', () => {
  it('is a decision stated by its heading and first point, set at the approval', () => {
    const [probe, ...rest] = agreementProbes([
      user('Fix the import cycle in the session code.'),
      PROPOSAL,
      user('yes'),
    ]);
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'decision');
    assert.equal(probe!.messageIndex, 2);
    assert.equal(
      probe!.statement,
      'Proposed: Best solution: move the validators to the checkpoint package; Move ValidateSessionID and ValidateAgentID to checkpoint/validators.go',
    );
  });

  it('is none when the reply is no go-ahead, or the message asks for no approval', () => {
    assert.deepEqual(agreementProbes([PROPOSAL, user('no, keep them in paths')]), []);
    assert.deepEqual(
      agreementProbes([PROPOSAL, user('why not a new package for the ids instead of this?')]),
      [],
    );
    const report = assistant('Done:\n- Moved the validators\n- Kept the session ids\nAll tests pass.');
    assert.deepEqual(agreementProbes([user('Fix the cycle.'), report, user('ok')]), []);
  });

  it('is none when the go-ahead is for finding something out, not for a change', () => {
    const causes = (question: string) =>
      assistant(
        [
          'Fixed: `git status` is clean again. On the recurring issue, this can happen when:',
          '1. **`git gc --auto`** runs in the main repo and prunes loose objects the worktree index points to',
          '2. **Shadow branch operations** create temporary trees that get committed before they are packed',
          '',
          question,
        ].join('\n'),
      );
    const asked = (question: string, reply = 'yeah check what is triggering gc') =>
      agreementProbes([user('our git status has broken, why?'), causes(question), user(reply)]);
    // The user approved looking into it: the possible causes are no approach anyone chose.
    assert.deepEqual(
      asked('Want me to look into whether your gc config or any hooks might be triggering this?'),
      [],
    );
    assert.deepEqual(asked('Should I check what is running gc?'), []);
    // An offer that also changes something is a proposal approved.
    assert.equal(asked('Want me to check the gc config and disable auto gc?', 'yes').length, 1);
    assert.equal(asked('Want me to implement the first fix?', 'yes').length, 1);
  });

  it('is approved by a go-ahead that opens a reply saying how, and by a request to build what was offered to explore', () => {
    const design = (question: string) =>
      assistant(
        [
          'Here is how both sessions could write checkpoints:',
          '',
          '## Key Points',
          '',
          '1. **Shared branch**: both sessions write to the same shadow branch, told apart by a trailer',
          '2. **Rewind**: rewind lists the checkpoints of both sessions with their first prompt',
          '',
          question,
        ].join('\n'),
      );
    const statement = (question: string, reply: string) =>
      agreementProbes([
        user('What if both sessions kept their checkpoints?'),
        design(question),
        user(reply),
      ]).map((probe) => probe.statement);
    const approved = [
      'Proposed: Shared branch: both sessions write to the same shadow branch, told apart by a trailer; Rewind: rewind lists the checkpoints of both sessions with their first prompt',
    ];
    // "Key Points" only labels the list: the points state the proposal.
    assert.deepEqual(
      statement(
        'Should I proceed with implementation?',
        "Yes, but I'd like a TDD approach: integration tests first.",
      ),
      approved,
    );
    assert.deepEqual(
      statement(
        'Would you like me to explore this approach?',
        "let's try implementing this, and show the first prompt in rewind",
      ),
      approved,
    );
    // A go-ahead to explore more, a refusal, or a question is no approval of the design.
    assert.deepEqual(statement('Would you like me to explore this approach?', 'yes, explore it'), []);
    assert.deepEqual(statement('Should I proceed with implementation?', 'no, keep the skip for now'), []);
    assert.deepEqual(statement('Should I proceed with implementation?', 'what happens on rewind then?'), []);
  });

  it('leaves a pick among labelled options to the option choice', () => {
    const offer = assistant(
      'Should I:\n1. Move the validators to checkpoint\n2. Add a new ids package\nWant me to go ahead?',
    );
    assert.deepEqual(agreementProbes([offer, user('2')]), []);
    assert.equal(agreementProbes([offer, user('yes')]).length, 1);
  });
});

const ASKED = [
  user('Review the services package and propose a plan to move it from the REST client to the SQL client.'),
  assistant(
    [
      '**Current State**',
      '- services/create.ts wraps the REST query builder with tenant filters.',
      '',
      '**Migration Plan**',
      '- Phase 0: add the SQL client and a connection string, and pull the schema from the database.',
      '- Phase 1: give createService a provider adapter so both clients work side by side.',
      '',
      '**Next Steps**',
      '1. Add the client dependency and wire the connection string locally.',
    ].join('\n'),
  ),
];

describe('the proposal the user asked for', () => {
  it('is one decision per point of its proposed sections, the current state and next steps aside', () => {
    const probes = agreementProbes(ASKED);
    assert.deepEqual(
      probes.map((probe) => probe.statement),
      [
        'Proposed: Phase 0: add the SQL client and a connection string, and pull the schema from the database.',
        'Proposed: Phase 1: give createService a provider adapter so both clients work side by side.',
      ],
    );
    assert.ok(probes.every((probe) => probe.messageIndex === 1 && probe.kind === 'decision'));
  });

  it('is none once the user has answered it, or when the request asked for work, not a proposal', () => {
    assert.deepEqual(agreementProbes([...ASKED, user('Now start with phase 0.')]), []);
    assert.deepEqual(agreementProbes([user('Move the services package to the SQL client.'), ASKED[1]!]), []);
  });

  it('is also the plan the user asks to be shown ("Can you present the plan now?")', () => {
    for (const ask of [
      'Can you present the plan now?',
      'show me the plan',
      'Walk me through your plan first.',
    ])
      assert.equal(
        agreementProbes([user('Move the services package to the SQL client.'), user(ask), ASKED[1]!]).length,
        2,
        ask,
      );
    assert.deepEqual(agreementProbes([user('Can you present the results now?'), ASKED[1]!]), []);
  });

  it('is asked for in a prompt box that wrapped the request between its sentences', () => {
    // An editor's prompt box breaks long lines at a space it keeps and indents what follows, sentence end or not.
    const boxed = (ask: string) =>
      agreementProbes([
        user(
          [
            'Review the services package and move it to the SQL client. ',
            `  ${ask} after carefully `,
            '  reviewing createService.',
          ].join('\n'),
        ),
        ASKED[1]!,
      ]);
    assert.deepEqual(
      boxed('Please propose a plan').map((probe) => probe.statement),
      [
        'Proposed: Phase 0: add the SQL client and a connection string, and pull the schema from the database.',
        'Proposed: Phase 1: give createService a provider adapter so both clients work side by side.',
      ],
    );
    assert.deepEqual(boxed('Please start right away'), []);
    // Indented lines under a line that ends without a space are pasted, not wrapped: they ask for nothing.
    assert.deepEqual(
      agreementProbes([
        user('Move the services package to the SQL client.\n  // propose a plan here'),
        ASKED[1]!,
      ]),
      [],
    );
  });

  it('is derived, kept by a paraphrase and not by the user words copied', () => {
    const { probes } = deriveProbes({ messages: ASKED });
    const decisions = probes.filter((probe) => probe.kind === 'decision');
    assert.equal(decisions.length, 2);
    const score = (summary: string) => scoreProbes(createMatcher(summary), decisions).probeRecall;
    assert.equal(
      score(
        'Plan: phase 0 adds the SQL client with a connection string and pulls the database schema; phase 1 gives createService a provider adapter so both clients work side by side.',
      ),
      1,
    );
    assert.equal(score(ASKED[0]!.content as string), 0);
  });
});

describe('an approved list of findings located in files', () => {
  it('asks for the fixes and states no decision; a proposal that names a file elsewhere still does', () => {
    const findings = assistant(
      [
        'More review comments came in. The new ones:',
        '',
        '**1. `chunking.go:103`** - Empty content edge case',
        '> ChunkJSONL does not handle empty content',
        '',
        '**2. `gemini.go:424`** - Check for empty chunks',
        '> If all messages fail to marshal, it returns an empty slice instead of an error',
        '',
        'Want me to address both?',
      ].join('\n'),
    );
    assert.deepEqual(
      agreementProbes([user('Go through the new review comments.'), findings, user('yeah do it')]),
      [],
    );
    // The validators' proposal names checkpoint/validators.go in a point, not as where a finding is.
    assert.equal(agreementProbes([user('Fix the import cycle.'), PROPOSAL, user('yes')]).length, 1);
  });
});
