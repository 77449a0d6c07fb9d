import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pLimit from 'p-limit';
import { applyScores, EVALUATORS, evaluate } from '../../src/evaluators/registry.ts';
import { sessionReference } from '../../src/results/session-reference.ts';
import { loadSession } from '../../src/session/load.ts';
import type { MeasuredResult } from '../../src/results/types.ts';
import { getTokenizer } from '../../src/tokens.ts';

/** An offline evaluation of the fixture's session: its context (no judge), a job's input but its text, the reference. */
async function evaluation() {
  const tokenizer = await getTokenizer('o200k_base');
  const reference = await sessionReference(await loadSession('before-compaction'), tokenizer);
  const context = { judge: undefined, limit: pLimit(1), tokenizer, signal: new AbortController().signal };
  const input = {
    summary: '',
    ok: true,
    reference,
    requiredSections: undefined,
    sample: 1,
    whole: reference,
    texts: new Map<string, string>(),
  };
  return { context, input, reference };
}

describe('evaluator registry', () => {
  it('names every evaluator by its key, with a description', () => {
    for (const [key, evaluator] of Object.entries(EVALUATORS)) {
      assert.equal(evaluator.name, key);
      assert.ok(evaluator.description.length > 10, key);
    }
  });

  it('scores the whole transcript perfectly and an empty context at zero, with no judge', async () => {
    const { context, input, reference } = await evaluation();
    const whole = await evaluate({ ...input, text: reference.transcriptText }, context, false);
    const empty = await evaluate({ ...input, text: '' }, context, false);
    assert.deepEqual(Object.keys(whole), ['lexical']);
    assert.equal((whole.lexical as { probeRecall: number }).probeRecall, 1);
    assert.equal((empty.lexical as { probeRecall: number }).probeRecall, 0);
    assert.deepEqual(
      await evaluate({ ...input, text: '' }, context, true),
      {},
      'the judge is off without --judge',
    );
  });

  it("checks scores read back against the evaluator's schema, not those an evaluator of the process made", async () => {
    const { context, input } = await evaluation();
    const made = await evaluate({ ...input, text: 'A summary.', summary: 'A summary.' }, context, false);
    const schema = EVALUATORS.lexical.schema;
    const safeParse = schema.safeParse.bind(schema);
    let checks = 0;
    schema.safeParse = ((value: unknown) => {
      checks++;
      return safeParse(value);
    }) as typeof schema.safeParse;
    const measured = () => ({ quality: null, judgeUsage: null, judgeTrace: [] }) as unknown as MeasuredResult;
    try {
      const applied = applyScores(measured(), made, 'job made');
      assert.equal(checks, 0);
      const readBack = applyScores(measured(), structuredClone(made), 'job read');
      assert.equal(checks, 1);
      assert.deepEqual(readBack.quality, applied.quality);
    } finally {
      schema.safeParse = safeParse;
    }
  });

  it('refuses stored scores that are not what the evaluator writes, naming the job', () => {
    const result = { quality: null, judgeUsage: null, judgeTrace: [] } as unknown as MeasuredResult;
    assert.throws(
      () => applyScores(result, { lexical: { probeRecall: 'high' } }, 'run.jsonl: job abc'),
      /^InputError: run\.jsonl: job abc: scores\.lexical is not what the lexical evaluator writes$/,
    );
  });
});
