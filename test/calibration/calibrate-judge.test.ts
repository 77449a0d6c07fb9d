/**
 * `calibrate --judge`: a model grades the probes `compare` derives at each cut, on each summary with its tail, and
 * that judged headline is set beside the reader's recall; the floors hold it too. The model is a loopback server
 * speaking OpenAI's wire format, scripted to answer only what a summary states.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pLimit from 'p-limit';
import { calibrate } from '../../src/calibration/calibrate.ts';
import { floorFailures } from '../../src/calibration/floors.ts';
import { createJudgeProvider } from '../../src/quality/judge/run-judge.ts';
import { renderCalibration } from '../../src/report/calibration.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { type MockReply, promptOf, serveForTest } from '../../support/loopback-llm-server.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let n = 0;
const message = (body: unknown) =>
  JSON.stringify({
    type: 'message',
    id: `m${++n}`,
    parentId: n > 1 ? `m${n - 1}` : null,
    timestamp: new Date(1765357200000 + n * 1000).toISOString(),
    message: body,
  });

/** A pi session with a task, a constraint and a decision, all live at its end. */
const TRANSCRIPT = [
  JSON.stringify({ type: 'session', version: 2, id: 'synthetic', timestamp: '2025-12-10T09:00:00.000Z' }),
  message({
    role: 'user',
    content:
      'Add a retry budget to the HTTP client in src/client.ts. The client should stop retrying once the budget of attempts is spent. Never touch the generated files in src/gen/.',
    timestamp: 1,
  }),
  message({
    role: 'assistant',
    content: [
      { type: 'text', text: "I'll keep the budget inside the client instead of adding a global setting." },
      {
        type: 'toolCall',
        id: 'c1',
        name: 'write',
        arguments: {
          path: 'src/retry.ts',
          content:
            '/** Stops retrying once the budget of attempts is spent. */\nexport function retryBudget() {}\n',
        },
      },
    ],
    stopReason: 'toolUse',
    timestamp: 2,
  }),
  message({
    role: 'toolResult',
    toolCallId: 'c1',
    toolName: 'write',
    content: [{ type: 'text', text: 'ok' }],
    isError: false,
    timestamp: 3,
  }),
  message({
    role: 'assistant',
    content: [{ type: 'text', text: 'Done.' }],
    stopReason: 'stop',
    timestamp: 4,
  }),
].join('\n');

/** Each summary, and the reader's labels of the task, the rule and the decision in it. */
const SUMMARIES: Record<string, { text: string; labels: [string, string, string] }> = {
  good: {
    text: 'Task: give the HTTP client a retry budget; it stops once the attempts are spent. Rule: never touch src/gen/. Decision: the budget lives inside the client, not in a global setting.',
    labels: ['kept', 'kept', 'kept'],
  },
  partial: { text: 'Task: give the HTTP client a retry budget.', labels: ['kept', 'lost', 'lost'] },
  paths: { text: 'src/client.ts\nsrc/retry.ts', labels: ['lost', 'lost', 'lost'] },
};

/** The judge: answers a question only where the summary states its fact, and grades any answer but "unknown" 1. */
function judgeReply(prompt: string): MockReply {
  if (prompt.includes('<summary>')) {
    const summary = prompt.slice(prompt.indexOf('<summary>'), prompt.indexOf('</summary>'));
    const states = prompt.includes('rule out')
      ? summary.includes('src/gen')
      : prompt.includes('approach')
        ? summary.includes('inside the client')
        : summary.includes('retry budget');
    return { kind: 'text', text: states ? 'stated' : 'unknown' };
  }
  const score = prompt.includes('Given answer: unknown') ? 0 : 1;
  return { kind: 'text', text: JSON.stringify({ score, reason: 'scripted' }) };
}

let directory: { path: string; remove: () => Promise<void> };
let cuts: string;
let cliCuts: string;
before(async () => {
  directory = await temporaryDirectory();
  await mkdir(join(directory.path, 'shared', 'pi'), { recursive: true });
  await writeFile(join(directory.path, 'shared', 'pi', 'synthetic.jsonl'), `${TRANSCRIPT}\n`);
  cuts = join(directory.path, 'cuts');
  await mkdir(cuts);
  const facts = ['task', 'constraint', 'decision'].map((kind, at) => ({
    id: `F${at + 1}`,
    kind,
    live: true,
    statement: `the ${kind} of the synthetic session`,
    inKeptTail: 'lost',
  }));
  const cut = {
    schemaVersion: 1,
    id: 'synthetic-4',
    split: 'held-out',
    session: {
      root: 'shared/',
      path: 'pi/synthetic.jsonl',
      format: 'pi',
      sha256: createHash('sha256').update(`${TRANSCRIPT}\n`).digest('hex'),
    },
    cut: { summarizedEntries: { from: 0, to: 4 }, keptTail: null },
    facts,
    summaries: Object.entries(SUMMARIES).map(([id, { text, labels }]) => ({
      id,
      source: 'handoff',
      text,
      labels: Object.fromEntries(facts.map((fact, at) => [fact.id, { label: labels[at] }])),
    })),
  };
  await writeFile(join(cuts, 'synthetic-4.json'), JSON.stringify(cut));
  // The command reads its transcripts from --transcripts: the same cut, by its path there.
  cliCuts = join(directory.path, 'cli-cuts');
  await mkdir(cliCuts);
  const { root: _root, ...session } = cut.session;
  await writeFile(join(cliCuts, 'synthetic-4.json'), JSON.stringify({ ...cut, session }));
});
after(async () => {
  await directory.remove();
});

/** The floor failures of the judged headline (the matcher's own figures are checked in calibrate.test.ts). */
const judgedFailures = (failures: string[]) => failures.filter((line) => line.includes('judged'));

async function judgeRun(url: string) {
  const tokenizer = await getTokenizer('heuristic');
  const judge = createJudgeProvider('openai:judge-model', url, {
    tokenizer,
    cacheDirectory: false,
    retries: 0,
    environment: { OPENAI_API_KEY: 'test-key' },
  });
  return { judge, limit: pLimit(4), tokenizer, signal: new AbortController().signal };
}

describe('calibrate --judge', () => {
  it('sets the judged headline beside the reader per summary and per split, and counts the calls', async (t) => {
    const server = await serveForTest(t, { reply: (request) => judgeReply(promptOf(request)) });
    const result = await calibrate({
      cutsDirectory: cuts,
      repositoryRoot: directory.path,
      judge: await judgeRun(server.url),
      heldOut: true,
    });
    const judged = Object.fromEntries(
      result.summaries.map((summary) => [summary.summary, summary.judgedWithTail]),
    );
    // The fourth live probe, src/retry.ts written as the user asked (a made change, D133), the scripted judge reads as
    // the retry budget, which the partial summary states: 2 of 4 where the reader's labels give 1 of 3.
    assert.deepEqual(judged, { good: 1, partial: 1 / 2, paths: 0 });
    const human = Object.fromEntries(
      result.summaries.map((summary) => [summary.summary, summary.humanForDerived]),
    );
    assert.deepEqual(human, { good: 1, partial: 1 / 3, paths: 0 });
    assert.deepEqual(result.splits['held-out']!.judged, {
      summaries: 3,
      meanAbsoluteError: (1 / 2 - 1 / 3) / 3,
      rankCorrelation: 1,
    });
    // Four live probes, an answer and a grade each, on three summaries.
    assert.equal(result.judge?.calls, 24);
    assert.equal(server.requests.length, 24);
    assert.ok(server.requests.every((request) => request.body.model === 'judge-model'));
    assert.equal(result.judge?.ungraded, 0);
    const text = renderCalibration(result);
    assert.match(text, /judge\+tail/);
    assert.match(
      text,
      /the headline graded by the judge \(openai:judge-model\), on summary \+ tail \(3 summaries\): mean \|judge − human\| 0\.06, rank correlation 1\.00/,
    );
    assert.match(
      text,
      /judge openai:judge-model: 24 calls \(0 from the response cache\), 0 probes not graded/,
    );
    assert.deepEqual(judgedFailures(floorFailures(result, { maxError: 0.1, minCorrelation: 0.8 })), []);
  });

  it('holds the judged headline to the floors, and counts a probe it could not grade as 0 without stopping', async (t) => {
    // The grader fails on the decision's every call: it is not graded, counted 0, and the rest are judged.
    const server = await serveForTest(t, {
      reply: (request) => {
        const prompt = promptOf(request);
        return prompt.includes('approach') && !prompt.includes('<summary>')
          ? {
              kind: 'raw',
              status: 400,
              body: { error: { message: 'bad request', type: 'invalid_request_error' } },
            }
          : judgeReply(prompt);
      },
    });
    const result = await calibrate({
      cutsDirectory: cuts,
      repositoryRoot: directory.path,
      judge: await judgeRun(server.url),
      heldOut: true,
    });
    assert.equal(result.judge?.ungraded, 3, "the decision's grade on each summary");
    const good = result.summaries.find((summary) => summary.summary === 'good')!;
    assert.equal(good.judgedWithTail, 3 / 4);
    assert.deepEqual(judgedFailures(floorFailures(result, { maxError: 0.05 })), [
      `held-out judged headline mean |judge − human| ${((1 / 4 + (1 / 2 - 1 / 3)) / 3).toFixed(2)} is above --max-error 0.05`,
    ]);
  });

  it('grades nothing without a judge', async () => {
    const result = await calibrate({ cutsDirectory: cuts, repositoryRoot: directory.path, heldOut: true });
    assert.equal(result.judge, null);
    assert.ok(result.summaries.every((summary) => summary.judgedWithTail === null));
    assert.equal(result.splits['held-out']!.judged.summaries, 0);
    assert.doesNotMatch(renderCalibration(result), /judge/);
  });

  it('runs from the command line, exit 1 naming the judged figure past its floor; bad flags exit 2', async (t) => {
    const server = await serveForTest(t, {
      reply: (request) => {
        const prompt = promptOf(request);
        // A judge that finds nothing: its headline is 0 where the reader gives 1.
        return prompt.includes('<summary>')
          ? { kind: 'text', text: 'unknown' }
          : { kind: 'text', text: '{"score": 0, "reason": "missing"}' };
      },
    });
    const run = await runCli(
      [
        'calibrate',
        '--cuts',
        cliCuts,
        '--transcripts',
        join(directory.path, 'shared'),
        '--judge',
        'openai:judge-model',
        '--judge-base-url',
        server.url,
        '--held-out',
        '--max-error',
        '0.1',
      ],
      { cwd: directory.path, env: { OPENAI_API_KEY: 'test-key' } },
    );
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stdout,
      /✗ held-out judged headline mean \|judge − human\| 0\.44 is above --max-error 0\.1/,
    );
    const extractive = await runCli(['calibrate', '--cuts', cuts, '--judge', 'extractive'], {
      cwd: directory.path,
    });
    assert.equal(extractive.code, 2);
    assert.match(extractive.stderr, /--judge needs a language model/);
    assert.doesNotMatch(extractive.stderr, /\n\s+at /, 'no stack trace');
  });
});
