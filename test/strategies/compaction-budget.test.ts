/**
 * Budgets at a compaction point (issue 23, item 5): with `--at-compaction` or a `--schedule` replay, the target is
 * for the context after the compaction, so the summary aims at the target minus the kept tail.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentCompaction } from '../../src/session/types.ts';
import { atAgentCompaction } from '../../src/strategies/at-compaction.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { assistant, session, user } from '../helpers/factories.ts';
import { runStrategy } from '../helpers/strategy-run.ts';
import { replay, text } from '../schedule/helpers.ts';

/** A strategy that answers with the target it was given, so a test can read it. */
function targetEcho(seen: Array<number | undefined>): Strategy {
  return {
    name: 'target-echo',
    description: 'answers with the target it was given',
    group: 'custom',
    callsModel: false,
    async run(_session, context) {
      seen.push(context.config.targetTokens);
      return { summary: 'summary' };
    },
  };
}

const messages = Array.from({ length: 8 }, (_, index) =>
  index % 2 === 0 ? user(text(200, 'u')) : assistant(text(200, 'a')),
);
const compaction: AgentCompaction = {
  summary: 'the agent’s summary',
  messageIndex: 8,
  firstKeptMessageIndex: 4,
};

describe('budgets at a compaction point', () => {
  it('--at-compaction aims the summary at the target minus the kept tail', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const tail = messages.slice(4, 8).reduce((sum, message) => sum + tokenizer.countMessage(message), 0);
    assert.ok(tail > 500, `a tail of ${tail} tokens`);
    const seen: Array<number | undefined> = [];
    const strategy = atAgentCompaction(targetEcho(seen), compaction);
    await runStrategy(
      strategy,
      session(messages, { compactions: [compaction] }),
      fakeProvider({ answer: () => 'x' }),
      {
        targetTokens: 5000,
      },
    );
    assert.deepEqual(seen, [5000 - tail]);
    // Without a target nothing changes.
    await runStrategy(
      strategy,
      session(messages, { compactions: [compaction] }),
      fakeProvider({ answer: () => 'x' }),
    );
    assert.deepEqual(seen, [5000 - tail, undefined]);
  });

  it('--schedule recorded aims each summary at the target minus its kept tail', async () => {
    const tokenizer = await getTokenizer('heuristic');
    const tail = messages.slice(4, 8).reduce((sum, message) => sum + tokenizer.countMessage(message), 0);
    const seen: Array<number | undefined> = [];
    const sessionWithPoint = session([...messages, user('next')], {
      compactions: [{ ...compaction, messageIndex: 8 }],
    });
    const result = await replay(
      targetEcho(seen),
      sessionWithPoint,
      { policy: 'recorded' },
      fakeProvider({ answer: () => 'x' }),
      { targetTokens: 1000 },
    );
    assert.equal(result.status, 'ok');
    assert.deepEqual(seen, [1000 - tail]);
  });
});
