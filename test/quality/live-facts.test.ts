/**
 * Live facts and history (issue 23): each probe says whether it still matters at the cut, probe recall is over the
 * live ones with history beside it, no kind is more than a third of a derived set, and the agent's own work (what
 * its edits introduced, the approaches it chose, what it committed) gets probes that a list of paths or
 * identifiers cannot keep.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { artifactProbes, changeOf, plainPhrase } from '../../src/quality/derive/artifacts.ts';
import { commitProbes, commitSubject } from '../../src/quality/derive/commits.ts';
import { decisionProbes } from '../../src/quality/derive/decisions.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { livenessReasons, markLiveness } from '../../src/quality/derive/liveness.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { selectProbes } from '../../src/quality/derive/select.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { lintProbes } from '../../src/quality/probe-lint.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { FileOperation, Message } from '../../src/session/types.ts';
import {
  assistant,
  callsTools,
  editRun,
  session as sessionOf,
  shellRun,
  toolCall,
  toolResult,
  user,
} from '../helpers/factories.ts';

/** A probe for liveness and scoring tests. */
function probe(id: string, kind: string, messageIndex: number, extra: Partial<Probe> = {}): Probe {
  return {
    id,
    kind,
    question: '?',
    answer: id,
    facets: [[id]],
    contradictions: [],
    messageIndex,
    source: 'derived',
    ...extra,
  };
}

const FAILING =
  ' FAIL  test/retry.test.ts > retry > stops after the budget\n   AssertionError: expected 4 to equal 3\n Tests  1 failed | 11 passed';

/** A session: a failing test run, a passing one, then (optionally) the same failure again after message 5. */
function retrySession(recurs: boolean): Message[] {
  const failing = toolCall('bash', { command: 'npm test' });
  const passing = toolCall('bash', { command: 'npm test' });
  const again = toolCall('bash', { command: 'npm test' });
  return [
    user('Make the retry budget configurable. It should default to three attempts per request.'),
    callsTools([failing]),
    toolResult(failing, FAILING, true),
    callsTools([passing]),
    toolResult(passing, ' Tests  12 passed'),
    user('Now add jitter to the backoff between retries. Keep each wait under one second.'),
    ...(recurs ? [callsTools([again]), toolResult(again, FAILING, true)] : []),
  ];
}

describe('live facts and history', () => {
  it('marks a fixed error as history, and live again when it recurs after the cut', () => {
    const fixed = sessionOf(retrySession(false));
    const error = deriveProbes(fixed).probes.find((item) => item.kind === 'error')!;
    assert.equal(error.live, false, 'fixed by the passing run at 4');
    assert.deepEqual(livenessReasons([error], fixed, fixed.messages.length), { [error.id]: 'fixed-error' });

    const recurring = sessionOf(retrySession(true));
    const atCut = deriveProbes(recurring, { cut: 5 }).probes.find((item) => item.kind === 'error')!;
    assert.equal(atCut.live, true, 'the same failure comes back at 7, after the cut');
    assert.deepEqual(atCut.repeatedAt, undefined, 'only restatements before the cut are recorded');
    const atEnd = deriveProbes(recurring).probes.find((item) => item.kind === 'error')!;
    assert.equal(atEnd.live, true, 'unresolved at the end');
  });

  it('a fixed error hit again in another file is another error: it stays history; in its own file it recurs', () => {
    // pi's first compaction: main-new.ts lacked `join`, fixed; later interactive-mode.ts lacked it too.
    const compile = (file: string) =>
      `${file}(499,20): error TS2304: Cannot find name 'join'.\n${file}(779,23): error TS2304: Cannot find name 'tmpdir'.`;
    const at = (file: string) => {
      const failing = toolCall('bash', { command: 'npm run check' });
      const passing = toolCall('bash', { command: 'npm run check' });
      const again = toolCall('bash', { command: 'npm run check' });
      return sessionOf([
        user(
          'Create main-new.ts from main.ts with its single-shot and RPC functions removed, then run the check.',
        ),
        callsTools([failing]),
        toolResult(failing, compile('../coding-agent/src/main-new.ts'), true),
        callsTools([passing]),
        toolResult(passing, 'Checked 120 files. No errors.'),
        user('Now build the interactive mode on top of AgentSession and run the check again.'),
        callsTools([again]),
        toolResult(again, compile(file), true),
      ]);
    };
    const elsewhere = at('src/modes/interactive/interactive-mode.ts');
    const [error] = deriveProbes(elsewhere, { cut: 5 }).probes.filter((item) => item.kind === 'error');
    assert.equal(error?.file, '../coding-agent/src/main-new.ts', 'the file its line names');
    assert.equal(error?.live, false, 'fixed at 4; the failure at 7 is in another file');
    const sameFile = at('src/main-new.ts');
    const recurred = deriveProbes(sameFile, { cut: 5 }).probes.find((item) => item.kind === 'error');
    assert.equal(recurred?.live, true, 'the same file fails the same way at 7, after the cut');
  });

  it('an error with no passing check after it is live; a check run again before the cut supersedes its state', () => {
    const messages = retrySession(false);
    const session = sessionOf(messages);
    const probes = [
      probe('error', 'error', 2),
      probe('old-state', 'state', 2, { check: 'npm test' }),
      probe('new-state', 'state', 4, { check: 'npm test' }),
    ];
    const live = (cut: number) =>
      Object.fromEntries(markLiveness(probes, session, cut).map((item) => [item.id, item.live]));
    assert.deepEqual(live(3), { error: true, 'old-state': true });
    assert.deepEqual(live(6), { error: false, 'old-state': false, 'new-state': true });
    // A run of the same check on one file is superseded by a later run on any files (or all of them).
    const focused = toolCall('bash', { command: 'mix test test/a_test.exs' });
    const full = toolCall('bash', { command: 'mix test --seed 0' });
    const other = toolCall('bash', { command: 'mix credo --strict' });
    const mix = sessionOf([
      user('Add the retry budget and make sure every test passes.'),
      callsTools([focused]),
      toolResult(focused, '5 tests, 0 failures'),
      callsTools([other]),
      toolResult(other, 'found no issues'),
      callsTools([full]),
      toolResult(full, '297 tests, 0 failures'),
    ]);
    const mixProbes = [
      probe('focused', 'state', 2, { check: 'mix test test/a_test.exs' }),
      probe('full', 'state', 6, { check: 'mix test' }),
    ];
    const mixLive = (cut: number) =>
      Object.fromEntries(markLiveness(mixProbes, mix, cut).map((item) => [item.id, item.live]));
    assert.deepEqual(mixLive(4), { focused: true });
    assert.deepEqual(mixLive(7), { focused: false, full: true });
    // The focused run again after the cut: at the cut, the full run's outcome is still the state, not the older one.
    const again = toolCall('bash', { command: 'mix test test/a_test.exs' });
    const rerun = sessionOf([...mix.messages, callsTools([again]), toolResult(again, '6 tests, 0 failures')]);
    const rerunLive = Object.fromEntries(
      markLiveness(mixProbes, rerun, 7).map((item) => [item.id, item.live]),
    );
    assert.deepEqual(rerunLive, { focused: false, full: true });
    // A check is its program and words, not its files: the focused run after the cut runs the tests again.
    assert.deepEqual(livenessReasons(mixProbes, rerun, 7), {
      focused: 'superseded-state',
      full: 'check-rerun-after-cut',
    });
    // A run of one test by name is the state until a later whole run of a check of its kind, by any tool.
    const one = toolCall('bash', { command: 'go test ./cmd/cli/checkpoint/... -run TestArchive -v' });
    const lint = toolCall('bash', { command: 'mise run lint' });
    const suite = toolCall('bash', { command: 'mise run test' });
    const go = sessionOf([
      user('Fix the archive of chunked transcripts and make sure every test passes.'),
      callsTools([one]),
      toolResult(one, 'ok  entire.io/cli/checkpoint 0.4s'),
      callsTools([lint]),
      toolResult(lint, '0 issues.'),
      callsTools([suite]),
      toolResult(suite, 'ok  entire.io/cli/... 12.1s'),
    ]);
    const goProbes = [
      probe('one', 'state', 2, { check: 'go test TestArchive' }),
      probe('lint', 'state', 4, { check: 'mise run lint' }),
    ];
    const goLive = (cut: number) =>
      Object.fromEntries(markLiveness(goProbes, go, cut).map((item) => [item.id, item.live]));
    assert.deepEqual(goLive(5), { one: true, lint: true });
    assert.deepEqual(goLive(7), { one: false, lint: true });
  });

  it('keeps the first and the open task live, an earlier finished task and a passing number as history', () => {
    // The user speaks at 0, 3 and 6: the request at 6 is the open one.
    const messages: Message[] = Array.from({ length: 10 }, (_, index) =>
      index % 3 === 0 && index < 9 ? user(`request ${index}`) : assistant('…'),
    );
    const session = sessionOf(messages);
    const probes = [
      probe('goal', 'task', 0),
      probe('middle', 'task', 3),
      probe('aside', 'number', 3),
      probe('open', 'task', 6),
      probe('count', 'number', 6),
      probe('rule', 'constraint', 1),
      probe('choice', 'decision', 2),
      probe('said-again', 'task', 4, { repeatedAt: [8] }),
    ];
    const reasons = livenessReasons(probes, session, 10);
    assert.deepEqual(reasons, {
      goal: 'first-task',
      middle: 'earlier-task',
      aside: 'aside',
      open: 'open-task',
      count: 'in-open-request',
      rule: 'standing',
      choice: 'standing',
      'said-again': 'earlier-task',
    });
    // At a cut before 8, the user stating it again at 8 makes it live there.
    assert.equal(livenessReasons(probes, session, 7)['said-again'], 'stated-after-cut');
  });

  it('a task the next request reverts is history, even when its words come back later', () => {
    const session = sessionOf([
      user('Port the parser to Rust and keep the old one around.'),
      assistant('…'),
      user('copy the tui components into modes/interactive so the new code is self-contained.'),
      assistant('Copied.'),
      user('actually, can you revert that? i want to move those files to their final location.'),
      assistant('Reverted; the new code is self-contained once the files move.'),
      user('Now write the release notes.'),
    ]);
    const probes = [
      probe('first', 'task', 0),
      probe('copy', 'task', 2, { repeatedAt: [5] }),
      probe('move', 'task', 4),
      probe('notes', 'task', 6),
    ];
    assert.deepEqual(livenessReasons(probes, session, 7), {
      first: 'first-task',
      copy: 'reverted-task',
      move: 'earlier-task',
      notes: 'open-task',
    });
    // Cut before the revert was asked, the request still stands (and its words come back after the cut).
    assert.equal(livenessReasons(probes, session, 4)['copy'], 'stated-after-cut');
    assert.equal(markLiveness(probes, session, 4).find((item) => item.id === 'copy')!.live, true);
  });

  it('a request the user interrupted and then replaced by another is history; a question or a redirect is not', () => {
    const sessionWith = (after: string) =>
      sessionOf([
        user('use lenovo-legion-linux cli to increase my fan speed'),
        assistant('The CLI is legion_cli; enabling maximum fan speed needs sudo.'),
        user('legion_cli maximumfanspeed-status'),
        assistant('…'),
        user('[Request interrupted by user]'),
        user(after),
        assistant('…'),
      ]);
    const probes = [probe('fan', 'task', 0), probe('next', 'task', 5)];
    const replaced = sessionWith('change my power mode to max performance with dGPU');
    assert.deepEqual(livenessReasons(probes, replaced, 7), { fan: 'abandoned-task', next: 'open-task' });
    // Cut before the new request, nothing replaced it yet: it is the open task.
    assert.equal(livenessReasons(probes.slice(0, 1), replaced, 5)['fan'], 'open-task');
    // A question after the interruption asks for nothing instead; a redirect shares the request's words.
    assert.equal(livenessReasons(probes, sessionWith('where are we at with it?'), 7)['fan'], 'first-task');
    assert.equal(
      livenessReasons(probes, sessionWith('set the fan speed with legiond-ctl instead of the cli'), 7)['fan'],
      'first-task',
    );
  });

  it('an artifact is live when its file is edited again after the cut; a hand-set `live` is kept', () => {
    const edit = toolCall('edit', { path: 'src/retry.ts', oldText: 'a', newText: 'b' });
    const session = sessionOf([user('x'), assistant('y'), callsTools([edit]), toolResult(edit, 'ok')]);
    const artifact = probe('artifact', 'artifact', 0, { file: 'src/retry.ts', live: undefined });
    assert.equal(livenessReasons([artifact], session, 1)['artifact'], 'file-used-after-cut');
    const byHand = probe('old', 'error', 0, { source: 'sidecar', live: true });
    assert.equal(markLiveness([byHand], session, 4)[0]!.live, true);
  });
});

describe('probe recall over live facts', () => {
  const live = probe('retry budget configurable', 'task', 0);
  const history = probe('expected 4 to equal', 'error', 2, { live: false });

  it('is the headline; history recall is beside it', () => {
    const keepsHistory = scoreProbes(createMatcher('It failed with expected 4 to equal 3.'), [live, history]);
    assert.equal(keepsHistory.probeRecall, 0);
    assert.equal(keepsHistory.historyRecall, 1);
    assert.deepEqual([keepsHistory.probesTotal, keepsHistory.historyTotal], [1, 1]);
    const keepsLive = scoreProbes(createMatcher('Make the retry budget configurable.'), [live, history]);
    assert.equal(keepsLive.probeRecall, 1);
    assert.equal(keepsLive.historyRecall, 0);
    assert.deepEqual(keepsLive.probeRecallByKind, { task: 1 }, 'per kind over the live facts');
  });

  it('an empty summary scores 0 and the whole transcript 1', () => {
    const session = sessionOf(retrySession(true));
    const { probes } = deriveProbes(session);
    assert.ok(probes.some((item) => item.live !== false));
    assert.equal(scoreProbes(createMatcher(''), probes).probeRecall, 0);
    const transcript = session.messages
      .map((message) =>
        message.role === 'assistant'
          ? JSON.stringify(message.content)
          : typeof message.content === 'string'
            ? message.content
            : message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'),
      )
      .join('\n\n');
    assert.equal(scoreProbes(createMatcher(transcript), probes).probeRecall, 1);
  });
});

describe('selecting probes: every live fact, history under a third a kind', () => {
  const item = (kind: string, messageIndex: number, live = true) => ({ kind, messageIndex, live });

  it('keeps every live fact whatever its kind, and holds history to a third a kind', () => {
    const errors = Array.from({ length: 12 }, (_, index) => item('error', index * 10, index === 7));
    const tasks = Array.from({ length: 8 }, (_, index) => item('task', index * 10 + 5));
    const chosen = selectProbes(
      [...errors, ...tasks, item('constraint', 1), item('constraint', 2), item('state', 3, false)],
      60,
    );
    // The headline weighs each kind the same: eight live tasks count no more than one live error.
    assert.equal(chosen.filter((probe) => probe.live).length, 11);
    const history = chosen.filter((probe) => !probe.live);
    const counts = new Map<string, number>();
    for (const probe of history) counts.set(probe.kind, (counts.get(probe.kind) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(counts), { error: 11, state: 1 });
    assert.ok(chosen.some((probe) => probe.kind === 'error' && probe.messageIndex === 70 && probe.live));
  });

  it('shares the limit equally by kind only when the live facts alone are more than it', () => {
    const artifacts = Array.from({ length: 10 }, (_, index) => item('artifact', index * 10));
    const chosen = selectProbes(
      [...artifacts, item('task', 1), item('constraint', 2), item('state', 4, false)],
      6,
    );
    assert.equal(chosen.length, 6);
    assert.deepEqual(chosen.map((probe) => probe.kind).sort(), [
      'artifact',
      'artifact',
      'artifact',
      'artifact',
      'constraint',
      'task',
    ]);
  });
});

/** A session whose file operations are given (the Claude Code, Codex and mini-swe-agent shapes). */
function withOperations(messages: Message[], operations: Array<Omit<FileOperation, 'tool'>>) {
  return sessionOf(messages, {
    fileOperations: operations.map((operation) => ({ ...operation, tool: 'edit' })),
  });
}

const RETRY_SOURCE = [
  'import { sleep } from "./sleep";',
  '',
  '/** Stops retrying once the budget of attempts is spent. */',
  'export function retryBudget(attempts: number) {',
  '  return { attempts };',
  '}',
].join('\n');

describe('artifact probes', () => {
  it('name what an edit introduced with what it does, in every edit shape', () => {
    const shapes: Array<{ name: string; arguments: Record<string, unknown> }> = [
      {
        name: 'edit',
        arguments: {
          path: 'src/retry.ts',
          oldText: 'import { sleep } from "./sleep";',
          newText: RETRY_SOURCE,
        },
      },
      { name: 'Write', arguments: { file_path: 'src/retry.ts', content: RETRY_SOURCE } },
      {
        name: 'MultiEdit',
        arguments: { file_path: 'src/retry.ts', edits: [{ old_string: 'x', new_string: RETRY_SOURCE }] },
      },
      {
        name: 'apply_patch',
        arguments: {
          input: `*** Begin Patch\n*** Update File: src/retry.ts\n${RETRY_SOURCE.split('\n')
            .map((line) => `+${line}`)
            .join('\n')}\n*** End Patch`,
        },
      },
      { name: 'bash', arguments: { command: `cat > src/retry.ts <<'EOF'\n${RETRY_SOURCE}\nEOF` } },
    ];
    for (const shape of shapes) {
      const call = toolCall(shape.name, shape.arguments);
      const messages = [user('Add a retry budget.'), callsTools([call]), toolResult(call, 'ok')];
      const probes = artifactProbes(messages, [
        { kind: 'edit', path: 'src/retry.ts', tool: shape.name, toolCallId: call.id, messageIndex: 1 },
      ]);
      assert.equal(probes.length, 1, shape.name);
      assert.deepEqual(probes[0]!.facets, [['retryBudget'], ['Stops retrying once the budget']], shape.name);
      assert.equal(probes[0]!.file, 'src/retry.ts');
    }
  });

  it('are not kept by a path list or an identifier bag, and are kept by a sentence saying what changed', () => {
    const call = toolCall('Write', { file_path: 'src/retry.ts', content: RETRY_SOURCE });
    const session = withOperations(
      [
        user('Add a retry budget to the client, please, with a sensible default.'),
        callsTools([call]),
        toolResult(call, 'ok'),
      ],
      [{ kind: 'write', path: 'src/retry.ts', toolCallId: call.id, messageIndex: 1 }],
    );
    const artifact = deriveProbes(session).probes.find((item) => item.kind === 'artifact')!;
    assert.equal(artifact.live, true);
    const kept = (text: string) => probeOutcome(createMatcher(text), artifact);
    assert.equal(kept('src/retry.ts\nsrc/sleep.ts'), 'missed');
    assert.equal(kept('src/retry.ts, retryBudget, attempts, sleep'), 'missed');
    assert.equal(
      kept('src/retry.ts: retryBudget stops retrying once the budget of attempts is spent.'),
      'matched',
    );
  });

  it('reads a patch section per file and a key of a configuration file', () => {
    const patch = toolCall('apply_patch', {
      input:
        '*** Begin Patch\n*** Update File: a.ts\n+export const A = 1;\n*** Update File: b.ts\n+export const B = 2;\n*** End Patch',
    });
    assert.equal(changeOf(patch, 'b.ts')?.added, 'export const B = 2;');
    const toml = toolCall('Write', {
      file_path: 'Cargo.toml',
      content:
        '[package]\nname = "demo"\n\n# Warn on every public item without documentation\n[lints.rust]\n',
    });
    const probes = artifactProbes(
      [callsTools([toml])],
      [{ kind: 'write', path: 'Cargo.toml', tool: 'Write', toolCallId: toml.id, messageIndex: 0 }],
    );
    assert.deepEqual(probes[0]!.facets, [['lints.rust'], ['Warn on every public item']]);
  });

  it('read Elixir modules and functions with their @moduledoc and @doc, and shell functions with their comment', () => {
    const elixir = toolCall('Write', {
      file_path: 'lib/spotter/telemetry/otel.ex',
      content: [
        'defmodule Spotter.Telemetry.Otel do',
        '  @moduledoc """',
        '  OpenTelemetry bootstrap and configuration for Spotter.',
        '',
        '  Provides safe, idempotent initialization.',
        '  """',
        '',
        '  @doc """',
        '  Sets up the instrumentation once.',
        '  """',
        '  @spec setup() :: :ok',
        '  def setup do',
        '    :ok',
        '  end',
        'end',
      ].join('\n'),
    });
    const shell = toolCall('Write', {
      file_path: 'scripts/lib/trace_context.sh',
      content:
        '#!/usr/bin/env bash\n\n# Generate N random bytes as lowercase hex\nspotter_rand_hex() {\n  od -An -tx1\n}\n',
    });
    const probes = artifactProbes(
      [callsTools([elixir, shell])],
      [
        {
          kind: 'write',
          path: 'lib/spotter/telemetry/otel.ex',
          tool: 'Write',
          toolCallId: elixir.id,
          messageIndex: 0,
        },
        {
          kind: 'write',
          path: 'scripts/lib/trace_context.sh',
          tool: 'Write',
          toolCallId: shell.id,
          messageIndex: 0,
        },
      ],
    );
    assert.deepEqual(
      probes.map((probe) => probe.facets),
      [
        [['Spotter.Telemetry.Otel'], ['configuration for Spotter']],
        [['spotter_rand_hex'], ['Generate N random bytes']],
      ],
    );
  });

  it('take plain words only for the description', () => {
    assert.equal(plainPhrase('retryBudget(attempts) stops retrying early'), 'stops retrying early');
    assert.equal(plainPhrase('`a_b` `c.d` eE'), undefined);
  });
});

describe('an artifact told by its commit', () => {
  const write = toolCall('Write', {
    file_path: 'src/retry.ts',
    content: 'export function retryBudget(attempts: number) {\n  return { attempts };\n}\n',
  });
  const messages: Message[] = [
    user('Make the client retry failed requests.'),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: "Now I'll add a retry budget that stops after the attempts are spent." },
        write,
      ],
    },
    toolResult(write, 'ok'),
  ];
  const operations: FileOperation[] = [
    { kind: 'write', path: 'src/retry.ts', tool: 'Write', toolCallId: write.id, messageIndex: 1 },
  ];
  const told = (subject: string) =>
    artifactProbes(messages, operations, [{ messageIndex: 3, subject }])[0]!.statement;

  it('takes the subject of the commit that took the edit in', () => {
    assert.equal(
      told('Add a retry budget to the client'),
      'retry.ts created: retryBudget — Add a retry budget to the client',
    );
  });

  const narrated = (text: string): Message[] => [
    messages[0]!,
    { role: 'assistant', content: [{ type: 'text', text }, write] },
    messages[2]!,
  ];

  it('nor narration that only says an edit is coming', () => {
    assert.deepEqual(artifactProbes(narrated('Now let me make the key changes:'), operations), []);
    assert.equal(
      artifactProbes(narrated("Now I'll add a retry budget."), operations)[0]?.statement,
      'retry.ts created: retryBudget — add a retry budget',
    );
  });

  it('quotes the narration from the sentence that says what comes, so its own answer states its facet', () => {
    // At pi's second cut the agent listed what the new file would hold for a screen, then said what it would do: the
    // answer had quoted the list's opening, cut mid-word, and lint dropped the probe as missing its own facet.
    const plan = `${'- `handleClearCommand()` → `session.reset()`\n'.repeat(12)}Let me add a retry budget that stops early:`;
    const [probe] = artifactProbes(narrated(plan), operations);
    assert.ok(probe, 'an artifact probe');
    assert.deepEqual(probe.facets, [['retry.ts'], ['add a retry budget']]);
    assert.match(probe.answer, /^src\/retry\.ts: Let me add a retry budget that stops early:/);
    const probes: Probe[] = [{ ...probe, id: 'artifact@1', contradictions: [], source: 'derived' }];
    assert.deepEqual(lintProbes({ probes, messages: narrated(plan) }), []);
  });

  it('tells a file of no definitions (a configuration, a script) by its commit, and only by one', () => {
    const config = toolCall('Edit', {
      file_path: 'config/test.exs',
      old_string: 'import Config',
      new_string: 'import Config\n\nconfig :opentelemetry, traces_exporter: :none',
    });
    const edited: Message[] = [
      user('Disable tracing in tests.'),
      callsTools([config]),
      toolResult(config, 'ok'),
    ];
    const edit: FileOperation[] = [
      { kind: 'edit', path: 'config/test.exs', tool: 'Edit', toolCallId: config.id, messageIndex: 1 },
    ];
    assert.equal(
      artifactProbes(edited, edit, [
        { messageIndex: 3, subject: 'feat: disable trace exporting in tests' },
      ])[0]?.statement,
      'test.exs changed: disable trace exporting in tests',
    );
    assert.deepEqual(artifactProbes(edited, edit), []);
  });

  it('lists the names the edits added in the answer, not one that the edits of many files add', () => {
    const file = (path: string, content: string) => toolCall('Write', { file_path: path, content });
    const writes = [
      file(
        'src/retry.ts',
        'export function retryBudget(attempts: number) {\n  return appConfig(backoffDelay(attempts));\n}\n',
      ),
      file('src/a.ts', 'export const a = appConfig(1);\n'),
      file('src/b.ts', 'export const b = appConfig(2);\n'),
      file('src/c.ts', 'export const c = appConfig(3);\n'),
    ];
    const written: Message[] = [user('Make the client retry failed requests.'), callsTools(writes)];
    const made: FileOperation[] = writes.map((write, at) => ({
      kind: 'write',
      path: String(write.arguments['file_path']),
      tool: 'Write',
      toolCallId: write.id,
      messageIndex: 1 + at * 0,
    }));
    const [retry] = artifactProbes(written, made, [
      { messageIndex: 2, subject: 'Add a retry budget to the client' },
    ]);
    assert.match(retry!.answer, /\(it added `retryBudget`, `backoffDelay`\)$/);
  });

  it('makes no probe of a file the agent removed after its last edit, and one of a file written again', () => {
    const remove = toolCall('Bash', { command: 'rm src/retry.ts && git status' });
    const removed: Message[] = [...messages, callsTools([remove]), toolResult(remove, 'ok')];
    assert.deepEqual(artifactProbes(removed, operations), []);
    const again = toolCall('Write', {
      file_path: 'src/retry.ts',
      content: 'export const retryBudget = 3;\n',
    });
    const rewritten: Message[] = [
      ...removed,
      { role: 'assistant', content: [{ type: 'text', text: "Now I'll add a retry budget." }, again] },
    ];
    const rewrite: FileOperation = {
      kind: 'write',
      path: 'src/retry.ts',
      tool: 'Write',
      toolCallId: again.id,
      messageIndex: 5,
    };
    assert.equal(artifactProbes(rewritten, [...operations, rewrite]).length, 1);
    // Another file of the same folder or of the same name elsewhere removed, or the name inside another, is no removal.
    const other = toolCall('Bash', { command: 'rm -f src/retry.ts.bak src/old-retry.ts lib/retry.ts' });
    assert.equal(artifactProbes([...messages, callsTools([other])], operations).length, 1);
  });

  it('not the subject of a commit that sweeps up everything pending', () => {
    for (const subject of ['Release v0.8.0', 'Bump version to 1.2.0', "Merge branch 'main'", 'wip', '0.8.1'])
      assert.equal(told(subject), 'retry.ts created: retryBudget — add a retry budget', subject);
  });
});

describe('decision and commit probes', () => {
  it('take the choice and what it rejected from the agent’s words', () => {
    const probes = decisionProbes([
      assistant(
        'I will keep the rate limiter in process memory instead of adding Redis, since there is one node.',
      ),
      assistant('Why not use a queue?'),
    ]);
    assert.equal(probes.length, 1);
    assert.deepEqual(probes[0]!.facets, [['keep the rate limiter'], ['adding Redis']]);
    assert.equal(
      probes[0]!.statement,
      'keep the rate limiter in process memory instead of adding Redis, since there is one node.',
    );
    assert.equal(
      probeOutcome(createMatcher('limiter, Redis, RateLimiter'), {
        ...probes[0]!,
        id: 'd',
        source: 'derived',
        contradictions: [],
      }),
      'missed',
    );
  });

  it('state the choice, not the step the agent narrates before it', () => {
    // pi's first compaction: "Create new files (…) instead of modifying existing ones" states this choice.
    const [probe] = decisionProbes([
      assistant('Now update WP15-17 to use new files instead of modifying in place:'),
    ]);
    assert.equal(probe?.statement, 'use new files instead of modifying in place:');
  });

  it('read what was committed, and only the last commit before the cut is live', () => {
    const first = toolCall('bash', {
      command: 'git add -A && git commit -m "Add the retry budget to the client"',
    });
    const second = toolCall('bash', {
      command: `git commit -m "$(cat <<'EOF'\nAdd jitter to the retry backoff\n\nDetails.\nEOF\n)"`,
    });
    assert.equal(commitSubject(String(second.arguments['command'])), 'Add jitter to the retry backoff');
    // A message of several lines in one quoted argument: its first line is the subject.
    assert.equal(
      commitSubject('git add -A && git commit -m "feat: add OTEL bootstrap\n\n- Add opentelemetry deps"'),
      'feat: add OTEL bootstrap',
    );
    const messages = [
      callsTools([first]),
      toolResult(first, '[main 1a2b3c] Add'),
      callsTools([second]),
      toolResult(second, '[main 4d5e6f] Add'),
    ];
    const drafts = commitProbes(toolRuns(messages));
    assert.deepEqual(
      drafts.map((draft) => draft.facets),
      [[['Add the retry budget']], [['Add jitter to the retry']]],
    );
    const probes = drafts.map((draft, index) => ({
      ...draft,
      id: `c${index}`,
      source: 'derived' as const,
      contradictions: [],
    }));
    assert.deepEqual(
      markLiveness(probes, sessionOf(messages), 4).map((item) => item.live),
      [false, true],
    );
    // A `git log` after the cut lists the first subject again: still history at the cut.
    const listed = probes.map((item, index) => (index === 0 ? { ...item, repeatedAt: [9] } : item));
    assert.equal(markLiveness(listed, sessionOf(messages), 4)[0]!.live, false);
  });
});

describe("a check's outcome is the code it ran on", () => {
  /** The live flag and the reason of each check's state probe derived at the end of these messages. */
  const states = (messages: Message[]) => {
    const session = sessionOf(messages);
    const probes = deriveProbes(session).probes.filter(
      (item) => item.kind === 'state' && item.check !== undefined,
    );
    const reasons = livenessReasons(probes, session, messages.length);
    return Object.fromEntries(probes.map((item) => [item.check, `${item.live} ${reasons[item.id]}`]));
  };
  const reviewed = [
    user('Land the stacked pull requests in order: review, fix and rebase each one.'),
    ...shellRun('git checkout feature-one', "Switched to branch 'feature-one'"),
    ...editRun('cmd/cli/strategy/hooks.go'),
    ...shellRun('go build ./cmd/cli/strategy/', ''),
    assistant('It builds.'),
    user('good, the next one'),
  ];

  it('is history once the agent took the tree to another branch and checked the code there', () => {
    const next = shellRun(
      'git fetch origin feature-two && git checkout feature-two',
      'Switched to a new branch',
    );
    const checkedThere = [
      ...editRun('cmd/cli/strategy/chunks.go'),
      ...shellRun('mise run lint', '0 issues.'),
    ];
    // The edit on the new branch is not committed (D129: an absence read from the events, the agent having run git).
    assert.deepEqual(states([...reviewed, ...next, ...checkedThere]), {
      'git commit': 'true latest-state',
      'go build': 'false left-behind',
      'mise run lint': 'true latest-state',
    });
    // Nothing checked on the new branch yet: the build's pass is still the latest news of the work (the branch pushed).
    assert.deepEqual(states([...reviewed, ...next, ...editRun('cmd/cli/strategy/chunks.go')]), {
      'git commit': 'true latest-state',
      'go build': 'true latest-state',
    });
    // Before the switch, where the agent only branched off the tree it has, and where it put one file back, the build's
    // pass is the state.
    assert.deepEqual(states(reviewed), {
      'git commit': 'true latest-state',
      'go build': 'true latest-state',
    });
    const branched = shellRun(
      'git checkout -b feature-one-fix',
      "Switched to a new branch 'feature-one-fix'",
    );
    assert.deepEqual(states([...reviewed, ...branched, ...checkedThere]), {
      'git commit': 'true latest-state',
      'go build': 'true latest-state',
      'mise run lint': 'true latest-state',
    });
    const restored = shellRun('git checkout -- cmd/cli/strategy/hooks.go', '');
    assert.deepEqual(states([...reviewed, ...restored, ...checkedThere]), {
      'git commit': 'true latest-state',
      'go build': 'true latest-state',
      'mise run lint': 'true latest-state',
    });
  });

  it('of some files only, is history once one of them was changed again', () => {
    const checked = [
      user('Render the transcript rows with the light theme.'),
      ...editRun('lib/app/session_live.ex'),
      ...shellRun(
        'mix credo lib/app/session_live.ex lib/app/renderer.ex',
        'Checking 2 source files: found no issues.',
      ),
      assistant('Credo is clean on both files.'),
    ];
    assert.deepEqual(states(checked), { 'mix credo': 'true latest-state' });
    assert.deepEqual(states([...checked, ...editRun('lib/app/session_live.ex')]), {
      'mix credo': 'false superseded-state',
    });
    // Another file changed leaves the files checked as they were; a run of the whole check is no run of some files.
    assert.deepEqual(states([...checked, ...editRun('lib/app/router.ex')]), {
      'mix credo': 'true latest-state',
    });
    const whole = [
      user('Render the transcript rows with the light theme.'),
      ...editRun('lib/app/session_live.ex'),
      ...shellRun('mix credo --strict', 'Checking 42 source files: found no issues.'),
      assistant('Credo is clean.'),
    ];
    assert.deepEqual(states([...whole, ...editRun('lib/app/session_live.ex')]), {
      'mix credo': 'true latest-state',
    });
  });
});
