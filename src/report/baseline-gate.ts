/** Renders the noise-aware baseline comparison and the fact-level diff: terminal text and step-summary Markdown. */
import type { BaselineDifference, BaselineGate } from '../suite/baseline-gate.ts';
import type { FactChange } from '../suite/fact-diff.ts';
import { markdownTable } from './table.ts';

/** Fact lines per strategy in the terminal; the step summary lists more. */
const TERMINAL_FACTS = 8;
const MARKDOWN_FACTS = 50;
/** Sessions named in a fact line before the rest are counted. */
const NAMED_SESSIONS = 4;

const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)}`;

function differenceText(difference: BaselineDifference): string {
  const over = difference.over === 'probes' ? 'the probes of 1 session' : `${difference.sessions} sessions`;
  const detectable = difference.detectable === null ? '' : `; detects ${difference.detectable.toFixed(2)}`;
  return `${signed(difference.estimate)} [${signed(difference.low)}, ${signed(difference.high)}] over ${over}${detectable}`;
}

/** The rows worth showing: every strategy's fact recall, and any other figure that failed or dipped. */
function shown(gate: BaselineGate): BaselineDifference[] {
  return gate.differences.filter(
    (difference) =>
      difference.metric === 'probeRecall' || difference.failed || difference.estimate < -gate.tolerance,
  );
}

function sessionsText(names: readonly string[]): string {
  const named = names.slice(0, NAMED_SESSIONS).join(', ');
  return names.length > NAMED_SESSIONS ? `${named}, … ${names.length - NAMED_SESSIONS} more` : named;
}

/** `lost \`timezone-decision\` in 3 of 12 sessions (a, b, c)`, and the same for gained. */
export function factLine(change: FactChange): string {
  const parts: string[] = [];
  if (change.lost.length > 0)
    parts.push(
      `lost \`${change.probe}\` in ${change.lost.length} of ${change.sessions} ${change.sessions === 1 ? 'session' : 'sessions'} (${sessionsText(change.lost)})`,
    );
  if (change.gained.length > 0)
    parts.push(
      `${parts.length > 0 ? 'gained it' : `gained \`${change.probe}\``} in ${change.gained.length} of ${change.sessions} (${sessionsText(change.gained)})`,
    );
  return parts.join('; ');
}

function factsByStrategy(gate: BaselineGate): Map<string, FactChange[]> {
  const byStrategy = new Map<string, FactChange[]>();
  for (const change of gate.facts)
    byStrategy.set(change.strategy, [...(byStrategy.get(change.strategy) ?? []), change]);
  return byStrategy;
}

const HEADER = (tolerance: number) =>
  `paired by session and probe; a figure fails only when its whole 95% interval lies below −${tolerance}`;

/** The comparison with the baseline and the facts lost and gained, for the terminal. */
export function renderBaselineGateText(gate: BaselineGate): string {
  if (gate.differences.length === 0) return '';
  const lines = [`Against the baseline (${HEADER(gate.tolerance)}):`];
  for (const difference of shown(gate))
    lines.push(
      `  ${difference.failed ? '✗' : ' '} ${difference.strategy} ${difference.metric} ${difference.before.toFixed(2)} → ${difference.after.toFixed(2)}  ${differenceText(difference)}`,
    );
  const facts = factsByStrategy(gate);
  if (facts.size === 0) lines.push('Facts: no probe lost or gained against the baseline.');
  else lines.push('Facts lost and gained against the baseline:');
  for (const [strategy, changes] of facts) {
    for (const change of changes.slice(0, TERMINAL_FACTS)) lines.push(`  ${strategy}: ${factLine(change)}`);
    if (changes.length > TERMINAL_FACTS)
      lines.push(`  ${strategy}: … ${changes.length - TERMINAL_FACTS} more probes changed`);
  }
  return lines.join('\n');
}

/** The same as a Markdown section (GitHub step summary). */
export function renderBaselineGateMarkdown(gate: BaselineGate): string {
  if (gate.differences.length === 0) return '';
  const table = markdownTable({
    head: ['Strategy', 'Figure', 'Baseline', 'Now', 'Difference [95% CI]', 'Verdict'],
    rows: shown(gate).map((difference) => [
      difference.strategy,
      difference.metric,
      difference.before.toFixed(2),
      difference.after.toFixed(2),
      differenceText(difference),
      difference.failed ? '❌ regressed' : difference.estimate < -gate.tolerance ? 'dip within noise' : 'ok',
    ]),
    alignRight: [false, false, true, true, true, false],
  });
  const parts = [
    '### Against the baseline',
    '',
    `${HEADER(gate.tolerance)[0]!.toUpperCase()}${HEADER(gate.tolerance).slice(1)}.`,
    '',
    table,
    '',
  ];
  const facts = factsByStrategy(gate);
  parts.push('#### Facts lost and gained', '');
  if (facts.size === 0) parts.push('No probe lost or gained against the baseline.', '');
  for (const [strategy, changes] of facts) {
    parts.push(`- **${strategy}**`);
    for (const change of changes.slice(0, MARKDOWN_FACTS)) parts.push(`  - ${factLine(change)}`);
    if (changes.length > MARKDOWN_FACTS)
      parts.push(`  - … ${changes.length - MARKDOWN_FACTS} more probes changed`);
  }
  return `${parts.join('\n')}\n`;
}
