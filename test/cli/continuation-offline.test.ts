/**
 * `compare --continuation K` offline, end to end on the shipped fixtures: the grounding table (lexical) with the
 * prediction columns left empty and a note saying a model is needed; the flags' errors.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

describe('compare --continuation offline', () => {
  for (const fixture of ['before-compaction', 'large-session']) {
    it(`${fixture}: writes the grounding table, the whole prefix grounded, a path list less`, async () => {
      const out = join(directory.path, `out-${fixture}`);
      const result = await runCli(
        [
          'compare',
          fixture,
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
      const file = JSON.parse(await readFile(join(out, `${fixture}-results.json`), 'utf8'));
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
      const markdown = await readFile(join(out, `${fixture}-continuation.md`), 'utf8');
      assert.match(markdown, /a language model is needed/);
      assert.match(
        markdown,
        /\| strategy \| rehydrate \| grounded \(lexical\) \| conversation-only recall \|\n/,
      );
      assert.match(markdown, /\| identity \| none \| \d+\/\d+ \(1\.00\) \| 1\.00 of \d+ \|/);
      assert.doesNotMatch(markdown, /\| L0 \|/);
      const html = await readFile(join(out, `${fixture}-report.html`), 'utf8');
      assert.match(html, /<h3 id="continuation">Continuation<\/h3>/);
    });
  }

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
    [['--continuation', '2', '--schedule', 'recorded'], /--continuation cannot be combined with --schedule/],
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
