/** The chart kit and the palette, in-process: marks, labels, ticks, styles and tooltips, no browser. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strategyStyles } from '../../src/report/html/colors.ts';
import { placeLabels } from '../../src/report/html/labels.ts';
import { chartStyle } from '../../src/report/html/plots.ts';
import { recallPlot } from '../../src/report/html/recall-plot.ts';
import { linearTicks, logTicks, textWidth } from '../../src/report/html/svg.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { marksOf } from '../helpers/html-report.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';

describe('the palette', () => {
  it('gives every registered strategy a colour of its own, and each group its shape', () => {
    const registered = Object.values(STRATEGIES as Record<string, Strategy>);
    const names = registered.map((strategy) => strategy.name);
    const styles = strategyStyles(names);
    assert.equal(new Set(names.map((name) => styles.get(name)!.color)).size, names.length);
    for (const group of ['core', 'agent', 'baseline'] as const) {
      const members = registered.filter((strategy) => strategy.group === group && !strategy.lexical);
      assert.equal(new Set(members.map((strategy) => styles.get(strategy.name)!.shape)).size, 1, group);
    }
  });

  it('keeps a strategy’s look whichever others ran, and keeps any number of custom strategies apart', () => {
    assert.deepEqual(strategyStyles(['pi']).get('pi'), strategyStyles(Object.keys(STRATEGIES)).get('pi'));
    const custom = Array.from({ length: 60 }, (_, index) => `custom-${String(index).padStart(2, '0')}`);
    const styles = strategyStyles(custom);
    const looks = custom.map((name) => JSON.stringify(styles.get(name)));
    assert.equal(new Set(looks).size, custom.length);
    // In sorted order, so every page of a run gives the same one.
    assert.deepEqual(strategyStyles([...custom].reverse()).get('custom-07'), styles.get('custom-07'));
  });

  it('draws a +recent hybrid in its base’s colour, hollow', () => {
    const styles = strategyStyles(['single-shot', 'single-shot+recent']);
    assert.equal(styles.get('single-shot+recent')!.color, styles.get('single-shot')!.color);
    assert.equal(styles.get('single-shot+recent')!.hollow, true);
    assert.equal(styles.get('single-shot')!.hollow, false);
  });
});

describe('labels', () => {
  it('never cover a point or another label, and stay inside the chart', () => {
    const points = [
      [100, 100],
      [108, 100],
      [116, 100],
      [124, 98],
      [300, 40],
    ] as const;
    const bounds = { left: 0, right: 400, top: 0, bottom: 200 };
    const labels = placeLabels(
      points.map(([x, y], index) => ({ x, y, text: `strategy-${index}` })),
      points,
      bounds,
    );
    assert.ok(labels.length >= 3);
    const boxes = labels.map((label) => {
      const width = textWidth(label.text);
      const left =
        label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
      return { left, right: left + width, top: label.y - 10, bottom: label.y + 3 };
    });
    for (const [index, box] of boxes.entries()) {
      assert.ok(box.left >= 0 && box.right <= 400 && box.top >= 0 && box.bottom <= 200);
      for (const [x, y] of points)
        assert.ok(x + 5 <= box.left || x - 5 >= box.right || y + 5 <= box.top || y - 5 >= box.bottom);
      for (const other of boxes.slice(index + 1))
        assert.ok(
          box.right <= other.left ||
            other.right <= box.left ||
            box.bottom <= other.top ||
            other.bottom <= box.top,
        );
    }
  });
});

describe('points on one spot', () => {
  it('share one label that counts the others, most important first', () => {
    const labels = placeLabels(
      [
        { x: 100, y: 100, text: 'single-shot', bold: true },
        { x: 100.2, y: 99.8, text: 'parallel-stitch' },
        { x: 100, y: 100, text: 'sequential-rolling' },
        { x: 300, y: 100, text: 'pi' },
      ],
      [
        [100, 100],
        [300, 100],
      ],
      { left: 0, right: 400, top: 0, bottom: 200 },
    );
    assert.deepEqual(
      labels.map((label) => label.text),
      ['single-shot +2', 'pi'],
    );
    assert.equal(labels[0]!.bold, true);
  });

  it('name each other in their tooltips, and are set side by side, the recommended one on its spot', () => {
    const results = {
      target: null,
      strategies: [scored('single-shot', 2931, 0.9), scored('parallel-stitch', 2931, 0.9)],
    } as unknown as ResultsFile;
    const plot = recallPlot([results], chartStyle(['single-shot', 'parallel-stitch'], 'single-shot'))!;
    assert.match(plot.svg, /<title>single-shot\n[^<]*also at this point: parallel-stitch<\/title>/);
    assert.match(plot.svg, /<title>parallel-stitch\n[^<]*also at this point: single-shot<\/title>/);
    assert.match(plot.svg, />single-shot \+1</);
    assert.match(
      plot.caption,
      /set side by side, a few pixels apart; a label “name \+n” marks n more on that spot/,
    );
    const wide = plot.svg.split(/(?=<svg class="chart narrow")/)[0]!;
    const at = (name: string) =>
      Number(new RegExp(`<circle cx="([\\d.]+)"[^>]*data-strategy="${name}"`).exec(wide)![1]);
    const ring = Number(/<circle cx="([\d.]+)"[^>]*fill="none"/.exec(wide)![1]);
    assert.equal(at('single-shot'), ring, 'the recommended point stays inside its ring');
    assert.equal(Math.abs(at('parallel-stitch') - at('single-shot')), 8);
  });

  it('of one strategy in a sweep share one label naming its targets', () => {
    const file = (target: number, tokens: number) =>
      ({
        target,
        strategies: [scored('sequential-rolling', tokens, 0.9), scored('single-shot', 1000, 0.5)],
      }) as unknown as ResultsFile;
    const plot = recallPlot(
      [file(2000, 1991), file(4000, 3164), file(8000, 3164)],
      chartStyle(['sequential-rolling', 'single-shot'], 'sequential-rolling'),
    )!;
    assert.match(plot.svg, />sequential-rolling @4000, @8000</);
    assert.doesNotMatch(plot.svg, />sequential-rolling @8000</);
    assert.doesNotMatch(plot.caption, /name \+n/);
  });
});

describe('ticks', () => {
  it('are round steps over a linear domain and 1-2-5 over a log one', () => {
    assert.deepEqual(linearTicks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1]);
    assert.deepEqual(linearTicks(0, 4.2, 10), [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
    assert.deepEqual(logTicks(250, 40_000, 9).labelled, [500, 1000, 2000, 5000, 10_000, 20_000]);
    assert.deepEqual(logTicks(250, 40_000, 3).labelled, [1000, 10_000]);
    // Within one power of ten, the grid lines are labelled: never an axis without figures.
    assert.deepEqual(logTicks(21_000, 44_000, 9).labelled, [30_000, 40_000]);
    assert.deepEqual(logTicks(2100, 9000, 3).labelled, [3000, 6000, 9000]);
  });
});

/** A scored strategy as far as the recall chart reads it. */
function scored(name: string, tokensAfter: number, recall: number): StrategyResult {
  return {
    name,
    status: 'ok',
    lexical: false,
    flags: [],
    tokensAfter,
    quality: { probeRecall: recall },
  } as unknown as StrategyResult;
}

describe('the recall chart', () => {
  const results = {
    target: null,
    strategies: [
      scored('single-shot', 2931, 0.9),
      scored('parallel-stitch', 3164, 0.9),
      scored('observation-masking', 15_508, 1),
    ],
  } as unknown as ResultsFile;
  const plot = recallPlot(
    [results],
    chartStyle(['single-shot', 'parallel-stitch', 'observation-masking'], 'observation-masking'),
  )!;
  const [wide, narrow] = plot.svg.split(/(?=<svg class="chart narrow")/);

  it('draws one point per strategy at both sizes and rings the recommended one', () => {
    assert.equal(marksOf(wide!, 'points').marks, 3);
    assert.equal(marksOf(narrow!, 'points').marks, 3);
    assert.equal(marksOf(wide!, 'emphasis').marks, 1);
    assert.match(plot.legend, /<strong>observation-masking \(recommended\)<\/strong>/);
  });

  it('gives rounded figures in its tooltips', () => {
    const tooltips = [...plot.svg.matchAll(/<title>(.*?)<\/title>/gs)].map((match) => match[1]!);
    assert.equal(tooltips.length, 6);
    assert.ok(
      tooltips.every((text) => !/\d\.\d{3,}/.test(text)),
      tooltips.join(' | '),
    );
    assert.ok(tooltips.some((text) => text.includes('probe recall 0.90\n2,931 tokens after')));
  });
});
