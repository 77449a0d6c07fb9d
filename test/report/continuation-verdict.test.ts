import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { continuationVerdict } from '../../src/report/continuation-verdict.ts';
import type { ContinuationResult } from '../../src/results/continuation-types.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';

/** A strategy whose context grounds the first `grounded` of `actions` established next actions. */
function continued(
  name: string,
  grounded: number,
  actions = 20,
  options: { lexical?: boolean; tokensAfter?: number } = {},
) {
  const block = {
    cut: 50,
    steps: actions,
    rehydrate: 'none',
    rehydratedFiles: [],
    realSteps: [],
    grounding: {
      actions: Array.from({ length: actions }, (_, index) => ({
        step: index + 1,
        kind: 'read',
        target: `f${index}.ts`,
        established: true,
        grounded: index < grounded,
      })),
      established: actions,
      grounded,
      rate: grounded / actions,
    },
    recoverability: {
      byProbe: {},
      counts: { workspace: 0, rehydrated: 0, conversation: 0 },
      conversationRecall: null,
    },
    prediction: null,
    note: null,
  } satisfies ContinuationResult;
  return {
    name,
    status: 'ok',
    lexical: options.lexical ?? false,
    flags: [],
    tokensAfter: options.tokensAfter ?? 1000,
    inputTokens: 10,
    outputTokens: 0,
    cost: null,
    ownMs: 1,
    continuation: block,
  } as unknown as StrategyResult;
}

const results = (strategies: StrategyResult[]) =>
  ({
    fixture: { name: 'session' },
    provider: { id: 'extractive', model: 'extractive-v1', isLanguageModel: false },
    strategies,
  }) as unknown as ResultsFile;

describe('the continuation verdict', () => {
  it('recommends the context that grounds the most next actions, ties by exact McNemar tests on the same actions', () => {
    const verdict = continuationVerdict(
      results([
        continued('close', 17),
        continued('best', 18, 20, { tokensAfter: 900 }),
        continued('far', 4),
        continued('grep', 20, 20, { lexical: true }),
      ]),
    )!;
    assert.equal(verdict.kind, 'continuation');
    // A lexical floor grounds everything here and is still never recommended.
    assert.equal(verdict.recommended?.name, 'best');
    assert.equal(verdict.recommended?.measure, 'grounded rate');
    assert.equal(verdict.recommended?.value.estimate, 0.9);
    assert.ok(verdict.recommended!.value.low! < 0.9 && verdict.recommended!.value.high! > 0.9);
    // 18 vs 17 of the same 20: one discordant action, no difference; 18 vs 4: 14 discordant, p < 0.001.
    assert.deepEqual(verdict.tied, ['close']);
    assert.match(verdict.tiedBy, /exact McNemar tests on the same actions/);
  });

  it('breaks a tie in rate by fewer tokens after, and says why when nothing can be ranked', () => {
    const verdict = continuationVerdict(
      results([
        continued('big', 10, 20, { tokensAfter: 5000 }),
        continued('small', 10, 20, { tokensAfter: 500 }),
      ]),
    )!;
    assert.equal(verdict.recommended?.name, 'small');
    assert.equal(continuationVerdict(results([continued('none', 0, 0)]))?.recommended, null);
    assert.equal(
      continuationVerdict(results([{ name: 'plain', status: 'ok' } as unknown as StrategyResult])),
      null,
    );
  });
});
