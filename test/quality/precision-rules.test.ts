/**
 * Derived probes that state no reader fact (issue 39, precision): a user's report of a fault is no rule of the work,
 * "only" of time and what "shouldn't happen" are no limits, a status code quoted from a fault is no number the user
 * gave, a progress report's "Completed" section is no proposal, and an error fixed before the cut is not back when
 * only the agent writes about it after; fetching or building the dependencies is no check; a task is the overall one
 * only at or before the request the work started on, and the open one only when no later request asks for something;
 * the agent's account of work done is no decision; an answer to a question is no proposal the user's yes approved;
 * deleting, removing or reading a thing once is no rule; a run aborted before it finished neither passed nor failed.
 * Each rule keeps the real rule beside it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreementProbes } from '../../src/quality/derive/agreements.ts';
import { decisionProbes } from '../../src/quality/derive/decisions.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { markLiveness } from '../../src/quality/derive/liveness.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { constraintProbes, numberProbes, userRequests } from '../../src/quality/derive/requests.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { commandFamily } from '../../src/session/shell-commands.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** The facets of the constraints the user's one message sets. */
function rulesOf(text: string): string[] {
  return constraintProbes(userRequests([user(text), assistant('On it.')])).map(
    (probe) => probe.facets[0]![0]!,
  );
}

describe('a user sentence that reports what happens', () => {
  it('sets no rule when it reports what a thing does not do', () => {
    assert.deepEqual(
      rulesOf(
        'It looks like it does not optimistically update and loads all data for all teams instead of just loading the data needed.',
      ),
      [],
    );
    assert.deepEqual(
      rulesOf(
        "ok, i think the queued messages component doesn't adhere to the invariant that every line must not be wider than the width.",
      ),
      [],
    );
    // Not framed as what the user sees: a rule.
    assert.deepEqual(rulesOf("The cache doesn't persist anything between runs."), [
      'persist anything between runs',
    ]);
    assert.deepEqual(rulesOf('I think you must never touch the lock file.'), ['touch the lock file']);
  });

  it('sets no rule when it passes on what someone else reported', () => {
    // A report relayed: "without" and "only" say what happened to them, not how to work.
    assert.deepEqual(
      rulesOf(
        'We got a report that this popped up after running a few prompts (that generated changes) without touching any other claude session (but maybe it was still open in the background)',
      ),
      [],
    );
    assert.deepEqual(rulesOf('A user reported that the export only fails on Windows.'), []);
    assert.deepEqual(rulesOf("So, we've received several bug reports that it never finishes."), []);
    // The user's own rule beside a report still stands, and "report" as a thing to make is no report relayed.
    assert.deepEqual(rulesOf('We got a report that the export hangs. Do not touch the database schema.'), [
      'touch the database schema',
    ]);
    assert.deepEqual(rulesOf('We need a report that only lists failed runs.'), ['lists failed runs']);
  });

  it('reads "only" of time and what should not happen as no limit', () => {
    assert.deepEqual(rulesOf("I've only recently started seeing this happen with the new worktrees."), []);
    assert.deepEqual(rulesOf("That shouldn't happen in normal operation."), []);
    assert.deepEqual(rulesOf('Only touch the parser module.'), ['touch the parser module']);
    assert.deepEqual(rulesOf("You shouldn't edit generated files."), ['edit generated files']);
  });
});

describe('a status code the user quotes', () => {
  const numbers = (text: string) =>
    numberProbes(userRequests([user(text), assistant('Looking.')])).map((probe) => probe.facets.at(-1)![0]);

  it('is no number the user gave', () => {
    assert.deepEqual(numbers('404 page not found, when clicking on a transcript'), []);
    assert.deepEqual(numbers('The deploy answers HTTP 502 since this morning.'), []);
    assert.deepEqual(numbers('Serve the api on port 8080 with 404 pages cached.'), [
      'port 8080',
      '404 pages',
    ]);
  });
});

describe("a progress report's sections", () => {
  it('are no proposal the user approved', () => {
    const report = assistant(
      [
        '## Completed',
        '- WP1-WP10: AgentSession (885 lines) with all shared logic',
        '- Print mode moved to the new session',
        '## Remaining',
        '- WP11: the interactive mode',
        '',
        'Ready to start WP11?',
      ].join('\n'),
    );
    assert.deepEqual(agreementProbes([user('Port the modes to AgentSession.'), report, user('yes')]), []);
    const proposal = assistant(
      [
        '## Plan: split the session',
        '- Move the event bus into its own module',
        '- Keep the listeners across unsubscribe',
        '',
        'Ready to start?',
      ].join('\n'),
    );
    assert.equal(agreementProbes([user('Split the session.'), proposal, user('yes')]).length, 1);
  });
});

describe("an answer to the user's question", () => {
  // The answer explains under headings, then offers one thing; the user's "yes" takes the offer.
  const answer = assistant(
    [
      "Changing your GitHub username will affect this repository. Here's what happens:",
      '## What GitHub Handles Automatically',
      '**GitHub creates redirects:**',
      '- Old URLs → New URLs (for a while)',
      '## What You Need to Update Manually',
      '- Local git remote',
      '',
      'Would you like me to create a script to make this easier when you change your username?',
    ].join('\n'),
  );

  it('is no proposal the user approved, where the question asks what is or would be', () => {
    assert.deepEqual(
      agreementProbes([user('what will happen if I change my user name on github?'), answer, user('yes')]),
      [],
    );
    assert.deepEqual(agreementProbes([user('how does the redirect work?'), answer, user('yes')]), []);
  });

  it('is one where the question asks for advice or puts a proposal', () => {
    for (const question of [
      'how should we handle a username change?',
      'What if we just keep both remotes?',
      'Can you update the remotes for a new username?',
    ])
      assert.equal(agreementProbes([user(question), answer, user('yes')]).length, 1, question);
  });
});

describe('an error fixed before the cut', () => {
  const pasted = 'fatal: unable to read e53647ba1f1e5203bedff558b482f178db045555';
  const filing = toolCall('create_issue', { title: 'Index corruption', description: `Users see ${pasted}` });
  const history = [
    user(`git status broke:\n${pasted}`),
    assistant('The worktree index names a pruned object; rebuild it with git read-tree HEAD.'),
    user('that worked, thanks. Now look at why the hooks rewrite the index.'),
    assistant('Looking at the hooks.'),
  ];
  const errorAt = (after: Message[]) =>
    deriveProbes(session([...history, ...after]), { cut: history.length }).probes.find(
      (probe) => probe.kind === 'error',
    );

  it('stays history when only the agent writes about it after the cut', () => {
    const error = errorAt([
      assistant(`I'll file an issue about ${pasted}.`),
      callsTools([filing]),
      toolResult(filing, `{"identifier":"ENT-242","description":"Users see ${pasted}"}`),
    ]);
    assert.equal(error?.live, false);
  });

  it('is live when the user sees it again after the cut', () => {
    assert.equal(errorAt([user(`it happened again:\n${pasted}`)])?.live, true);
  });
});

describe('a command that fetches or builds the dependencies', () => {
  it('is no check of the project', () => {
    assert.equal(commandFamily('mix deps.compile --force ash ash_sqlite'), undefined);
    assert.equal(commandFamily('npm install --save-dev vitest'), undefined);
    assert.equal(commandFamily('mix compile --warnings-as-errors'), 'build');
    assert.equal(commandFamily('npm run build'), 'build');
    assert.equal(commandFamily('pnpm vitest run'), 'test');
  });
});

describe('a task probe at the cut', () => {
  const edit = (path: string) => toolCall('edit', { path, oldText: 'a', newText: 'b' });
  const work = (path: string): Message[] => {
    const call = edit(path);
    return [callsTools([call]), toolResult(call, `Edited ${path}.`)];
  };
  const task = (messageIndex: number): Probe => ({
    id: `task@${messageIndex}`,
    kind: 'task',
    question: 'What did the user ask?',
    answer: 'The user asked for it.',
    facets: [['it']],
    contradictions: [],
    source: 'derived',
    messageIndex,
  });
  const liveAt = (messages: Message[], at: number[]) =>
    markLiveness(at.map(task), { messages }, messages.length).map((probe) => probe.live);

  it('is the overall task only at or before the request the work started on', () => {
    const messages = [
      user('read src/theme.ts in full, then port the selector'),
      ...work('src/selector.ts'),
      user('we need to fix the test sources. create default themes shared across all the tests'),
      ...work('test/themes.ts'),
      user('now make the footer dimmer, it uses the wrong token'),
      ...work('src/footer.ts'),
    ];
    // The first request gave no task probe: the test-sources request is a step of the work, not its goal.
    assert.deepEqual(liveAt(messages, [3, 6]), [false, true]);
    assert.deepEqual(liveAt(messages, [0, 3, 6]), [true, false, true]);
  });

  it('is the open request only when no later request asks for something', () => {
    const messages = [
      user('Port the selectors to the theme system, reading each file in full first.'),
      ...work('src/selector.ts'),
      user('could we have a file watcher for the custom themes? that way people can live edit them'),
      ...work('src/watcher.ts'),
      user('ok, copy the dark theme over to the themes folder and let me try the live edit'),
      ...work('themes/dark.json'),
    ];
    // The watcher request was the request of its time; the last one (no task probe of its own) is open.
    assert.deepEqual(liveAt(messages, [0, 3]), [true, false]);
    // A go-ahead or a reaction after it asks for nothing new: the watcher request is still the one worked on.
    const approved = [...messages.slice(0, 6), user('great, continue'), ...work('src/watcher.ts')];
    assert.deepEqual(liveAt(approved, [0, 3]), [true, true]);
    // Nor does a command the user ran in the agent's shell.
    const ran = [
      ...messages.slice(0, 6),
      user(
        '[User ran a shell command]\n$ git log --oneline\nabc1234 Add the theme watcher\ndef5678 Port the selector to themes\n(exit code 0)',
      ),
    ];
    assert.deepEqual(liveAt(ran, [0, 3]), [true, true]);
  });
});

describe("the agent's account of work done", () => {
  const decisions = (text: string) =>
    decisionProbes([user('Port the tests to the themes.'), assistant(text)]).map((probe) => probe.statement);

  it('is no decision, where the step that takes a choice is one', () => {
    assert.deepEqual(
      decisions('## Summary\n\nFixed all TUI test files to use proper themes instead of chalk directly:'),
      [],
    );
    assert.deepEqual(
      decisions(
        '### Changes Made\n\n- Updated `getBorderColor()` to use the dedicated tokens instead of generic colors',
      ),
      [],
    );
    assert.deepEqual(
      decisions(
        'This changes the condensation to store full transcripts instead of truncating at the last point.',
      ),
      [],
    );
    assert.deepEqual(decisions('Now update WP15-17 to use new files instead of modifying in place:'), [
      'use new files instead of modifying in place:',
    ]);
  });
});

describe('an action the user asks for once', () => {
  it('is no rule: deleting or removing a thing, or reading a file, said without when or how', () => {
    assert.deepEqual(rulesOf('delete the file'), []);
    assert.deepEqual(rulesOf('remove the nord.json'), []);
    assert.deepEqual(rulesOf('read README.md that details everything'), []);
    // Put for later, or saying how to read, it is a rule of the work.
    assert.deepEqual(rulesOf("Delete all the Python source files when you're done"), ['Python source files']);
    assert.deepEqual(rulesOf('read packages/coding-agent/docs/theme.md in full'), [
      'packages/coding-agent/docs/theme.md in full',
    ]);
    assert.deepEqual(rulesOf('keep the Justfile'), ['keep the Justfile']);
  });
});

describe('a run stopped before it finished', () => {
  const run = (output: string, isError = true) => {
    const call = toolCall('bash', { command: 'npm test -- truncated-text.test.ts' });
    return toolRuns([user('Test it.'), callsTools([call]), toolResult(call, output, isError)]).at(-1)!;
  };

  it('neither passed nor failed', () => {
    for (const output of [
      '> node --test test/*.test.ts\nError in the js-debug bootloader\n\nCommand aborted',
      '[Request interrupted by user for tool use]\n=== RUN   TestParse',
    ]) {
      const aborted = run(output);
      assert.equal(aborted.failed, false);
      assert.equal(aborted.inconclusive, true);
    }
    assert.equal(run('not ok 1 - renders\n# fail 1').failed, true);
  });
});
