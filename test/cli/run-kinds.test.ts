import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const compare = (out: string, ...flags: string[]) =>
  runCli(['compare', 'before-compaction', '-s', 'single-shot', '-o', out, '-q', ...flags], {
    cwd: directory.path,
  });

describe('output files named by run kind', () => {
  it('plain, sweep and chain runs into one folder leave each other’s reports alone', async () => {
    const out = join(directory.path, 'out');
    const sweep = await compare(out, '--target-tokens', '1000,4000');
    assert.equal(sweep.code, 0, sweep.stderr);
    assert.match(sweep.stdout, /open before-compaction-sweep-report\.html in a browser/);
    const chain = await compare(out, '--schedule', 'window=20000,reserve=4000,keep=4000');
    assert.equal(chain.code, 0, chain.stderr);
    assert.match(chain.stdout, /open before-compaction-chain-report\.html in a browser/);
    const replay = await compare(out, '--continuation', '2');
    assert.equal(replay.code, 0, replay.stderr);
    assert.match(replay.stdout, /open before-compaction-continuation@59-report\.html in a browser/);
    const plain = await compare(out);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /open before-compaction-report\.html in a browser/);
    const files = (await readdir(out)).sort();
    for (const name of [
      'before-compaction-report.html',
      'before-compaction-comparison.md',
      'before-compaction-single-shot.md',
      'before-compaction-results.json',
      'before-compaction-sweep-report.html',
      'before-compaction-sweep.md',
      'before-compaction-sweep.json',
      'before-compaction-chain-report.html',
      'before-compaction-chain-comparison.md',
      'before-compaction-chain-single-shot.md',
      'before-compaction-chain-results.json',
      'before-compaction-continuation@59-report.html',
      'before-compaction-continuation@59-comparison.md',
      'before-compaction-continuation@59-continuation.md',
      'before-compaction-continuation@59-results.json',
    ])
      assert.ok(files.includes(name), `${name} is missing: ${files.join(', ')}`);
    // Each page is its own run's: the sweep's draws its curves, the chain's its decay.
    const page = (name: string) => readFile(join(out, name), 'utf8');
    assert.match(await page('before-compaction-sweep-report.html'), /data-plot="recall-vs-tokens"/);
    assert.match(await page('before-compaction-chain-comparison.md'), /## Compaction chain/);
    assert.doesNotMatch(await page('before-compaction-comparison.md'), /## Compaction chain/);
    const chainResults = JSON.parse(await page('before-compaction-chain-results.json'));
    assert.equal(chainResults.schedule, 'window=20000,reserve=4000,keep=4000');
    assert.equal(chainResults.strategies[0].file, 'before-compaction-chain-single-shot.md');
    // The replay says where it cut, in its names and its first lines.
    const replayResults = JSON.parse(await page('before-compaction-continuation@59-results.json'));
    assert.deepEqual(replayResults.continuation, {
      cuts: [59],
      steps: 2,
      transcript: { messages: 119, tokens: replayResults.continuation.transcript.tokens },
    });
    assert.equal(replayResults.fixture.messages, 59);
    assert.match(
      await page('before-compaction-continuation@59-comparison.md'),
      /Cut before message 59 of 119/,
    );
    assert.match(
      replay.stdout,
      /^Verdict — .*\n(?:.*\n)*Continuation verdict — Recommended: single-shot, grounded rate/,
    );
  });

  it('report rebuilds a chain’s and a sweep’s pages under their own names', async () => {
    const out = join(directory.path, 'out');
    const rebuilt = join(directory.path, 'rebuilt');
    const run = await runCli(
      [
        'report',
        join(out, 'before-compaction-chain-results.json'),
        join(out, 'before-compaction@1000-results.json'),
        join(out, 'before-compaction@4000-results.json'),
        '-o',
        rebuilt,
      ],
      { cwd: directory.path },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n').sort(), [
      join(rebuilt, 'before-compaction-chain-report.html'),
      join(rebuilt, 'before-compaction-sweep-report.html'),
    ]);
  });
});
