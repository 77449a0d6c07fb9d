import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { writeSessionOfTokens } from '../../fixtures/generator/output.ts';
import { runCli, startCli, temporaryDirectory } from '../helpers/cli.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('Ctrl-C', () => {
  it('stops an offline run: exit 130, nothing printed after the interrupted line, no file written', async () => {
    // Big enough that every strategy takes a while: the signal lands after the first has finished, long before
    // the last, while the offline summarizer keeps the thread busy.
    const { file } = await writeSessionOfTokens(300_000, join(directory.path, 'big.jsonl'));
    const out = join(directory.path, 'out');
    const cli = startCli(['compare', file, '-s', 'all', '-o', out], { cwd: directory.path });
    let stderr = '';
    let signalledAt = -1;
    cli.child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (signalledAt === -1 && /^\[1\/\d+ /m.test(stderr)) {
        signalledAt = stderr.length;
        cli.child.kill('SIGINT');
      }
    });
    const result = await cli.done;
    assert.ok(signalledAt > 0, `no progress line came: ${result.stderr}`);
    assert.equal(result.code, 130, result.stderr);
    // How many calls were asked for and not answered depends on the strategy the signal lands in. On a loaded
    // machine a strategy or two may finish between the kill and its delivery: their progress lines come before the
    // stop, and nothing after it.
    assert.match(
      result.stderr.slice(signalledAt),
      /^(?:\[\d+\/\d+ [^\n]*\n)*\nstopping: (no call in flight|1 call in flight cancelled|\d+ calls in flight cancelled); nothing written half \(Ctrl-C again to quit at once\)\n$/,
    );
    assert.equal(result.stdout, '');
    assert.deepEqual(await readdir(out).catch(() => []), []);
  });

  it('after the last strategy, during check: no report, baseline, gate file or step summary is written', async () => {
    // The signal lands once every strategy has finished, while the reports are being rendered: before, all six
    // reports, the gate file and the step summary were still written (up to 0.3 s after it), and the baseline
    // overwritten, under "no more files are written".
    // The shipped fixture, whose probes pass the lint, so that the gate passes and the baseline would be updated.
    const file = join(directory.path, 'late.jsonl');
    await copyFile(fileURLToPath(new URL('../../fixtures/before-compaction.jsonl', import.meta.url)), file);
    await copyFile(
      fileURLToPath(new URL('../../fixtures/before-compaction.probes.json', import.meta.url)),
      join(directory.path, 'late.probes.json'),
    );
    const out = join(directory.path, 'late-out');
    const baseline = join(directory.path, 'late-baseline.json');
    const before = '{"not": "a results file yet"}\n';
    await writeFile(baseline, before);
    const summary = join(directory.path, 'step-summary.md');
    const cli = startCli(
      [
        'check',
        file,
        '-s',
        'single-shot,truncate',
        '--fail-under',
        'truncate.probeRecall=0',
        '--update-baseline',
        baseline,
        '-o',
        out,
      ],
      { cwd: directory.path, env: { GITHUB_STEP_SUMMARY: summary } },
    );
    let stderr = '';
    let signalled = false;
    cli.child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (!signalled && /^\[2\/2 /m.test(stderr)) {
        signalled = true;
        cli.child.kill('SIGINT');
      }
    });
    const result = await cli.done;
    assert.ok(signalled, `no last progress line came: ${result.stderr}`);
    assert.equal(result.code, 130, result.stderr);
    assert.deepEqual(await readdir(out).catch(() => []), []);
    assert.equal(await readFile(baseline, 'utf8'), before);
    await assert.rejects(readFile(summary, 'utf8'), { code: 'ENOENT' });
  });

  it('between the sessions of a suite: the previous complete run stays in --out, untouched, records included', async () => {
    // Before: new reports of the first session beside old ones of the second and an old suite report, and no
    // records file for the new run.
    const sessions = join(directory.path, 'suite');
    await mkdir(sessions);
    await writeSuite(sessions, 2);
    const out = join(directory.path, 'suite-out');
    const first = await runCli(['compare', sessions, '-s', 'truncate', '-o', out, '--quiet'], {
      cwd: directory.path,
    });
    assert.equal(first.code, 0, first.stderr);
    const before = await snapshot(out);
    assert.ok(before.has('suite-comparison.md') && before.has('gen-1-8k-truncate.md'));
    // One session at a time: the signal lands once the first session is done and before the second is.
    const cli = startCli(['compare', sessions, '-s', 'core', '--concurrency', '1', '-o', out], {
      cwd: directory.path,
    });
    let stderr = '';
    let signalled = false;
    cli.child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (!signalled && /^\[6\/10 /m.test(stderr)) {
        signalled = true;
        cli.child.kill('SIGINT');
      }
    });
    const result = await cli.done;
    assert.ok(signalled, `no progress line of the second session came: ${result.stderr}`);
    assert.equal(result.code, 130, result.stderr);
    assert.deepEqual(await snapshot(out), before);
  });
});

/** Every file under a folder (relative path → its bytes as text), hidden staging folders included. */
async function snapshot(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(folder, path), await readFile(path, 'utf8'));
  }
  return files;
}
