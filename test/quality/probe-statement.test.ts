/**
 * A derived probe's plain statement (docs/quality.md, "By statement"): a summary in fresh words keeps it, a path list,
 * an identifier bag and words gathered from neighbouring lines do not, the opposite counts as contradicted, and the
 * task statement skips the sentences that only hold words the session never uses again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { probeCounts } from '../../src/quality/recall-credit.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { taskProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { sessionSalience } from '../../src/quality/derive/salience.ts';
import { cheapTricks, draftProbes, guardChosen } from '../../src/quality/derive/derive.ts';
import type { Message } from '../../src/session/types.ts';
import { callsTools, toolCall, toolResult, user as factoryUser } from '../helpers/factories.ts';

const artifact: Probe = {
  id: 'artifact@61',
  kind: 'artifact',
  question: 'What did the agent change in bash-executor.ts, and why?',
  answer:
    'src/core/bash-executor.ts: created in the commit "WP1: Create bash-executor.ts with unified bash execution"',
  facets: [['bash-executor.ts'], ['unified bash execution']],
  contradictions: [],
  source: 'derived',
  statement: 'bash-executor.ts: WP1: Create bash-executor.ts with unified bash execution',
};
const rule: Probe = {
  id: 'constraint@15',
  kind: 'constraint',
  question: 'What did the user limit the tests to?',
  answer: 'The user said: "only end-to-end tests for the session class, no unit tests"',
  facets: [['only end-to-end tests for the session class']],
  contradictions: [],
  source: 'derived',
  statement: 'only end-to-end tests for the session class, no unit tests',
};

/** Other facts of the rule's session: they share its subject ("the session class", "tests"), not its substance. */
const siblings: Probe[] = [
  'the session class emits events to its listeners',
  'the session class tests run on every commit',
  'tests for the session class live in test/session',
].map((statement, index) => ({ ...rule, id: `s${index}`, facets: [[`x${index}`]], statement }));

const outcome = (text: string, probe: Probe) => probeOutcome(createMatcher(text), probe);

describe('a probe kept by its statement', () => {
  it('keeps the fact stated in other words, literally missed', () => {
    const handoff = '## Completed\n- `bash-executor.ts` created (`src/core/bash-executor.ts`)\n';
    assert.equal(probeOutcome(createMatcher(handoff), artifact, { inOtherWords: false }), 'missed');
    assert.equal(outcome(handoff, artifact), 'matched');
  });

  it('keeps nothing from a path list or an identifier bag', () => {
    assert.equal(outcome('src/core/bash-executor.ts\nsrc/core/agent-session.ts\n', artifact), 'missed');
    assert.equal(
      outcome('BashExecutor, executeBash, WP1, bash-executor.ts, createExecutor, unifiedBash', artifact),
      'missed',
    );
  });

  it('does not gather its words from neighbouring lines', () => {
    const scattered = 'bash-executor.ts\nWP1\nCreate the plan\nunified logging\nexecution order';
    assert.equal(outcome(scattered, artifact), 'missed');
    assert.equal(outcome('WP1: bash-executor.ts created for unified execution', artifact), 'matched');
  });

  it('counts the rule stated the other way as contradicted, and a deleted fact as missed', () => {
    // Read with the session's other facts, words they share ("session", "tests") tell little: the rule is its rare ones.
    const probes = [rule, ...siblings];
    const ruleIn = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes['constraint@15'];
    assert.equal(ruleIn('Tests: only end-to-end tests for the session class, no unit tests.'), 'matched');
    assert.equal(
      ruleIn('Tests: unit tests for the session class, not end-to-end tests only.'),
      'contradicted',
    );
    assert.equal(ruleIn('Tests: the session class is done.'), 'missed');
    // One word turned is enough on one line: "only" against "optional", or the rule's words negated.
    assert.equal(
      ruleIn('Tests: unit tests around the session class; end-to-end tests are optional.'),
      'contradicted',
    );
  });
});

describe('a statement stated on a line that goes on to something else', () => {
  it('is not opposed by a clause that holds one of its words: that clause says something else', () => {
    // From a terse handoff of the python-to-rust session: "Remove Python srcs" is about the sources, not bindings.
    const task: Probe = {
      id: 'task@0',
      kind: 'task',
      question: 'What did the user ask for?',
      answer: 'The user asked: "Create a standalone Rust library (no Python bindings needed)."',
      facets: [['Port this Python project'], ['standalone Rust library']],
      contradictions: [],
      source: 'derived',
      statement: 'Create a standalone Rust library (no Python bindings needed).',
    };
    const line =
      '- Brief: standalone Rust lib, no PyO3/bindings. Remove Python srcs at the end; Justfile stays.';
    assert.notEqual(outcome(line, task), 'contradicted');
    // Stated the other way in the clauses that state it, it is.
    assert.equal(
      outcome('- Brief: a Rust library with Python bindings, not standalone.', task),
      'contradicted',
    );
  });
});

describe('a task statement', () => {
  const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
  const agent = (text: string): Message => ({
    role: 'assistant',
    content: [
      { type: 'text', text },
      { type: 'toolCall', id: `c${text.length}`, name: 'read', arguments: { path: 'src/main.ts' } },
    ],
  });
  const messages: Message[] = [
    user(
      'alright, read src/main.ts in full. i feel like this is one big mess, honestly a dreadfull pile. ' +
        'i am interested in code sharing between the run modes (print, rpc, interactive). ' +
        'there is a lot of duplication in the run modes.',
    ),
    agent(
      'The run modes share no code: print, rpc and interactive each repeat the duplication of session logic.',
    ),
    user('thanks, go on'),
    agent('Code sharing between the run modes comes next.'),
  ];

  it('takes the sentences that use the words the session comes back to, not the aside with a typo', () => {
    const [task] = taskProbes(userRequests(messages), sessionSalience(messages));
    assert.ok(task?.statement, 'a statement');
    assert.match(task.statement, /code sharing between the run modes/);
    assert.match(task.statement, /duplication in the run modes/);
    assert.doesNotMatch(task.statement, /dreadfull/);
    assert.equal(
      outcome(
        'Goal: eliminate duplication between the three run modes (print, rpc, interactive) by sharing code.',
        {
          ...task,
          id: 'task@0',
          contradictions: [],
          source: 'derived',
        } as Probe,
      ),
      'matched',
    );
  });
});

describe('a task statement beside the openings grep keeps', () => {
  const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
  const agent = (text: string, path: string): Message => ({
    role: 'assistant',
    content: [
      { type: 'text', text },
      { type: 'toolCall', id: `c${text.length}`, name: 'read', arguments: { path } },
    ],
  });
  const messages: Message[] = [
    user('please move the old files to the archive.'),
    agent('Moving the old files to the archive.', 'src/a.ts'),
    user('the final location of the docs is docs/, keep it.'),
    agent('The docs stay in their final location.', 'docs/index.md'),
    user(
      'actually, can you revert that? i want to move those files to their final location. ' +
        'they are shared by the old and the new code.',
    ),
    agent('Reverting; the shared files move to their final location for the old and new code.', 'src/b.ts'),
  ];

  it('is kept when no one line of the openings states it, though their words together would', () => {
    const task = draftProbes({ messages }).find((probe) => probe.messageIndex === 4);
    assert.match(task?.statement ?? '', /move those files to their final location/);
    const probe = { ...task!, id: 'next-step@4', contradictions: [], source: 'derived' } as Probe;
    assert.equal(outcome('User wants the shared files moved to their final locations.', probe), 'matched');
    // What grep keeps of the requests, one opening a line, does not keep it, not even half: grep's lines state a
    // part of it ("final location"), so a part earns nothing.
    const openings =
      'please move the old files to the archive.\nthe final location of the docs is docs/, keep it.\nactually, can you revert that?';
    assert.equal(task?.partialCredit, false);
    assert.equal(outcome(openings, probe), 'missed');
    assert.equal(outcome(openings, { ...probe, partialCredit: true }), 'partial');
  });
});

describe('a result the user asked for', () => {
  it("is not kept by the user's request: no statement for it, and dropped when the request keeps its facets", () => {
    const commitPlan = toolCall('bash', {
      command: 'git add -A && git commit -m "Add the implementation plan"',
    });
    const commitRetry = toolCall('bash', {
      command: 'git commit -m "Retry budget stops retrying once the attempts are spent"',
    });
    const request = 'write the implementation plan into docs/plan.md and commit it, then add a retry budget';
    const messages: Message[] = [
      factoryUser(request),
      callsTools([commitPlan]),
      toolResult(commitPlan, '[main 1a2b3c] Add the implementation plan'),
      callsTools([commitRetry]),
      toolResult(commitRetry, '[main 4d5e6f] Retry budget'),
    ];
    const states = draftProbes({ messages }).filter((draft) => draft.kind === 'state');
    // The plan's commit restates the request: the request would keep it, so it is no probe of the agent's work.
    assert.deepEqual(
      states.map((draft) => draft.answer),
      ['Committed: "Retry budget stops retrying once the attempts are spent"'],
    );
    assert.ok(states[0]!.statement, 'the result the user did not word keeps its statement');
    const probe: Probe = { ...states[0]!, id: 'state@4', contradictions: [], source: 'derived' };
    assert.equal(outcome(request, probe), 'missed');
    // The request states a part of it ("add a retry budget"): that part earns the request nothing, not half.
    assert.equal(states[0]!.partialCredit, false);
    assert.equal(outcome(request, { ...probe, partialCredit: true }), 'partial');
  });
});

describe('the guard over the chosen set', () => {
  it("gives no half to grep where the chosen set's weighing, not the drafts', would give one", () => {
    // Among the drafts "port", "Rust" and "jitter" are common words; among the chosen probes they are the task's
    // rarest, so grep's line states a telling part of it only as the scorer weighs the chosen set.
    const task =
      'Port the upload client to Rust, keeping the upload client retries, timeouts, logging, metrics, proxies and cookies, with jitter';
    const probe = (id: string, kind: Probe['kind'], statement: string): Probe => ({
      id,
      kind,
      question: `What is ${id}?`,
      answer: statement,
      facets: [['no such phrase here']],
      contradictions: [],
      source: 'derived',
      statement,
    });
    const chosen = [
      probe('task@0', 'task', task),
      probe('constraint@0', 'constraint', 'The upload client retries, timeouts and logging stay as they are'),
      probe(
        'constraint@0-2',
        'constraint',
        'The upload client metrics, proxies and cookies stay as they are',
      ),
    ];
    const grep = 'port it to rust, with jitter';
    assert.equal(scoreProbes(createMatcher(grep), chosen).probeOutcomes['task@0'], 'partial');
    const guarded = guardChosen(chosen, cheapTricks('', grep));
    assert.equal(guarded[0]!.partialCredit, false);
    assert.equal(scoreProbes(createMatcher(grep), guarded).probeOutcomes['task@0'], 'missed');
    // It is still kept in full by a summary that states it.
    const stated =
      'The upload client is ported to Rust, keeping its retries, timeouts, logging, metrics, proxies and cookies, with jitter.';
    assert.equal(scoreProbes(createMatcher(stated), guarded).probeOutcomes['task@0'], 'matched');
  });

  it("takes a check's state statement away where grep's lines state it, keeping its facets", () => {
    const state: Probe = {
      id: 'state@9',
      kind: 'state',
      question: 'How was the build last checked?',
      answer: '`npm run check` was run last; it passed.',
      facets: [['npm run check']],
      contradictions: [],
      source: 'derived',
      statement: '`npm run check` passes',
    };
    // An opening of the user's that puts the statement's few words together.
    const grep = 'run the check again, it passes on CI';
    assert.equal(scoreProbes(createMatcher(grep), [state]).probeOutcomes['state@9'], 'matched');
    const [guarded] = guardChosen([state], cheapTricks('', grep));
    assert.equal(guarded!.statement, undefined);
    assert.equal(scoreProbes(createMatcher(grep), [guarded!]).probeOutcomes['state@9'], 'missed');
    assert.equal(
      scoreProbes(createMatcher('npm run check passes.'), [guarded!]).probeOutcomes['state@9'],
      'matched',
    );
    assert.equal(guardChosen([state], cheapTricks('', 'fix the flaky test'))[0]!.statement, state.statement);
  });
});

describe('a probe kept in part', () => {
  const probes = [rule, ...siblings];
  const score = (text: string) => scoreProbes(createMatcher(text), probes);

  it('counts half in recall, overall and by kind, and is listed among the probes not kept in full', () => {
    const half = score('Write end-to-end tests.');
    assert.equal(half.probeOutcomes['constraint@15'], 'partial');
    assert.equal(half.probesMatched, 0);
    assert.equal(half.probesPartial, 1);
    assert.equal(half.probeRecall, 0.5 / 4);
    assert.equal(half.probeRecallByKind['constraint'], 0.5 / 4);
    assert.ok(half.missedProbes.includes('constraint@15'));
    const whole = score('Tests: only end-to-end tests for the session class, no unit tests.');
    assert.equal(whole.probeOutcomes['constraint@15'], 'matched');
    assert.equal(whole.probesPartial, 0);
    // How a report writes the counts: the partial ones named, the plain count when there is none.
    assert.equal(probeCounts(half), '0/4 kept, 1 partial');
    assert.equal(probeCounts({ probesMatched: 3, probesPartial: 0, probesTotal: 4 }), '3/4');
  });

  it('needs one of its telling words: the words it shares with the other facts are no part of it', () => {
    assert.equal(score('Tests: the session class is done.').probeOutcomes['constraint@15'], 'missed');
    assert.equal(score('Write end-to-end tests.').probeOutcomes['constraint@15'], 'partial');
  });

  it('earns nothing where derivation found a part of it in what a cheap trick keeps', () => {
    const guarded = [{ ...rule, partialCredit: false }, ...siblings];
    const half = scoreProbes(createMatcher('Write end-to-end tests.'), guarded);
    assert.equal(half.probeOutcomes['constraint@15'], 'missed');
    assert.equal(half.probeRecall, 0);
  });
});
