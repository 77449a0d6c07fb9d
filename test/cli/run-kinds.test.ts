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
