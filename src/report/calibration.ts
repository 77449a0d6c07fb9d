/** Renders a `calibrate` result: per summary tool vs reader, then the agreement figures per split. */
import type { Calibration, SplitFigures } from '../calibration/calibrate.ts';
import type { ShareByKind, ShareFigure } from '../calibration/coverage.ts';
import { formatRatio } from '../text/numbers.ts';

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;

/** A share with its parts: `0.62 (31/50)`. */
function shareText(figure: ShareFigure): string {
  return `${formatRatio(figure.share)} (${figure.part}/${figure.whole})`;
}

/** Coverage and precision per kind, each kind once: `task 0.80 (8/10) / 0.90 (9/10)`. */
function byKindText(coverage: ShareByKind, precision: ShareByKind): string {
  const kinds = [...new Set([...Object.keys(coverage.byKind), ...Object.keys(precision.byKind)])].sort();
  const or = (figure: ShareFigure | undefined) => (figure ? shareText(figure) : '–');
  return kinds
    .map((kind) => `${kind} ${or(coverage.byKind[kind])} / ${or(precision.byKind[kind])}`)
    .join(', ');
}

/** The figures of one split as lines; the judged headline's only when a judge graded it (`judge`, its model). */
function splitLines(split: string, figures: SplitFigures, judge: string | undefined): string[] {
  const kinds = Object.entries(figures.kappaByKind)
    .map(([kind, { kappa, facts }]) => `${kind} ${formatRatio(kappa)} (${facts})`)
    .join(', ');
  return [
    `${split}: ${figures.cuts} cuts, ${figures.summaries} summaries`,
    `  the benchmark's headline, derived probes on summary + tail, kind-balanced (${figures.derived.summaries} summaries): mean |tool − human| ${formatRatio(figures.derived.meanAbsoluteError)}, rank correlation ${formatRatio(figures.derived.rankCorrelation)}`,
    ...(judge === undefined
      ? []
      : [
          `  the headline graded by the judge (${judge}), on summary + tail (${figures.judged.summaries} summaries): mean |judge − human| ${formatRatio(figures.judged.meanAbsoluteError)}, rank correlation ${formatRatio(figures.judged.rankCorrelation)}`,
        ]),
    `  derived probes against the reader's live facts (${figures.derivedCuts} cuts): coverage ${shareText(figures.coverage.all)}, precision ${shareText(figures.precision.all)}`,
    `    per kind, coverage / precision: ${byKindText(figures.coverage, figures.precision)}`,
    `  the matcher on the reader's facts, summary alone: mean |tool − human| ${formatRatio(figures.meanAbsoluteError)}, rank correlation ${formatRatio(figures.rankCorrelation)}`,
    `    with the kept tail (${figures.withTail.summaries} summaries): mean |tool − human| ${formatRatio(figures.withTail.meanAbsoluteError)}, rank correlation ${formatRatio(figures.withTail.rankCorrelation)}`,
    `    kappa per kind (kept / partial / not kept; facts): ${kinds}`,
    `    contradicted: reader ${figures.contradictions.human}, tool ${figures.contradictions.tool}, both ${figures.contradictions.both}`,
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
  lines.push(...splitLines('tuning', calibration.splits.tuning, calibration.judge?.model));
  const heldOut = calibration.splits['held-out'];
  if (heldOut) lines.push(...splitLines('held-out', heldOut, calibration.judge?.model));
  else
    lines.push(
      `held-out: ${calibration.heldOutNotShown} held-out ${calibration.heldOutNotShown === 1 ? 'cut' : 'cuts'} not printed; \`--held-out\` prints them`,
    );
  if (calibration.judge) {
    const { model, calls, cachedCalls, ungraded, cost } = calibration.judge;
    lines.push(
      `judge ${model}: ${calls} calls (${cachedCalls} from the response cache), ${ungraded} probes not graded (counted 0), cost ${cost === null ? 'unknown' : `$${cost.toFixed(2)}`}`,
    );
  }
  if (heldOut)
    lines.push(
      'The held-out figures are the ones that count: no rule or threshold was chosen on them. Print them once, when the work is done.',
    );
  for (const failure of failures) lines.push(`✗ ${failure}`);
  return lines.join('\n');
}
