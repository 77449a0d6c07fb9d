import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Probe } from '../../src/quality/probes.ts';
import { sessionReference, withProbes } from '../../src/results/session-reference.ts';
import { chainOutput, agentCompactionChainOutput } from '../../src/schedule/cycles.ts';
import { scoreChain } from '../../src/schedule/score-chain.ts';
import type { Schedule } from '../../src/schedule/policy.ts';
import type { SessionReference } from '../../src/results/session-reference.ts';
import type { Tokenizer } from '../../src/tokens.ts';
import type { Compaction, Replay } from '../../src/schedule/replay.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';

const FACTS = {
  a: 'keyset pagination',
  b: 'canonical JSON keys',
  c: 'two second budget',
  d: 'ledger sync retries',
  e: 'dry run flag',
};

function probe(id: keyof typeof FACTS, messageIndex: number, repeatedAt?: number[]): Probe {
  return {
    id,
    kind: 'decision',
    question: `what about ${id}?`,
    answer: FACTS[id],
    facets: [[FACTS[id]]],
    contradictions: [],
    messageIndex,
    ...(repeatedAt ? { repeatedAt } : {}),
    source: 'sidecar',
  };
}

const [readCall, readResult] = toolExchange('read', { path: 'src/alpha.ts' }, 'export const alpha = 1;');
const messages = [
  user(`We settled on ${FACTS.a}.`),
  assistant(`Noted: ${FACTS.b}.`),
  user(`Keep the suite under the ${FACTS.c}.`),
  readCall,
  readResult,
  assistant(`Added ${FACTS.d} as asked.`),
  user('Next task, please.'),
  assistant('Working on it.'),
  user('Another thing.'),
  assistant(`Remember the ${FACTS.c}; now adding the ${FACTS.e}.`),
  user('Thanks.'),
];

function compaction(cycle: number, atMessage: number, keptFrom: number, summary: string): Compaction {
  const kept = messages.slice(keptFrom, atMessage);
  return {
    cycle,
    atMessage,
    keptFrom,
    tokensBefore: 1000,
    tokensAfter: 100,
    summary,
    summaryTokens: 10,
    kept,
    updated: cycle > 1,
    trace: [],
    wallMs: 1,
  };
}

/** A replay's chain as the compact stage stores it, scored as the chain evaluator scores it. */
function measureChain(replay: Replay, reference: SessionReference, schedule: Schedule) {
  const { chain, texts } = chainOutput(replay, schedule);
  return scoreChain(chain, (hash) => texts.get(hash)!, reference, undefined);
}

/** The agent's own chain, stored and scored. */
function agentCompactionChain(reference: SessionReference, tokenizer: Tokenizer) {
  const { chain, texts } = agentCompactionChainOutput(reference, tokenizer);
  return scoreChain(chain, (hash) => texts.get(hash)!, reference, undefined);
}

describe('compaction chain measurement', () => {
  it('scores each compaction on the facts so far, and apart on the facts earlier compactions summarized and the session did not restate', async () => {
    const tokenizer = await getTokenizer('heuristic');
    const base = await sessionReference(session(messages), tokenizer);
    const reference = await withProbes(base, [
      probe('a', 0),
      probe('b', 1),
      probe('c', 2, [9]),
      probe('d', 5),
      probe('e', 9),
    ]);
    const replay: Replay = {
      output: { summary: '' },
      status: 'ok',
      error: null,
      compactions: [compaction(1, 6, 4, `- ${FACTS.a}\n- ${FACTS.b}`), compaction(2, 10, 8, `- ${FACTS.a}`)],
    };
    const chain = measureChain(replay, reference, { policy: 'window', window: 100, reserve: 10, keep: 5 });
    assert.equal(chain.compactions, 2);
    const [first, second] = chain.cycles;
    // Cycle 1: a and b from the summary, d from the kept message 5; c was summarized away.
    assert.deepEqual([first!.probes, first!.probeRecall, first!.missedProbes], [4, 0.75, ['c']]);
    // Its first stretch (before message 4): a, b, c.
    assert.deepEqual([first!.firstStretchProbes, first!.firstStretchRecall], [3, 2 / 3]);
    assert.deepEqual([first!.earlierProbes, first!.earlierRecall], [0, null]);
    assert.equal(first!.fileRecall, 0);
    // Cycle 2: a from the summary; c and e from message 9, which restates c.
    assert.deepEqual([second!.probes, second!.probeRecall], [5, 3 / 5]);
    // Earlier facts: a and b (c is restated at 9, so it does not count as carried by the summaries).
    assert.deepEqual([second!.earlierProbes, second!.earlierRecall], [2, 0.5]);
    assert.deepEqual([second!.firstStretchProbes, second!.firstStretchRecall], [2, 0.5]);
    assert.equal(chain.schedule, 'window=100,reserve=10,keep=5');
  });

  it("scores the agent's own summaries at each recorded point", async () => {
    const tokenizer = await getTokenizer('heuristic');
    const recorded = session(messages, {
      compactions: [
        { summary: `- ${FACTS.a}, src/alpha.ts`, messageIndex: 6, firstKeptMessageIndex: 4 },
        { summary: '- nothing much', messageIndex: 10, firstKeptMessageIndex: 8, tokensBefore: 5000 },
      ],
    });
    const reference = await withProbes(await sessionReference(recorded, tokenizer), [
      probe('a', 0),
      probe('e', 9),
    ]);
    const chain = agentCompactionChain(reference, tokenizer);
    assert.deepEqual(
      chain.cycles.map((cycle) => [
        cycle.atMessage,
        cycle.keptFrom,
        cycle.probeRecall,
        cycle.fileRecall,
        cycle.calls,
      ]),
      [
        [6, 4, 1, 1, 0],
        [10, 8, 0.5, 0, 0],
      ],
    );
    assert.equal(chain.cycles[1]!.tokensBefore, 5000);
    assert.equal(chain.cycles[0]!.tokensBefore, null);
  });
});
