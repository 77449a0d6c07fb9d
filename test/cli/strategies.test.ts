import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

describe('strategy flags on the command line', () => {
  let directory: { path: string; remove: () => Promise<void> };
  before(async () => {
    directory = await temporaryDirectory();
  });
  after(async () => {
    await directory.remove();
  });

  it('rejects a bad value with exit 2, naming the flag', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--keep-recent-tokens', '0'], /--keep-recent-tokens/],
      [['--mask-window', '-1'], /--mask-window/],
      [['--prune-keep-tokens', 'lots'], /--prune-keep-tokens/],
      [['--prune-minimum-tokens', '1.5'], /--prune-minimum-tokens/],
      [['--prune-protect-turns', 'two'], /--prune-protect-turns/],
      [['--prompt-file', 'nope=prompt.md'], /--prompt-file nope=prompt\.md: unknown strategy 'nope'/],
      [['--prompt-file', 'pi=missing.md'], /--prompt-file pi=missing\.md: cannot read missing\.md/],
    ];
    const results = await Promise.all(
      cases.map(([flags]) =>
        runCli(['compare', 'before-compaction', '-s', 'identity', ...flags], { cwd: directory.path }),
      ),
    );
    results.forEach((result, index) => {
      const [flags, message] = cases[index]!;
      assert.equal(result.code, 2, flags.join(' '));
      assert.match(result.stderr, message, flags.join(' '));
    });
  });

  it('records kept ranges and prompt hashes in the results and the reports', async () => {
    await writeFile(
      join(directory.path, 'pi-prompt.md'),
      'Summarize the conversation above for the next agent.',
    );
    const out = join(directory.path, 'out');
    const result = await runCli(
      [
        'compare',
        'before-compaction',
        '-s',
        'identity,truncate,pi,single-shot',
        '--keep-recent-tokens',
        '2000',
        '--prompt-file',
        'pi=pi-prompt.md',
        '--no-cache',
        '-q',
        '--json',
        '-o',
        out,
      ],
      { cwd: directory.path },
    );
    assert.equal(result.code, 0, result.stderr);
    const [results] = (JSON.parse(result.stdout) as { results: ResultsFile[] }).results as [ResultsFile];
    const byName = new Map(results.strategies.map((strategy) => [strategy.name, strategy]));
    assert.deepEqual([...byName.keys()], ['identity', 'truncate', 'pi', 'single-shot+recent']);
    assert.equal(results.config.keepRecentTokens, 2000);
    assert.deepEqual(byName.get('identity')!.keptRanges, [{ start: 0, end: results.fixture.messages }]);
    assert.equal(byName.get('identity')!.compressionRatio, 1);
    const pi = byName.get('pi')!;
    assert.equal(pi.keptRanges.length, 1);
    assert.equal(pi.keptRanges[0]!.end, results.fixture.messages);
    assert.deepEqual(pi.prompts.find((prompt) => prompt.name === 'pi-history')?.file, 'pi-prompt.md');
    const hybrid = byName.get('single-shot+recent')!;
    assert.ok(hybrid.keptMessages > 0 && hybrid.tokensAfter > hybrid.summaryTokens);
    const report = await readFile(join(out, 'before-compaction-pi.md'), 'utf8');
    assert.match(
      report,
      /## Prompts\n\n\| Prompt \| SHA-256 \(first 12\) \| Source \|[\s\S]*\| pi-history \| `[0-9a-f]{12}` \| `pi-prompt\.md` \|/,
    );
    assert.match(
      report,
      new RegExp(
        `## Kept messages\\n\\n${pi.keptMessages} messages kept verbatim after the summary, from transcript messages ${pi.keptRanges[0]!.start}–${pi.keptRanges[0]!.end - 1} \\(0-based\\)`,
      ),
    );
    const identityReport = await readFile(join(out, 'before-compaction-identity.md'), 'utf8');
    assert.match(identityReport, /_No summary: the compacted context is the kept messages alone\._/);
  });
});
