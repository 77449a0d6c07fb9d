/** Renders a `probes lint` result for the terminal. */
import type { LintResult } from '../quality/lint-session.ts';

/** The findings grouped by probe, then the counts by rule and the position histogram. */
export function renderLint(result: LintResult): string {
  const lines = [`${result.transcript}: ${result.probes} probes in ${result.sidecar}`];
  if (result.version === null) {
    lines.push('  no sidecar: nothing to lint (compaction-bench probes <transcript> writes one)');
    return lines.join('\n');
  }
  for (const finding of result.findings) {
    lines.push(
      `  ${finding.level === 'error' ? '✗' : '!'} ${finding.probe} [${finding.rule}] ${finding.message}`,
    );
  }
  const byRule = new Map<string, number>();
  for (const finding of result.findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
  const rules = [...byRule].map(([rule, count]) => `${rule} ${count}`).join(', ');
  lines.push(
    `  ${result.errors} ${result.errors === 1 ? 'error' : 'errors'}, ${result.warnings} ${result.warnings === 1 ? 'warning' : 'warnings'}${rules ? ` (${rules})` : ''}`,
  );
  lines.push(`  planted per tenth of the session: ${result.histogram.join(' ')}`);
  return lines.join('\n');
}
