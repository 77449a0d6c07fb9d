/**
 * No interval outside its figure's bounds, anywhere a suite writes one: `suite-results.json` (every strategy's
 * figures, the differences from the reference, the strata), `suite-comparison.md` (every `x [low, high]` cell, by
 * its column), and each session's results and comparison (recall and paired differences). A suite of generated
 * sessions of two size bands through the real CLI, with strategies that compress a lot, not at all (identity)
 * and lexical baselines, so that figures sit at their bounds.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { boundsOf, metricByKey, suiteMetrics } from '../../src/quality/metrics.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import type { SuiteResults } from '../../src/suite/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';

type Bounds = readonly [number, number];
const SHARE: Bounds = [0, 1];
const DIFFERENCE: Bounds = [-1, 1];
const STRATEGIES = 'single-shot,structured-iterative,pi,identity,truncate,paths-only,grep';

let directory: { path: string; remove: () => Promise<void> };
let out: string;
let terminal: string;
before(async () => {
  directory = await temporaryDirectory('compaction-bench-bounds-');
  const sessions = join(directory.path, 'sessions');
  await writeSuite(sessions, 6);
  out = join(directory.path, 'out');
  const run = await runCli(['compare', sessions, '-s', STRATEGIES, '-o', out, '-q'], { cwd: directory.path });
  assert.equal(run.code, 0, run.stderr);
  terminal = run.stdout;
  // Each session's page, which a suite's compare leaves to `report`.
  const report = await runCli(['report', out], { cwd: directory.path });
  assert.equal(report.code, 0, report.stderr);
});
after(() => directory.remove());

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

/** Asserts `low ≤ estimate ≤ high` inside `bounds`; an interval written as null (too few sessions) is skipped. */
function inside(
  what: string,
  interval: { estimate: number | null; low: number | null; high: number | null },
  bounds: Bounds,
): number {
  const { estimate, low, high } = interval;
  if (low === null || high === null || estimate === null) return 0;
  const slack = 1e-9 * Math.max(1, Math.abs(estimate));
  assert.ok(
    low >= bounds[0] - slack && high <= bounds[1] + slack,
    `${what}: [${low}, ${high}] outside ${bounds}`,
  );
  assert.ok(
    low <= estimate + slack && estimate <= high + slack,
    `${what}: ${estimate} outside [${low}, ${high}]`,
  );
  return 1;
}

/** A number as the reports write it: `1,057`, `-0.02`, `+0.17`, `−0.20`, `$0.0012`. */
const number = (text: string) => Number(text.replaceAll(',', '').replace('−', '-').replace('$', ''));
const INTERVAL = /(Δ )?([−+-]?\$?[\d,.]+) \[([−+-]?\$?[\d,.]+), ([−+-]?\$?[\d,.]+)\]/g;

/** Every `x [low, high]` of every table of a Markdown file, checked against the bounds its column has. */
function markdownIntervals(markdown: string, boundsOf: (header: string, delta: boolean) => Bounds): number {
  let checked = 0;
  let header: string[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = [];
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (header.length === 0) {
      header = cells;
      continue;
    }
    cells.forEach((cell, column) => {
      for (const match of cell.matchAll(INTERVAL)) {
        const bounds = boundsOf(header[column]!, match[1] !== undefined);
        checked += inside(
          `${header[column]}: ${cell}`,
          { estimate: number(match[2]!), low: number(match[3]!), high: number(match[4]!) },
          bounds,
        );
      }
    });
  }
  return checked;
}

describe('intervals within their bounds', () => {
  it('in suite-results.json: every figure, difference and stratum', async () => {
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    let checked = 0;
    for (const strategy of suite.strategies)
      for (const [key, estimate] of Object.entries(strategy.metrics)) {
        if (!estimate) continue;
        checked += inside(`${strategy.name} ${key}`, estimate, boundsOf(metricByKey(key)!));
      }
    for (const comparison of suite.comparisons)
      checked += inside(`${comparison.strategy} difference`, comparison.difference, DIFFERENCE);
    assert.ok(suite.strata.length >= 2, 'two size bands');
    for (const stratum of suite.strata)
      for (const row of stratum.strategies) {
        if (row.probeRecall) checked += inside(`${stratum.value} ${row.name}`, row.probeRecall, SHARE);
        if (row.difference) checked += inside(`${stratum.value} ${row.name} Δ`, row.difference, DIFFERENCE);
      }
    // Seven strategies × the figures with an interval, six comparisons, and the strata.
    assert.ok(checked >= 7 * 6 + 6, `checked ${checked}`);
    const identity = suite.strategies.find((strategy) => strategy.name === 'identity')!;
    assert.equal(
      identity.metrics.compressionRatio!.high,
      1,
      'a context as large as its transcript: at the bound',
    );
  });

  it('in suite-comparison.md: every cell, by its column', async () => {
    const markdown = await readFile(join(out, 'suite-comparison.md'), 'utf8');
    const labels = new Map(
      suiteMetrics().map((metric) => [`${metric.suite.label} [95% CI]`, boundsOf(metric)]),
    );
    const checked = markdownIntervals(markdown, (header, delta) => {
      if (delta || header.includes('− reference')) return DIFFERENCE;
      const bounds = labels.get(header);
      if (bounds) return bounds;
      // A stratum's column: fact recall, then Δ from the reference.
      assert.match(header, /tokens \(\d+\)$/, `a column with intervals: ${header}`);
      return SHARE;
    });
    assert.ok(checked >= 7 * 4 + 6, `checked ${checked}`);
  });

  it("in each session's results and comparison", async () => {
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    let checked = 0;
    for (const session of suite.sessions) {
      const results = await readJson<ResultsFile>(join(out, `${session.name}-results.json`));
      const statistics = results.statistics!;
      checked += inside(`${session.name} reference`, statistics.referenceRecall, SHARE);
      for (const comparison of statistics.comparisons) {
        checked += inside(`${session.name} ${comparison.strategy}`, comparison.recall, SHARE);
        checked += inside(`${session.name} ${comparison.strategy} Δ`, comparison.difference, DIFFERENCE);
      }
      const markdown = await readFile(join(out, session.comparison), 'utf8');
      checked += markdownIntervals(markdown, (header) => {
        if (header.startsWith('vs reference')) return DIFFERENCE;
        assert.match(header, /^Probe recall \[95% CI\]$/, `a column with intervals: ${header}`);
        return SHARE;
      });
    }
    assert.ok(checked >= 6 * (1 + 6 * 2) * 2, `checked ${checked}`);
  });

  it('in every page, Markdown file and the terminal: each interval holds its estimate within its kind of bounds', async () => {
    const names = (await readdir(out)).filter((name) => /\.(html|md)$/.test(name));
    assert.ok(
      names.includes('suite-report.html') &&
        names.filter((name) => name.endsWith('-report.html')).length >= 7,
    );
    let checked = 0;
    for (const [name, text] of [
      ...(await Promise.all(
        names.map(async (name) => [name, await readFile(join(out, name), 'utf8')] as const),
      )),
      ['terminal', terminal] as const,
    ]) {
      // Text as read: tags removed and the few entities a report writes decoded.
      const plain = text
        .replace(/<[^>]+>/g, ' ')
        .replaceAll('&amp;', '&')
        .replaceAll('&#47;', '/');
      for (const match of plain.matchAll(INTERVAL)) {
        const written = [match[2]!, match[3]!, match[4]!];
        checked += inside(`${name}: ${match[0]}`, intervalOf(written), kindBounds(written));
      }
    }
    // Every session's page and comparison, the suite's page and comparison, and the terminal's tables.
    assert.ok(checked >= 300, `checked ${checked}`);
  });
});

/** Numbers of an interval as written. */
function intervalOf([estimate, low, high]: readonly string[]) {
  return { estimate: number(estimate!), low: number(low!), high: number(high!) };
}

/**
 * The bounds of an interval from how the reports write its kind (every figure of one kind is formatted alike):
 * a signed one is a difference of shares, [−1, 1]; two or three decimals a share, [0, 1]; anything else (token
 * counts, means of counts with one decimal, costs) at least 0.
 */
function kindBounds(written: readonly string[]): Bounds {
  if (written.some((text) => /^[−+-]/.test(text))) return DIFFERENCE;
  if (written.every((text) => /^\d\.\d{2,3}$/.test(text))) return SHARE;
  return [0, Number.POSITIVE_INFINITY];
}
