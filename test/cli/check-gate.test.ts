/**
 * `check --baseline` end to end: a lost fact fails with deterministic answers and is named first; an
 * unchanged rerun passes; with `--runs 3` of a model whose answers vary, a change within the spread passes and
 * one beyond it fails; a replayed cassette gives byte-identical Markdown; every results file has provenance.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { startMockLlmServer } from '../../support/loopback-llm-server.ts';

const KEY = 'sk-test-e2e-0123456789abcdefghij';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

describe('check --baseline, deterministic answers', () => {
  it('fails a strategy that lost live facts, naming them in the first lines (history facts apart, not gated); passes an unchanged rerun; accepts with the command it shows', async () => {
    const baseline = join(directory.path, 'rolling.json');
    const out = join(directory.path, 'rolling');
    const common = ['check', 'before-compaction', '-s', 'sequential-rolling', '-o', out];
    const first = await runCli([...common, '--fail-under', 'probeRecall=0', '--update-baseline', baseline], {
      cwd: directory.path,
    });
    assert.equal(first.code, 0, first.stderr + first.stdout);
    const written = await readJson(baseline);
    const rolling = written.strategies.find(
      (strategy: { name: string }) => strategy.name === 'sequential-rolling',
    );
    const history = new Set(
      written.probes
        .filter((probe: { live: boolean }) => !probe.live)
        .map((probe: { id: string }) => probe.id),
    );
    const lost = Object.entries(rolling.quality.probeOutcomes as Record<string, string>)
      .filter(([, outcome]) => outcome !== 'matched')
      .map(([id]) => id);
    const live = lost.filter((id) => !history.has(id));
    assert.equal(lost.length, 4, 'today sequential-rolling keeps 26 of the 30 facts (one in other words)');
    assert.equal(live.length, 2, 'of the 4 it misses, 2 are live facts and 2 history');

    const unchanged = await runCli([...common, '--baseline', baseline], { cwd: directory.path });
    assert.equal(unchanged.code, 0, unchanged.stdout);
    assert.match(
      unchanged.stdout.split('\n')[0]!,
      /^PASS {2}1 strategy against the baseline: no fact lost \(rule: deterministic answers/,
    );

    // The doctored baseline: sequential-rolling kept all 30.
    for (const id of lost) rolling.quality.probeOutcomes[id] = 'matched';
    rolling.quality.probeRecall = 1;
    const doctored = join(directory.path, 'doctored.json');
    await writeFile(doctored, JSON.stringify(written));
    const failed = await runCli([...common, '--baseline', doctored], { cwd: directory.path });
    assert.equal(failed.code, 1, failed.stdout);
    const lines = failed.stdout.split('\n');
    // Fact recall is over the live facts: only they are counted lost and gated; the table reads the same figure.
    assert.match(
      lines[0]!,
      /^FAIL {2}sequential-rolling: 2 facts lost against the baseline, 2 failures \(rule: deterministic answers: a lost fact is lost; fails beyond --allow-lost 0/,
    );
    const head = lines.slice(0, 12).join('\n');
    for (const id of lost)
      assert.match(
        head,
        new RegExp(
          `lost ${history.has(id) ? 'history fact ' : ''}${id} in 1 of 1 session \\(before-compaction\\); expected "`,
        ),
      );
    assert.match(head, /sequential-rolling: 2 lost, 0 gained; 2 history facts lost \(not gated\)/);
    const gate = await readFile(join(out, 'before-compaction-gate.md'), 'utf8');
    assert.ok(gate.startsWith('## ❌ FAIL: sequential-rolling: 2 facts lost'), gate);
    assert.ok(gate.split('\n').length < 60, `F-gate.md has ${gate.split('\n').length} lines`);
    for (const id of lost)
      assert.match(gate, new RegExp(`- ❌ lost ${history.has(id) ? 'history fact ' : ''}\`${id}\``));

    // Letting 2 facts go takes --allow-lost 2: the fall in fact recall they make is theirs, whatever the tolerance.
    const allowed = await runCli([...common, '--baseline', doctored, '--allow-lost', '2'], {
      cwd: directory.path,
    });
    assert.equal(allowed.code, 0, allowed.stdout);
    assert.match(allowed.stdout.split('\n')[0]!, /^PASS .*2 facts lost, within --allow-lost 2/);

    const accept = /To accept these results as the new baseline:\n {2}(.*)/.exec(failed.stdout)?.[1];
    assert.equal(
      accept,
      `compaction-bench check before-compaction -s sequential-rolling -o ${out} --baseline ${doctored} --update-baseline ${doctored}`,
    );
    const accepted = await runCli([...accept!.split(' ').slice(1)], { cwd: directory.path });
    assert.equal(accepted.code, 0, accepted.stdout);
    assert.match(accepted.stdout, /note: accepted by --update-baseline: sequential-rolling lost 2 facts/);
    // The pass says it accepted the losses; 2 lost are not "within --allow-lost 0".
    assert.match(
      accepted.stdout.split('\n')[0]!,
      /^PASS {2}1 strategy against the baseline: 2 facts lost, 2 failures accepted by --update-baseline \(rule: /,
    );
    const again = await runCli([...common, '--baseline', doctored], { cwd: directory.path });
    assert.equal(again.code, 0, again.stdout);
  });

  it('refuses a baseline of another schema with the command that regenerates it, and notes one of another tool version', async () => {
    const out = join(directory.path, 'versions');
    const baseline = join(directory.path, 'versions.json');
    const common = ['check', 'before-compaction', '-s', 'single-shot', '-o', out];
    const first = await runCli([...common, '--fail-under', 'probeRecall=0', '--update-baseline', baseline], {
      cwd: directory.path,
    });
    assert.equal(first.code, 0, first.stderr);
    const json = await readJson(baseline);
    const version = (await readJson(join(process.cwd(), 'package.json'))).version;
    assert.equal(json.provenance.version, version);
    await writeFile(
      baseline,
      JSON.stringify({ ...json, provenance: { ...json.provenance, version: '0.0.1' } }),
    );
    const older = await runCli([...common, '--baseline', baseline], { cwd: directory.path });
    assert.equal(older.code, 0, older.stdout);
    assert.match(
      older.stdout,
      new RegExp(
        `note: a baseline was written by compaction-bench 0\\.0\\.1 \\(this is ${version}\\); compared all the same`,
      ),
    );
    await writeFile(baseline, JSON.stringify({ ...json, schemaVersion: 3 }));
    const other = await runCli([...common, '--baseline', baseline], { cwd: directory.path });
    assert.equal(other.code, 2);
    assert.equal(
      other.stderr.trim(),
      `compaction-bench: ${baseline}: schemaVersion 3, which this version (reading 2) does not know; regenerate it: compaction-bench check before-compaction -s single-shot -o ${out} --fail-under probeRecall=0 --update-baseline ${baseline} (docs/results.md)`,
    );
  });

  it('refuses an old baseline of a transcript with a command that regenerates that transcript with the strategies it held', async () => {
    // A session that is not a shipped fixture: its name alone would name nothing (or another session).
    const transcript = join(directory.path, 'my-session.jsonl');
    await writeFile(transcript, await readFile(join(process.cwd(), 'fixtures', 'before-compaction.jsonl')));
    await writeFile(
      join(directory.path, 'my-session.probes.json'),
      await readFile(join(process.cwd(), 'fixtures', 'before-compaction.probes.json')),
    );
    const baselines = join(directory.path, 'old-baselines');
    const out = join(directory.path, 'regenerate');
    const first = await runCli(
      ['check', 'my-session.jsonl', '-s', 'single-shot,truncate', '--fail-under', 'probeRecall=0'].concat([
        '-o',
        out,
        '--update-baseline',
        `${baselines}/`,
      ]),
      { cwd: directory.path },
    );
    assert.equal(first.code, 0, first.stderr + first.stdout);
    const file = join(baselines, 'my-session-results.json');
    const json = await readJson(file);
    await writeFile(file, JSON.stringify({ ...json, schemaVersion: 1 }));

    const refused = await runCli(['check', 'my-session.jsonl', '--baseline', baselines, '-o', out], {
      cwd: directory.path,
    });
    assert.equal(refused.code, 2);
    const command = /regenerate it: (.*) \(docs\/results\.md\)$/.exec(refused.stderr.trim())?.[1];
    assert.equal(
      command,
      `compaction-bench check my-session.jsonl -o ${out} -s single-shot,truncate --fail-under probeRecall=0 --update-baseline ${baselines}`,
    );
    const regenerated = await runCli(command!.split(' ').slice(1), { cwd: directory.path });
    assert.equal(regenerated.code, 0, regenerated.stderr + regenerated.stdout);
    const rewritten = await readJson(file);
    assert.equal(rewritten.schemaVersion, 2);
    assert.deepEqual(
      rewritten.strategies.map((strategy: { name: string }) => strategy.name),
      ['single-shot', 'truncate'],
    );
    const gated = await runCli(['check', 'my-session.jsonl', '--baseline', baselines, '-o', out], {
      cwd: directory.path,
    });
    assert.equal(gated.code, 0, gated.stdout);
    assert.match(gated.stdout.split('\n')[0]!, /^PASS {2}2 strategies against the baseline: no fact lost/);
  });
});

describe('F-gate.md when every strategy lost facts', () => {
  it('shows under 60 lines, folds the rest, and names every strategy and fact lost', async () => {
    // The committed baseline of every strategy on both shipped fixtures, doctored so that each kept every fact.
    const baselines = join(directory.path, 'all-kept');
    await mkdir(baselines);
    for (const name of ['before-compaction', 'large-session']) {
      const json = await readJson(join(process.cwd(), 'baselines', 'extractive', `${name}-results.json`));
      for (const strategy of json.strategies) {
        const quality = strategy.quality;
        for (const id of Object.keys(quality.probeOutcomes)) quality.probeOutcomes[id] = 'matched';
        quality.missedProbes = [];
        quality.probeRecall = 1;
        quality.probesMatched = quality.probesTotal;
      }
      await writeFile(join(baselines, `${name}-results.json`), JSON.stringify(json));
    }
    const out = join(directory.path, 'all-kept-out');
    const run = await runCli(
      ['check', 'before-compaction', 'large-session', '--baseline', baselines, '-o', out],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 1, run.stderr);
    const losing = [...run.stdout.matchAll(/^ {2}([\w+-]+): \d+ lost, \d+ gained(; .*)?$/gm)].map(
      (match) => match[1]!,
    );
    assert.ok(losing.length >= 10, `${losing.length} strategies lost facts`);
    const gate = await readFile(join(out, 'suite-gate.md'), 'utf8');
    // What a PR comment shows before a click: everything outside the folded details.
    const open = gate.replace(/<details>.*?<\/details>/gs, '<details/>');
    const lines = open.split('\n').length;
    assert.ok(lines < 60, `suite-gate.md shows ${lines} lines`);
    for (const strategy of losing)
      assert.match(gate, new RegExp(`\\*\\*${strategy}\\*\\*: \\d+ lost`), strategy);
    // Complete: every fact the terminal lists as lost is in the file, open or folded.
    const lost = [...run.stdout.matchAll(/^ {4}− lost (\S+) in /gm)].map((match) => match[1]!);
    assert.ok(lost.length > 20);
    for (const probe of lost) assert.ok(gate.includes(`lost \`${probe}\``), probe);
    assert.doesNotMatch(gate, /job log/);
    assert.ok(gate.startsWith(`## ❌ FAIL: ${losing[0]}`), gate.slice(0, 200));
  });
});

/** The probes of the quick-start fixture, whose answers a reply can state. */
async function probeAnswers(): Promise<string[]> {
  const sidecar = await readJson(join(process.cwd(), 'fixtures', 'before-compaction.probes.json'));
  return sidecar.probes.map((probe: { answer: string }) => probe.answer);
}

describe('check --baseline, sampled answers (--runs 3 of a model whose answers vary)', () => {
  it('passes a change within the spread over runs and fails one beyond it', async () => {
    const answers = await probeAnswers();
    // How many probe answers each request states: the runs disagree, as a sampled model does.
    let plan: number[] = [];
    const server = await startMockLlmServer({
      reply: (_request, index) => ({
        kind: 'text',
        text: `## Summary\n${answers.slice(0, plan[index % plan.length]).join('\n')}`,
      }),
    });
    const run = (extra: string[], kept: number[]) => {
      plan = kept;
      server.requests.length = 0;
      return runCli(
        [
          'check',
          'before-compaction',
          '-s',
          'single-shot',
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '--no-cache',
          '--runs',
          '3',
          '-o',
          join(directory.path, 'sampled'),
          ...extra,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
    };
    const baseline = join(directory.path, 'sampled.json');
    try {
      const first = await run(['--fail-under', 'probeRecall=0', '--update-baseline', baseline], [24, 12, 18]);
      assert.equal(first.code, 0, first.stderr + first.stdout);
      const recorded = (await readJson(baseline)).strategies[0];
      assert.equal(recorded.runs, 3);
      assert.ok(recorded.spread.probeRecall.stdError > 0.05, JSON.stringify(recorded.spread.probeRecall));

      // A point fall in live-fact recall beyond the tolerance, inside the spread over runs.
      const within = await run(['--baseline', baseline], [20, 10, 18]);
      assert.equal(within.code, 0, within.stdout);
      assert.match(within.stdout.split('\n')[0]!, /^PASS .*rule: sampled answers \(3 runs\)/);
      assert.match(
        within.stdout,
        /single-shot probeRecall −0\.\d\d is within the spread over 3 runs .*about \d+ runs each would tell/,
      );

      const beyond = await run(['--baseline', baseline], [0, 0, 1]);
      assert.equal(beyond.code, 1, beyond.stdout);
      assert.match(
        beyond.stdout.split('\n')[0]!,
        // With sampled answers a lost fact is not counted as lost: the spread over runs gates the recall.
        /^FAIL {2}single-shot: 1 failure \(rule: sampled answers/,
      );
      assert.match(
        beyond.stdout,
        /✗ single-shot probeRecall 0\.\d\d → 0\.\d\d \(−0\.\d\d, 95% \[.*\] over 3 runs, all of it beyond the tolerance 0\.02\)/,
      );
    } finally {
      await server.close();
    }
  });
});

describe('check with a replayed cassette', () => {
  it('writes byte-identical F-gate.md and comparison Markdown on a rerun, a step summary that starts with the verdict, and provenance', async () => {
    const server = await startMockLlmServer({
      reply: (_request, index) => ({
        kind: 'text',
        text: `## Goal\nFix ERR_INVOICE_TOTAL_MISMATCH (answer ${index})`,
      }),
    });
    const cassette = join(directory.path, 'ci.jsonl');
    const baseline = join(directory.path, 'replay-baseline.json');
    const out = join(directory.path, 'replay');
    const common = [
      'check',
      'before-compaction',
      '-s',
      'single-shot,structured-iterative',
      '-p',
      'openai:test-model',
      '-o',
      out,
    ];
    try {
      const recorded = await runCli(
        [
          ...common,
          '--base-url',
          server.url,
          '--no-cache',
          '--record',
          cassette,
          '--fail-under',
          'probeRecall=0',
          '--update-baseline',
          baseline,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(recorded.code, 0, recorded.stderr + recorded.stdout);
    } finally {
      await server.close();
    }
    const summary = join(directory.path, 'step-summary.md');
    const replay = [...common, '--replay', cassette, '--baseline', baseline];
    const copies: string[][] = [];
    for (let rerun = 0; rerun < 2; rerun++) {
      const result = await runCli(replay, { cwd: directory.path, env: { GITHUB_STEP_SUMMARY: summary } });
      assert.equal(result.code, 0, result.stderr + result.stdout);
      copies.push(
        await Promise.all(
          ['before-compaction-gate.md', 'before-compaction-comparison.md'].map((name) =>
            readFile(join(out, name), 'utf8'),
          ),
        ),
      );
    }
    assert.equal(copies[1]![0], copies[0]![0], 'F-gate.md');
    assert.equal(copies[1]![1], copies[0]![1], 'F-comparison.md');
    assert.doesNotMatch(copies[0]![1]!, /Fastest|Time \(ms\)/);
    assert.ok(
      (await readFile(summary, 'utf8')).startsWith(
        '## ✅ PASS: 2 strategies against the baseline: no fact lost',
      ),
    );

    // A prompt change misses the cassette: the verdict neither counts "0 facts lost" nor offers an accept
    // command that would fail the same way; it says to re-record.
    // (-o given once: a flag given twice with different values is refused.)
    const elsewhere = replay.map((word) => (word === out ? `${out}-missed` : word));
    const missed = await runCli([...elsewhere, '--instructions', 'focus on the tests'], {
      cwd: directory.path,
    });
    assert.equal(missed.code, 3, missed.stdout);
    assert.equal(missed.stdout.split('\n')[0], 'FAIL  single-shot, structured-iterative: 2 failures');
    assert.match(missed.stdout, /not in cassette .*; re-record with --record/);
    assert.doesNotMatch(missed.stdout, /To accept these results/);
    assert.doesNotMatch(
      await readFile(join(`${out}-missed`, 'before-compaction-gate.md'), 'utf8'),
      /To accept/,
    );

    const results = await readJson(join(out, 'before-compaction-results.json'));
    const cassetteId = createHash('sha256')
      .update(await readFile(cassette))
      .digest('hex')
      .slice(0, 12);
    assert.deepEqual(Object.keys(results.provenance), [
      'tool',
      'version',
      'commit',
      'uncommittedChanges',
      'date',
      'command',
      'provider',
      'model',
      'cassette',
    ]);
    assert.equal(results.provenance.tool, 'compaction-bench');
    assert.equal(results.provenance.commit, null, 'the temporary directory is no git working tree');
    assert.ok(Math.abs(Date.parse(results.provenance.date) - Date.now()) < 120_000);
    assert.equal(results.provenance.command, `compaction-bench ${replay.join(' ')}`);
    assert.deepEqual([results.provenance.provider, results.provenance.model], ['openai', 'test-model']);
    assert.deepEqual(results.provenance.cassette, { mode: 'replay', file: cassette, id: cassetteId });
    assert.match(
      copies[0]![0]!,
      new RegExp(
        `cassette \`${cassette.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` \\(replay, ${cassetteId}\\)`,
      ),
    );
  });
});

describe('provenance', () => {
  it('is in every results file of a sweep, with the command as typed', async () => {
    const out = join(directory.path, 'sweep');
    const args = [
      'compare',
      'before-compaction',
      '-s',
      'truncate',
      '--target-tokens',
      '2000,4000',
      '-o',
      out,
      '-q',
    ];
    const run = await runCli(args, { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    for (const name of [
      'before-compaction@2000-results.json',
      'before-compaction@4000-results.json',
      'before-compaction-sweep.json',
    ]) {
      const json = await readJson(join(out, name));
      assert.equal(json.provenance?.command, `compaction-bench ${args.join(' ')}`, name);
      assert.deepEqual([json.provenance.provider, json.provenance.cassette], ['extractive', null], name);
    }
  });
});
