/**
 * The gate's verdict in the HTML report of a `check`: PASS or FAIL with its rule, every failure, the facts lost
 * and gained, the figures that changed, the notes and the command that accepts the change. `check` adds it at the
 * top of the pages it gated, with a link in their navigation.
 */
import { renderChangedFiguresText, renderFactsText } from '../baseline-gate.ts';
import { acceptable, type CheckSummary, otherFailures, verdictLine } from '../check-summary.ts';
import { escapeHtml } from './escape.ts';

/** Where the gate block sits in a page, so a later gate replaces it rather than adding a second. */
export const GATE_MARKS = { start: '<!-- gate:start -->', end: '<!-- gate:end -->' } as const;

const list = (lines: readonly string[], className = '') =>
  lines.length === 0
    ? ''
    : `<ul${className ? ` class="${className}"` : ''}>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;

/** The gate's section. */
export function gateHtml(summary: CheckSummary): string {
  const { verdict, gate, accept } = summary;
  const [word, ...rest] = verdictLine(summary).split('  ');
  const facts = gate ? renderFactsText(gate) : '';
  const figures = gate ? renderChangedFiguresText(gate).split('\n').slice(1) : [];
  return [
    GATE_MARKS.start,
    `<section class="verdict gate ${verdict.passed ? 'pass' : 'fail'}" id="gate" aria-label="Gate">`,
    '<p class="question">Did this run pass the check’s gate (floors, the baseline, the probes)?</p>',
    `<p class="answer"><span class="gate-word">${escapeHtml(word!)}</span> ${escapeHtml(rest.join('  '))}</p>`,
    list(
      otherFailures(verdict).map((message) => `✗ ${message}`),
      'failures',
    ),
    facts
      ? `<h4>Facts lost and gained against the baseline</h4><pre class="gate-facts">${escapeHtml(facts)}</pre>`
      : '',
    figures.length > 0
      ? `<h4>Changed figures against the baseline</h4><pre class="gate-facts">${escapeHtml(figures.join('\n'))}</pre>`
      : '',
    verdict.notes.length > 0
      ? `<details><summary>${verdict.notes.length} ${verdict.notes.length === 1 ? 'note' : 'notes'}</summary>${list(verdict.notes)}</details>`
      : '',
    accept && acceptable(summary)
      ? `<p>To accept these results as the new baseline:</p><pre class="gate-facts">${escapeHtml(accept)}</pre>`
      : '',
    '</section>',
    GATE_MARKS.end,
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/** A page with the gate's section at the top of its main part (replacing an earlier one) and a link to it. */
export function withGate(page: string, gate: string): string {
  const start = page.indexOf(GATE_MARKS.start);
  const cleared =
    start < 0
      ? page
      : page.slice(0, start) + page.slice(page.indexOf(GATE_MARKS.end) + GATE_MARKS.end.length + 1);
  const linked = cleared.includes('<li><a href="#gate">')
    ? cleared
    : cleared.replace('<nav><ul>', '<nav><ul><li><a href="#gate">Gate</a></li>');
  return linked.replace('<main>\n', `<main>\n${gate}\n`);
}
