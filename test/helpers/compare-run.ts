/** `compare` in this process with the flags' offline defaults, for tests that assert on its data. */
import type { CompareOptions } from '../../src/stages/types.ts';
import { TEST_CONFIG } from './strategy-run.ts';

/** The flags' defaults a test runs with: the offline provider, no response cache, the default settings, one run. */
export const OFFLINE_COMPARE = {
  provider: 'extractive',
  providerOptions: { cacheDirectory: false },
  tokenizer: 'o200k_base',
  config: TEST_CONFIG,
  concurrency: 2,
  runs: 1,
} satisfies Partial<CompareOptions>;

/** What a test gives compare: the sessions, strategies and output folder, and any option it sets. */
export type CompareRun = Partial<CompareOptions> & Pick<CompareOptions, 'transcripts' | 'strategies' | 'out'>;

/** The compare options of a test's run: {@link OFFLINE_COMPARE} under what the test sets. */
export function offlineCompare(run: CompareRun): CompareOptions {
  return { ...OFFLINE_COMPARE, ...run };
}
