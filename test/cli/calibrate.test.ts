/**
 * `compaction-bench calibrate` end to end: the table and figures of a tuning cut, a blind set read from
 * --held-out-cuts with floors past (exit 1), a bad flag or folder (exit 2), one cut's live derived probes with each
 * summary's outcome (--probes). No held-out cut of the lead's is read.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const CUTS = fileURLToPath(new URL('../../calibration/cuts/', import.meta.url));
// The transcript of pi-before-compaction-359, shared beside the repository (absent from a fresh clone).
const PI_SESSION = fileURLToPath(
  new URL('../../../shared/real-sessions/pi/before-compaction.jsonl', import.meta.url),
);

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

  it(
    'prints one cut’s live derived probes with each summary’s outcome, as the headline scores them (--probes)',
    { skip: !existsSync(PI_SESSION) && 'the shared pi session is absent' },
    async () => {
      const result = await runCli(
        ['calibrate', '--cuts', tuning, '--probes', 'pi-before-compaction-359', '--json'],
        {
          cwd: directory.path,
        },
      );
      assert.equal(result.code, 0, result.stderr);
      type Row = {
        id: string;
        kind: string;
        weight: number;
        facets: string[][];
        outcomes: Record<string, string>;
      };
      const json = JSON.parse(result.stdout) as {
        cut: string;
        summaries: Array<{ id: string; headline: number }>;
        probes: Row[];
      };
      assert.equal(json.cut, 'pi-before-compaction-359');
      assert.ok(json.probes.length >= 5, `${json.probes.length} probes`);
      // The weights are the kind-balanced headline's: they sum to 1, and each summary's headline is its credits weighed.
      const total = json.probes.reduce((sum, probe) => sum + probe.weight, 0);
      assert.ok(Math.abs(total - 1) < 1e-9, String(total));
      const credit: Record<string, number> = { matched: 1, partial: 0.5, missed: 0, contradicted: 0 };
      for (const summary of json.summaries) {
        const weighed = json.probes.reduce(
          (sum, probe) => sum + probe.weight * credit[probe.outcomes[summary.id]!]!,
          0,
        );
        assert.ok(
          Math.abs(weighed - summary.headline) < 1e-9,
          `${summary.id}: ${weighed} vs ${summary.headline}`,
        );
      }
      // The same headline calibrate reports for the cut.
      const figures = await runCli(['calibrate', '--cuts', tuning, '--json'], { cwd: directory.path });
      const rows = (
        JSON.parse(figures.stdout) as { summaries: Array<{ summary: string; derivedWithTail: number }> }
      ).summaries;
      const faithful = rows.find((row) => row.summary === 'handoff-faithful')!;
      assert.equal(
        json.summaries.find((summary) => summary.id === 'handoff-faithful')!.headline,
        faithful.derivedWithTail,
      );
      const empty = json.summaries.find((summary) => summary.id === 'empty')!;
      assert.ok(empty.headline < 1);
      const text = await runCli(['calibrate', '--cuts', tuning, '--probes', 'pi-before-compaction-359'], {
        cwd: directory.path,
      });
      assert.match(text.stdout, /^pi-before-compaction-359: \d+ live derived probes$/m);
      assert.match(text.stdout, /^ +\d+ handoff-faithful \d\.\d{3}$/m);
      assert.match(text.stdout, /^[Kp.X]+ {2}task@\d+\S* \[task\] weight \d\.\d{3} fact \S+$/m);
    },
  );

  it('exits 2 naming the cut for an unknown or a held-out cut (--probes)', async () => {
    const unknown = await runCli(['calibrate', '--cuts', tuning, '--probes', 'no-such-cut'], {
      cwd: directory.path,
    });
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /unknown cut 'no-such-cut' \(--probes\); available: pi-before-compaction-359/,
    );
    assert.doesNotMatch(unknown.stderr, /\n\s+at /);
    const held = await runCli(['calibrate', '--cuts', blind, '--probes', 'claude-code-python-to-rust-61'], {
      cwd: directory.path,
    });
    assert.equal(held.code, 2);
    assert.match(
      held.stderr,
      /cut 'claude-code-python-to-rust-61' is held out \(--probes\): its probes are not shown/,
    );
  });
});
