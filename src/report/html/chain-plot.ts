/** The decay curve of a `--schedule` run: recall after each compaction of the chain, per strategy. */
import type { TopLevelSpec } from 'vega-lite';
import type { ResultsFile } from '../../results/types.ts';
import { type Plot, strategyColor, strategyNames } from './plots.ts';
import { renderSvg } from './svg.ts';

/** One point of the curve: a strategy's recall of one measure after one compaction. */
export type DecayPoint = { strategy: string; cycle: number; measure: string; recall: number; probes: number };

const SO_FAR = 'so far';
const FIRST = 'first stretch';

/** The points of every strategy's chain that has them (facts so far, and the first stretch's facts). */
export function decayPoints(results: ResultsFile): DecayPoint[] {
  return results.strategies.flatMap((strategy) =>
    (strategy.chain?.cycles ?? []).flatMap((cycle) => [
      ...(cycle.probeRecall === null
        ? []
        : [
            {
              strategy: strategy.name,
              cycle: cycle.cycle,
              measure: SO_FAR,
              recall: cycle.probeRecall,
              probes: cycle.probes,
            },
          ]),
      ...(cycle.firstStretchRecall === null || cycle.cycle === 1
        ? []
        : [
            {
              strategy: strategy.name,
              cycle: cycle.cycle,
              measure: FIRST,
              recall: cycle.firstStretchRecall,
              probes: cycle.firstStretchProbes,
            },
          ]),
    ]),
  );
}

/** Recall after each compaction, a solid line per strategy for facts so far and a dashed one for the oldest. */
export async function decayPlot(results: ResultsFile): Promise<Plot | null> {
  const points = decayPoints(results);
  if (points.length === 0) return null;
  const names = strategyNames([results]);
  const x = { field: 'cycle', type: 'ordinal', title: 'Compaction', axis: { labelAngle: 0 } } as const;
  const y = {
    field: 'recall',
    type: 'quantitative',
    title: 'Probe recall',
    scale: { domain: [0, 1] },
  } as const;
  const strokeDash = { field: 'measure', type: 'nominal', title: 'Facts', sort: [SO_FAR, FIRST] } as const;
  const spec = {
    width: 760,
    height: 320,
    data: { values: points },
    layer: [
      {
        name: 'decay',
        mark: { type: 'line', strokeWidth: 1.5 },
        encoding: { x, y, color: strategyColor(names), strokeDash },
      },
      {
        name: 'decayPoints',
        mark: { type: 'point', filled: true, size: 30 },
        encoding: {
          x,
          y,
          color: strategyColor(names),
          tooltip: [
            { field: 'strategy' },
            { field: 'measure' },
            { field: 'cycle' },
            { field: 'recall', format: '.2f' },
            { field: 'probes' },
          ],
        },
      },
    ],
  } as unknown as TopLevelSpec;
  const schedule = results.strategies.find((strategy) => strategy.chain)?.chain?.schedule ?? '';
  return {
    id: 'decay',
    title: 'Recall across compactions',
    caption: `The chain of --schedule ${schedule}: after each compaction, the recall of the facts planted so far (solid) and of the facts the first compaction summarized (dashed, from the second compaction on). Where a line falls, the strategy forgets across compactions.`,
    svg: await renderSvg(spec),
  };
}
