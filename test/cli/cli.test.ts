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

describe('compaction-bench --help', () => {
  it('lists every command as its own help shows it, without loading them, and `help <command>` loads that one', async () => {
    const top = await runCli(['--help'], { cwd: directory.path });
    assert.equal(top.code, 0, top.stderr);
    const listed = [
      ...top.stdout.matchAll(/^ {2}(compare|check|report|score|inspect|probes|list)\b(.*?)(?= {2})/gm),
    ];
    assert.deepEqual(
      listed.map((match) => match[1]),
      ['compare', 'check', 'report', 'score', 'inspect', 'probes', 'list'],
    );
    for (const [, name, rest] of listed) {
      const own = await runCli([name!, '--help'], { cwd: directory.path });
      assert.equal(own.code, 0, own.stderr);
      // The listing is written without the command loaded; it must still say what the loaded command says.
      // (A command's own usage also names its subcommands, `probes lint`; a listing never does.)
      const usage = own.stdout.split('\n')[0]!.replace(' [command]', '');
      assert.equal(usage, `Usage: compaction-bench ${name}${rest}`);
      const description = own.stdout.split('\n')[2]!;
      assert.ok(top.stdout.replace(/\s+/g, ' ').includes(description), `${name}: ${description}`);
    }
    const viaHelp = await runCli(['help', 'inspect'], { cwd: directory.path });
    assert.match(
      viaHelp.stdout,
      /^Usage: compaction-bench inspect \[options\] <transcript>\n[^]*--slice-tokens/,
    );
    const unknown = await runCli(['inspekt'], { cwd: directory.path });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command 'inspekt'[^]*Did you mean inspect\?/);
  });
});

describe('--help at the width of the terminal', () => {
  it('fits every line of every command’s help in 80 columns when piped, an example split with ` \\` as one command', async () => {
    const columns = (line: string) => [...line].length;
    for (const name of [
      '',
      'compare',
      'check',
      'report',
      'merge',
      'score',
      'inspect',
      'probes',
      'list',
      'runs',
    ]) {
      const help = await runCli(name ? [name, '--help'] : ['--help'], {
        cwd: directory.path,
        env: { COLUMNS: '' },
      });
      assert.equal(help.code, 0, help.stderr);
      const lines = help.stdout.split('\n');
      assert.deepEqual(
        lines.filter((line) => columns(line) > 80),
        [],
        `compaction-bench ${name} --help`,
      );
      // A continued example goes on with its next flag; the comment of a moved example sits above its command.
      lines.forEach((line, index) => {
        if (/^ +compaction-bench .* \\$/.test(line)) assert.match(lines[index + 1]!, /^ {6}\S/, line);
      });
    }
    const check = await runCli(['check', '--help'], { cwd: directory.path, env: { COLUMNS: '' } });
    assert.match(
      check.stdout,
      /\n {2}compaction-bench check before-compaction --fail-under probeRecall=0\.5 \\\n {6}--fail-under structured-iterative\.structure=1\n/,
    );
    assert.match(
      check.stdout,
      /\n {2}# a suite: intervals clustered by session\n {2}compaction-bench check sessions\//,
    );
    // Wider, the help uses the width: the example and its comment on one line.
    const wide = await runCli(['check', '--help'], { cwd: directory.path, env: { COLUMNS: '160' } });
    assert.match(wide.stdout, /compaction-bench check sessions\/ --baseline baselines\/suite +# a suite/);
    assert.ok(wide.stdout.split('\n').every((line) => columns(line) <= 160));
  });
});

describe('compaction-bench inspect', () => {
  it('describes a shipped fixture with its slice plan, as text and JSON', async () => {
    const text = await runCli(['inspect', 'before-compaction', '--slice-tokens', '8000'], {
      cwd: directory.path,
    });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^before-compaction {2}\(pi v3\)/);
    assert.match(text.stdout, /tool calls +\d+ {2}\(/);
    assert.match(text.stdout, /slice plan: \d+ slices of ~8,000 tokens, overlap ≤ 2,000/);
    const json = await runCli(['inspect', 'before-compaction', '--json', '--slice-tokens', '8000'], {
      cwd: directory.path,
    });
    assert.equal(json.code, 0, json.stderr);
    const result = JSON.parse(json.stdout);
    for (const key of ['name', 'format', 'messages', 'tokens', 'toolCalls', 'files', 'probes', 'slices'])
      assert.ok(key in result, key);
    assert.equal(result.name, 'before-compaction');
    assert.equal(result.format, 'pi');
    assert.ok(result.files.read.length + result.files.modified.length >= 5);
    assert.equal(result.slices[0].index, 0);
    assert.equal(result.slices[0].firstMessage, 0);
    assert.equal(result.slices.at(-1).lastMessage, result.messages - 1);
    assert.ok(result.slices.length >= 2);
  });

  it('rejects bad input with one line and exit 2, stack only with --debug', async () => {
    const unknown = await runCli(['inspect', 'no-such-fixture'], { cwd: directory.path });
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /^compaction-bench: unknown session 'no-such-fixture'.*available: .*before-compaction/,
    );
    assert.equal(unknown.stderr.trim().split('\n').length, 1);

    const badFile = join(directory.path, 'bad.jsonl');
    await writeFile(
      badFile,
      '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n{"type":"message","message":{"role":"user"}}\n',
    );
    const bad = await runCli(['inspect', badFile], { cwd: directory.path });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.jsonl:2: message\.content: /);
    // A stack frame names a source file (.ts) or, from the bundle in dist/, a chunk (.js).
    assert.doesNotMatch(bad.stderr, /at .*\.[jt]s:\d+/);
    const debug = await runCli(['inspect', badFile, '--debug'], { cwd: directory.path });
    assert.match(debug.stderr, /at .*\.[jt]s:\d+/);

    const zero = await runCli(['inspect', 'before-compaction', '--slice-tokens', '0'], {
      cwd: directory.path,
    });
    assert.equal(zero.code, 2);
    assert.match(zero.stderr, /--slice-tokens/);
    const overlap = await runCli(
      ['inspect', 'before-compaction', '--slice-tokens', '100', '--overlap-tokens', '100'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(overlap.code, 2);
    assert.match(overlap.stderr, /--overlap-tokens \(100\) must be smaller than --slice-tokens \(100\)/);
  });
});

describe('compaction-bench list', () => {
  it('lists fixtures with token counts, strategies and providers', async () => {
    const result = await runCli(['list', '--json'], { cwd: directory.path });
    assert.equal(result.code, 0, result.stderr);
    const list = JSON.parse(result.stdout);
    const fixture = list.fixtures.find((entry: { name: string }) => entry.name === 'before-compaction');
    assert.ok(fixture.tokens > 1000);
    assert.ok(list.strategies.some((strategy: { name: string }) => strategy.name === 'structured-iterative'));
    assert.ok(
      list.providers.some(
        (provider: { spec: string; description: string }) =>
          provider.spec === 'extractive' && /lexical stand-in, not a model/.test(provider.description),
      ),
    );
    const text = await runCli(['list'], { cwd: directory.path });
    assert.match(text.stdout, /before-compaction/);
    assert.match(text.stdout, /parallel-stitch/);
  });
});

describe('compaction-bench compare', () => {
  it('refuses a flag given twice with different values: one line, exit 2, nothing run', async () => {
    // Before: `--fail-under probeRecall=0.7 --fail-under probeRecall=0.5` passed on the looser floor, and
    // `--tolerance 0.1 --tolerance 0.2` used the last without a word.
    const out = join(directory.path, 'twice');
    const floors = await runCli(
      [
        'check',
        'before-compaction',
        '--fail-under',
        'probeRecall=0.7',
        '--fail-under',
        'probeRecall=0.5',
        '-o',
        out,
      ],
      { cwd: directory.path },
    );
    assert.equal(floors.code, 2);
    assert.equal(
      floors.stderr,
      'compaction-bench: --fail-under probeRecall=0.7 and --fail-under probeRecall=0.5 set two floors for probeRecall; give one\n',
    );
    const tolerance = await runCli(
      [
        'check',
        'before-compaction',
        '--tolerance',
        '0.1',
        '--tolerance=0.2',
        '--fail-under',
        'probeRecall=0',
        '-o',
        out,
      ],
      { cwd: directory.path },
    );
    assert.equal(tolerance.code, 2);
    assert.equal(
      tolerance.stderr,
      'compaction-bench: --tolerance 0.1 and --tolerance 0.2 were both given; give --tolerance once\n',
    );
    assert.equal(existsSync(out), false);
    // The same value twice is no conflict.
    const same = await runCli(['list', '--json', '--json'], { cwd: directory.path });
    assert.equal(same.code, 0, same.stderr);
  });

  it('rejects a --reference that is not a strategy of the run, before any work (exit 2)', async () => {
    const out = join(directory.path, 'never');
    const run = await runCli(
      ['compare', 'before-compaction', '-s', 'single-shot,truncate', '--reference', 'pi', '-o', out],
      { cwd: directory.path },
    );
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr.trim(),
      'compaction-bench: --reference pi: not a strategy of this run (single-shot, truncate)',
    );
    assert.equal(existsSync(out), false);
  });

  it('says a deterministic provider gave one sample under --runs, not a standard error of 0', async () => {
    const out = join(directory.path, 'runs');
    const run = await runCli(
      ['compare', 'before-compaction', '-s', 'truncate', '--runs', '3', '-o', out, '--quiet'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const comparison = await readFile(join(out, 'before-compaction-comparison.md'), 'utf8');
    assert.match(comparison, /--runs 3: deterministic, one sample each\./);
    assert.doesNotMatch(comparison, /mean ± standard error/);
  });

  it('writes per-strategy reports, the comparison and the results JSON, and prints the table', async () => {
    const out = join(directory.path, 'results');
    const run = await runCli(
      [
        'compare',
        'before-compaction',
        '-o',
        out,
        '-s',
        'single-shot,structured-iterative',
        '--slice-tokens',
        '6000',
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /single-shot/);
    assert.match(run.stdout, /structured-iterative/);
    assert.doesNotMatch(run.stdout, /parallel-stitch/);
    for (const file of [
      'before-compaction-single-shot.md',
      'before-compaction-structured-iterative.md',
      'before-compaction-comparison.md',
      'before-compaction-results.json',
    ]) {
      assert.ok(existsSync(join(out, file)), file);
    }
    const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
    assert.equal(results.schemaVersion, 2);
    assert.equal(results.fixture.name, 'before-compaction');
    assert.deepEqual(results.provider, { id: 'extractive', model: 'extractive-v1', isLanguageModel: false });
    assert.equal(results.tokenizer, 'o200k_base');
    assert.deepEqual(
      results.strategies.map((strategy: { name: string }) => strategy.name),
      ['single-shot', 'structured-iterative'],
    );
    const structured = results.strategies[1];
    for (const key of [
      'status',
      'error',
      'calls',
      'inputTokens',
      'outputTokens',
      'wallMs',
      'criticalPathCalls',
      'tokensBefore',
      'tokensAfter',
      'compressionRatio',
      'quality',
      'file',
      'trace',
    ]) {
      assert.ok(key in structured, key);
    }
    assert.equal(structured.status, 'ok');
    assert.equal(structured.calls, structured.trace.length);
    assert.ok(structured.calls >= 2);
    assert.equal(structured.criticalPathCalls, structured.calls);
    assert.equal(structured.quality.structure, 1);
    assert.ok(structured.compressionRatio > 0 && structured.compressionRatio < 1);
    const report = await readFile(join(out, 'before-compaction-structured-iterative.md'), 'utf8');
    assert.match(report, /## Call trace/);
    assert.match(report, /\| 1 \| initial 1\/\d+ \|/);
    assert.match(report, /an offline lexical stand-in, not a model/);
    const comparison = await readFile(join(out, 'before-compaction-comparison.md'), 'utf8');
    assert.match(
      comparison,
      /\| Strategy \| Input Tokens \| Output Tokens \| API Calls \| Summary Tokens \| Compression \| Probe Recall \|/,
    );
    assert.match(comparison, /Pareto front/);
    // Offline, times measure this machine: they stay out of the Markdown (the terminal and HTML keep them).
    assert.match(comparison, /Times are left out of this file: no call went to a model during the run/);
    assert.doesNotMatch(comparison, /Fastest|Time \(ms\)/);
    assert.doesNotMatch(report, /ms of call time/);
    // The HTML keeps the times in its table and timeline, but names no fastest strategy (the verdict compares none).
    const page = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    assert.match(page, /Time \(ms\)/);
    assert.doesNotMatch(page, /Fastest:/);
    assert.match(page, /Fewest tokens spent:/);
  });

  it('gives identical summaries on two runs, and --json prints only { results: [...] }', async () => {
    const runs = [];
    for (const name of ['a', 'b']) {
      const run = await runCli(['compare', 'before-compaction', '--json', '-o', join(directory.path, name)], {
        cwd: directory.path,
      });
      assert.equal(run.code, 0, run.stderr);
      runs.push(JSON.parse(run.stdout).results[0]);
    }
    const summaries = runs.map((results) =>
      results.strategies.map((strategy: { summary: string }) => strategy.summary),
    );
    assert.deepEqual(summaries[0], summaries[1]);
    assert.equal(runs[0].strategies.length, 5);
  });

  it('fails one strategy on a small context window, writes the others, exits 3', async () => {
    const out = join(directory.path, 'overflow');
    const run = await runCli(
      [
        'compare',
        'before-compaction',
        '-o',
        out,
        '--context-window',
        '9000',
        '--slice-tokens',
        '6000',
        '--overlap-tokens',
        '500',
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 3, run.stderr);
    const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
    const byName = Object.fromEntries(
      results.strategies.map((strategy: { name: string }) => [strategy.name, strategy]),
    );
    assert.equal(byName['single-shot'].status, 'error');
    assert.match(
      byName['single-shot'].error,
      /context overflow: checkpoint: input of [\d,]+ tokens exceeds the context window of 9,000 tokens/,
    );
    for (const name of [
      'parallel-stitch',
      'sequential-accumulated',
      'sequential-rolling',
      'structured-iterative',
    ]) {
      assert.equal(byName[name].status, 'ok', name);
      assert.ok(existsSync(join(out, `before-compaction-${name}.md`)));
    }
    assert.match(run.stdout, /single-shot \(failed\)/);
  });

  it('checks every fixture argument before running anything', async () => {
    const out = join(directory.path, 'preflight');
    const run = await runCli(['compare', 'before-compaction', 'no-such-fixture', '-o', out], {
      cwd: directory.path,
    });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /unknown session 'no-such-fixture'/);
    assert.ok(!existsSync(out), 'the first fixture was not run');
  });

  it('rejects an unknown strategy and an unknown provider with exit 2, listing what exists', async () => {
    const strategy = await runCli(['compare', 'before-compaction', '-s', 'nope'], { cwd: directory.path });
    assert.equal(strategy.code, 2);
    assert.match(strategy.stderr, /unknown strategy 'nope'; available: single-shot/);
    const provider = await runCli(['compare', 'before-compaction', '-p', 'mystery:model'], {
      cwd: directory.path,
    });
    assert.equal(provider.code, 2);
    assert.match(provider.stderr, /unknown provider 'mystery'/);
    const key = await runCli(['compare', 'before-compaction', '-p', 'openai:gpt-4.1-mini'], {
      cwd: directory.path,
    });
    assert.equal(key.code, 2);
    assert.match(key.stderr, /OPENAI_API_KEY/);
  });
});
