/** Renders `calibrate --probes <cut>`: a key of the cut's summaries, then each live derived probe with its outcomes. */
import type { CutProbes } from '../calibration/cut-probes.ts';
import type { ProbeOutcome } from '../quality/types.ts';

/** One letter per outcome, so a probe's row reads across every summary: kept, partial, lost, contradicted. */
const LETTER: Record<ProbeOutcome, string> = { matched: 'K', partial: 'p', missed: '.', contradicted: 'X' };

/**
 * The cut's summaries, numbered with their headline, then per probe: its outcomes as one letter per summary in that
 * order, its id, kind, headline weight and the reader's fact it states, then its statement, its facets and a rule's
 * alternative.
 */
export function renderCutProbes(result: CutProbes): string {
  const lines = [
    `${result.cut}: ${result.probes.length} live derived probes`,
    'summaries (column: headline):',
  ];
  result.summaries.forEach((summary, at) =>
    lines.push(
      `  ${String(at + 1).padStart(2)} ${summary.id} ${summary.headline === null ? '–' : summary.headline.toFixed(3)}`,
    ),
  );
  if (result.skipped.length > 0)
    lines.push(`  not scored (no transcript text): ${result.skipped.join(', ')}`);
  lines.push('outcome per summary: K kept, p partial, . lost, X contradicted');
  for (const probe of result.probes) {
    const row = result.summaries.map((summary) => LETTER[probe.outcomes[summary.id]!]).join('');
    lines.push(
      `${row}  ${probe.id} [${probe.kind}] weight ${probe.weight.toFixed(3)} fact ${probe.fact ?? '–'}`,
      `    statement: ${probe.statement ?? '–'}`,
      `    facets: ${probe.facets.map((spellings) => spellings.map((spelling) => `"${spelling}"`).join(' | ')).join(' + ')}`,
    );
    if (probe.alternative) {
      const { spellings, verb } = probe.alternative;
      lines.push(
        `    alternative: ${spellings.map((spelling) => `"${spelling}"`).join(' | ')}${verb ? ` (verb "${verb}")` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
