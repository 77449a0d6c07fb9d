/** Renders a quality-gate verdict: terminal text, and Markdown for `GITHUB_STEP_SUMMARY`. */
import type { GateFailure, Verdict } from '../quality/gate.ts';
import { markdownTable } from './table.ts';

const KIND_LABELS: Record<GateFailure['kind'], string> = {
  floor: 'below floor',
  regression: 'regression',
  missing: 'missing',
  error: 'strategy failed',
  probes: 'probe set fails lint',
};

function headline(verdict: Verdict): string {
  const strategies = `${verdict.strategies} ${verdict.strategies === 1 ? 'strategy' : 'strategies'}`;
  const checks = `${verdict.checks} ${verdict.checks === 1 ? 'check' : 'checks'}`;
  if (verdict.passed) return `quality gate passed: ${checks} on ${strategies}`;
  const count = verdict.failures.length;
  return `quality gate failed: ${count} ${count === 1 ? 'failure' : 'failures'} (${checks} on ${strategies})`;
}

/** The verdict for the terminal: `PASS`/`FAIL` headline, one line per failure, then the notes. */
export function renderVerdictText(verdict: Verdict): string {
  const lines = [`${verdict.passed ? 'PASS' : 'FAIL'}  ${headline(verdict)}`];
  for (const failure of verdict.failures) lines.push(`  ✗ ${failure.message}`);
  for (const note of verdict.notes) lines.push(`  note: ${note}`);
  return lines.join('\n');
}

/** The verdict as a Markdown section: headline, a table of failures, the notes as a list. */
export function renderVerdictMarkdown(verdict: Verdict): string {
  const icon = verdict.passed ? '✅' : '❌';
  const parts = [`### ${icon} ${verdict.passed ? 'PASS' : 'FAIL'}: ${headline(verdict)}`];
  if (verdict.failures.length > 0) {
    parts.push(
      markdownTable({
        head: ['Strategy', 'Metric', 'Problem', 'Detail'],
        rows: verdict.failures.map((failure) => [
          failure.strategy,
          failure.metric ?? '—',
          KIND_LABELS[failure.kind],
          failure.message,
        ]),
      }),
    );
  }
  if (verdict.notes.length > 0) parts.push(verdict.notes.map((note) => `- ${note}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
