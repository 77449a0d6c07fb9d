/**
 * Every figure of every strategy, offline, is the committed baseline's (`baselines/extractive/`, written by
 * `npm run baseline`): work that makes evaluation faster must not move a figure. A change meant to move one
 * regenerates the baseline in the same commit, so the diff shows what moved.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from './helpers/cli.ts';
import { resultsFigures } from './helpers/results-figures.ts';

const ROOT = join(import.meta.dirname, '..');
const BASELINE = join(ROOT, 'baselines', 'extractive');
const SESSIONS = ['before-compaction', 'large-session'];

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

type Figures = { config: Record<string, unknown>; strategies: Array<{ name: string }> };

/** Figures without the run's concurrency, a setting of the run that moves no figure (its default changed). */
async function figuresOf(file: string): Promise<Figures> {
  const figures = (await resultsFigures(file)) as Figures;
  delete figures.config.concurrency;
  return figures;
}

describe('the shipped sessions compared offline with every strategy', () => {
  it('write the figures of the committed baseline, strategy by strategy', async () => {
    const out = join(directory.path, 'results');
    // From the checkout, as npm run baseline runs: the sessions' paths are recorded relative to it.
    const run = await runCli(['compare', ...SESSIONS, '-s', 'all', '-o', out, '--quiet'], { cwd: ROOT });
    assert.equal(run.code, 0, run.stderr);
    for (const session of SESSIONS) {
      const file = `${session}-results.json`;
      const now = await figuresOf(join(out, file));
      const baseline = await figuresOf(join(BASELINE, file));
      assert.equal(now.strategies.length, 18, session);
      assert.deepEqual(
        now.strategies.map((strategy) => strategy.name),
        baseline.strategies.map((strategy) => strategy.name),
      );
      // Strategy by strategy, so a failure names the one whose figures moved.
      for (const [index, strategy] of now.strategies.entries())
        assert.deepEqual(strategy, baseline.strategies[index], `${session}: ${strategy.name}`);
      assert.deepEqual(now, baseline, session);
    }
  });
});
