/**
 * Derived probes: the same hand-written session in every supported format gives the same facts (an error fixed
 * later, a constraint, the task, a number, a verification), lint clean; cheap tricks do not pass them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProvider } from '../../src/providers/create.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { deriveProbes, draftProbes } from '../../src/quality/derive/derive.ts';
import { errorFacets } from '../../src/quality/derive/errors.ts';
import { keyPhrase } from '../../src/quality/derive/phrases.ts';
import { selectProbes } from '../../src/quality/derive/select.ts';
import { checkName, outcomeSpellings } from '../../src/quality/derive/verification.ts';
import { lintProbes } from '../../src/quality/probe-lint.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { loadSession } from '../../src/session/load.ts';
import type { Session } from '../../src/session/types.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { runStrategy } from '../helpers/strategy-run.ts';
import {
  callsTools,
  session as sessionOf,
  toolCall,
  toolExchange,
  toolResult,
  user,
} from '../helpers/factories.ts';
import { samplePath } from '../session/samples.ts';

const SAMPLES = [
  'derived-pi.jsonl',
  'derived-claude-code.jsonl',
  'derived-codex.jsonl',
  'derived-openai-messages.json',
  'derived-anthropic-messages.json',
];

const byId = (probes: readonly Probe[]) => Object.fromEntries(probes.map((probe) => [probe.id, probe]));

describe('derived probes', () => {
  for (const sample of SAMPLES) {
    it(`finds the task, the constraint, the number, the error fixed later and the verification in ${sample}`, async () => {
      const session = await loadSession(samplePath(sample));
      const { probes, dropped } = deriveProbes(session);
      assert.deepEqual(dropped, []);
      const probe = byId(probes);
      assert.deepEqual(Object.keys(probe), ['task@0', 'constraint@0', 'number@0', 'error@2', 'state@6']);
      assert.ok(probes.every((item) => item.source === 'derived'));
      assert.deepEqual(probe['task@0']!.facets, [['HTTP client'], ['after every successful response']]);
      assert.deepEqual(probe['constraint@0']!.facets, [['add a new dependency']]);
      assert.deepEqual(probe['number@0']!.facets, [['3 attempts']]);
      assert.deepEqual(probe['error@2']!.facets, [['stops after the budget'], ['expected 4 to equal']]);
      assert.equal(probe['error@2']!.fixedLater, true);
      assert.match(probe['error@2']!.answer, /^`npm test` failed with: .*It was fixed later/);
      assert.deepEqual(probe['state@6']!.facets[0]![0], '12 passed');
      assert.deepEqual(lintProbes({ probes, messages: session.messages }), []);
    });
  }

  it('marks an error no later run fixed, and reads the compiler code and message', () => {
    const build = toolCall('bash', { command: 'npx tsc --noEmit' });
    const again = toolCall('bash', { command: 'npx tsc --noEmit' });
    const session = sessionOf([
      user('Make the parser accept empty input. It should return an empty list, not throw.'),
      callsTools([build]),
      toolResult(
        build,
        "src/parse.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        true,
      ),
      callsTools([again]),
      // The first error still stands in the second run (one it no longer reports would be fixed: live-error.test.ts).
      toolResult(
        again,
        "src/parse.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/parse.ts(9,1): error TS2304: Cannot find name 'tokens'.",
        true,
      ),
    ]);
    const probe = byId(deriveProbes(session).probes);
    assert.deepEqual(probe['error@2']!.facets, [['TS2322'], ["Type 'string' is not assignable"]]);
    assert.equal(probe['error@2']!.fixedLater, false);
    assert.deepEqual(probe['error@4']!.facets, [['TS2304'], ["Cannot find name 'tokens'"]]);
    assert.match(probe['error@4']!.answer, /not fixed by the end of the session/);
  });

  it('takes no task from a one-sentence request or a question, and no phrase from file mentions', () => {
    const session = sessionOf([
      user('Fix the flaky retry test in the client package.'),
      user('why does the cache expire so early?'),
      user('read @src/a.ts @src/b.ts in full.'),
    ]);
    assert.deepEqual(
      deriveProbes(session).probes.filter((probe) => probe.kind === 'task' || probe.kind === 'next-step'),
      [],
    );
  });

  it('takes a rule attached to leave the user grants as that step, not a standing constraint', () => {
    const constraints = (text: string) =>
      draftProbes(sessionOf([user(text)]))
        .filter((probe) => probe.kind === 'constraint')
        .map((probe) => probe.statement);
    assert.deepEqual(
      constraints("you can look up the old log in logs/run.jsonl if you need to (don't read the full file!)"),
      [],
    );
    assert.deepEqual(constraints("Look up the old log in logs/run.jsonl, and don't read the full file!"), [
      "and don't read the full file!",
    ]);
  });

  it('reads the ticket a request points at as the task and its rules, when the agent fetched it', () => {
    const show = toolCall('Bash', { command: 'bd show spotter-4te' });
    const ticket = [
      '○ spotter-4te [EPIC] · End-to-end OpenTelemetry tracing (plugin -> Phoenix)   [● P1 · OPEN]',
      'Owner: Marco · Type: epic',
      '',
      'DESCRIPTION',
      '## Goal',
      'Implement end-to-end OpenTelemetry tracing from the hook scripts through the Phoenix API.',
      '',
      '## Architecture Constraints',
      '- Do not use `ash_opentelemetry`; use `opentelemetry_ash` instead.',
      '- Tracing setup failure must degrade gracefully (log and continue startup).',
    ].join('\n');
    const messages = [
      user('Work on bead spotter-4te. Run bd show spotter-4te to see the issue details.'),
      callsTools([show]),
      toolResult(show, ticket),
      ...toolExchange('Bash', { command: 'mix test' }, '297 tests, 0 failures'),
    ];
    const drafts = draftProbes(sessionOf(messages));
    const task = drafts.find((probe) => probe.kind === 'task')!;
    // The title also by each two of its words in a row, as a terse note cuts it ("E2E OpenTelemetry tracing").
    assert.deepEqual(task.facets, [
      ['spotter-4te'],
      ['End-to-end OpenTelemetry tracing', 'End-to-end OpenTelemetry', 'OpenTelemetry tracing'],
    ]);
    assert.equal(
      task.statement,
      // The ticket by its id first, as a reader lists the work.
      'spotter-4te: End-to-end OpenTelemetry tracing (plugin -> Phoenix) — Implement end-to-end OpenTelemetry tracing from the hook scripts through the Phoenix API.',
    );
    assert.deepEqual(
      drafts.filter((probe) => probe.kind === 'constraint').map((probe) => probe.statement),
      [
        'Do not use `ash_opentelemetry`; use `opentelemetry_ash` instead.',
        'Tracing setup failure must degrade gracefully (log and continue startup).',
      ],
    );
    // Not fetched by the agent, or fetched by a command whose output does not name it: no ticket.
    const unfetched = draftProbes(
      sessionOf([messages[0]!, ...toolExchange('Bash', { command: 'ls' }, ticket)]),
    );
    assert.equal(unfetched.filter((probe) => probe.kind === 'constraint').length, 0);
    const elsewhere = draftProbes(
      sessionOf([
        messages[0]!,
        ...toolExchange('Bash', { command: 'bd show spotter-4te' }, `header\nlisting\nmore\n${ticket}`),
      ]),
    );
    assert.equal(elsewhere.filter((probe) => probe.kind === 'constraint').length, 0);
  });

  it('reads error facets from compiler, exception, failing-test and pasted lines', () => {
    assert.deepEqual(errorFacets('error[E0308]: mismatched types'), {
      code: 'E0308',
      phrase: 'mismatched types',
    });
    assert.deepEqual(errorFacets("TypeError: Cannot read properties of undefined (reading 'x')"), {
      code: 'TypeError',
      phrase: 'Cannot read properties of undefined',
    });
    assert.deepEqual(errorFacets('  ✗ parser > handles empty input'), { phrase: 'handles empty input' });
    assert.equal(errorFacets('Error: x'), undefined);
    // Claude Code heads a failed command's output with its exit status, which says nothing of what went wrong.
    assert.equal(errorFacets('Exit code 1'), undefined);
    assert.deepEqual(errorFacets('error: permission denied to write the cache'), {
      phrase: 'permission denied to write the cache',
    });
  });

  it('names a check by its words before the first flag and reads its tally', () => {
    assert.equal(checkName('npx tsc --noEmit -p .'), 'npx tsc');
    assert.equal(checkName('cargo test 2>&1 | tail -5'), 'cargo test');
    assert.deepEqual(outcomeSpellings('test result: ok. 57 passed; 0 failed')?.[0], '57 passed');
    assert.deepEqual(outcomeSpellings('Tests: 2 failed, 9 passed')?.[0], '2 failed');
    assert.equal(outcomeSpellings('Finished dev profile'), undefined);
    // ExUnit and RSpec tally runs and failures; the tally as written comes first.
    assert.deepEqual(outcomeSpellings('Finished in 3.2 seconds\n14 doctests, 65 tests, 0 failures'), [
      '65 tests, 0 failures',
      '65 passed',
      '65 passing',
      '65 tests passed',
      '65 tests pass',
    ]);
    assert.deepEqual(outcomeSpellings('12 examples, 2 failures')?.slice(0, 2), [
      '12 examples, 2 failures',
      '2 failed',
    ]);
  });
});

describe('selecting probes', () => {
  const probe = (kind: string, messageIndex: number) => ({ kind, messageIndex });

  it('balances kinds and spreads each kind over the session, in session order', () => {
    const errors = Array.from({ length: 9 }, (_, index) => probe('error', index * 10));
    const tasks = [probe('task', 5), probe('task', 55)];
    const chosen = selectProbes([...errors, ...tasks], 5);
    assert.equal(chosen.length, 5);
    assert.equal(chosen.filter((item) => item.kind === 'task').length, 2);
    assert.deepEqual(
      chosen.filter((item) => item.kind === 'error').map((item) => item.messageIndex),
      [0, 40, 80],
    );
  });

  it('keeps everything under the cap', () => {
    assert.equal(selectProbes([probe('task', 1)], 5).length, 1);
  });
});

describe('cheap tricks against derived probes', () => {
  async function outcomes(session: Session, name: string, probes: readonly Probe[]) {
    const strategy = STRATEGIES[name as keyof typeof STRATEGIES];
    const provider = createProvider('extractive', { tokenizer: await getTokenizer('o200k_base') });
    const { output } = await runStrategy(strategy, session, provider);
    const summary = createMatcher(output.summary);
    return probes.filter((item) => probeOutcome(summary, item) === 'matched').map((item) => item.kind);
  }

  for (const sample of SAMPLES) {
    it(`a path list and a bag of identifiers pass none, grep no task or constraint (${sample})`, async () => {
      const session = await loadSession(samplePath(sample));
      const { probes } = deriveProbes(session);
      assert.deepEqual(await outcomes(session, 'paths-only', probes), []);
      assert.deepEqual(await outcomes(session, 'identifier-bag', probes), []);
      const grep = await outcomes(session, 'grep', probes);
      assert.ok(
        !grep.includes('task') && !grep.includes('constraint') && !grep.includes('next-step'),
        grep.join(),
      );
    });
  }
});

describe('key phrases', () => {
  it('take the words that name the work, not venting or filler', () => {
    const phrase = keyPhrase('this is a bunch of shit, copy the tui components into coding-agent');
    assert.match(phrase!, /tui components/);
    assert.doesNotMatch(phrase!, /bunch|shit/);
    assert.equal(keyPhrase('it is really dumb and a big mess'), undefined);
  });
});
