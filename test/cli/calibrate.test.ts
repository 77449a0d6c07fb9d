/**
 * `compaction-bench calibrate` end to end: the table and figures of a tuning cut, a blind set read from
 * --held-out-cuts with floors past (exit 1), a bad flag or folder (exit 2). No held-out cut of the lead's is read.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const CUTS = fileURLToPath(new URL('../../calibration/cuts/', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
let tuning: string;
let blind: string;
before(async () => {
  directory = await temporaryDirectory();
  tuning = join(directory.path, 'tuning');
  blind = join(directory.path, 'blind');
  await mkdir(tuning);
  await mkdir(blind);
  await copyFile(join(CUTS, 'pi-before-compaction-359.json'), join(tuning, 'pi-before-compaction-359.json'));
  // A tuning cut standing in for a blind one: the mechanics, not the lead's held-out set.
  const cut = JSON.parse(await readFile(join(CUTS, 'claude-code-python-to-rust-61.json'), 'utf8'));
  await writeFile(
    join(blind, 'claude-code-python-to-rust-61.json'),
    JSON.stringify({ ...cut, split: 'held-out' }),
  );
});
after(async () => {
  await directory.remove();
});

describe('compaction-bench calibrate', () => {
  it('prints tool vs reader per summary and the figures of the tuning split; the held-out cuts only counted', async () => {
    const result = await runCli(['calibrate', '--cuts', tuning, '--held-out-cuts', blind], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /^cut +split +summary +human +tool +tool − human +human\+tail +tool\+tail +derived\+tail$/m,
    );
    assert.match(result.stdout, /^pi-before-compaction-359 +tuning +handoff-faithful +1\.00 +\d\.\d\d /m);
    assert.doesNotMatch(result.stdout, /claude-code-python-to-rust-61/);
    assert.match(result.stdout, /held-out: 1 held-out cut not printed; `--held-out` prints them/);
    assert.doesNotMatch(result.stdout, /✗/);
  });

  it('exits 1 and names the headline figure past its floor, with --held-out', async () => {
    const result = await runCli(
      ['calibrate', '--cuts', tuning, '--held-out-cuts', blind, '--held-out', '--max-error', '0', '--json'],
      { cwd: directory.path },
    );
    assert.equal(result.code, 1, result.stderr);
    const json = JSON.parse(result.stdout) as { failures: string[] };
    assert.equal(json.failures.length, 1);
    // Without ../shared/real-sessions/ (a fresh clone) the headline cannot be scored, which fails the floor too.
    assert.match(
      json.failures[0]!,
      /^held-out headline mean \|tool − human\| \d\.\d\d is above --max-error 0$|^no held-out headline could be scored/,
    );
  });

  it('exits 2 with a one-line error on a bad floor, a floor without --held-out or a missing cuts folder', async () => {
    const badFloor = await runCli(['calibrate', '--min-kappa', '3'], { cwd: directory.path });
    assert.equal(badFloor.code, 2);
    assert.match(badFloor.stderr, /--min-kappa/);
    const unheld = await runCli(['calibrate', '--cuts', tuning, '--max-error', '0.1'], {
      cwd: directory.path,
    });
    assert.equal(unheld.code, 2);
    assert.match(unheld.stderr, /--max-error holds the held-out figures: add --held-out/);
    const missing = await runCli(['calibrate', '--cuts', 'nowhere'], { cwd: directory.path });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nowhere: cannot read the cut files/);
    assert.doesNotMatch(missing.stderr, /\n\s+at /);
  });
});
