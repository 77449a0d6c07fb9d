/**
 * Strategies with the same figures in every chart that can draw them on one another (retention, a sweep's lines,
 * the suite's intervals, a chain's decay): a shared stretch of line striped in each one's colour, points on one
 * spot side by side, the caption naming who draws the same line.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decayPlot } from '../../src/report/html/chain-plot.ts';
import { type Series, sharedLinesNote, sharedStripes, sideBySide } from '../../src/report/html/coinciding.ts';
import { chartStyle } from '../../src/report/html/plots.ts';
import { recallPlot } from '../../src/report/html/recall-plot.ts';
import { retentionPlot } from '../../src/report/html/retention-plot.ts';
import { intervalPlot } from '../../src/report/html/suite-plots.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import type { SuiteResults } from '../../src/suite/types.ts';

const line = (name: string, points: Array<[number, number]>, dash?: string): Series => ({
  name,
  points,
  attributes: { stroke: `#${name}`, 'data-strategy': name, 'stroke-dasharray': dash },
});

/** The wide chart of a plot's two layouts. */
const wide = (svg: string) => svg.split(/(?=<svg class="chart narrow")/)[0]!;

/** The paths of a layer, each as its attributes. */
function layerPaths(svg: string, name: string): Array<Record<string, string>> {
  const body = new RegExp(`<g data-layer="${name}"[^>]*>(.*?)</g>`, 's').exec(svg)?.[1] ?? '';
  return [...body.matchAll(/<path ([^>]*?)\/?>/g)].map((path) =>
    Object.fromEntries([...path[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!])),
  );
}

/** Each point mark's x, by strategy, in the order drawn. */
function markXs(svg: string, layer: string): Map<string, number[]> {
  const body = new RegExp(`<g data-layer="${layer}"[^>]*>(.*)`, 's').exec(svg)?.[1] ?? '';
  const xs = new Map<string, number[]>();
  for (const mark of body.matchAll(/<(circle|path) ([^>]*?)>/g)) {
    const attributes = mark[2]!;
    const strategy = /data-strategy="([^"]+)"/.exec(attributes)?.[1];
    if (!strategy) continue;
    const x = /cx="([\d.]+)"/.exec(attributes)?.[1] ?? /d="M([\d.]+)/.exec(attributes)?.[1];
    xs.set(strategy, [...(xs.get(strategy) ?? []), Number(x)]);
  }
  return xs;
}

describe('stripes over lines that coincide', () => {
  it('give each series sharing a segment its turn of the pattern, so that every colour shows along it', () => {
    const stripes = sharedStripes([
      line('a', [
        [0, 0],
        [10, 10],
        [20, 0],
      ]),
      line('b', [
        [0, 0],
        [10, 10],
        [20, 5],
      ]),
      line('c', [
        [0, 0],
        [10, 10.3],
        [20, 0],
      ]),
    ]);
    // One segment is shared (0,0 → 10,10 to the pixel), by all three; a → 20,0 is a's and c's.
    const parsed = stripes.map((path) =>
      Object.fromEntries([...path.matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!])),
    );
    assert.deepEqual(
      parsed.map((path) => [
        path['data-strategy'],
        path.d,
        path['stroke-dasharray'],
        path['stroke-dashoffset'],
      ]),
      [
        ['a', 'M0,0L10,10', '7 14', '0'],
        ['b', 'M0,0L10,10', '7 14', '14'],
        ['c', 'M0,0L10,10', '7 14', '7'],
        ['a', 'M10,10L20,0', '7 7', '0'],
        ['c', 'M10,10L20,0', '7 7', '7'],
      ],
    );
    // Each keeps its own colour.
    assert.deepEqual(
      parsed.map((path) => path.stroke),
      ['#a', '#b', '#c', '#a', '#c'],
    );
  });

  it('keep a dashed series dashed, each taking one of its periods in turn', () => {
    const stripes = sharedStripes([
      line(
        'a',
        [
          [0, 0],
          [50, 0],
        ],
        '5 3',
      ),
      line(
        'b',
        [
          [0, 0],
          [50, 0],
        ],
        '5 3',
      ),
    ]);
    assert.match(stripes[0]!, /stroke-dasharray="5 11" stroke-dashoffset="0"/);
    assert.match(stripes[1]!, /stroke-dasharray="5 11" stroke-dashoffset="8"/);
  });

  it('are none when no two series share a segment', () => {
    const apart = [
      line('a', [
        [0, 0],
        [10, 10],
      ]),
      line('b', [
        [0, 0],
        [10, 20],
      ]),
    ];
    assert.deepEqual(sharedStripes(apart), []);
    assert.equal(sharedLinesNote(apart), '');
  });
});

describe('points on one spot', () => {
  it('are spread around it, the anchored one staying on it', () => {
    const items = ['a', 'b', 'c', 'd'];
    const at = (item: string) => (item === 'd' ? ([50, 50] as const) : ([10.2, 20] as const));
    assert.deepEqual(Object.fromEntries(sideBySide(items, at, 8)), { a: -8, b: 0, c: 8, d: 0 });
    const anchored = sideBySide(items, at, 8, { anchored: (item) => item === 'c' });
    assert.deepEqual(Object.fromEntries(anchored), { a: 8, b: -8, c: 0, d: 0 });
  });
});

/** A session whose probes sit in three tenths; each strategy keeps the probes given. */
function session(
  kept: Record<string, string[]>,
  target: number | null = null,
  tokens?: Record<string, number>,
) {
  const probes = ['p1', 'p2', 'p3', 'p4'].map((id, index) => ({
    id,
    kind: 'decision',
    messageIndex: index * 30,
  }));
  return {
    fixture: { name: 'session', messages: 100 },
    target,
    probes,
    strategies: Object.entries(kept).map(([name, ids]) => ({
      name,
      status: 'ok',
      lexical: false,
      flags: [],
      tokensAfter: tokens?.[name] ?? 1000 + ids.length * 100,
      quality: {
        probeRecall: ids.length / probes.length,
        probeRecallByKind: {},
        probeOutcomes: Object.fromEntries(
          probes.map((probe) => [probe.id, ids.includes(probe.id) ? 'matched' : 'missed']),
        ),
      },
    })),
  } as unknown as ResultsFile;
}

describe('charts with strategies of the same figures', () => {
  const names = ['single-shot', 'grep', 'paths-only'];
  // grep and paths-only keep the same facts: the same line everywhere; single-shot keeps others.
  const kept = { 'single-shot': ['p1', 'p2', 'p3'], grep: ['p1'], 'paths-only': ['p1'] };

  it('retention by position: their shared line is striped in both colours, their points side by side, the caption names them', () => {
    const chart = chartStyle(names, 'single-shot');
    const plot = retentionPlot(session(kept), chart)!;
    const svg = wide(plot.svg);
    const stripes = layerPaths(svg, 'retentionShared');
    const colour = (name: string) => chart.styles.get(name)!.color;
    // Every segment of their line (four tenths with probes: three), once per strategy, in its own colour.
    assert.equal(stripes.length, 3 * 2);
    assert.deepEqual(
      new Set(stripes.map((path) => `${path['data-strategy']} ${path.stroke}`)),
      new Set([`grep ${colour('grep')}`, `paths-only ${colour('paths-only')}`]),
    );
    assert.equal(new Set(stripes.map((path) => path['stroke-dashoffset'])).size, 2);
    const xs = markXs(svg, 'retentionPoints');
    assert.ok(xs.get('grep')!.every((x, index) => x !== xs.get('paths-only')![index]));
    assert.match(plot.caption, /grep and paths-only draw the same line/);
    assert.doesNotMatch(plot.caption, /single-shot and|and single-shot/);
  });

  it('a sweep: their lines across the targets are striped, and named', () => {
    const files = [2000, 4000].map((target) =>
      session(kept, target, {
        'single-shot': target * 0.75,
        grep: target * 0.45,
        'paths-only': target * 0.45,
      }),
    );
    const plot = recallPlot(files, chartStyle(names, 'single-shot'))!;
    const stripes = layerPaths(wide(plot.svg), 'sweepShared');
    // The one segment between the two targets, once per strategy.
    assert.deepEqual(
      stripes.map((path) => path['data-strategy']),
      ['grep', 'paths-only'],
    );
    assert.match(plot.caption, /grep and paths-only draw the same line/);
  });

  it('the suite: their points and intervals side by side', () => {
    const metric = (estimate: number) => ({ estimate, low: estimate - 0.1, high: estimate + 0.1 });
    const suite = {
      sessions: [{}, {}, {}],
      strategies: names.map((name) => ({
        name,
        lexical: name !== 'single-shot',
        metrics: {
          probeRecall: metric(name === 'single-shot' ? 0.8 : 0.3),
          tokensAfter: metric(name === 'single-shot' ? 3000 : 900),
        },
      })),
    } as unknown as SuiteResults;
    const plot = intervalPlot(suite, chartStyle(names, 'single-shot'))!;
    const svg = wide(plot.svg);
    const rules = [...svg.matchAll(/<line x1="([\d.]+)" x2="([\d.]+)"[^>]*data-strategy="([^"]+)"/g)];
    const ruleX = new Map(rules.map((rule) => [rule[3]!, Number(rule[1])]));
    const xs = markXs(svg, 'points');
    assert.equal(Math.abs(ruleX.get('grep')! - ruleX.get('paths-only')!), 8);
    assert.equal(xs.get('grep')![0], ruleX.get('grep'));
    assert.equal(xs.get('paths-only')![0], ruleX.get('paths-only'));
  });

  it('a chain: decay curves that coincide are striped, solid and dashed alike', () => {
    const cycles = (recalls: number[]) => ({
      schedule: 'window=20000',
      compactions: recalls.length,
      cycles: recalls.map((recall, index) => ({
        cycle: index + 1,
        probeRecall: recall,
        probes: 4,
        firstStretchRecall: recall,
        firstStretchProbes: 2,
      })),
    });
    const results = {
      fixture: { name: 'session', messages: 100 },
      strategies: [
        { name: 'single-shot', chain: cycles([0.9, 0.8, 0.7]) },
        { name: 'parallel-stitch', chain: cycles([0.9, 0.8, 0.7]) },
        { name: 'sequential-rolling', chain: cycles([0.5, 0.4, 0.2]) },
      ],
    } as unknown as ResultsFile;
    const plot = decayPlot(
      results,
      chartStyle(['single-shot', 'parallel-stitch', 'sequential-rolling'], null),
    )!;
    const stripes = layerPaths(wide(plot.svg), 'decayShared');
    const of = (name: string) => stripes.filter((path) => path['data-strategy'] === name);
    assert.ok(of('single-shot').length > 0 && of('parallel-stitch').length === of('single-shot').length);
    // Dashed (first stretch) stripes keep the dash 5 of their pattern.
    assert.ok(stripes.some((path) => path['stroke-dasharray']!.startsWith('5 ')));
    assert.match(plot.caption, /single-shot and parallel-stitch draw the same line/);
    assert.doesNotMatch(plot.caption, /sequential-rolling and sequential-rolling/);
  });
});
