/** `compaction-bench runs`: an output folder's runs newest first with their verdicts, and what changed between two. */
import assert from 'node:assert/strict';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { outcomeCredit } from '../../src/quality/recall-credit.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
let out: string;
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as ResultsFile;

before(async () => {
  directory = await temporaryDirectory();
  out = join(directory.path, 'out');
  const compare = (...flags: string[]) =>
    runCli(
      ['compare', 'before-compaction', '-s', 'single-shot,sequential-rolling', '-o', out, '-q', ...flags],
      {
        cwd: directory.path,
      },
    );
  assert.equal((await compare()).code, 0);
  await copyFile(join(out, 'before-compaction-results.json'), join(directory.path, 'first.json'));
  // Run ids start with the second they were made: the second run is newer.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.equal((await compare('--ratio', '0.03')).code, 0);
});
after(() => directory.remove());

describe('compaction-bench runs', () => {
  it('lists every run newest first with its verdict, and writes runs.html linking the pages that are its', async () => {
    const run = await runCli(['runs', out], { cwd: directory.path, env: { COLUMNS: '200' } });
    assert.equal(run.code, 0, run.stderr);
    const rows = run.stdout.split('\n').filter((line) => / session {2}/.test(line) || /│ \d{4}-/.test(line));
    assert.equal(rows.length, 2, run.stdout);
    const latest = await readJson(join(out, 'before-compaction-results.json'));
    const recommended = latest.strategies.sort(
      (a, b) => b.quality.probeRecall! - a.quality.probeRecall! || a.tokensAfter - b.tokensAfter,
    )[0]!.name;
    assert.match(rows[0]!, new RegExp(`│ session │ before-compaction │ ${recommended} \\d\\.\\d\\d`));
    const page = await readFile(join(out, 'runs.html'), 'utf8');
    assert.equal((page.match(/<tr><td class="number">/g) ?? []).length, 2);
    // The newer run owns the report page; the older one's was overwritten.
    assert.match(page, /<a href="before-compaction-report\.html">/);
    assert.match(page, /overwritten by a newer run/);
  });

  it('--diff names the facts each strategy lost and gained between the two newest runs', async () => {
    const run = await runCli(['runs', out, '--diff'], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const [first, second] = [
      await readJson(join(directory.path, 'first.json')),
      await readJson(join(out, 'before-compaction-results.json')),
    ];
    // Lost: kept (or half kept) in the first run and not in the second; gained the other way.
    for (const strategy of second.strategies) {
      const was = first.strategies.find((candidate) => candidate.name === strategy.name)!;
      const kept = (result: typeof strategy, id: string) =>
        outcomeCredit(result.quality.probeOutcomes[id]) >= 0.5;
      const ids = Object.keys(strategy.quality.probeOutcomes);
      const lost = ids.filter((id) => kept(was, id) && !kept(strategy, id));
      const gained = ids.filter((id) => !kept(was, id) && kept(strategy, id));
      assert.match(run.stdout, new RegExp(`│ ${strategy.name} +│ +${lost.length} │ +${gained.length} │`));
      for (const id of lost)
        assert.match(run.stdout, new RegExp(`− ${strategy.name}: lost ${id} in 1 of 1 session`));
    }
    assert.ok(
      second.strategies.some((strategy) => run.stdout.includes(`− ${strategy.name}: lost`)),
      'a fact was lost',
    );
    const page = await readFile(join(out, 'runs-diff.html'), 'utf8');
    assert.match(page, /<li class="lost"><code>/);
    // A fact lost among the history probes moves history recall, which the page shows beside probe recall.
    const fixed = (value: number | null | undefined) => (value ?? 0).toFixed(2);
    for (const strategy of second.strategies) {
      const was = first.strategies.find((candidate) => candidate.name === strategy.name)!;
      assert.ok(page.includes(`${fixed(was.quality.probeRecall)} → ${fixed(strategy.quality.probeRecall)}`));
      assert.ok(
        page.includes(`${fixed(was.quality.historyRecall)} → ${fixed(strategy.quality.historyRecall)}`),
        strategy.name,
      );
    }
    // At 80 columns the terminal keeps tokens after, and names what it left out.
    const narrow = await runCli(['runs', out, '--diff'], { cwd: directory.path, env: { COLUMNS: '80' } });
    assert.ok(narrow.stdout.split('\n').every((line) => line.length <= 80));
    assert.match(narrow.stdout, /│ +Tokens after │/);
    assert.match(narrow.stdout, /\(History recall, Sessions in runs-diff\.html\)/);
    const refused = await runCli(['runs', out, '--diff', '1999'], { cwd: directory.path });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /^compaction-bench: --diff 1999: no such run in this folder; runs: \d{8}T/);
  });
});

describe('compaction-bench runs over check runs', () => {
  let checks: string;
  /** The strategies of a check's results below a probe-recall floor: the failures its gate must list. */
  const below = async (floor: number) =>
    (await readJson(join(checks, 'before-compaction-results.json'))).strategies
      .filter((strategy) => strategy.quality.probeRecall! < floor)
      .map((strategy) => strategy.name);
  let failing: string[];

  before(async () => {
    checks = join(directory.path, 'checks');
    const check = (floor: string) =>
      runCli(
        [
          'check',
          'before-compaction',
          '-s',
          'single-shot,truncate',
          '--fail-under',
          floor,
          '-o',
          checks,
          '-q',
        ],
        { cwd: directory.path },
      );
    assert.equal((await check('probeRecall=0.99')).code, 1, 'a floor above every strategy fails');
    failing = await below(0.99);
    assert.ok(failing.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal((await check('probeRecall=0')).code, 0, 'a floor of 0 passes');
  });

  it("lists each check with its gate's PASS or FAIL, in the terminal at 80 columns and on the page", async () => {
    const run = await runCli(['runs', checks], { cwd: directory.path, env: { COLUMNS: '80' } });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.stdout.split('\n').every((line) => line.length <= 80));
    const rows = run.stdout.split('\n').filter((line) => /│ \d{4}-/.test(line));
    assert.equal(rows.length, 2, run.stdout);
    assert.match(rows[0]!, /│ session │ PASS │ \S+ \d\.\d\d/);
    assert.match(rows[1]!, /│ session │ FAIL │ \S+ \d\.\d\d/);
    const page = await readFile(join(checks, 'runs.html'), 'utf8');
    assert.match(page, /<th>Gate<\/th>/);
    const cells = [
      ...page.matchAll(/<span class="gate (pass|fail)" title="([^"]*)"><span class="gate-word">([^<]*)</g),
    ];
    assert.deepEqual(
      cells.map((cell) => [cell[1], cell[3]]),
      [
        ['pass', 'PASS'],
        ['fail', `FAIL (${failing.length} ${failing.length === 1 ? 'failure' : 'failures'})`],
      ],
    );
    // The failing run's cell names each failure (its tooltip), and its gate report is linked.
    for (const name of failing)
      assert.match(cells[1]![2]!, new RegExp(`${name} probeRecall \\d\\.\\d\\d &lt; 0\\.99`));
    assert.match(page, /<a href="before-compaction-gate\.md">/);
  });

  it('writes the gate record last in the records of a check, none in a compare', async () => {
    const files = (await readdir(join(checks, 'records'))).filter((name) => name.endsWith('.jsonl')).sort();
    const lines = await Promise.all(
      files.map(async (name) => (await readFile(join(checks, 'records', name), 'utf8')).trim().split('\n')),
    );
    const gates = lines.map((file) => JSON.parse(file.at(-1)!));
    assert.deepEqual(
      gates.map((gate) => [gate.kind, gate.run, gate.passed, gate.exitCode]),
      [
        ['gate', files[0]!.replace('.jsonl', ''), false, 1],
        ['gate', files[1]!.replace('.jsonl', ''), true, 0],
      ],
    );
    assert.deepEqual(
      gates[0].failures.map((failure: { strategy: string }) => failure.strategy).sort(),
      [...failing].sort(),
    );
    const compareRecords = (await readdir(join(out, 'records'))).filter((name) => name.endsWith('.jsonl'));
    for (const name of compareRecords)
      assert.doesNotMatch(await readFile(join(out, 'records', name), 'utf8'), /"kind":"gate"/);
  });

  it('--diff says in its header which gate each run gave', async () => {
    const run = await runCli(['runs', checks, '--diff'], { cwd: directory.path, env: { COLUMNS: '200' } });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^From \S+ \([\d-]+ [\d:]+, check FAIL\) to \S+ \([\d-]+ [\d:]+, check PASS\):/m,
    );
    assert.match(
      run.stdout,
      new RegExp(`^Gate: FAIL \\(${failing.length} failures?\\) before, PASS now\\. Recommended`, 'm'),
    );
    const page = await readFile(join(checks, 'runs-diff.html'), 'utf8');
    assert.match(page, /check FAIL\) to .*check PASS\)/);
  });
});
