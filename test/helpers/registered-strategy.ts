/** A strategy added to the registry for one test, as its registry line would add it, and taken out after. */
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';

/** Adds `strategy` to `STRATEGIES` under its name (last, as a new registry line); returns what takes it out again. */
export function registerStrategy(strategy: Strategy): () => void {
  const registry: Record<string, Strategy> = STRATEGIES;
  if (registry[strategy.name]) throw new Error(`strategy '${strategy.name}' is registered already`);
  registry[strategy.name] = strategy;
  return () => {
    delete registry[strategy.name];
  };
}
