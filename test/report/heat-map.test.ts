/** The heat map drawn at both layouts from one reading of its cells. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drawHeatMap, type HeatMap } from '../../src/report/html/heat-map.ts';
import { chartStyle } from '../../src/report/html/plots.ts';
import { bothLayouts, NARROW, WIDE } from '../../src/report/html/svg.ts';

/** A map of two strategies by three kinds whose `cell` counts its readings; one cell missing. */
function countedMap(): { map: HeatMap; readings: () => number } {
  let readings = 0;
  const map: HeatMap = {
    rows: ['single-shot', 'sequential-rolling'],
    columns: ['decision', 'error', 'file'],
    cell: (row, column) => {
      readings++;
      if (row === 'sequential-rolling' && column === 'file') return undefined;
      const value = column === 'error' ? 0.75 : 0.25;
      return { value, text: value.toFixed(2), tooltip: [row, `${column} <probes>: recall ${value}`] };
    },
    columnTitle: 'Probe kind',
    strategyRows: true,
    label: 'Recall per probe kind',
    layers: { cells: 'cells', labels: 'cellLabels' },
  };
  return { map, readings: () => readings };
}

describe('the heat map', () => {
  it('reads each cell once for its two drawings, and draws each layout as it alone would', () => {
    const chart = chartStyle(['single-shot', 'sequential-rolling'], 'single-shot');
    const { map, readings } = countedMap();
    const both = bothLayouts((layout) => drawHeatMap(layout, map, chart));
    assert.equal(readings(), 6);
    const wide = drawHeatMap(WIDE, countedMap().map, chart);
    const narrow = drawHeatMap(NARROW, countedMap().map, chart);
    assert.equal(both, wide + narrow);
    assert.equal((both.match(/<rect /g) ?? []).length, 10);
    assert.equal((both.match(/fill="#fff">0\.75<\/text>/g) ?? []).length, 4);
    assert.equal(
      (both.match(/<title>single-shot\nerror &lt;probes&gt;: recall 0\.75<\/title>/g) ?? []).length,
      2,
    );
  });
});
