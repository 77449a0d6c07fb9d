/**
 * Denials and pending states a summary writes of a live fact (issue 39, item 6): a check that ran said not run ("`npm
 * test`: not run", "was not run yet"), a request said never asked ("The user did not ask for …"), a list of commits
 * said to be only local together, and a veto credited only where the user's no is of the thing named. Each is a
 * contradiction, not a match; the true statements beside them stay kept.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { canonicalText, createMatcher } from '../../src/quality/match.ts';
import { statesOpposite } from '../../src/quality/opposite.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { refusedAfter } from '../../src/quality/refusal.ts';
import {
  assistant,
  callsTools,
  session,
  shellRun,
  toolCall,
  toolResult,
  user,
} from '../helpers/factories.ts';

/** A session that adds a retry budget: tests pass, a commit is made, the later type check fails and is live. */
function retryBudgetSession() {
  const read = toolCall('read', { path: 'lib/http/client.ts' });
  const write = toolCall('write', {
    path: 'lib/http/retry_budget.ts',
    content:
      'export class RetryBudget {\n  constructor(private tokens = 10) {}\n  take(): boolean { return this.tokens-- > 0; }\n}\n',
  });
  const edit = toolCall('edit', { path: 'lib/http/timeout.ts', oldText: 'a', newText: 'b' });
  const reads = [
    'docs/http.md',
    'lib/http/headers.ts',
    'lib/http/errors.ts',
    'test/client.test.ts',
    'lib/index.ts',
  ].flatMap((path) => {
    const call = toolCall('read', { path });
    return [callsTools([call]), toolResult(call, `// ${path}\nexport const unrelated = true;\n`)];
  });
  return session([
    user(
      'Add a retry budget to the HTTP client in lib/http/client.ts. Do not add new dependencies. Run the tests with npm test when done.',
    ),
    callsTools([read]),
    toolResult(read, 'export async function get(url: string) {\n  return fetch(url);\n}\n'),
    callsTools([write]),
    toolResult(write, 'Wrote lib/http/retry_budget.ts'),
    ...shellRun('npm test', 'PASS test/client.test.ts\nTests: 12 passed, 12 total'),
    ...shellRun(
      'git add lib/http && git commit -m "feat: add a retry budget to the HTTP client"',
      '[main 1a2b3c4] feat: add a retry budget to the HTTP client\n 2 files changed, 40 insertions(+)',
    ),
    ...reads,
    user('Now also wire the budget into lib/http/timeout.ts.'),
    callsTools([edit]),
    toolResult(edit, 'Edited lib/http/timeout.ts'),
    ...shellRun(
      'npx tsc --noEmit',
      "lib/http/timeout.ts(14,11): error TS2304: Cannot find name 'RetryBudgetExceeded'.",
      true,
    ),
    assistant('The type check fails: TS2304 Cannot find name RetryBudgetExceeded in timeout.ts.'),
  ]);
}

const { probes } = deriveProbes(retryBudgetSession());

/** The live derived probe whose statement says `about`. */
function probeAbout(about: RegExp): Probe {
  const probe = probes.find(
    (candidate) => candidate.live !== false && about.test(`${candidate.statement ?? ''} ${candidate.answer}`),
  );
  assert.ok(
    probe,
    `no live probe states ${about}: ${probes.map((candidate) => candidate.answer).join(' | ')}`,
  );
  return probe;
}

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

/** Asserts each text's outcome for a probe. */
function expectOutcomes(probe: Probe, expected: Record<string, string>) {
  for (const [text, want] of Object.entries(expected)) assert.equal(outcome(probe, text), want, text);
}

describe('a check that ran, said not run', () => {
  const tests = probeAbout(/`npm test` was run last; it passed/);
  const typeCheck = probeAbout(/`npx tsc --noEmit` fails/);

  it('is contradicted, by its command with a label or a predicate, passing or failing', () => {
    expectOutcomes(tests, {
      'npm test passes (12 passed).': 'matched',
      'npm test: not run.': 'contradicted',
      'npm test was not run.': 'contradicted',
      'npm test (12 passed) was not run yet.': 'contradicted',
    });
    expectOutcomes(typeCheck, {
      'npx tsc --noEmit fails.': 'matched',
      'npx tsc --noEmit: fails with TS2304.': 'matched',
      'npx tsc --noEmit: not run yet.': 'contradicted',
    });
  });

  it('is not contradicted by another check said not run, nor by a run not repeated since', () => {
    expectOutcomes(tests, {
      'npm test: 12 passed. Lint: not run.': 'matched',
      'npm test passed (12 passed); npx tsc --noEmit: not run yet.': 'matched',
      'npm test: 12 passed, not run again since.': 'matched',
    });
    expectOutcomes(typeCheck, { 'npx tsc --noEmit fails; not run again since the edit.': 'matched' });
  });
});

describe('a request said never asked', () => {
  const task = probeAbout(/HTTP client/);
  const current = probeAbout(/current request/);

  it('is contradicted by "the user did not ask / never asked / nobody asked for" before it', () => {
    expectOutcomes(task, {
      'The user asked to add a retry budget to the HTTP client and to run the tests with npm test.':
        'matched',
      'The user did not ask for a retry budget in the HTTP client or for the tests with npm test.':
        'contradicted',
      'The user never asked to add a retry budget to the HTTP client or to run the tests with npm test.':
        'contradicted',
      'Nobody asked for a retry budget in the HTTP client or for the tests with npm test.': 'contradicted',
    });
    expectOutcomes(current, { 'The user did not ask to wire the budget into timeout.ts.': 'contradicted' });
  });

  it('reaches no further than its clause: what the user did ask for after a comma or a turn is kept', () => {
    expectOutcomes(task, {
      'The user did not ask for new tests, only to add a retry budget to the HTTP client and run the tests with npm test.':
        'matched',
      'Task: add a retry budget to the HTTP client (the user never asked for a rewrite), then run the tests with npm test.':
        'matched',
    });
    expectOutcomes(probeAbout(/new dependencies/), {
      'Do not add new dependencies; the user did not ask for any.': 'matched',
    });
  });
});

describe('a live error said fixed', () => {
  const error = probeAbout(/TS2304/);

  it('is contradicted where its name is said fixed, resolved or gone', () => {
    assert.equal(error.kind, 'error');
    expectOutcomes(error, {
      "npx tsc --noEmit fails with TS2304: Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'matched',
      "TS2304 (Cannot find name 'RetryBudgetExceeded') is fixed.": 'contradicted',
      "The TS2304 error Cannot find name 'RetryBudgetExceeded' was resolved.": 'contradicted',
      "Fixed TS2304: Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'contradicted',
      "TS2304 Cannot find name 'RetryBudgetExceeded' no longer occurs.": 'contradicted',
    });
  });

  it('is kept where the fix is not done, or is of something else', () => {
    expectOutcomes(error, {
      "Open error: TS2304 Cannot find name 'RetryBudgetExceeded' in timeout.ts; not fixed yet.": 'matched',
      "Fixed the import in client.ts, but TS2304: Cannot find name 'RetryBudgetExceeded' still fails in timeout.ts.":
        'matched',
      "TS2304 Cannot find name 'RetryBudgetExceeded' is still to be fixed.": 'matched',
      "The earlier TypeError was fixed; TS2304 Cannot find name 'RetryBudgetExceeded' is open.": 'matched',
      "Next: fix TS2304 Cannot find name 'RetryBudgetExceeded' in timeout.ts.": 'matched',
    });
  });

  it('is the truth of an error fixed before the cut (history), and of an authored probe', () => {
    const fixed = { ...error, live: false };
    const authored = { ...error, source: 'sidecar' as const };
    for (const probe of [fixed, authored])
      assert.equal(outcome(probe, "TS2304 (Cannot find name 'RetryBudgetExceeded') is fixed."), 'matched');
  });
});

describe('commits listed together', () => {
  const pushed = {
    subject: ['dbe5100'],
    said: ['committed locally'],
    within: 'sentences' as const,
    own: ['pushed'],
  };
  const says = (text: string) => statesOpposite(createMatcher(text), pushed);

  it('share what the sentence says after the list', () => {
    assert.equal(
      says('a0y.1 (commit dbe5100), a0y.2 (66e1a0a) and a0y.3 (f0b86dd) are closed and committed locally.'),
      true,
    );
    assert.equal(says('dbe5100 and 66e1a0a are committed locally.'), true);
  });

  it('do not share what is said of another commit after a word of its own', () => {
    assert.equal(says('dbe5100 is pushed, 66e1a0a is committed locally only.'), false);
    assert.equal(says('a0y.1 (dbe5100) pushed; a0y.2 (66e1a0a) committed locally.'), false);
  });
});

describe('a refusal told in prose after a mention', () => {
  /** Whether the user's no is read right after `thing` in `text`. */
  function refused(text: string, thing: string): boolean {
    const canonical = canonicalText(text);
    const end = canonical.indexOf(canonicalText(thing)) + canonicalText(thing).length;
    return refusedAfter(canonical, end);
  }

  it('refuses what the sentence named when it names nothing else', () => {
    assert.equal(refused('The agent offered to set gc.auto 0, but the user declined.', 'gc.auto 0'), true);
    assert.equal(
      refused('The agent offered to set gc.auto 0, but the user said no to it.', 'gc.auto 0'),
      true,
    );
    assert.equal(refused('Setting gc.auto 0 was offered (he said no)', 'gc.auto 0'), true);
    assert.equal(
      refused(
        'The agent offered gc.auto 0, but the user rejected the offer, saying it may hide the bug.',
        'gc.auto 0',
      ),
      true,
    );
  });

  it('refuses the other thing where the refusal names one', () => {
    assert.equal(
      refused(
        'We ran git read-tree HEAD to rebuild the index, but the user rejected the chmod -x change.',
        'read-tree HEAD',
      ),
      false,
    );
    assert.equal(refused('We set gc.auto 0, and the user declined a second worktree.', 'gc.auto 0'), false);
  });
});
