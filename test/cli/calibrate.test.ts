/** `compaction-bench calibrate` end to end: the table and figures, floors that hold (exit 0) and fail (exit 1), a bad flag (exit 2). */
import assert from 'node:assert/strict';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const CUTS = fileURLToPath(new URL('../../calibration/cuts/', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('compaction-bench calibrate', () => {
  it('prints tool vs reader per summary and the figures per split; exits 0 when the floors hold', async () => {
    const result = await runCli(['calibrate', '--max-error', '0.1', '--min-correlation', '0.8'], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stdout,
      /^cut +split +summary +human +tool +tool − human +human\+tail +tool\+tail +derived\+tail$/m,
    );
    assert.match(result.stdout, /^pi-before-compaction-359 +tuning +handoff-faithful +1\.00 +\d\.\d\d /m);
    assert.match(result.stdout, /^held-out: \d+ summaries$/m);
    assert.match(result.stdout, /kappa per kind \(kept \/ partial \/ not kept; facts\): artifact /);
    assert.match(
      result.stdout,
      /^skipped claude-code-spotter-fum-713: public transcript .* not given \(--transcripts\)$/m,
    );
    assert.doesNotMatch(result.stdout, /✗/);
  });

  it('exits 1 and names the figure when a held-out figure is past its floor', async () => {
    // The shipped held-out cut alone (the whole set is read above): a third of the work, the same floor to miss.
    const cuts = join(directory.path, 'held-out');
    await mkdir(cuts);
    await copyFile(join(CUTS, 'pi-large-session-780.json'), join(cuts, 'pi-large-session-780.json'));
    const result = await runCli(['calibrate', '--cuts', cuts, '--max-error', '0', '--json'], {
      cwd: directory.path,
    });
    assert.equal(result.code, 1);
    const json = JSON.parse(result.stdout) as {
      failures: string[];
      splits: Record<string, { summaries: number }>;
    };
    assert.equal(json.failures.length, 1);
    assert.match(json.failures[0]!, /^held-out mean \|tool − human\| 0\.\d\d is above --max-error 0$/);
    assert.ok(json.splits['held-out']!.summaries > 0);
  });

  it('exits 2 with a one-line error on a bad floor or a missing cuts folder', async () => {
    const badFloor = await runCli(['calibrate', '--min-kappa', '3'], { cwd: directory.path });
    assert.equal(badFloor.code, 2);
    assert.match(badFloor.stderr, /--min-kappa/);
    const missing = await runCli(['calibrate', '--cuts', 'nowhere'], { cwd: directory.path });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nowhere: cannot read the cut files/);
    assert.doesNotMatch(missing.stderr, /\n\s+at /);
  });
});
