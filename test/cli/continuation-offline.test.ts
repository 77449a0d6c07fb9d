/**
 * `compare --continuation K` offline, end to end on the shipped fixtures: the grounding table (lexical) with the
 * prediction columns left empty and a note saying a model is needed; the flags' errors.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { replayFile } from '../helpers/replay-files.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('compare --continuation offline', () => {
  for (const transcript of ['before-compaction', 'large-session']) {
    it(`${transcript}: writes the grounding table, the whole prefix grounded, a path list less`, async () => {
      const out = join(directory.path, `out-${transcript}`);
      const result = await runCli(
        [
          'compare',
          transcript,
          '-s',
          'identity,paths-only,claude-code',
          '--continuation',
          '5',
          '-o',
          out,
          '--quiet',
        ],
        { cwd: directory.path },
      );
      assert.equal(result.code, 0, result.stderr);
      const file = JSON.parse(await readFile(replayFile(out, transcript, '-results.json'), 'utf8'));
      const blocks = Object.fromEntries(
        file.strategies.map((strategy: { name: string; continuation: any }) => [
          strategy.name,
          strategy.continuation,
        ]),
      );
      assert.equal(blocks.identity.grounding.rate, 1);
      assert.ok(blocks['paths-only'].grounding.rate < 1, 'a path list does not name the commands');
      assert.equal(blocks['paths-only'].recoverability.conversationRecall, 0);
      assert.equal(blocks['claude-code'].rehydrate, 'claude-code');
      assert.equal(blocks['claude-code'].rehydratedFiles.length, 5);
      assert.equal(blocks.identity.prediction, null);
      // Every strategy compacted the same history: the one before the cut.
      assert.deepEqual(new Set(Object.values(blocks).map((block: any) => block.cut)).size, 1);
      const markdown = await readFile(replayFile(out, transcript, '-continuation.md'), 'utf8');
      assert.match(markdown, /a language model is needed/);
      assert.match(
        markdown,
        /\| strategy \| rehydrate \| grounded \(lexical\) \| conversation-only recall \|\n/,
      );
      assert.match(markdown, /\| identity \| none \| \d+\/\d+ \(1\.00\) \| 1\.00 of \d+ \|/);
      assert.doesNotMatch(markdown, /\| L0 \|/);
      const html = await readFile(replayFile(out, transcript, '-report.html'), 'utf8');
      // At the top of the page, linked from the navigation, with its verdict first.
      assert.match(html, /<a href="#continuation">Continuation<\/a>/);
      assert.match(
        html,
        /<h2 id="continuation">Continuation: the next steps after the cut<\/h2>\n<section class="verdict" id="continuation-verdict"/,
      );
      assert.ok(html.indexOf('id="continuation"') < html.indexOf('id="comparison"'));
      assert.match(markdown, /^<!-- .* -->\n# Continuation: \S+\n\n## Verdict\n/);
    });
  }

  it("scores several cuts apart and pools them; a further cut never counts in the strategy's figures", async () => {
    // The small fixture (119 messages, 30 probes along it) has probes before each cut, more before each later one.
    const run = async (cuts: string) => {
      const out = join(directory.path, `out-cuts-${cuts}`);
      const result = await runCli(
        [
          'compare',
          'before-compaction',
          '-s',
          'identity,paths-only,single-shot',
          '--continuation',
          '3',
          '--continuation-at',
          cuts,
          '-o',
          out,
          '--quiet',
        ],
        { cwd: directory.path },
      );
      assert.equal(result.code, 0, result.stderr);
      const file = JSON.parse(await readFile(replayFile(out, 'before-compaction', '-results.json'), 'utf8'));
      return { out, strategies: Object.fromEntries(file.strategies.map((one: any) => [one.name, one])) };
    };
    const several = await run('100,40,70');
    const single = await run('40');
    const block = several.strategies['single-shot'].continuation;
    assert.deepEqual(
      block.cuts.map((one: { cut: number }) => one.cut),
      [40, 70, 100],
    );
    // The fields outside `cuts` are the first cut's, as a one-cut run writes them.
    assert.equal(block.cut, 40);
    assert.deepEqual(block.grounding, single.strategies['single-shot'].continuation.grounding);
    assert.equal(single.strategies['single-shot'].continuation.cuts, undefined);
    // The further cuts' compactions went through the continuation's calls, not the strategy's.
    assert.equal(several.strategies['single-shot'].calls, single.strategies['single-shot'].calls);
    assert.equal(
      several.strategies['single-shot'].quality.probeRecall,
      single.strategies['single-shot'].quality.probeRecall,
    );
    const sum = (key: string) =>
      block.cuts.reduce((total: number, one: any) => total + one.grounding[key], 0);
    assert.equal(block.pooled.grounding.established, sum('established'));
    assert.equal(block.pooled.grounding.grounded, sum('grounded'));
    assert.equal(block.pooled.steps, 9);
    // Each cut keeps the summary its context began with; the first is the strategy's own, on the result.
    assert.equal(block.cuts[0].summary, several.strategies['single-shot'].summary);
    assert.ok(block.cuts[2].summary.length > 0 && block.cuts[2].summary !== block.cuts[0].summary);
    assert.equal('summary' in block, false);
    // Each cut scores the probes planted before it: more history, more probes.
    const probes = block.cuts.map((one: any) => Object.keys(one.recoverability.byProbe).length);
    assert.ok(probes[0] < probes[1] && probes[1] < probes[2], `${probes}`);
    const identity = several.strategies.identity.continuation.pooled.grounding.rate;
    assert.equal(identity.estimate, 1);
    assert.ok(several.strategies['paths-only'].continuation.pooled.grounding.rate.estimate < 1);
    const markdown = await readFile(replayFile(several.out, 'before-compaction', '-continuation.md'), 'utf8');
    assert.match(markdown, /Cuts before messages 40, 70, 100/);
    assert.match(markdown, /\| identity \| none \| 40, 70, 100 \| 9 \| (\d+)\/\1 1\.00 \[0\.\d\d–1\.00\] \|/);
    assert.match(markdown, /## Per cut/);
    assert.match(markdown, /\| single-shot \| 70 \| 3 \| \d+\/\d+ \| 0\.\d\d of \d+ \|/);
  });

  it("under --schedule cuts at each compaction of every strategy's chain", async () => {
    // A window a third of the small fixture: each strategy compacts four times.
    const out = join(directory.path, 'out-chain');
    const result = await runCli(
      [
        'compare',
        'before-compaction',
        '-s',
        'paths-only,single-shot',
        '--continuation',
        '2',
        '--schedule',
        'window=12000,reserve=2000,keep=2000',
        '-o',
        out,
        '--quiet',
      ],
      { cwd: directory.path },
    );
    assert.equal(result.code, 0, result.stderr);
    const file = JSON.parse(await readFile(join(out, 'before-compaction-chain-results.json'), 'utf8'));
    for (const strategy of file.strategies) {
      const points = strategy.chain.cycles.map((cycle: { atMessage: number }) => cycle.atMessage);
      assert.ok(points.length > 1, `${strategy.name} compacted more than once`);
      assert.deepEqual(strategy.continuation.pooled.cuts, points);
      assert.equal(strategy.continuation.pooled.steps, 2 * points.length);
    }
    const markdown = await readFile(join(out, 'before-compaction-chain-continuation.md'), 'utf8');
    assert.match(markdown, /## Per cut/);
  });

  it("continues the agent's own compaction (the recorded row) where it compacted, with its agent's rehydration", async () => {
    const out = join(directory.path, 'out-recorded');
    const sample = fileURLToPath(new URL('../samples/claude-code-compaction.jsonl', import.meta.url));
    const result = await runCli(
      ['compare', sample, '-s', 'identity', '--continuation', '3', '--at-compaction', '-o', out, '--quiet'],
      { cwd: directory.path },
    );
    assert.equal(result.code, 0, result.stderr);
    const file = JSON.parse(
      await readFile(replayFile(out, 'claude-code-compaction', '-results.json'), 'utf8'),
    );
    const [identity, recorded] = ['identity', 'recorded'].map(
      (name) => file.strategies.find((strategy: { name: string }) => strategy.name === name).continuation,
    );
    assert.ok(recorded, 'the recorded row has a continuation block');
    assert.equal(recorded.cut, identity.cut);
    assert.deepEqual(recorded.realSteps, identity.realSteps);
    assert.equal(recorded.rehydrate, 'claude-code');
    assert.equal(identity.rehydrate, 'none');
    const markdown = await readFile(replayFile(out, 'claude-code-compaction', '-continuation.md'), 'utf8');
    assert.match(markdown, /\| recorded \| claude-code \| \d\/\d \(/);
  });

  it('writes no continuation table without --continuation', async () => {
    const out = join(directory.path, 'out-plain');
    const result = await runCli(['compare', 'before-compaction', '-s', 'identity', '-o', out, '--quiet'], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(existsSync(join(out, 'before-compaction-continuation.md')), false);
    const file = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8'));
    assert.equal('continuation' in file.strategies[0], false);
  });

  for (const [flags, error] of [
    [['--rehydrate', 'pi'], /^compaction-bench: --rehydrate needs --continuation K\n$/],
    [['--continuation', '0'], /--continuation/],
    [['--continuation', '2', '--rehydrate', 'aider'], /--rehydrate/],
    [
      ['--continuation', '2', '--continuation-at', '5000'],
      /^compaction-bench: --continuation-at 5000: before-compaction has messages 0–\d+/,
    ],
    [
      ['--continuation', '2', '--continuation-at', '5', '--schedule', 'window=30000,reserve=4000,keep=4000'],
      /--continuation-at cannot be combined with --schedule/,
    ],
    [['--continuation', '2', '--continuation-at', '5,x'], /--continuation-at/],
    [['--continuation', '2', '--runs', '3'], /--continuation cannot be combined with --runs above 1/],
  ] as const) {
    it(`refuses ${flags.join(' ')} with exit 2, naming the flag`, async () => {
      const result = await runCli(
        ['compare', 'before-compaction', '-s', 'identity', '-o', join(directory.path, 'out-bad'), ...flags],
        { cwd: directory.path },
      );
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, error);
      assert.doesNotMatch(result.stderr, /^\s+at /m, 'no stack trace');
    });
  }
});
