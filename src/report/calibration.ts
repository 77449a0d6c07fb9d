/** Renders a `calibrate` result: per summary tool vs reader, then the agreement figures per split. */
import type { Calibration, SplitFigures } from '../calibration/calibrate.ts';
import { SPLITS } from '../calibration/calibrate.ts';
import { formatRatio } from '../numbers.ts';

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

/** The figures of one split as lines; the judged headline's only when a judge graded it (`judge`, its model). */
function splitLines(split: string, figures: SplitFigures, judge: string | undefined): string[] {
  const kinds = Object.entries(figures.kappaByKind)
    .map(([kind, { kappa, facts }]) => `${kind} ${formatRatio(kappa)} (${facts})`)
    .join(', ');
  return [
    `${split}: ${figures.summaries} summaries`,
    `  live-fact recall, summary alone: mean |tool − human| ${formatRatio(figures.meanAbsoluteError)}, rank correlation ${formatRatio(figures.rankCorrelation)}`,
    `  with the kept tail (${figures.withTail.summaries} summaries): mean |tool − human| ${formatRatio(figures.withTail.meanAbsoluteError)}, rank correlation ${formatRatio(figures.withTail.rankCorrelation)}`,
    `  the benchmark's headline, derived probes on summary + tail (${figures.derived.summaries} summaries): mean |tool − human| ${formatRatio(figures.derived.meanAbsoluteError)}, rank correlation ${formatRatio(figures.derived.rankCorrelation)}`,
    ...(judge === undefined
      ? []
      : [
          `  the headline graded by the judge (${judge}), on summary + tail (${figures.judged.summaries} summaries): mean |judge − human| ${formatRatio(figures.judged.meanAbsoluteError)}, rank correlation ${formatRatio(figures.judged.rankCorrelation)}`,
        ]),
    `  kappa per kind (kept / partial / not kept; facts): ${kinds}`,
    `  contradicted: reader ${figures.contradictions.human}, tool ${figures.contradictions.tool}, both ${figures.contradictions.both}`,
  ];
}

/** The whole comparison for the terminal; floor failures, when given, close it. */
export function renderCalibration(calibration: Calibration, failures: readonly string[] = []): string {
  const judged = calibration.judge !== null;
  const rows = calibration.summaries.map((summary) => [
    summary.cut,
    summary.split,
    summary.summary,
    formatRatio(summary.human),
    formatRatio(summary.tool),
    signed(summary.tool - summary.human),
    summary.humanWithTail === null ? '–' : formatRatio(summary.humanWithTail),
    summary.toolWithTail === null ? '–' : formatRatio(summary.toolWithTail),
    summary.derivedWithTail === null ? '–' : formatRatio(summary.derivedWithTail),
    ...(judged ? [summary.judgedWithTail === null ? '–' : formatRatio(summary.judgedWithTail)] : []),
  ]);
  const header = [
    'cut',
    'split',
    'summary',
    'human',
    'tool',
    'tool − human',
    'human+tail',
    'tool+tail',
    'derived+tail',
    ...(judged ? ['judge+tail'] : []),
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const lines = [line(header), ...rows.map(line), ''];
  for (const skipped of calibration.skipped)
    lines.push(`skipped ${skipped.cut}${skipped.summary ? ` / ${skipped.summary}` : ''}: ${skipped.reason}`);
  if (calibration.skipped.length > 0) lines.push('');
  for (const split of SPLITS)
    lines.push(...splitLines(split, calibration.splits[split], calibration.judge?.model));
  if (calibration.judge) {
    const { model, calls, cachedCalls, ungraded, cost } = calibration.judge;
    lines.push(
      `judge ${model}: ${calls} calls (${cachedCalls} from the response cache), ${ungraded} probes not graded (counted 0), cost ${cost === null ? 'unknown' : `$${cost.toFixed(2)}`}`,
    );
  }
  lines.push('The held-out figures are the ones that count: no rule or threshold was chosen on them.');
  for (const failure of failures) lines.push(`✗ ${failure}`);
  return lines.join('\n');
}
