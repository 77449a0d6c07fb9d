import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
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

const STRATEGIES = ['-s', 'single-shot,structured-iterative'];

describe('compaction-bench check', () => {
  it('passes floors the strategies reach (exit 0) and fails one they miss (exit 1), listing it', async () => {
    const pass = await runCli(
      [
        'check',
        'before-compaction',
        ...STRATEGIES,
        '-o',
        join(directory.path, 'pass'),
        '--fail-under',
        'fileRecall=0.5',
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(pass.code, 0, pass.stderr + pass.stdout);
    assert.match(pass.stdout, /PASS/);
    const fail = await runCli(
      // A 51-token answer cannot keep every probe: single-shot must fall under its floor.
      [
        'check',
        'before-compaction',
        ...STRATEGIES,
        '-o',
        join(directory.path, 'fail'),
        '--reserve-tokens',
        '64',
        '--fail-under',
        'single-shot.probeRecall=0.9',
        '--fail-under',
        'structure=0.5',
      ],
      { cwd: directory.path },
    );
    assert.equal(fail.code, 1, fail.stderr + fail.stdout);
    assert.match(fail.stdout, /FAIL/);
    assert.match(fail.stdout, /single-shot probeRecall 0\.\d+ < 0\.90/);
    assert.doesNotMatch(fail.stdout, /structured-iterative structure/);
  });

  it('writes a baseline after a passing run, gates against it, and reports a regression', async () => {
    const baseline = join(directory.path, 'baseline.json');
    const out = join(directory.path, 'baseline-run');
    const first = await runCli(
      [
        'check',
        'before-compaction',
        ...STRATEGIES,
        '-o',
        out,
        '--fail-under',
        'probeRecall=0',
        '--update-baseline',
        baseline,
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(first.code, 0, first.stderr + first.stdout);
    assert.match(first.stdout, /baseline written: .*baseline\.json/);
    const same = await runCli(
      ['check', 'before-compaction', ...STRATEGIES, '-o', out, '--baseline', baseline],
      { cwd: directory.path },
    );
    assert.equal(same.code, 0, same.stderr + same.stdout);

    // A prompt change that starves single-shot of output is a real regression against the baseline.
    const worse = await runCli(
      [
        'check',
        'before-compaction',
        ...STRATEGIES,
        '-o',
        out,
        '--baseline',
        baseline,
        '--reserve-tokens',
        '64',
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(worse.code, 1, worse.stderr + worse.stdout);
    // The offline provider is deterministic: every fact lost counts, named first with the summary's nearest text.
    const lines = worse.stdout.split('\n');
    assert.match(lines[0]!, /^FAIL {2}single-shot: \d+ facts lost against the baseline/);
    assert.match(
      lines[1]!,
      /^ {2}✗ single-shot probeRecall \d\.\d\d → 0\.\d\d \(−0\.\d\d, beyond the tolerance 0\.02\)$/,
    );
    assert.match(
      worse.stdout,
      /single-shot: \d+ lost, 0 gained(; \d+ history facts? lost \(not gated\))?\n {4}− lost \S+ in 1 of 1 session \(before-compaction\); expected "/,
    );
    assert.doesNotMatch(worse.stdout, /✗ structured-iterative/);

    const withRetired = JSON.parse(await readFile(baseline, 'utf8'));
    withRetired.strategies.push({ ...withRetired.strategies[0], name: 'retired-strategy' });
    await writeFile(baseline, JSON.stringify(withRetired));
    const missing = await runCli(
      ['check', 'before-compaction', ...STRATEGIES, '-o', out, '--baseline', baseline],
      { cwd: directory.path },
    );
    // -s chose the strategies: one the baseline has and -s leaves out is said not to be gated, not failed.
    assert.equal(missing.code, 0, missing.stdout);
    assert.match(missing.stdout, /note: not gated: retired-strategy \(in the baseline, left out by -s;/);
  });

  it('appends the comparison and the verdict to GITHUB_STEP_SUMMARY', async () => {
    const summary = join(directory.path, 'step-summary.md');
    await writeFile(summary, '# earlier step\n');
    const run = await runCli(
      [
        'check',
        'before-compaction',
        ...STRATEGIES,
        '-o',
        join(directory.path, 'summary'),
        '--fail-under',
        'fileRecall=0.5',
      ],
      {
        cwd: directory.path,
        env: { GITHUB_STEP_SUMMARY: summary },
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const text = await readFile(summary, 'utf8');
    assert.ok(text.startsWith('# earlier step\n'), 'appends, never overwrites');
    assert.match(
      text,
      /^# earlier step\n## ✅ PASS: 2 checks on 2 strategies met their floors\n/,
      'the verdict first',
    );
    assert.match(text, /# before-compaction: strategy comparison/);
    assert.match(text, /\| Strategy \| Input Tokens/);
  });

  it('without -s, gates every strategy of the baseline, as its --help says', async () => {
    const help = await runCli(['check', '--help'], { cwd: directory.path });
    assert.match(
      help.stdout.replace(/\s+/g, ' '),
      /-s, --strategies <list> .* \(default: core; with --baseline, every strategy the baseline holds\)/,
    );
    const baseline = join(directory.path, 'two-strategies.json');
    const out = join(directory.path, 'from-baseline');
    const written = await runCli(
      [
        'check',
        'before-compaction',
        '-s',
        'truncate,single-shot',
        '-o',
        out,
        '--fail-under',
        'probeRecall=0',
        '--update-baseline',
        baseline,
      ],
      { cwd: directory.path },
    );
    assert.equal(written.code, 0, written.stderr);
    const gated = await runCli(
      ['check', 'before-compaction', '-o', out, '--baseline', baseline, '--json', '-q'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(gated.code, 0, gated.stderr);
    const { results } = JSON.parse(gated.stdout) as {
      results: Array<{ strategies: Array<{ name: string }> }>;
    };
    assert.deepEqual(
      results[0]!.strategies.map((strategy) => strategy.name),
      ['truncate', 'single-shot'],
    );
  });

  it('rejects a check without a gate, a bad floor and a missing baseline with exit 2, before running anything', async () => {
    const out = join(directory.path, 'bad');
    const none = await runCli(['check', 'before-compaction', '-o', out], { cwd: directory.path });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /check needs a gate/);
    const bad = await runCli(['check', 'before-compaction', '-o', out, '--fail-under', 'recall=0.5'], {
      cwd: directory.path,
    });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-under 'recall=0\.5': unknown metric 'recall'; available: probeRecall/);
    const missing = await runCli(['check', 'before-compaction', '-o', out, '--baseline', 'nope.json'], {
      cwd: directory.path,
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--baseline nope\.json: no such file or directory/);
    assert.ok(!existsSync(out), 'nothing was run or written');
  });
});
