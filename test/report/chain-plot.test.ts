import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { decayPoints } from '../../src/report/html/chain-plot.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { figures, marksOf, narrowFigures } from '../helpers/html-report.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the decay curve of a compaction chain in F-chain-report.html', () => {
  let out: Awaited<ReturnType<typeof temporaryDirectory>>;
  let results: ResultsFile;
  let page: string;

  before(async () => {
    out = await temporaryDirectory();
    const run = await runCli(
      [
        'compare',
        'before-compaction',
        '-s',
        'single-shot,structured-iterative',
        '--schedule',
        'window=20000,reserve=4000,keep=4000',
        '-o',
        out.path,
        '-q',
      ],
      { cwd: ROOT },
    );
    assert.equal(run.code, 0, run.stderr);
    results = JSON.parse(await readFile(join(out.path, 'before-compaction-chain-results.json'), 'utf8'));
    page = await readFile(join(out.path, 'before-compaction-chain-report.html'), 'utf8');
  });
  after(() => out.remove());

  it('draws one line per strategy and measure, and one point per compaction and measure', () => {
    const points = decayPoints(results);
    const chains = results.strategies.filter((strategy) => strategy.chain);
    assert.equal(chains.length, 2);
    assert.ok(chains.every((strategy) => strategy.chain!.compactions >= 2));
    const [plot] = figures(page, 'decay');
    // A line joins the points of a strategy and measure; one point alone is a point, no line.
    const series = new Map<string, number>();
    for (const point of points) {
      const key = `${point.strategy}/${point.measure}`;
      series.set(key, (series.get(key) ?? 0) + 1);
    }
    const lines = [...series.values()].filter((count) => count >= 2).length;
    assert.ok(lines >= 2);
    assert.equal(marksOf(plot!, 'decay').groups, lines);
    assert.equal(marksOf(plot!, 'decayPoints').marks, points.length);
    // The phone's chart draws the same marks.
    const [narrow] = narrowFigures(page, 'decay');
    assert.equal(marksOf(narrow!, 'decayPoints').marks, points.length);
    // The first compaction has no first-stretch point: it is the one that summarized the first stretch.
    assert.ok(points.every((point) => point.measure === 'so far' || point.cycle >= 2));
    assert.match(page, /<a href="#decay">Across compactions<\/a>/);
  });
});
