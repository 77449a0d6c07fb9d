/** A strategy added to the registry for one test, as its registry line would add it, and taken out after. */
import { promptCatalog } from '../../src/strategies/prompts.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';

/**
 * Adds `strategy` to `STRATEGIES` under its name (last, as a new registry line), its prompts checked as registration
 * checks them (a name declared twice is an error); returns what takes it out again.
 */
export function registerStrategy(strategy: Strategy): () => void {
  const registry: Record<string, Strategy> = STRATEGIES;
  if (registry[strategy.name]) throw new Error(`strategy '${strategy.name}' is registered already`);
  promptCatalog([...Object.values(registry), strategy]);
  registry[strategy.name] = strategy;
  return () => {
    delete registry[strategy.name];
  };
}
