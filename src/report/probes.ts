/** Renders what `probes <transcript>` wrote, for the terminal. */
import { countByKind } from '../quality/probes.ts';
import type { WriteProbesResult } from '../quality/write-probes.ts';

/** Where the file went, the probes by kind and source, what was dropped and why, and the lint verdict. */
export function renderWrittenProbes(result: WriteProbesResult): string {
  const kinds = Object.entries(countByKind(result.probes))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const { derived, model } = result.bySource;
  const lines = [
    `wrote ${result.file}: ${result.probes.length} probes (${derived} derived${model > 0 || result.calls > 0 ? `, ${model} model-written` : ''})${kinds ? `; ${kinds}` : ''}`,
  ];
  if (result.calls > 0) lines.push(`  ${result.calls} model calls (${result.cachedCalls} cached)`);
  if (result.overMax > 0)
    lines.push(`  ${result.overMax} more left out by --max (kinds balanced, positions spread)`);
  if (result.dropped.length > 0) {
    lines.push(`  dropped ${result.dropped.length}:`);
    for (const item of result.dropped) lines.push(`    ${item.source} ${item.id}: ${item.reason}`);
  }
  lines.push(
    `  probes lint: ${result.lint.errors} errors, ${result.lint.warnings} warnings${result.lint.findings.map((finding) => `\n    ${finding.level === 'error' ? '✗' : '!'} ${finding.probe} [${finding.rule}] ${finding.message}`).join('')}`,
  );
  lines.push('  review it, edit or delete probes, and commit it: compare then scores against it');
  return lines.join('\n');
}
