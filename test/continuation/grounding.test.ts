import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { evaluateContinuation } from '../../src/continuation/evaluate.ts';
import { recoverabilitySummary } from '../../src/continuation/recoverability.ts';
import { createMatcher } from '../../src/quality/match.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

function exchange(name: string, args: Record<string, unknown>, output: string) {
  const call = toolCall(name, args);
  return [callsTools([call]), toolResult(call, output)];
}

function probe(id: string, answer: string, messageIndex: number): Probe {
  return {
    id,
    kind: 'decision',
    question: id,
    answer,
    facets: [[answer]],
    contradictions: [],
    messageIndex,
    source: 'sidecar',
  };
}

const history = [
  user('Fix the export. Use the streaming writer, not the buffered one.'),
  ...exchange('read', { path: 'src/export.ts' }, 'export const limit = "64 MB";'),
  ...exchange('bash', { command: 'npm test -- export' }, 'FAIL export.test.ts'),
  ...exchange('read', { path: 'src/routes.ts' }, 'router.get("/export")'),
];
const after = [
  ...exchange('edit', { path: 'src/export.ts', oldText: '64', newText: '32' }, 'edited'),
  ...exchange('bash', { command: 'npm test' }, 'ok'),
  ...exchange('bash', { command: 'cargo build' }, 'never run before the cut'),
  assistant('Done.'),
];
const full = session([...history, ...after]);
const cut = history.length;
const prefix = createMatcher(renderMessages(history, { toolResultChars: Number.POSITIVE_INFINITY }));
const probes = [
  probe('streaming', 'streaming writer', 0),
  probe('limit', '64 MB', 2),
  probe('route', '/export', 6),
];

describe('continuation grounding (offline, lexical)', () => {
  // Set up in before(), not awaited in this callback: a test registered after an await here may find its file's
  // suite (npm test runs several files in one process) already finished.
  let tokenizer: Tokenizer;
  before(async () => {
    tokenizer = await getTokenizer('o200k_base');
  });
  const evaluate = (summary: string, design: 'none' | 'claude-code' = 'none') =>
    evaluateContinuation({
      session: full,
      cut,
      steps: 4,
      design,
      summary,
      context: summary,
      probes,
      probeOutcomes: {},
      prefix,
      tokenizer,
    });

  it('lists the real next steps and counts only targets established before the cut', () => {
    const result = evaluate('');
    assert.deepEqual(
      result.grounding.actions.map((action) => [action.kind, action.target, action.established]),
      [
        ['edit', 'src/export.ts', true],
        ['run', 'npm test', true],
        ['run', 'cargo build', false],
        ['finish', '', false],
      ],
    );
    assert.equal(result.steps, 4);
    assert.equal(result.prediction, null);
    assert.match(result.note!, /language model is needed/);
  });

  it('scores an empty summary 0 and the whole prefix 1', () => {
    assert.deepEqual(
      { established: evaluate('').grounding.established, rate: evaluate('').grounding.rate },
      { established: 2, rate: 0 },
    );
    const whole = renderMessages(history, { toolResultChars: Number.POSITIVE_INFINITY });
    assert.equal(evaluate(whole).grounding.rate, 1);
  });

  it('drops exactly the step whose target a summary leaves out', () => {
    const good = 'Edit src/export.ts to lower the limit, then run npm test.';
    assert.equal(evaluate(good).grounding.rate, 1);
    const without = evaluate('Edit src/export.ts to lower the limit.').grounding;
    assert.deepEqual(
      without.actions.map((action) => action.grounded),
      [true, false, null, null],
    );
  });

  it('counts a target the rehydration brings back as grounded', () => {
    assert.equal(evaluate('', 'claude-code').grounding.actions[0]!.grounded, true);
  });

  it('tells facts in files, in attachments and only in the conversation apart', () => {
    assert.deepEqual(evaluate('').recoverability.byProbe, {
      streaming: 'conversation',
      limit: 'workspace',
      route: 'workspace',
    });
    assert.deepEqual(evaluate('', 'claude-code').recoverability.counts, {
      workspace: 0,
      rehydrated: 2,
      conversation: 1,
    });
  });

  it('reports recall over the conversation-only facts alone', () => {
    const byProbe = { streaming: 'conversation', limit: 'workspace', other: 'conversation' } as const;
    assert.deepEqual(
      recoverabilitySummary(byProbe, { streaming: 'matched', limit: 'missed', other: 'missed' }),
      {
        counts: { workspace: 1, rehydrated: 0, conversation: 2 },
        conversationRecall: 0.5,
      },
    );
    assert.equal(recoverabilitySummary({ limit: 'workspace' }, {}).conversationRecall, null);
  });
});
