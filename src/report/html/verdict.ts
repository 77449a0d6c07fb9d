/** The verdict block every HTML page opens with: the recommendation, its ties, cheapest and fastest, the scope. */
import type { Verdict } from '../verdict.ts';
import { verdictLines } from '../verdict-text.ts';
import { escapeHtml } from './escape.ts';

/** Where a strategy's details are on the page (a stable anchor by name), or null when it has none here. */
export type StrategyAnchor = (strategy: string) => string | null;

/** An anchor by strategy name, stable across runs (not by position): `strategy-pi`, `t1-strategy-pi`. */
export function strategyAnchor(name: string, prefix = ''): string {
  return `${prefix}strategy-${name.replace(/[^A-Za-z0-9_+-]/g, '-')}`;
}

/** Escaped text whose Markdown `code` spans become code, linked to the strategy's details when it has them. */
function linked(text: string, anchor: StrategyAnchor): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, (_, name: string) => {
    const target = anchor(name);
    return target ? `<a href="#${target}"><code>${name}</code></a>` : `<code>${name}</code>`;
  });
}

/** The block: the question, the recommendation in large type, then the other lines; `id` names it on the page. */
export function verdictHtml(
  verdict: Verdict,
  anchor: StrategyAnchor,
  id = 'verdict',
  label = 'Verdict',
): string {
  const [first, ...rest] = verdictLines(verdict, { timings: true });
  return [
    `<section class="verdict" id="${id}" aria-label="${escapeHtml(label)}">`,
    `<p class="question">${escapeHtml(verdict.question)}</p>`,
    `<p class="answer">${linked(first!, anchor)}</p>`,
    `<ul>${rest.map((line) => `<li>${linked(line, anchor)}</li>`).join('')}</ul>`,
    '</section>',
  ].join('\n');
}
