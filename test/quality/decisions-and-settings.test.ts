/**
 * Decisions and state of the work (issue 39, coverage of decisions and state): a report of work done or a description
 * of what code does is no choice the agent makes, a choice put against its alternative first is one, and a setting
 * the agent changed and did not revert is a state of the machine the work depends on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreementProbes } from '../../src/quality/derive/agreements.ts';
import { optionChoiceProbes } from '../../src/quality/derive/choices.ts';
import { decisionProbes } from '../../src/quality/derive/decisions.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { loginProbes, logins } from '../../src/quality/derive/logins.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { settingChanges, settingProbes } from '../../src/quality/derive/settings.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import type { DraftProbe } from '../../src/quality/derive/draft.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A deriver's draft as the probe compare scores. */
function asDerived(draft: DraftProbe, id: string) {
  return { ...draft, id, source: 'derived' as const, contradictions: draft.contradictions ?? [] };
}

/** Shell runs: each command with what it printed. */
function shell(...runs: Array<[string, string]>): Message[] {
  return runs.flatMap(([command, output]) => {
    const call = toolCall('Bash', { command });
    return [callsTools([call]), toolResult(call, output)];
  });
}

describe('a choice the agent makes', () => {
  it('is not a report of work done or a description of what a change does', () => {
    assert.deepEqual(
      decisionProbes([
        assistant('Fixed all TUI test files to use proper themes instead of chalk directly:'),
        assistant(
          '- Updated `getThinkingBorderColor()` to use the dedicated tokens instead of mapping to generic colors',
        ),
        assistant(
          'It changes the condensation behavior to store full transcripts instead of truncating at the last point.',
        ),
      ]),
      [],
    );
    // The same words as a step still to take: a choice.
    const [step] = decisionProbes([
      assistant('Now update the test files to use proper themes instead of chalk directly:'),
    ]);
    assert.equal(step?.statement, 'update the test files to use proper themes instead of chalk directly:');
  });

  it("is not a report of work done under its file's label in a change summary", () => {
    // A summary of changes reports each file as "- **`file`** — Updated …" (clean-442 @136): the label does not make
    // the report a step still to take.
    for (const label of ['**`test/theme.test.ts`**', '`test/theme.test.ts`', '**theme.test.ts**'])
      for (const dash of [' — ', ' - ', ': '])
        assert.deepEqual(
          decisionProbes([
            assistant(
              `- ${label}${dash}Updated the border checks to use proper themes instead of chalk directly.`,
            ),
          ]),
          [],
          `${label}${dash}`,
        );
    // A step under a label is still a step.
    const [step] = decisionProbes([
      assistant(
        '- **`test/theme.test.ts`** — now update the checks to use proper themes instead of chalk directly.',
      ),
    ]);
    assert.deepEqual(step?.facets, [['update the checks'], ['chalk directly']]);
  });

  it('is read when the alternative comes first, once however often it is said', () => {
    const probes = decisionProbes([
      assistant(
        'Instead of stripping dates everywhere, we make the session ID **stable** by reusing the existing state file.',
      ),
      assistant(
        'Instead of fixing all the comparison logic, we make the session ID stable by reusing state files.',
      ),
      // A guess is no choice, and the agent's narration of its next step is the step, not a decision.
      assistant('Instead of a retry, we might add a circuit breaker around the client.'),
      assistant(
        'Instead of fixing each error one by one, let me create helper getters that delegate to the session:',
      ),
    ]);
    assert.equal(probes.length, 1);
    // A choice that puts a thing in a state is spelled as a paraphrase puts it too, and its opposite contradicts it.
    assert.deepEqual(probes[0]!.facets, [['session ID stable', 'stable session ID', 'ID stable']]);
    assert.deepEqual(probes[0]!.contradictions, [
      'session ID not stable',
      'ID not stable',
      'ID is not stable',
    ]);
    assert.equal(
      probes[0]!.statement,
      'Instead of stripping dates everywhere, we make the session ID stable by reusing the existing state file.',
    );
  });
});

describe('a change of course the agent states', () => {
  it('names the new way before a trailing "instead", when it says how or why', () => {
    const probes = decisionProbes([
      assistant(
        'Let me fix it by dropping the polling loop and pushing the updates over the socket instead:',
      ),
      assistant("Let me keep the cache under `var/cache/` instead since that's where the service reads it."),
      // A try chooses nothing yet; a bare "use X instead" is a local fix (here of a compile error).
      assistant('Let me try using the async client instead:'),
      assistant('Let me use the fully qualified name inline instead to satisfy the compiler.'),
    ]);
    assert.deepEqual(
      probes.map((probe) => [probe.facets, probe.statement]),
      [
        [[['updates over the socket']], 'pushing the updates over the socket instead'],
        [
          [['var/cache/']],
          "keep the cache under `var/cache/` instead, since that's where the service reads it.",
        ],
      ],
    );
  });

  it('is kept by a paraphrase that names the new way, and by nothing that leaves it out', () => {
    const messages: Message[] = [
      user('The dashboard is slow to refresh, can you look into it?'),
      assistant('The client polls the stats endpoint every second.'),
      assistant(
        'Let me fix it by dropping the polling loop and pushing the updates over the socket instead:',
      ),
    ];
    const [probe] = deriveProbes(session(messages)).probes.filter((found) => found.kind === 'decision');
    assert.ok(probe, 'the change of course is derived');
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome('The dashboard now gets its updates over the socket; the polling loop is gone.'),
      'matched',
    );
    assert.equal(
      outcome('The dashboard was slow; the client polls the stats endpoint every second.'),
      'missed',
    );
    // The user's words copied verbatim say nothing of it; said as not done, it counts a contradiction.
    assert.equal(outcome('The dashboard is slow to refresh, can you look into it?'), 'missed');
    assert.equal(
      outcome('The updates are not pushed over the socket; the client still polls.'),
      'contradicted',
    );
  });

  it('of one word is read with the sentence before it, which says what it is for', () => {
    const [probe] = decisionProbes([
      assistant(
        'The issue is that I need to make `with_lock` work with do blocks. Let me rewrite it to be a macro:',
      ),
      // A question before says nothing of what the choice is for.
      assistant('Should this accept a do block? Let me rewrite it to be a struct.'),
    ]);
    assert.deepEqual(probe?.facets, [['macro'], ['do blocks', 'do block']]);
    assert.equal(
      probe?.statement,
      'The issue is that I need to make `with_lock` work with do blocks. Let me rewrite it to be a macro:',
    );
    const messages: Message[] = [
      user('Add a locking helper to the controllers.'),
      assistant(
        'The issue is that I need to make `with_lock` work with do blocks. Let me rewrite it to be a macro:',
      ),
    ];
    const [derived] = deriveProbes(session(messages)).probes.filter((found) => found.kind === 'decision');
    assert.ok(derived, 'the choice is derived');
    const outcome = (text: string) => probeOutcome(createMatcher(text), derived);
    assert.equal(
      outcome('`with_lock` is a macro that takes a do block, so each controller requires it.'),
      'matched',
    );
    assert.equal(outcome('`with_lock` is a helper the controllers call.'), 'missed');
    assert.equal(outcome('Add a locking helper to the controllers.'), 'missed');
    assert.equal(outcome('`with_lock` was not rewritten as a macro; it takes no do block.'), 'contradicted');
  });
});

describe('a setting the agent changed', () => {
  const changed = shell(
    ['cat /sys/firmware/acpi/platform_profile', 'balanced-performance'],
    ['echo "performance" | sudo tee /sys/firmware/acpi/platform_profile', 'performance'],
    ['git config --global core.excludesfile ~/.gitignore_global', ''],
    ['git config --global --get core.excludesfile', '~/.gitignore_global'],
  );

  it('is the state the last write left, with the value it had before', () => {
    assert.deepEqual(
      settingChanges(toolRuns(changed)).map(({ key, value, was }) => ({ key, value, was })),
      [
        { key: '/sys/firmware/acpi/platform_profile', value: 'performance', was: 'balanced-performance' },
        { key: 'core.excludesfile', value: '~/.gitignore_global', was: undefined },
      ],
    );
  });

  it('is no state once set back, unset, or refused', () => {
    const back = shell(
      ['cat /sys/firmware/acpi/platform_profile', 'balanced-performance'],
      ['echo performance | sudo tee /sys/firmware/acpi/platform_profile', 'performance'],
      ['echo balanced-performance | sudo tee /sys/firmware/acpi/platform_profile', 'balanced-performance'],
      ['git config --global core.editor vim', ''],
      ['git config --global --unset core.editor', ''],
      ['echo 1 | tee /proc/sys/vm/drop_caches', 'tee: /proc/sys/vm/drop_caches: Permission denied'],
      ['sysctl -w vm.swappiness=10', 'sysctl: permission denied on key "vm.swappiness"'],
    );
    assert.deepEqual(settingChanges(toolRuns(back)), []);
  });

  it('is kept by its name and value, and contradicted when said to be set back', () => {
    const named = asDerived(settingProbes(toolRuns(changed.slice(0, 4)))[0]!, 's');
    const outcome = (text: string) => probeOutcome(createMatcher(text), named);
    assert.equal(
      outcome('I changed the ACPI platform profile from balanced-performance to performance.'),
      'matched',
    );
    assert.equal(outcome('platform_profile is performance'), 'matched');
    // A bag of the identifiers, the command's words alone, and the setting put back.
    assert.equal(outcome('platform_profile, balanced-performance, performance, acpi'), 'missed');
    assert.equal(
      outcome('I have since put the platform profile back to balanced-performance.'),
      'contradicted',
    );
  });

  it('is a live state probe of a derived set, and not a decision', () => {
    // Only where the transcript says it in words a summary can repeat: the whole transcript keeps every probe.
    const messages = [
      user('Make the laptop as fast as it can be, then build the applet.'),
      ...changed,
      assistant('The platform profile is now performance.'),
    ];
    const probes = deriveProbes(session(messages)).probes.filter((probe) =>
      probe.answer.includes('platform_profile'),
    );
    assert.deepEqual(
      probes.map((probe) => [probe.kind, probe.live]),
      [['state', true]],
    );
  });
});

describe('an approved proposal of headings over code', () => {
  it('states no decision by a heading with nothing of its own under it, nor by a subsection of what it achieves', () => {
    const fence = '```ts\nclass AgentSession {}\n```';
    const proposal = (design: string) =>
      assistant(
        [
          'Let me expand AgentSession into one abstraction every mode uses.',
          '## Expanded AgentSession Design',
          fence,
          '## How Modes Would Use It',
          '### Print Mode (simplest)',
          fence,
          '## What This Achieves',
          '### 1. **Single Source of Truth**',
          '- No more duplicate checkAutoCompaction()',
          design,
          'Want me to go ahead with this design?',
        ].join('\n'),
      );
    assert.deepEqual(agreementProbes([user('Plan the refactor.'), proposal(''), user('yes')]), []);
    // A heading with its own points under it states them.
    const [probe] = agreementProbes([
      user('Plan the refactor.'),
      proposal('## State access\n- Read-only getters for model, thinking level and queue mode'),
      user('yes'),
    ]);
    assert.equal(
      probe?.statement,
      'Proposed: State access; Read-only getters for model, thinking level and queue mode',
    );
  });
});

describe('edits a refused commit left uncommitted', () => {
  it('are still the live state after the commit attempt failed', () => {
    const edit = toolCall('edit', { path: 'lib/trace.ex', old_string: 'a', new_string: 'b' });
    const commit = toolCall('Bash', {
      command: 'git add -A && git commit -m "feat: trace the hook controllers"',
    });
    const status = toolCall('Bash', { command: 'git status' });
    const messages: Message[] = [
      user('Instrument the hook controllers with trace spans.'),
      callsTools([edit]),
      toolResult(edit, 'The file lib/trace.ex has been updated.'),
      callsTools([commit]),
      toolResult(commit, 'credo found 2 issues\nerror: pre-commit hook failed (exit code 1)', true),
      callsTools([status]),
      toolResult(status, 'Changes not staged for commit:\n  modified:   lib/trace.ex'),
    ];
    const uncommitted = deriveProbes(session(messages)).probes.filter((probe) =>
      probe.statement?.includes('not committed'),
    );
    assert.deepEqual(
      uncommitted.map((probe) => probe.live),
      [true],
    );
  });
});

describe('a pick of the option that begins the work', () => {
  it('is the go-ahead, not a choice; a pick between directions is one', () => {
    const offer = (first: string) =>
      assistant(
        [
          'Plan written. How would you like to proceed?',
          `1. ${first}`,
          '2. Review the plan together first?',
          '3. Build a simpler prototype?',
        ].join('\n'),
      );
    assert.deepEqual(
      optionChoiceProbes([offer('Start implementing the applet (Phase 1: Core Backend)?'), user('1')]),
      [],
    );
    assert.equal(
      optionChoiceProbes([
        offer('Continue with the power monitor and add it to the panel config?'),
        user('1'),
      ]).length,
      1,
    );
  });
});

describe('a tool the agent logged into an account', () => {
  const loggedIn = shell(
    ['gh auth status', 'You are not logged into any GitHub hosts. To log in, run: gh auth login'],
    [
      'gh auth login',
      '! First copy your one-time code: 5E72-5D5A\n✓ Authentication complete.\n✓ Logged in as octo-cat',
    ],
    ['gh auth refresh -h github.com -s workflow', ''],
    ['gh auth status', '✓ Logged in to github.com account octo-cat (keyring)'],
  );

  it('is the account of its last login, with the scopes a refresh added', () => {
    assert.deepEqual(logins(toolRuns(loggedIn)), [
      { tool: 'gh', account: 'octo-cat', scopes: ['workflow'], messageIndex: 3 },
    ]);
    assert.deepEqual(
      logins(toolRuns([...loggedIn, ...shell(['gh auth logout', '✓ Logged out of github.com'])])),
      [],
    );
  });

  it('is kept by the account said to be logged in, not by the login command or the account alone', () => {
    const [probe] = loginProbes(toolRuns(loggedIn));
    assert.equal(probe?.statement, 'gh is logged in as octo-cat, with the workflow scope');
    const named = {
      ...probe!,
      id: 'l',
      source: 'derived' as const,
      contradictions: probe!.contradictions ?? [],
    };
    const outcome = (text: string) => probeOutcome(createMatcher(text), named);
    assert.equal(
      outcome('GitHub CLI: gh is logged in as octo-cat (device flow), token has the workflow scope.'),
      'matched',
    );
    assert.equal(outcome('- `gh auth login`\n- `gh auth refresh -h github.com -s workflow`'), 'missed');
    assert.equal(outcome('octo-cat, gh, workflow, github.com'), 'missed');
  });

  it('is kept where the tool is said logged in, not by the record of the account beside the word login', () => {
    const named = asDerived(loginProbes(toolRuns(loggedIn))[0]!, 'l');
    const outcome = (text: string) => probeOutcome(createMatcher(text), named);
    // `gh api user`'s record, its first words as the attack test's bag of tool result heads takes them.
    assert.equal(outcome('login octo-cat id 189051010 node_id U_kgDOC0Swgg avatar_url https.'), 'missed');
    assert.equal(outcome('{"login":"octo-cat","id":189051010,"node_id":"U_kgDOC0Swgg"}'), 'missed');
    // A terse note's label names the tool; GitHub is gh's host, said for the tool.
    assert.equal(outcome('- gh: login octo-cat via device code; token + `workflow` scope.'), 'matched');
    assert.equal(outcome('Logged in to GitHub as octo-cat.'), 'matched');
    assert.equal(outcome('The GitHub CLI is authenticated as octo-cat.'), 'matched');
    assert.equal(outcome('It is false that gh is logged in as octo-cat.'), 'contradicted');
  });
});
