import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import pLimit, { type LimitFunction } from 'p-limit';
import { type Caller, createCaller } from '../../../src/providers/calls.ts';
import { AbortedError, InputError } from '../../../src/errors.ts';
import { createProvider } from '../../../src/providers/create.ts';
import { judgeSummary, parseGrade, validateJudgeProvider } from '../../../src/quality/judge/judge.ts';
import type { Probe } from '../../../src/quality/probes.ts';
import { getTokenizer, type Tokenizer } from '../../../src/tokens.ts';
import {
  type MockLlmServer,
  type MockReply,
  type MockServerOptions,
  promptOf,
  type RecordedRequest,
  serveForTest as serve,
} from '../../../support/loopback-llm-server.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('heuristic');
});

const SUMMARY = [
  '## Goal',
  'Fix ERR_INVOICE_TOTAL_MISMATCH: invoice totals are one cent off when several lines carry tax.',
  '## Constraints',
  '- keep the signature of computeInvoiceTotals',
].join('\n');

function probe(id: string, kind: string, question: string, answer: string): Probe {
  return { id, kind, question, answer, facets: [[answer]], contradictions: [], source: 'sidecar' };
}

const PROBES = [
  probe(
    'task',
    'task',
    'What did the user ask to fix?',
    'Invoice totals one cent off (ERR_INVOICE_TOTAL_MISMATCH).',
  ),
  probe(
    'signature',
    'constraint',
    'Which signature must not change?',
    'computeInvoiceTotals, ledger-sync imports it.',
  ),
  probe('dependencies', 'constraint', 'Which dependency rule did the user set?', 'No new dependencies.'),
];

function grade(score: number, reason: string): string {
  return JSON.stringify({ score, reason });
}

/** Per question: what the judge model answers, and what the grader replies. */
type Script = Record<string, { answer: string; grade: string } | MockReply>;

const SCRIPT: Script = {
  'What did the user ask to fix?': {
    answer: 'Invoice totals off by one cent (ERR_INVOICE_TOTAL_MISMATCH).',
    grade: grade(1, 'same fact'),
  },
  'Which signature must not change?': {
    answer: 'computeInvoiceTotals',
    grade: grade(0.5, 'names the function but not why'),
  },
  'Which dependency rule did the user set?': { answer: 'unknown', grade: grade(0, 'the answer is unknown') },
};

function isGradeCall(request: RecordedRequest): boolean {
  return promptOf(request).includes('Expected answer:');
}

/** Answers the judge's calls by the question in the prompt (answer call or grade call). */
function scripted(script: Script): NonNullable<MockServerOptions['reply']> {
  return (request) => {
    const question = /^Question: (.*)$/m.exec(promptOf(request))?.[1] ?? '';
    const entry = script[question];
    if (!entry)
      return { kind: 'raw', status: 400, body: { error: { message: `unscripted question '${question}'` } } };
    if ('kind' in entry) return entry;
    return { kind: 'text', text: isGradeCall(request) ? entry.grade : entry.answer };
  };
}

/** A judge caller on the real SDK pointed at the mock server (loopback: no key needed). */
function judgeCaller(
  server: MockLlmServer,
  options: { vendor?: 'openai' | 'anthropic'; limit?: LimitFunction; signal?: AbortSignal } = {},
): Caller {
  const vendor = options.vendor ?? 'openai';
  const provider = createProvider(
    vendor === 'openai' ? 'openai:gpt-4.1-mini' : 'anthropic:claude-haiku-4-5',
    {
      tokenizer,
      baseUrl: vendor === 'openai' ? server.url : server.anthropicUrl,
      environment: {},
    },
  );
  return createCaller({ provider, limit: options.limit ?? pLimit(4), tokenizer, signal: options.signal });
}

describe('LLM judge', () => {
  it('answers each question from the summary, grades the answer, and averages overall and per kind', async (t) => {
    const server = await serve(t, { reply: scripted(SCRIPT) });
    const caller = judgeCaller(server);
    const result = await judgeSummary({ summary: SUMMARY, probes: PROBES, complete: caller.complete });

    assert.equal(result.score, 0.5);
    assert.deepEqual(result.byKind, { constraint: 0.25, task: 1 });
    assert.equal(result.graded, 3);
    assert.equal(result.errors, 0);
    assert.deepEqual(result.probes, [
      {
        id: 'task',
        kind: 'task',
        answer: 'Invoice totals off by one cent (ERR_INVOICE_TOTAL_MISMATCH).',
        score: 1,
        reason: 'same fact',
        error: null,
      },
      {
        id: 'signature',
        kind: 'constraint',
        answer: 'computeInvoiceTotals',
        score: 0.5,
        reason: 'names the function but not why',
        error: null,
      },
      {
        id: 'dependencies',
        kind: 'constraint',
        answer: 'unknown',
        score: 0,
        reason: 'the answer is unknown',
        error: null,
      },
    ]);
  });

  it('gives the answer call only the summary and the question, and the grade call both answers', async (t) => {
    const server = await serve(t, { reply: scripted(SCRIPT) });
    await judgeSummary({ summary: SUMMARY, probes: [PROBES[1]!], complete: judgeCaller(server).complete });
    const [answerCall, gradeCall] = server.requests;
    const answerPrompt = promptOf(answerCall!);
    assert.ok(answerPrompt.includes(SUMMARY));
    assert.ok(answerPrompt.includes('Question: Which signature must not change?'));
    assert.ok(answerPrompt.includes('answer exactly: unknown'));
    assert.ok(
      !answerPrompt.includes('ledger-sync imports it'),
      'the expected answer never reaches the answer call',
    );
    assert.equal(answerCall!.body.max_tokens, 300);

    const gradePrompt = promptOf(gradeCall!);
    assert.ok(!gradePrompt.includes(SUMMARY), 'the grader compares answers, it does not reread the summary');
    assert.ok(gradePrompt.includes('Expected answer: computeInvoiceTotals, ledger-sync imports it.'));
    assert.ok(gradePrompt.includes('Given answer: computeInvoiceTotals'));
    assert.ok(gradePrompt.includes('{"score"'));
    assert.equal(gradeCall!.body.max_tokens, 200);
  });

  it("traces every call in the judge's own caller, two per probe, each grade after its answer", async (t) => {
    const server = await serve(t, { reply: scripted(SCRIPT) });
    const caller = judgeCaller(server);
    await judgeSummary({ summary: SUMMARY, probes: PROBES, complete: caller.complete });
    assert.equal(caller.trace.length, 2 * PROBES.length);
    assert.deepEqual(caller.trace.map((call) => call.label).sort(), [
      'judge answer dependencies',
      'judge answer signature',
      'judge answer task',
      'judge grade dependencies',
      'judge grade signature',
      'judge grade task',
    ]);
    for (const { id } of PROBES) {
      const answer = caller.trace.find((call) => call.label === `judge answer ${id}`)!;
      const graded = caller.trace.find((call) => call.label === `judge grade ${id}`)!;
      assert.ok(graded.requestedAt >= answer.endedAt, `${id}: grade asked for after its answer`);
      assert.equal(answer.usageSource, 'api');
      assert.ok(answer.inputTokens > 0);
    }
  });

  it('reads a grade inside a ```json fence with prose around it', async (t) => {
    const fenced =
      'Here is my grade:\n```json\n{\n  "score": 0.75,\n  "reason": "right fix,\\n missing the cause"\n}\n```\nDone.';
    const server = await serve(t, {
      reply: scripted({ 'What did the user ask to fix?': { answer: 'the rounding bug', grade: fenced } }),
    });
    const result = await judgeSummary({
      summary: SUMMARY,
      probes: [PROBES[0]!],
      complete: judgeCaller(server).complete,
    });
    assert.equal(result.score, 0.75);
    assert.equal(result.probes[0]?.reason, 'right fix, missing the cause');
  });

  it('counts an unparseable grade as a failed probe (score 0, the reason shown) and judges the others', async (t) => {
    const server = await serve(t, {
      reply: scripted({
        ...SCRIPT,
        'Which signature must not change?': {
          answer: 'computeInvoiceTotals',
          grade: 'Looks right to me, 9/10.',
        },
        'Which dependency rule did the user set?': {
          answer: 'none',
          grade: '{"score": 7, "reason": "out of ten"}',
        },
      }),
    });
    const result = await judgeSummary({
      summary: SUMMARY,
      probes: PROBES,
      complete: judgeCaller(server).complete,
    });
    assert.equal(result.graded, 1);
    assert.equal(result.errors, 2);
    assert.equal(result.score, 1 / 3);
    assert.deepEqual(result.byKind, { constraint: 0, task: 1 });
    const [, prose, outOfRange] = result.probes;
    assert.equal(prose?.score, 0);
    assert.equal(prose?.answer, 'computeInvoiceTotals');
    assert.match(prose?.error ?? '', /grade is not JSON: "Looks right to me, 9\/10\."/);
    assert.match(prose?.reason ?? '', /^not graded, counted as failed: grade is not JSON/);
    assert.equal(outOfRange?.score, 0);
    assert.match(outOfRange?.error ?? '', /^grade score: /);
  });

  it('counts a failed call as a failed probe, with the call label and the server message', async (t) => {
    const server = await serve(t, {
      reply: scripted({
        ...SCRIPT,
        'Which signature must not change?': {
          kind: 'raw',
          status: 400,
          body: { error: { message: 'model not loaded', type: 'invalid_request_error' } },
        },
      }),
    });
    const result = await judgeSummary({
      summary: SUMMARY,
      probes: PROBES,
      complete: judgeCaller(server).complete,
    });
    assert.equal(result.graded, 2);
    assert.equal(result.errors, 1);
    const failed = result.probes[1];
    assert.equal(failed?.score, 0);
    assert.match(failed?.reason ?? '', /^not graded, counted as failed: judge answer signature/);
    assert.equal(failed?.answer, '');
    assert.match(failed?.error ?? '', /judge answer signature: .*model not loaded/);
  });

  it('keeps at most the shared limit in flight', async (t) => {
    const many = Array.from({ length: 6 }, (_, index) =>
      probe(`p${index}`, 'task', `Question number ${index}?`, `answer ${index}`),
    );
    const script: Script = Object.fromEntries(
      many.map((item) => [item.question, { answer: item.answer, grade: grade(1, 'same') }]),
    );
    const server = await serve(t, { reply: scripted(script), latencyMs: 15 });
    const caller = judgeCaller(server, { limit: pLimit(2) });
    const result = await judgeSummary({ summary: SUMMARY, probes: many, complete: caller.complete });
    assert.equal(result.score, 1);
    assert.equal(server.requests.length, 12);
    assert.equal(server.maxInFlight, 2);
  });

  it('works through the anthropic SDK too', async (t) => {
    const server = await serve(t, { reply: scripted(SCRIPT) });
    const caller = judgeCaller(server, { vendor: 'anthropic' });
    const result = await judgeSummary({ summary: SUMMARY, probes: PROBES, complete: caller.complete });
    assert.ok(server.requests.every((request) => request.vendor === 'anthropic'));
    assert.deepEqual(
      [...new Set(server.requests.map((request) => request.body.max_tokens))].sort(),
      [200, 300],
    );
    assert.equal(result.score, 0.5);
    assert.deepEqual(
      result.probes.map((item) => [item.id, item.score, item.reason]),
      [
        ['task', 1, 'same fact'],
        ['signature', 0.5, 'names the function but not why'],
        ['dependencies', 0, 'the answer is unknown'],
      ],
    );
    assert.equal(caller.trace.length, 6);
  });

  it('scores every probe 0 on an empty summary without calling the model', async (t) => {
    const server = await serve(t, { reply: scripted(SCRIPT) });
    const caller = judgeCaller(server);
    const result = await judgeSummary({ summary: ' \n ', probes: PROBES, complete: caller.complete });
    assert.equal(server.requests.length, 0);
    assert.equal(caller.trace.length, 0);
    assert.equal(result.score, 0);
    assert.deepEqual(result.byKind, { constraint: 0, task: 0 });
    assert.equal(result.graded, 3);
    assert.ok(
      result.probes.every((item) => item.answer === 'unknown' && item.reason === 'the summary is empty'),
    );
  });

  it('has no score without probes', async () => {
    const complete: Caller['complete'] = () => Promise.reject(new Error('no call expected'));
    assert.deepEqual(await judgeSummary({ summary: SUMMARY, probes: [], complete }), {
      score: null,
      byKind: {},
      graded: 0,
      errors: 0,
      probes: [],
    });
  });

  it('stops on an abort instead of recording it per probe', async (t) => {
    const server = await serve(t, { reply: () => ({ kind: 'slow', ms: 5_000 }) });
    const controller = new AbortController();
    const caller = judgeCaller(server, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(
      judgeSummary({ summary: SUMMARY, probes: PROBES, complete: caller.complete }),
      AbortedError,
    );
  });
});

describe('judge provider', () => {
  it('refuses the extractive baseline, which cannot answer questions', () => {
    const extractive = createProvider('extractive', { tokenizer });
    assert.throws(
      () => validateJudgeProvider(extractive),
      (error: unknown) =>
        error instanceof InputError &&
        error.message.startsWith('--judge needs a language model (openai:<model> or anthropic:<model>)'),
    );
    validateJudgeProvider({ id: 'openai', isLanguageModel: true });
  });

  it('judges derived probes like sidecar ones', async (t) => {
    const derived: Probe = { ...PROBES[0]!, id: 'task@0', source: 'derived' };
    const server = await serve(t, { reply: scripted(SCRIPT) });
    const result = await judgeSummary({
      summary: SUMMARY,
      probes: [derived],
      complete: judgeCaller(server).complete,
    });
    assert.equal(server.requests.length, 2);
    assert.deepEqual(
      result.probes.map((item) => [item.id, item.score]),
      [['task@0', 1]],
    );
  });
});

describe('grade parsing', () => {
  it('reads plain JSON, a fenced block and JSON inside prose', () => {
    assert.deepEqual(parseGrade('{"score": 1, "reason": "same"}'), { ok: true, score: 1, reason: 'same' });
    assert.deepEqual(parseGrade('```json\n{"score":0.5,"reason":"half"}\n```'), {
      ok: true,
      score: 0.5,
      reason: 'half',
    });
    assert.deepEqual(parseGrade('Grade: {"score": 0, "reason": "wrong"} as asked.'), {
      ok: true,
      score: 0,
      reason: 'wrong',
    });
  });

  it('takes a quoted number, a missing reason, and folds a reason to one line', () => {
    assert.deepEqual(parseGrade('{"score": "0.25"}'), { ok: true, score: 0.25, reason: '' });
    assert.deepEqual(parseGrade('{"score": 1, "reason": "a\\n  b"}'), { ok: true, score: 1, reason: 'a b' });
  });

  it('rejects what is not a 0–1 grade, saying why', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /^grade is not JSON: \(empty\)$/],
      ['I would say 0.8', /^grade is not JSON/],
      ['{score: 1}', /^grade is not JSON/],
      ['{"score": 1.5, "reason": "x"}', /^grade score: /],
      ['{"score": -1}', /^grade score: /],
      ['{"score": "high"}', /^grade score: /],
      ['{"reason": "no score"}', /^grade score: /],
      ['{"score": true}', /^grade score: /],
    ];
    for (const [text, expected] of cases) {
      const parsed = parseGrade(text);
      assert.equal(parsed.ok, false, text);
      if (!parsed.ok) assert.match(parsed.error, expected, text);
    }
  });
});
