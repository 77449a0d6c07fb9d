import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TopLevelSpec } from 'vega-lite';
import { renderSvg } from '../../src/report/html/svg.ts';

/** A chart with a gradient legend (a continuous colour) and a clipped mark. */
const chart = (title: string): TopLevelSpec => ({
  title,
  data: { values: [1, 2, 3].map((x) => ({ x, y: x * x })) },
  mark: { type: 'point', clip: true },
  encoding: {
    x: { field: 'x', type: 'quantitative', scale: { domain: [0, 2] } },
    y: { field: 'y', type: 'quantitative' },
    color: { field: 'y', type: 'quantitative' },
  },
});

const ids = (svg: string) => [...svg.matchAll(/id="([^"]+)"/g)].map((match) => match[1]!);

describe('charts as SVG', () => {
  it('names its gradients and clip paths the same whatever the process drew before', async () => {
    const first = await renderSvg(chart('a'));
    await renderSvg(chart('b'));
    const again = await renderSvg(chart('a'));
    assert.equal(again, first);
    const named = ids(first);
    assert.ok(
      named.some((id) => /^chart-[0-9a-f]{12}-\d+$/.test(id)),
      named.join(', '),
    );
    // Every definition the chart uses is one it defines.
    for (const [, used] of first.matchAll(/url\(#([^)]+)\)/g)) assert.ok(named.includes(used!), used);
    assert.doesNotMatch(first, /gradient_\d|"clip\d/);
  });

  it('gives two different charts of one page different ids', async () => {
    const a = ids(await renderSvg(chart('a')));
    const b = ids(await renderSvg(chart('b')));
    assert.ok(a.length > 0);
    assert.deepEqual(
      a.filter((id) => b.includes(id)),
      [],
    );
  });
});
