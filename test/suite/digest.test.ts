/**
 * A streaming suite keeps a digest of each session's results, not the results: the suite, its reports and
 * `--json` must be what the full results give, and the digest must leave the bulk of the results behind.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { digestOf, readResults } from '../../src/results/digest.ts';
import { writeSuiteReports } from '../../src/report/write.ts';
import { runSuite, type SuiteOutcome } from '../../src/run/run-suite.ts';
import { suiteOf } from '../../src/suite/assemble.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';

const STRATEGIES = 'single-shot,structured-iterative,paths-only';

// Vega numbers the gradients of every chart a process draws: the same page drawn after others differs only there.
const sameChartIds = (html: string) => html.replace(/gradient_\d+/g, 'gradient_N');

let directory: { path: string; remove: () => Promise<void> };
let files: string[];
let out: string;
let outcome: SuiteOutcome;
before(async () => {
  directory = await temporaryDirectory('compaction-bench-digest-');
  files = await writeSuite(join(directory.path, 'sessions'), 4);
  out = join(directory.path, 'out');
  outcome = await runSuite({
    transcripts: files,
    strategies: STRATEGIES,
    provider: 'extractive',
    out,
    tokenizer: 'o200k_base',
    config: TEST_CONFIG,
    concurrency: 2,
    runs: 1,
  });
});
after(() => directory.remove());

describe('session digests', () => {
  it('carry each session’s figures and probe outcomes, without its summaries, traces and probe list', async () => {
    for (const session of outcome.sessions) {
      const results = await readResults(session.resultsFile);
      assert.deepEqual(session.digest, digestOf(results));
      for (const [index, strategy] of session.digest.strategies.entries()) {
        const full = results.strategies[index]!;
        assert.equal(strategy.name, full.name);
        assert.deepEqual(strategy.quality.probeOutcomes, full.quality.probeOutcomes);
        assert.equal(strategy.tokensAfter, full.tokensAfter);
        for (const left of ['summary', 'trace', 'judgeTrace', 'prompts'])
          assert.ok(!(left in strategy), `${strategy.name}: no ${left}`);
      }
      assert.ok(!('probes' in session.digest));
      const digestSize = JSON.stringify(session.digest).length;
      const resultsSize = JSON.stringify(results).length;
      assert.ok(digestSize * 2 < resultsSize, `digest ${digestSize} characters, results ${resultsSize}`);
    }
  });

  it('give the suite, its report and its page that the full results give', async () => {
    const results = await Promise.all(outcome.sessions.map((session) => readResults(session.resultsFile)));
    const suite = suiteOf(results);
    assert.deepEqual(outcome.suites, [suite]);
    const again = join(directory.path, 'from-results');
    await writeSuiteReports(suite, again, results);
    for (const name of ['suite-comparison.md', 'suite-results.json', 'suite-report.html']) {
      const written = await readFile(join(out, name), 'utf8');
      const rebuilt = await readFile(join(again, name), 'utf8');
      assert.equal(sameChartIds(written), sameChartIds(rebuilt), name);
    }
  });

  it('--json prints every session’s results file, read back, exactly as one JSON document', async () => {
    const jsonOut = join(directory.path, 'json');
    const run = await runCli(['compare', ...files, '-s', STRATEGIES, '-o', jsonOut, '-q', '--json'], {
      cwd: directory.path,
    });
    assert.equal(run.code, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as { results: unknown[]; suites: unknown[] };
    assert.equal(run.stdout, `${JSON.stringify(printed, null, 2)}\n`);
    const names = files.map((file) => file.replace(/^.*\/|\.jsonl$/g, ''));
    const written = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(join(jsonOut, `${name}-results.json`), 'utf8'))),
    );
    assert.deepEqual(printed.results, written);
    assert.deepEqual(printed.suites, [
      JSON.parse(await readFile(join(jsonOut, 'suite-results.json'), 'utf8')),
    ]);
  });
});
