/**
 * `score` of results files written before records existed. The sample `test/samples/a20cb05-before-compaction-results.json`
 * was written by commit a20cb05 (before issue 23's live facts and before records), in a folder holding a copy of
 * fixtures/: `compaction-bench compare before-compaction -s single-shot,truncate,observation-masking,paths-only`.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startMockLlmServer } from '../../support/loopback-llm-server.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const OLD_RESULTS = fileURLToPath(
  new URL('../samples/a20cb05-before-compaction-results.json', import.meta.url),
);
const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const KEY = 'sk-test-e2e-0123456789abcdefghij';
const STRATEGIES = ['single-shot', 'truncate', 'observation-masking', 'paths-only'];

let directory: { path: string; remove: () => Promise<void> };

/** A folder laid out as the old run's: the transcript and its sidecar under fixtures/, the results file beside. */
async function oldRun(name: string, edit?: (results: any) => void): Promise<string> {
  const folder = join(directory.path, name);
  await mkdir(join(folder, 'fixtures'), { recursive: true });
  for (const file of ['before-compaction.jsonl', 'before-compaction.probes.json'])
    await copyFile(join(FIXTURES, file), join(folder, 'fixtures', file));
  const results = JSON.parse(await readFile(OLD_RESULTS, 'utf8'));
  edit?.(results);
  await writeFile(join(folder, 'before-compaction-results.json'), JSON.stringify(results));
  return folder;
}

const json = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
const byName = (results: any) =>
  new Map(results.strategies.map((strategy: any) => [strategy.name, strategy]));

before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('score of a results file written before records', () => {
  let folder: string;
  let old: any;
  let rescored: any;
  let today: any;
  let stdout: string;
  before(async () => {
    folder = await oldRun('old');
    old = await json(join(folder, 'before-compaction-results.json'));
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'rescored'], { cwd: folder });
    assert.equal(run.code, 0, run.stderr);
    stdout = run.stdout;
    rescored = await json(join(folder, 'rescored', 'before-compaction-results.json'));
    const compare = await runCli(
      ['compare', 'fixtures/before-compaction.jsonl', '-s', STRATEGIES.join(','), '-o', 'today', '--quiet'],
      { cwd: folder },
    );
    assert.equal(compare.code, 0, compare.stderr);
    today = await json(join(folder, 'today', 'before-compaction-results.json'));
  });

  it('was written by the old code: probes without live or history, no history recall', () => {
    assert.equal(old.provenance.commit, 'a20cb051fcf14b1a765e4c68d14dae6907fa6f97');
    assert.ok(old.probes.every((probe: any) => !('live' in probe)));
    assert.ok(old.strategies.every((strategy: any) => !('historyRecall' in strategy.quality)));
  });

  it("scores each stored summary and rebuilt tail exactly as today's compare scores the same context", () => {
    const now = byName(today);
    // observation-masking's placeholder has changed since a20cb05 (it no longer repeats each call's arguments):
    // today's strategy no longer gives the context the file recorded, so it is listed, not rebuilt.
    assert.match(
      stdout,
      /not rebuilt: before-compaction × observation-masking: .*the file recorded 15508 \(the strategy edited what it kept\), and today's observation-masking does not reproduce it/,
    );
    for (const strategy of rescored.strategies) {
      if (strategy.name === 'observation-masking') {
        assert.equal(strategy.status, 'error');
        continue;
      }
      assert.equal(strategy.status, 'ok', `${strategy.name}: ${strategy.error}`);
      assert.equal(strategy.summary, (now.get(strategy.name) as any).summary, strategy.name);
      assert.deepEqual(strategy.quality, (now.get(strategy.name) as any).quality, strategy.name);
    }
    assert.deepEqual(
      rescored.strategies.map((strategy: any) => strategy.name),
      STRATEGIES,
    );
  });

  it('marks the probes live or history at the cut, and reports history recall beside live recall', () => {
    const live = rescored.probes.filter((probe: any) => probe.live === true).length;
    const history = rescored.probes.filter((probe: any) => probe.live === false).length;
    assert.equal(live + history, rescored.probes.length);
    assert.ok(live > 0 && history > 0, `${live} live, ${history} history`);
    assert.equal(rescored.fixture.liveProbes, live);
    const truncate = byName(rescored).get('truncate') as any;
    assert.equal(truncate.quality.probesTotal, live);
    assert.equal(truncate.quality.historyTotal, history);
    assert.equal(typeof truncate.quality.historyRecall, 'number');
    assert.notEqual(
      truncate.quality.probeRecall,
      (byName(old).get('truncate') as any).quality.probeRecall,
      'the headline is now over the live facts',
    );
  });

  it('keeps the figures the old run measured (tokens, calls, kept ranges)', () => {
    const before = byName(old);
    for (const strategy of rescored.strategies) {
      const was = before.get(strategy.name) as any;
      assert.equal(strategy.tokensAfter, was.tokensAfter, strategy.name);
      assert.equal(strategy.calls, was.calls, strategy.name);
      assert.deepEqual(strategy.keptRanges, was.keptRanges, strategy.name);
    }
  });

  it('writes records holding every rebuilt context, which score reads again to the same results', async () => {
    const again = await runCli(['score', 'rescored', '-o', 'again'], { cwd: folder });
    assert.equal(again.code, 0, again.stderr);
    const results = await json(join(folder, 'again', 'before-compaction-results.json'));
    assert.deepEqual(
      results.strategies.map((strategy: any) => strategy.quality),
      rescored.strategies.map((strategy: any) => strategy.quality),
    );
  });

  it('takes a folder of results files (a suite file beside them left out)', async () => {
    await writeFile(join(folder, 'suite-results.json'), JSON.stringify({ kind: 'suite', schemaVersion: 1 }));
    const run = await runCli(['score', '.', '-o', 'from-folder'], { cwd: folder });
    assert.equal(run.code, 0, run.stderr);
    const results = await json(join(folder, 'from-folder', 'before-compaction-results.json'));
    assert.deepEqual(
      results.strategies.map((strategy: any) => strategy.quality),
      rescored.strategies.map((strategy: any) => strategy.quality),
    );
  });
});

describe('score of an older results file it cannot fully rebuild', () => {
  it('names a strategy whose kept messages are not the transcript’s and scores it as failed', async () => {
    const folder = await oldRun('edited', (results) => {
      const masking = results.strategies.find((strategy: any) => strategy.name === 'observation-masking');
      masking.tokensAfter += 1;
    });
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^not rebuilt: before-compaction × observation-masking: its summary and kept messages count \d+ tokens, the file recorded 15509 .*does not reproduce it$/m,
    );
    const results = byName(await json(join(folder, 'out', 'before-compaction-results.json')));
    const masking = results.get('observation-masking') as any;
    assert.equal(masking.status, 'error');
    assert.match(masking.error, /^not rebuilt from before-compaction-results\.json: /);
    assert.equal((results.get('truncate') as any).status, 'ok');
  });

  it('refuses a transcript that changed since (exit 2, one line naming it)', async () => {
    const folder = await oldRun('changed');
    const transcript = join(folder, 'fixtures', 'before-compaction.jsonl');
    const text = await readFile(transcript, 'utf8');
    await writeFile(transcript, text.replace('ERR_INVOICE_TOTAL_MISMATCH', 'ERR_TOTAL_MISMATCH'));
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^compaction-bench: fixtures\/before-compaction\.jsonl: the transcript changed since before-compaction-results\.json was written \(119 messages and \d+ tokens now, 119 and 34935 then\); rerun compare\n$/,
    );
    assert.ok(!existsSync(join(folder, 'out')));
  });

  it('refuses a transcript that moved, naming it', async () => {
    const folder = await oldRun('moved', (results) => {
      results.fixture.path = 'elsewhere/before-compaction.jsonl';
    });
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^compaction-bench: before-compaction-results\.json: its transcript elsewhere\/before-compaction\.jsonl cannot be read \(.*\); run score in the folder compare ran in, or put the transcript back\n$/,
    );
  });

  it('refuses results without summaries, naming their version', async () => {
    const folder = await oldRun('no-summaries', (results) => {
      for (const strategy of results.strategies) delete strategy.summary;
    });
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^compaction-bench: before-compaction-results\.json: schemaVersion 2 results without each strategy's summary and kept ranges; they cannot be re-scored \(rerun compare\)\n$/,
    );
  });

  it("refuses a suite's results file given by name, saying what to score instead", async () => {
    const folder = await oldRun('suite-file');
    await writeFile(join(folder, 'suite-results.json'), JSON.stringify({ kind: 'suite', schemaVersion: 1 }));
    const run = await runCli(['score', 'suite-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      "compaction-bench: suite-results.json: a suite's results, built from its sessions' results; score those files, or the folder that holds them\n",
    );
  });

  it('refuses the results of a --schedule chain', async () => {
    const folder = await oldRun('chain', (results) => {
      results.schedule = 'recorded';
    });
    const run = await runCli(['score', 'before-compaction-results.json', '-o', 'out'], { cwd: folder });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /results of a --schedule chain; the summaries of its earlier compactions are not stored/,
    );
  });
});

describe('score --judge of a results file written before records', () => {
  it('grades every rebuilt context with the judge, and no other model', async () => {
    const server = await startMockLlmServer({
      reply: (request) => {
        const prompt = JSON.stringify(request.body);
        if (prompt.includes('Question:') && prompt.includes('<summary>'))
          return { kind: 'text', text: 'an answer' };
        return { kind: 'text', text: '{"score": 0.5, "reason": "partly right"}' };
      },
    });
    try {
      const folder = await oldRun('judged');
      const run = await runCli(
        [
          'score',
          'before-compaction-results.json',
          '--judge',
          'openai:judge-model',
          '--judge-base-url',
          server.url,
          '-o',
          'out',
        ],
        { cwd: folder, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(run.code, 0, run.stderr);
      const results = await json(join(folder, 'out', 'before-compaction-results.json'));
      assert.deepEqual(results.judge, { id: 'openai', model: 'judge-model' });
      // observation-masking cannot be rebuilt from this file (its placeholder changed since): nothing to grade.
      for (const strategy of results.strategies.filter((entry: any) => entry.status === 'ok'))
        assert.equal(strategy.quality.judge.score, 0.5, strategy.name);
      assert.ok(server.requests.length > 0);
      assert.ok(server.requests.every((request) => request.body.model === 'judge-model'));
    } finally {
      await server.close();
    }
  });
});
