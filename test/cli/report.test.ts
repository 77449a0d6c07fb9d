import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sessionVerdict } from '../../src/report/verdict.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
let compared: { stdout: string; stderr: string };
const STRATEGIES = ['-s', 'single-shot,parallel-stitch,truncate'];

before(async () => {
  directory = await temporaryDirectory();
  // Piped stderr: plain progress lines. COLUMNS: the table fits 80 columns.
  const run = await runCli(
    ['compare', 'before-compaction', ...STRATEGIES, '-o', join(directory.path, 'run')],
    {
      cwd: directory.path,
      env: { COLUMNS: '80' },
    },
  );
  assert.equal(run.code, 0, run.stderr);
  compared = run;
});
after(async () => {
  await directory.remove();
});

describe('compare on a pipe', () => {
  it('prints one progress line per finished strategy, counted against all of them', () => {
    const lines = compared.stderr.trim().split('\n');
    assert.equal(lines.length, 3, compared.stderr);
    for (const line of lines) assert.match(line, /^\[[1-3]\/3 \d+:\d\d\] before-compaction: \S+ /);
  });

  it('fits the table to COLUMNS and names the columns left out', () => {
    const table = compared.stdout.split('\n').filter((line) => /^[┌│└]/.test(line));
    assert.ok(table.length > 0);
    for (const line of table) assert.ok([...line].length <= 80, line);
    assert.match(
      compared.stdout,
      /more columns? in before-compaction-comparison\.md and\s+before-compaction-report\.html:\s/,
    );
    assert.match(compared.stdout, /open\s+before-compaction-report\.html/);
  });

  it('wraps prose at spaces to COLUMNS and explains the marks in the table', () => {
    const lines = compared.stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.filter((line) => [...line].length > 80),
      [],
    );
    // An observation's continuation lines hang under its text; no word is cut.
    const bullet = lines.findIndex(
      (line) => line.startsWith('  • ') && lines[lines.indexOf(line) + 1]?.startsWith('    '),
    );
    assert.ok(bullet >= 0, 'an observation wraps onto an indented line');
    assert.match(lines[bullet]!, /\S$/);
    assert.match(lines[bullet + 1]!, /^ {4}\S/);
    assert.match(compared.stdout, /truncate ⊘/);
    assert.match(compared.stdout, /^ {2}⊘ does not compress: over half the transcript/m);
  });
});

describe('compaction-bench report', () => {
  it('rebuilds the Markdown and HTML from a results file into --out, running nothing', async () => {
    const out = join(directory.path, 'rebuilt');
    const results = join(directory.path, 'run', 'before-compaction-results.json');
    const run = await runCli(['report', results, '-o', out], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${join(out, 'before-compaction-report.html')}\n`);
    for (const name of [
      'before-compaction-report.html',
      'before-compaction-comparison.md',
      'before-compaction-single-shot.md',
      'before-compaction-truncate.md',
    ]) {
      assert.ok(existsSync(join(out, name)), name);
    }
    assert.equal(
      await readFile(join(out, 'before-compaction-comparison.md'), 'utf8'),
      await readFile(join(directory.path, 'run', 'before-compaction-comparison.md'), 'utf8'),
      'the same comparison as compare wrote',
    );
  });

  it('refuses a file that is not a results file of this version, naming it (exit 2)', async () => {
    const old = join(directory.path, 'old-results.json');
    await writeFile(old, JSON.stringify({ schemaVersion: 1, strategies: [] }));
    const run = await runCli(['report', old], { cwd: directory.path });
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /old-results\.json: schemaVersion: unsupported schemaVersion \(this version reads 2\)/,
    );
    const missing = await runCli(['report', 'nope.json'], { cwd: directory.path });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json: not a readable results JSON/);
  });

  it('rebuilds from what compare --json prints, and names a suite results file as such (exit 2)', async () => {
    const json = join(directory.path, 'compare.json');
    const printed = await runCli(
      ['compare', 'before-compaction', ...STRATEGIES, '--json', '-q', '-o', join(directory.path, 'json-run')],
      {
        cwd: directory.path,
      },
    );
    assert.equal(printed.code, 0, printed.stderr);
    // The verdict comes first, the one the terminal and the reports open with.
    const parsed = JSON.parse(printed.stdout);
    assert.deepEqual(Object.keys(parsed), ['verdict', 'verdicts', 'results', 'suites']);
    assert.equal(parsed.verdict.kind, 'session');
    assert.equal(parsed.verdict.recommended.name, sessionVerdict(parsed.results[0]).recommended?.name);
    assert.deepEqual(
      parsed.verdicts.map((entry: { of: string }) => entry.of),
      ['before-compaction'],
    );
    await writeFile(json, printed.stdout);
    const out = join(directory.path, 'from-json');
    const run = await runCli(['report', json, '-o', out], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${join(out, 'before-compaction-report.html')}\n`);
    assert.equal(
      await readFile(join(out, 'before-compaction-comparison.md'), 'utf8'),
      await readFile(join(directory.path, 'json-run', 'before-compaction-comparison.md'), 'utf8'),
      'the comparison of the run that printed the JSON',
    );
    const suite = join(directory.path, 'suite-results.json');
    await writeFile(suite, JSON.stringify({ kind: 'suite', schemaVersion: 1, sessions: [], strategies: [] }));
    const refused = await runCli(['report', suite], { cwd: directory.path });
    assert.equal(refused.code, 2);
    assert.equal(
      refused.stderr,
      `compaction-bench: ${suite}: a suite's results, which report does not rebuild; give the sessions' results files beside it (F-results.json), or rerun compare for the suite report\n`,
    );
  });

  it('refuses two results files of the same fixture and target', async () => {
    const results = join(directory.path, 'run', 'before-compaction-results.json');
    const run = await runCli(['report', results, results, '-o', join(directory.path, 'twice')], {
      cwd: directory.path,
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /the same fixture and target as .*before-compaction-results\.json/);
  });
});
