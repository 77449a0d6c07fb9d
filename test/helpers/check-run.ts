/** `check` in this process, as its command runs it: the core function with the command's defaults, and its text. */
import { type CheckOptions, type CheckOutcome, runCheck } from '../../src/run/check.ts';
import { DEFAULT_TOLERANCE } from '../../src/quality/gate.ts';
import { renderCheckText } from '../../src/report/check-summary.ts';
import { DEFAULT_STRATEGIES } from '../../src/strategies/registry.ts';
import { OFFLINE_COMPARE } from './compare-run.ts';

/** What a test gives `check`: the sessions and output folder, and any flag it sets. */
export type CheckRun = Partial<CheckOptions> & Pick<CheckOptions, 'transcripts' | 'out'>;

/**
 * Runs `check` with the flags' defaults (offline provider, no cache, the core strategies or, without `strategies`,
 * those of the baseline) and returns its outcome with the verdict text the terminal prints first (no tables).
 */
export async function check(run: CheckRun): Promise<CheckOutcome & { text: string }> {
  const outcome = await runCheck({
    strategies: DEFAULT_STRATEGIES,
    strategiesFromBaseline: run.strategies === undefined,
    ...OFFLINE_COMPARE,
    concurrency: 4,
    failUnder: [],
    baselines: [],
    tolerance: DEFAULT_TOLERANCE,
    command: ['check', ...run.transcripts],
    ...run,
  });
  return { ...outcome, text: renderCheckText(outcome.summary, '', outcome.updated) };
}
