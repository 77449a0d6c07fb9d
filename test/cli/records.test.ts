/**
 * Records end to end: compare writes them (with every call's prompt and answer stored once), `report` rebuilds
 * the same results from them (merging runs, naming a missing job), and `score` re-evaluates them without calling
 * the summarizing model.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startMockLlmServer } from '../../support/loopback-llm-server.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';
import { readStored } from '../../src/results/stored-texts.ts';
import { contentHash } from '../../src/results/record.ts';

const KEY = 'sk-test-e2e-0123456789abcdefghij';
let directory: { path: string; remove: () => Promise<void> };

before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

async function compare(args: string[], out: string, env: Record<string, string> = {}): Promise<void> {
  const run = await runCli(['compare', ...args, '-o', out, '--quiet'], { cwd: directory.path, env });
  assert.equal(run.code, 0, run.stderr);
}

async function recordsOf(out: string): Promise<{ file: string; lines: any[] }> {
  const names = (await readdir(join(out, 'records'))).filter((name) => name.endsWith('.jsonl'));
  assert.equal(names.length, 1, `one run wrote here: ${names.join(', ')}`);
  const file = join(out, 'records', names[0]!);
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return { file, lines };
}

const json = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

describe('records of an offline compare', () => {
  const strategies = ['-s', 'single-shot,truncate,paths-only'];
  let out: string;
  before(async () => {
    out = join(directory.path, 'offline');
    await compare(['before-compaction', ...strategies], out);
  });

  it('holds a run header planning every job, a session record, and one job record per planned job', async () => {
    const { lines } = await recordsOf(out);
    const [header, ...rest] = lines;
    assert.equal(header.kind, 'run');
    assert.equal(header.recordVersion, 1);
    assert.equal(header.provider.id, 'extractive');
    assert.deepEqual(
      header.jobs.map((job: { strategy: string }) => job.strategy),
      ['single-shot', 'truncate', 'paths-only'],
    );
    assert.equal(header.sessions[0].name, 'before-compaction');
    assert.match(header.sessions[0].contentHash, /^[0-9a-f]{64}$/);
    const jobs = rest.filter((line) => line.kind === 'job');
    assert.deepEqual(
      jobs.map((job) => job.id).sort(),
      header.jobs.map((job: { id: string }) => job.id).sort(),
    );
    assert.equal(rest.filter((line) => line.kind === 'session').length, 1);
    for (const job of jobs) {
      assert.equal(typeof job.scores.lexical.probeRecall, 'number');
      assert.equal(job.outcome.quality, null, 'the rendered quality comes from the scores');
    }
  });

  it('gives a job the same id on a rerun of the same inputs', async () => {
    const again = join(directory.path, 'offline-again');
    await compare(['before-compaction', ...strategies], again);
    const ids = (lines: any[]) =>
      lines.filter((line) => line.kind === 'job').map((line) => `${line.strategy}=${line.id}`);
    assert.deepEqual(ids((await recordsOf(again)).lines), ids((await recordsOf(out)).lines));
  });

  it("stores every call's prompt and answer once, by hash, in the run's pack, and each call points at them", async () => {
    const { file, lines } = await recordsOf(out);
    const [header] = lines;
    assert.equal(header.texts.length, 1, 'the header names the pack');
    const singleShot = lines.find((line) => line.kind === 'job' && line.strategy === 'single-shot');
    assert.equal(singleShot.calls.length, singleShot.outcome.calls);
    assert.ok(singleShot.calls.length > 0);
    for (const call of singleShot.calls) {
      const text = await readStored(file, 'calls', call.promptHash);
      assert.equal(
        contentHash(text),
        call.promptHash,
        'the prompt reads back as sent: its SHA-256 is its name',
      );
      const prompt = JSON.parse(text);
      assert.equal(typeof prompt.system, 'string');
      assert.match(prompt.prompt, /ERR_INVOICE_TOTAL_MISMATCH/, 'the transcript is in the prompt');
      const answer = JSON.parse(await readStored(file, 'calls', call.answerHash));
      assert.ok(singleShot.outcome.summary.includes(answer.answer.trim().slice(0, 40)));
    }
    const page = await readFile(join(out, 'records', `${header.texts[0]}.calls.html`), 'utf8');
    const stored = page.split('\n').filter((line) => line.startsWith('<pre id="'));
    const jobs = lines.filter((line) => line.kind === 'job');
    const hashes = new Set(
      jobs.flatMap((line) => line.calls.flatMap((call: any) => [call.promptHash, call.answerHash])),
    );
    const tables = stored.filter((line) => line.includes(' class="messages">'));
    assert.equal(tables.length, 1, "the session's rendered messages, once");
    assert.ok(
      stored.filter((line) => line.includes(' class="parts">')).length > 0,
      'prompts that carry the session are stored by reference to it',
    );
    assert.equal(stored.length - tables.length, hashes.size, 'one line per distinct text');
    // Every prompt, read back through the pack, is the text sent: its SHA-256 is its name.
    for (const hash of new Set(jobs.flatMap((line) => line.calls.map((call: any) => call.promptHash))))
      assert.equal(contentHash(await readStored(file, 'calls', hash)), hash);
    assert.equal(existsSync(join(out, 'records', 'calls')), false, 'no folder of a file per text');
  });

  it('rebuilds the very same results file from the records (report over the output folder)', async () => {
    const rebuilt = join(directory.path, 'rebuilt');
    const run = await runCli(['report', out, '-o', rebuilt], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      await readFile(join(rebuilt, 'before-compaction-results.json'), 'utf8'),
      await readFile(join(out, 'before-compaction-results.json'), 'utf8'),
    );
    assert.equal(
      await readFile(join(rebuilt, 'before-compaction-comparison.md'), 'utf8'),
      await readFile(join(out, 'before-compaction-comparison.md'), 'utf8'),
    );
  });

  it('score reproduces every score exactly, with no provider', async () => {
    const scored = join(directory.path, 'scored');
    const run = await runCli(['score', out, '-o', scored], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^scored 3 jobs of 1 session\(s\) again: /);
    const before = await json(join(out, 'before-compaction-results.json'));
    const after = await json(join(scored, 'before-compaction-results.json'));
    assert.deepEqual(
      after.strategies.map((strategy: any) => strategy.quality),
      before.strategies.map((strategy: any) => strategy.quality),
    );
    assert.deepEqual(after.statistics, before.statistics);
    const { lines } = await recordsOf(scored);
    assert.equal(lines[0].origin, 'score');
    assert.deepEqual(lines[0].scoredFrom, [(await recordsOf(out)).lines[0].run]);
  });

  it('names the job missing from a record set (exit 2, one line)', async () => {
    const { file, lines } = await recordsOf(out);
    const cut = join(directory.path, 'cut', 'records');
    await mkdir(cut, { recursive: true });
    const kept = lines.filter((line) => !(line.kind === 'job' && line.strategy === 'truncate'));
    await writeFile(join(cut, 'run.jsonl'), kept.map((line) => `${JSON.stringify(line)}\n`).join(''));
    assert.ok(file);
    const run = await runCli(['report', cut, '-o', join(directory.path, 'cut-out')], {
      cwd: directory.path,
    });
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      'compaction-bench: the records are incomplete: a job is missing: before-compaction × truncate\n',
    );
  });

  it('refuses a line that is not a record, naming the file and line', async () => {
    const bad = join(directory.path, 'bad.jsonl');
    const { lines } = await recordsOf(out);
    await writeFile(bad, `${JSON.stringify(lines[0])}\n{"kind":"job","run":1}\n`);
    const run = await runCli(['report', bad], { cwd: directory.path });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /bad\.jsonl:2: /);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });
});

describe('an output folder that several compares wrote into', () => {
  it('stands for the newest run', async () => {
    const out = join(directory.path, 'twice');
    await compare(['before-compaction', '-s', 'truncate'], out);
    // Run names start with their UTC date to the second: the second run must not share the first one's.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await compare(['before-compaction', '-s', 'paths-only'], out);
    assert.equal((await readdir(join(out, 'records'))).filter((name) => name.endsWith('.jsonl')).length, 2);
    const rebuilt = join(directory.path, 'twice-rebuilt');
    const run = await runCli(['report', out, '-o', rebuilt], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const results = await json(join(rebuilt, 'before-compaction-results.json'));
    assert.deepEqual(
      results.strategies.map((strategy: { name: string }) => strategy.name),
      ['paths-only'],
    );
  });
});

describe('records of two runs of the same sessions', () => {
  it('report merges them into the suite report one run would have written', async () => {
    const sessions = join(directory.path, 'sessions');
    await mkdir(sessions, { recursive: true });
    const files = await writeSuite(sessions, 2);
    const first = join(directory.path, 'first');
    const second = join(directory.path, 'second');
    await compare([...files, '-s', 'truncate,paths-only'], first);
    await compare([...files, '-s', 'truncate,paths-only'], second);
    const merged = join(directory.path, 'merged');
    const run = await runCli(['report', first, second, '-o', merged], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /suite-report\.html\n$/);
    // Deterministic jobs of the two runs are the same jobs: counted once, the suite is the one run's.
    const suite = await json(join(merged, 'suite-results.json'));
    assert.deepEqual(suite.sessions, (await json(join(first, 'suite-results.json'))).sessions);
    assert.equal(suite.sessions.length, 2);

    // One session's job lost from one shard: the union of shards still misses it, and says which.
    const shardA = join(directory.path, 'shard-a', 'records');
    await mkdir(shardA, { recursive: true });
    const { lines } = await recordsOf(first);
    const name = lines[0].sessions[1].name;
    await writeFile(
      join(shardA, 'a.jsonl'),
      lines
        .filter((line) => !(line.kind === 'job' && line.session === name && line.strategy === 'paths-only'))
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(''),
    );
    const missing = await runCli(['report', shardA, '-o', join(directory.path, 'shard-out')], {
      cwd: directory.path,
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, new RegExp(`a job is missing: ${name} × paths-only\\n$`));
  });
});

describe('score of records from runs of different sessions', () => {
  it('writes records that name every session, which score reads again to the same results', async () => {
    const folder = join(directory.path, 'two-sessions');
    await mkdir(folder, { recursive: true });
    const [first, second] = await writeSuite(folder, 2);
    await compare([first!, '-s', 'truncate,paths-only'], join(folder, 'a'));
    await compare([second!, '-s', 'truncate,paths-only'], join(folder, 'b'));
    const merged = await runCli(['score', join(folder, 'a'), join(folder, 'b'), '-o', join(folder, 'ab')], {
      cwd: directory.path,
    });
    assert.equal(merged.code, 0, merged.stderr);
    const { lines } = await recordsOf(join(folder, 'ab'));
    assert.deepEqual(lines[0].sessions.map((session: any) => session.name).sort(), ['gen-1-8k', 'gen-2-20k']);
    const again = await runCli(['score', join(folder, 'ab'), '-o', join(folder, 'again')], {
      cwd: directory.path,
    });
    assert.equal(again.code, 0, again.stderr);
    for (const name of ['gen-1-8k', 'gen-2-20k']) {
      const once = await json(join(folder, 'ab', `${name}-results.json`));
      const twice = await json(join(folder, 'again', `${name}-results.json`));
      assert.deepEqual(
        twice.strategies.map((strategy: any) => strategy.quality),
        once.strategies.map((strategy: any) => strategy.quality),
      );
    }
  });
});

describe('score with a model run', () => {
  it('re-evaluates against a changed probe file with 0 requests to the model', async () => {
    const server = await startMockLlmServer({
      reply: () => ({
        kind: 'text',
        text: '## Goal\nFix ERR_INVOICE_TOTAL_MISMATCH: totals off by one cent; computeInvoiceTotals keeps its signature.',
      }),
    });
    try {
      const out = join(directory.path, 'model');
      await compare(
        ['before-compaction', '-s', 'single-shot', '-p', 'openai:test-model', '--base-url', server.url],
        out,
        { OPENAI_API_KEY: KEY },
      );
      const requests = server.requests.length;
      assert.ok(requests > 0);
      const original = await json(join(out, 'before-compaction-results.json'));

      const same = join(directory.path, 'model-same');
      const again = await runCli(['score', out, '-o', same], { cwd: directory.path });
      assert.equal(again.code, 0, again.stderr);
      const sameResults = await json(join(same, 'before-compaction-results.json'));
      assert.deepEqual(sameResults.strategies[0].quality, original.strategies[0].quality);

      // The changed probe file: only the task probe, now asking for a figure no summary holds.
      const sidecar = await json(join(process.cwd(), 'fixtures', 'before-compaction.probes.json'));
      const task = sidecar.probes.find((probe: { id: string }) => probe.id === 'rounding-task');
      const changed = join(directory.path, 'changed.probes.json');
      await writeFile(
        changed,
        JSON.stringify({ version: 2, probes: [{ ...task, facets: [['ERR_NEVER_SAID']] }] }),
      );
      const rescored = join(directory.path, 'model-rescored');
      const run = await runCli(['score', out, '--probes', changed, '-o', rescored], { cwd: directory.path });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(server.requests.length, requests, 'no request reached the model');
      const results = await json(join(rescored, 'before-compaction-results.json'));
      assert.equal(results.fixture.probes, 1);
      assert.deepEqual(results.strategies[0].quality.probeOutcomes, { 'rounding-task': 'missed' });
      assert.equal(results.strategies[0].quality.probeRecall, 0);
      assert.equal(original.strategies[0].quality.probeOutcomes['rounding-task'], 'matched');
      assert.equal(results.strategies[0].calls, original.strategies[0].calls, 'the calls are the run’s');
    } finally {
      await server.close();
    }
  });

  it('refuses a transcript that changed since the run', async () => {
    const copy = join(directory.path, 'copy.jsonl');
    await copyFile(join(process.cwd(), 'fixtures', 'before-compaction.jsonl'), copy);
    const out = join(directory.path, 'copied');
    await compare([copy, '-s', 'truncate'], out);
    await writeFile(copy, `${await readFile(copy, 'utf8')}\n`);
    const run = await runCli(['score', out, '-o', join(directory.path, 'copied-scored')], {
      cwd: directory.path,
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /copy\.jsonl: the transcript changed since the run/);
    assert.ok(!existsSync(join(directory.path, 'copied-scored', 'records')));
  });
});
