/**
 * `compare --continuation K` end to end against a scripted loopback server (the real CLI, the real OpenAI SDK):
 * exact L0/L1/L2 rates, the normalised score of a strategy equal to Full (1) and of one equal to Null (0),
 * teacher forcing, a cassette replayed with no request; and the offline grounding table.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { replayFile } from '../helpers/replay-files.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import {
  type MockReply,
  type RecordedRequest,
  startMockLlmServer,
} from '../../support/loopback-llm-server.ts';

const KEY = 'sk-test-continuation-0123456789abcdef';

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

// Messages 0–5 before the cut; the agent then edits, runs the export tests and finishes (steps 1–3).
const SESSION = {
  messages: [
    { role: 'user', content: 'Fix the export bug. The codename of this work is BLUEFIN.' },
    { role: 'assistant', content: null, tool_calls: [call('c1', 'read', { path: 'src/export.ts' })] },
    { role: 'tool', tool_call_id: 'c1', content: 'export const limit = 64;' },
    { role: 'assistant', content: null, tool_calls: [call('c2', 'bash', { command: 'npm test' })] },
    { role: 'tool', tool_call_id: 'c2', content: 'FAIL export.test.ts: limit should be 32' },
    { role: 'user', content: 'Go on.' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [call('c3', 'edit', { path: 'src/export.ts', oldText: '64', newText: '32' })],
    },
    { role: 'tool', tool_call_id: 'c3', content: 'edited the file' },
    { role: 'assistant', content: null, tool_calls: [call('c4', 'bash', { command: 'npm test -- export' })] },
    { role: 'tool', tool_call_id: 'c4', content: 'all export tests pass' },
    { role: 'assistant', content: 'Done: the limit is 32 and the export tests pass.' },
  ],
};

/**
 * A model that takes the right steps only when it knows the session's history (the codename), and wrong ones
 * when it sees only the last request: so Full and identity agree, and Null and paths-only do.
 */
function scripted(request: RecordedRequest): MockReply {
  const body = JSON.stringify(request.body);
  const step = body.includes('npm test -- export') ? 3 : body.includes('edited the file') ? 2 : 1;
  const informed = body.includes('BLUEFIN');
  const tool = (name: string, args: Record<string, unknown>): MockReply => ({
    kind: 'tool-calls',
    calls: [{ name, arguments: args }],
  });
  if (informed) {
    if (step === 1) return tool('edit', { path: 'src/export.ts', oldText: '64', newText: '32' }); // L2
    if (step === 2) return tool('bash', { command: 'npm test' }); // L1: same program and subcommand
    return { kind: 'text', text: 'All done.' }; // finishing, as the agent did
  }
  if (step === 1) return tool('read', { path: 'README.md' }); // wrong kind
  if (step === 2) return tool('bash', { command: 'ls' }); // L0 only
  return tool('read', { path: 'README.md' }); // wrong kind
}

/** The fields docs/results.md lists as the run's own, by where they sit; everything else must replay identically. */
const RUN_TIME = {
  provenance: ['date', 'command', 'cassette'],
  strategy: [
    'wallMs',
    'ownMs',
    'criticalPathMs',
    'waitMs',
    'startedAtMs',
    'cachedCalls',
    'freshCalls',
    'trace',
  ],
};

/** A results file as text without its run-time fields, in the file's own layout. */
function withoutRunTime(text: string): string {
  const file = JSON.parse(text);
  for (const key of RUN_TIME.provenance) delete file.provenance[key];
  for (const strategy of file.strategies) for (const key of RUN_TIME.strategy) delete strategy[key];
  return JSON.stringify(file, null, 2);
}

let directory: { path: string; remove: () => Promise<void> };
let sessionFile: string;
before(async () => {
  directory = await temporaryDirectory();
  sessionFile = join(directory.path, 'export-fix.json');
  await writeFile(sessionFile, JSON.stringify(SESSION));
});
after(async () => {
  await directory.remove();
});

async function continuationOf(out: string) {
  const file = JSON.parse(await readFile(replayFile(out, 'export-fix', '-results.json'), 'utf8'));
  return Object.fromEntries(
    file.strategies.map((strategy: { name: string; continuation: unknown }) => [
      strategy.name,
      strategy.continuation,
    ]),
  ) as Record<string, any>;
}

describe('compare --continuation with a model', () => {
  it('scores exact levels, normalises Full to 1 and Null to 0, teacher-forces, and replays a cassette', async () => {
    const server = await startMockLlmServer({ reply: scripted });
    const cassette = join(directory.path, 'continuation.jsonl');
    const base = [
      'compare',
      sessionFile,
      '-s',
      'identity,paths-only',
      '--continuation',
      '3',
      '--continuation-at',
      '6',
      '--no-cache',
      '--quiet',
    ];
    const options = { cwd: directory.path, env: { OPENAI_API_KEY: KEY } };
    try {
      const out = join(directory.path, 'recorded');
      const recorded = await runCli(
        [...base, '-p', 'openai:test-model', '--base-url', server.url, '-o', out, '--record', cassette],
        options,
      );
      assert.equal(recorded.code, 0, recorded.stderr);
      // Full, Null and two strategies, three steps each.
      assert.equal(server.count, 12);
      const results = await continuationOf(out);
      const identity = results.identity.prediction;
      assert.deepEqual(identity.full.rates, { steps: 3, l0: 1, l1: 1, l2: 2 / 3 });
      assert.deepEqual(identity.null.rates, { steps: 3, l0: 1 / 3, l1: 0, l2: 0 });
      assert.deepEqual(identity.strategy.rates, identity.full.rates);
      assert.deepEqual(identity.normalised, { l0: 1, l1: 1, l2: 1 });
      assert.deepEqual(results['paths-only'].prediction.normalised, { l0: 0, l1: 0, l2: 0 });
      assert.deepEqual(
        identity.strategy.steps.map((step: { score: unknown }) => step.score),
        [
          { l0: true, l1: true, l2: true },
          { l0: true, l1: true, l2: false },
          { l0: true, l1: true, l2: true },
        ],
      );
      assert.equal(results.identity.note, null);
      assert.deepEqual(identity.strategy.usage.calls, 3);
      const file = JSON.parse(await readFile(replayFile(out, 'export-fix', '-results.json'), 'utf8'));
      // The replay's calls are not the strategy's compaction cost.
      assert.deepEqual(
        file.strategies.map((strategy: { calls: number }) => strategy.calls),
        [0, 0],
      );

      // Teacher forcing: step 2 of the Null replay carries the agent's real edit and its result, not the
      // prediction (a read of README.md) it made at step 1.
      const nullStep2 = server.requests.find(
        (request) =>
          request.body.messages.find((message: { role: string }) => message.role !== 'system')?.content ===
            'Go on.' && JSON.stringify(request.body).includes('edited the file'),
      );
      assert.ok(nullStep2, 'a step-2 request without the history');
      const messages = nullStep2.body.messages as Array<{
        role: string;
        tool_calls?: any[];
        content?: unknown;
      }>;
      const edit = messages.find((message) => message.tool_calls?.[0]?.function?.name === 'edit');
      assert.deepEqual(JSON.parse(edit!.tool_calls![0].function.arguments), {
        path: 'src/export.ts',
        oldText: '64',
        newText: '32',
      });
      assert.ok(!JSON.stringify(nullStep2.body).includes('README.md'));
      // Every prompt and answer is kept with the results.
      assert.equal(identity.strategy.requests.length, 3);
      assert.deepEqual(identity.strategy.steps[0].answer.toolCalls, [
        { name: 'edit', arguments: { path: 'src/export.ts', oldText: '64', newText: '32' } },
      ]);

      const markdown = await readFile(replayFile(out, 'export-fix', '-continuation.md'), 'utf8');
      assert.match(
        markdown,
        /\| identity \| none \| 2\/2 \(1\.00\) \| 1\.00 of 2 \| 1\.00 \| 1\.00 \| 0\.67 \| 1\.00 \/ 1\.00 \/ 1\.00 \| – \|/,
      );
      assert.match(
        markdown,
        /\| paths-only \| none \| 1\/2 \(0\.50\) \| 0\.00 of 2 \| 0\.33 \| 0\.00 \| 0\.00 \| 0\.00 \/ 0\.00 \/ 0\.00 \| 0\/2 \|/,
      );
      assert.match(markdown, /\| Full \(uncompacted prefix\) \|\s*\|\s*\|\s*\| 1\.00 \| 1\.00 \| 0\.67 \|/);
      assert.match(markdown, /\| Null \(last user message\) \|\s*\|\s*\|\s*\| 0\.33 \| 0\.00 \| 0\.00 \|/);
      // Per step, the real action beside each strategy's predicted one.
      assert.match(
        markdown,
        /\| 1 \| edit src\/export\.ts \| edit src\/export\.ts \(L2\) \| read README\.md \(✗\) \|/,
      );
      assert.match(markdown, /\| 2 \| run npm test \| run npm test \(L1\) \| run ls \(L0\) \|/);
      assert.match(markdown, /\| 3 \| finish \| finish \(L2\) \| read README\.md \(✗\) \|/);
      const html = await readFile(replayFile(out, 'export-fix', '-report.html'), 'utf8');
      assert.match(html, /<h4>Real and predicted actions<\/h4>/);
      assert.match(html, /<td>edit src\/export\.ts \(L2\)<\/td>/);

      // The replay: no server at all, so any request would fail the prediction and change the results.
      await server.close();
      const replayedOut = join(directory.path, 'replayed');
      const replayed = await runCli(
        [
          ...base,
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          replayedOut,
          '--replay',
          cassette,
        ],
        options,
      );
      assert.equal(replayed.code, 0, replayed.stderr);
      // Byte for byte, apart from the fields docs/results.md lists as the run's own (time, command, cassette).
      const first = await readFile(replayFile(out, 'export-fix', '-results.json'), 'utf8');
      const again = await readFile(replayFile(replayedOut, 'export-fix', '-results.json'), 'utf8');
      assert.equal(withoutRunTime(again), withoutRunTime(first));
      assert.notEqual(again, first, 'the run-time fields do differ');
      // The Markdown reports too, but for their provenance line (the command typed, the cassette's mode).
      const provenanceLine = /^_compaction-bench .*_$/m;
      for (const suffix of ['-continuation.md', '-identity.md', '-comparison.md']) {
        const recordedText = await readFile(replayFile(out, 'export-fix', suffix), 'utf8');
        const replayedText = await readFile(replayFile(replayedOut, 'export-fix', suffix), 'utf8');
        assert.equal(
          replayedText.replace(provenanceLine, ''),
          recordedText.replace(provenanceLine, ''),
          suffix,
        );
      }
    } finally {
      await server.close();
    }
  });

  it('replays each of several cuts against its own Full and Null, and pools the levels', async () => {
    const server = await startMockLlmServer({ reply: scripted });
    try {
      const out = join(directory.path, 'cuts');
      const result = await runCli(
        [
          'compare',
          sessionFile,
          '-s',
          'identity,paths-only',
          '--continuation',
          '2',
          '--continuation-at',
          '6,8',
          '--no-cache',
          '--quiet',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          out,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(result.code, 0, result.stderr);
      // Per cut: Full, Null and two strategies, two steps each.
      assert.equal(server.count, 16);
      const results = await continuationOf(out);
      const identity = results.identity;
      assert.deepEqual(
        identity.cuts.map((cut: any) => [cut.cut, cut.prediction.full.rates, cut.prediction.null.rates]),
        [
          [6, { steps: 2, l0: 1, l1: 1, l2: 0.5 }, { steps: 2, l0: 0.5, l1: 0, l2: 0 }],
          // At 8 the last user message alone reads like the start: Null reads README.md, then again.
          [8, { steps: 2, l0: 1, l1: 1, l2: 0.5 }, { steps: 2, l0: 0, l1: 0, l2: 0 }],
        ],
      );
      const pooled = identity.pooled.prediction;
      assert.deepEqual(
        [pooled.strategy.l0.estimate, pooled.strategy.l1.estimate, pooled.strategy.l2.estimate],
        [1, 1, 0.5],
      );
      assert.deepEqual(
        [pooled.null.l0.estimate, pooled.null.l1.estimate, pooled.null.l2.estimate],
        [0.25, 0, 0],
      );
      // Two cuts are two clusters: too few for an interval (Student's t on one degree of freedom).
      assert.deepEqual(pooled.null.l0, { estimate: 0.25, low: null, high: null });
      assert.deepEqual(pooled.normalised, { l0: 1, l1: 1, l2: 1 });
      assert.deepEqual(results['paths-only'].pooled.prediction.normalised, { l0: 0, l1: 0, l2: 0 });
      const markdown = await readFile(replayFile(out, 'export-fix', '-continuation.md'), 'utf8');
      assert.match(markdown, /## Real and predicted actions after message 8/);
      assert.match(
        markdown,
        /after message 8\n\n.*\n.*\n\| 1 \| run npm test \| run npm test \(L1\) \| read README\.md \(✗\) \|\n\| 2 \| finish \| finish \(L2\) \|/,
      );
      assert.match(
        markdown,
        /\| identity \| 8 \| 2 \| .* \| 1\.00 \| 1\.00 \| 0\.50 \| 1\.00 \/ 1\.00 \/ 0\.50 \| 0\.00 \/ 0\.00 \/ 0\.00 \| 1\.00 \/ 1\.00 \/ 1\.00 \|/,
      );
    } finally {
      await server.close();
    }
  });

  it('with --judge scores L3: a judge calls a differently written action equivalent, and replays from the cassette', async () => {
    const isEquivalenceCall = (request: RecordedRequest) =>
      JSON.stringify(request.body.messages?.[0] ?? '').includes('predicted next action is equivalent');
    // The judge accepts any run of the tests for a run of the export tests, nothing else.
    const judged = (request: RecordedRequest): MockReply => {
      if (isEquivalenceCall(request)) {
        const prompt = JSON.stringify(request.body.messages);
        const same = /Predicted action: bash \{\\"command\\":\\"npm test\\"\}/.test(prompt);
        return { kind: 'text', text: `{"equivalent": ${same}, "reason": "scripted"}` };
      }
      if (JSON.stringify(request.body).includes('continuing a session')) return scripted(request);
      return { kind: 'text', text: '{"score": 0, "reason": "scripted"}' };
    };
    const server = await startMockLlmServer({ reply: judged });
    const cassette = join(directory.path, 'judged.jsonl');
    const base = [
      'compare',
      sessionFile,
      '-s',
      'identity',
      '--continuation',
      '3',
      '--continuation-at',
      '6',
      '--no-cache',
      '--quiet',
      '-p',
      'openai:test-model',
      '--judge',
      'openai:judge-model',
    ];
    const options = { cwd: directory.path, env: { OPENAI_API_KEY: KEY } };
    const out = join(directory.path, 'judged');
    let equivalenceRequests: RecordedRequest[];
    try {
      const recorded = await runCli(
        [...base, '--base-url', server.url, '--judge-base-url', server.url, '-o', out, '--record', cassette],
        options,
      );
      assert.equal(recorded.code, 0, recorded.stderr);
      equivalenceRequests = server.requests.filter(isEquivalenceCall);
    } finally {
      await server.close();
    }
    const identity = (await continuationOf(out)).identity.prediction;
    // Full (= identity): L2, L1 judged equivalent, L2. Null: three misses, each judged not equivalent.
    assert.deepEqual(identity.full.rates, { steps: 3, l0: 1, l1: 1, l2: 2 / 3, l3: 1 });
    assert.deepEqual(identity.null.rates, { steps: 3, l0: 1 / 3, l1: 0, l2: 0, l3: 0 });
    assert.deepEqual(identity.normalised, { l0: 1, l1: 1, l2: 1, l3: 1 });
    // Only predictions short of L2 go to the judge: one of Full's, one of identity's, Null's three.
    assert.equal(equivalenceRequests.length, 5);
    assert.equal(equivalenceRequests[0]!.body.model, 'judge-model');
    const step2 = identity.strategy.steps[1];
    assert.deepEqual(step2.score, { l0: true, l1: true, l2: false, l3: true });
    assert.equal(step2.judged.equivalent, true);
    assert.match(
      step2.judged.prompt,
      /^Real action: bash \{"command":"npm test -- export"\}\nPredicted action: bash \{"command":"npm test"\}$/,
    );
    assert.equal(step2.judged.answer, '{"equivalent": true, "reason": "scripted"}');
    assert.equal(identity.strategy.steps[0].judged, undefined, 'an L2 match needs no verdict');
    const markdown = await readFile(replayFile(out, 'export-fix', '-continuation.md'), 'utf8');
    assert.match(markdown, /\| L2 \| L3 \(judge\) \| normalised L0\/L1\/L2\/L3 \|/);
    assert.match(markdown, /\| 2 \| run npm test \| run npm test \(L1, L3\) \|/);

    // The judge's answers are in the cassette: the replay, with no server, scores L3 the same.
    const replayedOut = join(directory.path, 'judged-replayed');
    const replayed = await runCli(
      [
        ...base,
        '--base-url',
        server.url,
        '--judge-base-url',
        server.url,
        '-o',
        replayedOut,
        '--replay',
        cassette,
      ],
      options,
    );
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.deepEqual((await continuationOf(replayedOut)).identity.prediction.normalised, identity.normalised);
  });

  it("predicts from the agent's own compaction (the recorded row) like a strategy's", async () => {
    const server = await startMockLlmServer({
      reply: () => ({
        kind: 'tool-calls',
        calls: [{ name: 'Read', arguments: { file_path: 'src/app.ts' } }],
      }),
    });
    try {
      const out = join(directory.path, 'recorded-row');
      const sample = fileURLToPath(new URL('../samples/claude-code-compaction.jsonl', import.meta.url));
      const result = await runCli(
        [
          'compare',
          sample,
          '-s',
          'identity',
          '--continuation',
          '2',
          '--at-compaction',
          '--no-cache',
          '--quiet',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '-o',
          out,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(result.code, 0, result.stderr);
      const file = JSON.parse(
        await readFile(replayFile(out, 'claude-code-compaction', '-results.json'), 'utf8'),
      );
      const recorded = file.strategies.find((strategy: { name: string }) => strategy.name === 'recorded');
      const prediction = recorded.continuation.prediction;
      assert.equal(prediction.strategy.steps.length, recorded.continuation.steps);
      assert.deepEqual(prediction.strategy.steps[0].answer.toolCalls, [
        { name: 'Read', arguments: { file_path: 'src/app.ts' } },
      ]);
      // Its context: the agent's summary, the tail it kept and Claude Code's re-attached files.
      assert.equal(prediction.strategy.requests[0].label, 'continuation strategy step 1');
      const summaryRequest = server.requests.find((request) =>
        JSON.stringify(request.body).includes('compacted into the following summary'),
      );
      assert.ok(summaryRequest);
      assert.equal(recorded.calls, 0, "the replay's calls are not the recorded row's cost");
    } finally {
      await server.close();
    }
  });
});
