/** The chain evaluator (`--schedule`): every compaction of a job's stored chain scored against the probes so far. */
import { type ChainResult, chainResultSchema } from '../results/chain.ts';
import type { Evaluator } from './types.ts';

// The chain's scoring (and the lexical scoring it runs) loads when a chain is first scored, not with compare's modules.
let chainScoring: Promise<typeof import('../schedule/score-chain.ts')> | undefined;
const loadChainScoring = () => (chainScoring ??= import('../schedule/score-chain.ts'));

/** Scores the chain of a job run under `--schedule` (the agent's own under `--schedule recorded`), offline. */
export const chainEvaluator: Evaluator<ChainResult> = {
  name: 'chain',
  description:
    'each compaction of a --schedule chain: recall of the facts so far, of earlier and first stretches, files',
  callsModel: false,
  enabled: () => true,
  async evaluate(input) {
    if (!input.chain) return null;
    const { scoreChain } = await loadChainScoring();
    return scoreChain(input.chain, textIn(input.texts), input.whole, input.requiredSections);
  },
  schema: chainResultSchema,
  apply(result, scores) {
    if (scores) result.chain = scores;
  },
};

/** A stored context by hash; one the input lacks is a defect of whoever built it. */
export function textIn(texts: ReadonlyMap<string, string>): (hash: string) => string {
  return (hash) => {
    const text = texts.get(hash);
    if (text === undefined) throw new Error(`the stored context ${hash} was not read before scoring`);
    return text;
  };
}
