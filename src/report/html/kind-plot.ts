/** Recall per probe kind: a heat map of strategies by kind. */
import type { ResultsFile } from '../../results/types.ts';
import { drawHeatMap, heatColor } from './heat-map.ts';
import { rampLegend } from './legend.ts';
import { kindCells } from './plot-data.ts';
import { type ChartStyle, formatRecall, type Plot } from './plots.ts';
import { bothLayouts } from './svg.ts';

/** Recall per probe kind, a cell per strategy and kind. */
export function kindPlot(results: ResultsFile, chart: ChartStyle): Plot | null {
  const cells = kindCells(results);
  if (cells.length === 0) return null;
  const rows = [...new Set(cells.map((cell) => cell.strategy))];
  const columns = [...new Set(cells.map((cell) => cell.kind))].sort();
  const byKey = new Map(cells.map((cell) => [`${cell.strategy}\u0000${cell.kind}`, cell]));
  const map = {
    rows,
    columns,
    cell: (row: string, column: string) => {
      const found = byKey.get(`${row}\u0000${column}`);
      if (!found) return undefined;
      return {
        value: found.recall,
        text: formatRecall(found.recall),
        tooltip: [row, `${column} probes: recall ${formatRecall(found.recall)}`],
      };
    },
    columnTitle: 'Probe kind',
    strategyRows: true,
    label: 'Recall per probe kind',
    layers: { cells: 'cells', labels: 'cellLabels' },
  };
  return {
    id: 'recall-by-kind',
    title: 'Recall per probe kind',
    caption: 'Share of each kind’s probes the compacted context kept; darker is more.',
    svg: bothLayouts((layout) => drawHeatMap(layout, map, chart)),
    legend: rampLegend('Recall', heatColor),
  };
}
