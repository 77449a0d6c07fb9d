/** Renders the comparison with the baseline: the rule, the facts lost and gained, the figures that changed. */
import {
  type BaselineDifference,
  type BaselineGate,
  type GateRule,
  interval,
  type StrategyGate,
  signed,
} from '../suite/baseline-gate.ts';
import type { FactChange } from '../suite/fact-diff.ts';
import { folded, markdownTable } from './table.ts';

/** Lines the facts take in the Markdown (a PR comment), shared among the strategies; the terminal lists every one. */
const MARKDOWN_FACT_LINES = 24;
/** Changed figures in the Markdown table, failures first; the terminal lists every one. */
const MARKDOWN_FIGURES = 10;
/** Sessions named in a fact line before the rest are counted. */
const NAMED_SESSIONS = 4;

/** What each rule fails on, for the verdict line. */
export function ruleText(gate: Pick<BaselineGate, 'strategies' | 'allowLost' | 'tolerance'>): string {
  const rules = new Set<GateRule>(gate.strategies.map((entry) => entry.rule));
  const parts: string[] = [];
  if (rules.has('deterministic'))
    parts.push(
      `deterministic answers: a lost fact is lost; fails beyond --allow-lost ${gate.allowLost} or a fall beyond --tolerance ${gate.tolerance}`,
    );
  if (rules.has('sampled')) {
    const runs = Math.max(...gate.strategies.map((entry) => entry.runs));
    parts.push(
      `sampled answers (${runs} runs): fails on a fall beyond the spread over runs and --tolerance ${gate.tolerance}`,
    );
  }
  if (rules.has('unpaired'))
    parts.push('one run of a sampled model: a lost fact cannot be told from noise, so it is not gated');
  return parts.join('; ');
}

function sessionsText(names: readonly string[]): string {
  const named = names.slice(0, NAMED_SESSIONS).join(', ');
  return names.length > NAMED_SESSIONS ? `${named}, … ${names.length - NAMED_SESSIONS} more` : named;
}

/** `lost \`timezone-decision\` in 3 of 12 sessions (a, b, c)`, and the same for gained. */
export function factLine(change: FactChange): string {
  const parts: string[] = [];
  // A history fact no longer matters at the cut: it is listed, never counted in the facts lost.
  const what = change.live === false ? `history fact \`${change.probe}\`` : `\`${change.probe}\``;
  const of = `of ${change.sessions} ${change.sessions === 1 ? 'session' : 'sessions'}`;
  if (change.lost.length > 0)
    parts.push(`lost ${what} in ${change.lost.length} ${of} (${sessionsText(change.lost)})`);
  if (change.gained.length > 0)
    parts.push(
      `${parts.length > 0 ? 'gained it' : `gained ${what}`} in ${change.gained.length} ${of} (${sessionsText(change.gained)})`,
    );
  return parts.join('; ');
}

/** `4 lost, 0 gained`, and the history facts lost apart (not gated). */
function countsOf(entry: StrategyGate | undefined): string {
  const history = entry?.historyLost
    ? `; ${entry.historyLost} history ${entry.historyLost === 1 ? 'fact' : 'facts'} lost (not gated)`
    : '';
  return `${entry?.lost ?? 0} lost, ${entry?.gained ?? 0} gained${history}`;
}

/** A fact lost or gained with what it says and, lost, the summary's nearest text (a gained one is in it). */
function lostDetail(change: FactChange, quote: (text: string) => string): string {
  const expected = change.answer ? `; expected ${quote(change.answer)}` : '';
  const nearest =
    change.answer && change.lost.length > 0
      ? change.nearest
        ? `; nearest in the summary: ${quote(change.nearest)}`
        : '; nothing near it in the summary'
      : '';
  return `${factLine(change)}${expected}${nearest}`;
}

function factsByStrategy(gate: BaselineGate): Map<string, FactChange[]> {
  const byStrategy = new Map<string, FactChange[]>();
  for (const change of gate.facts)
    byStrategy.set(change.strategy, [...(byStrategy.get(change.strategy) ?? []), change]);
  return byStrategy;
}

const plainQuote = (text: string) => `"${text}"`;
// Inside Markdown a quote must not open emphasis or a table; backticks would need escaping anyway.
const markdownQuote = (text: string) =>
  `“${text.replace(/[\\`*_[\]<>|]/g, (character) => `\\${character}`)}”`;

/** The facts lost and gained, per strategy, lost first, for the terminal; empty when none changed. */
export function renderFactsText(gate: BaselineGate): string {
  const lines: string[] = [];
  for (const [strategy, changes] of factsByStrategy(gate)) {
    const entry = gate.strategies.find((candidate) => candidate.strategy === strategy);
    lines.push(`${strategy}: ${countsOf(entry)}`);
    for (const change of changes)
      lines.push(
        `  ${change.lost.length > 0 ? '−' : '+'} ${lostDetail(change, plainQuote).replaceAll('`', '')}`,
      );
  }
  return lines.join('\n');
}

/**
 * The same as Markdown, within {@link MARKDOWN_FACT_LINES} so that a PR comment stays short however many strategies
 * changed: each gets a share of the lines, and those past the budget are named on one line with their counts.
 */
export function renderFactsMarkdown(gate: BaselineGate): string {
  const groups = [...factsByStrategy(gate)];
  // A strategy's block is its heading, a blank line, its facts, maybe a "more" line and a blank line.
  const share = Math.max(2, Math.floor(MARKDOWN_FACT_LINES / groups.length) - 4);
  const parts: string[] = [];
  const unlisted: string[] = [];
  const line = (change: FactChange) =>
    `- ${change.lost.length > 0 ? '❌' : '➕'} ${lostDetail(change, markdownQuote)}`;
  for (const [strategy, changes] of groups) {
    const entry = gate.strategies.find((candidate) => candidate.strategy === strategy);
    const counts = countsOf(entry);
    const shown = Math.min(changes.length, share);
    const lines = shown + (changes.length > shown ? 4 : 3);
    if (unlisted.length > 0 || (parts.length > 0 && parts.length + lines > MARKDOWN_FACT_LINES - 2)) {
      unlisted.push(`**${strategy}**: ${counts}`, '', ...changes.map(line), '');
      continue;
    }
    parts.push(`**${strategy}**: ${counts}`, '');
    // Past its share, a strategy's other facts are folded: a click away, never cut.
    parts.push(...folded(changes.map(line), shown, 'more facts changed'), '');
  }
  if (unlisted.length > 0) {
    const strategies = unlisted.filter((text) => text.startsWith('**')).length;
    parts.push(
      `<details><summary>${strategies} more ${strategies === 1 ? 'strategy' : 'strategies'} changed: ${unlisted
        .filter((text) => text.startsWith('**'))
        .map((text) => text.replaceAll('**', ''))
        .join('; ')}</summary>`,
      '',
      ...unlisted,
      '</details>',
      '',
    );
  }
  return parts.join('\n');
}

/** The figures that moved (or failed): unchanged ones say nothing in a review. */
function changed(gate: BaselineGate): BaselineDifference[] {
  return gate.differences.filter((difference) => difference.failed || Math.abs(difference.estimate) > 1e-9);
}

function verdictOf(difference: BaselineDifference, tolerance: number): string {
  if (difference.failed) return 'fails';
  if (difference.estimate < -tolerance) return difference.spread ? 'within the spread' : 'within tolerance';
  return difference.estimate > 0 ? 'better' : 'within tolerance';
}

function spreadText(difference: BaselineDifference): string {
  if (!difference.spread) return '–';
  const tell = difference.spread.runsToTell ? `; ~${difference.spread.runsToTell} runs would tell` : '';
  return `${interval(difference.spread)} over ${difference.spread.runs} runs${tell}`;
}

function otherFactsText(difference: BaselineDifference): string {
  const other = difference.otherFacts;
  if (!other) return '–';
  return `${interval(other)} over ${other.units} ${other.over}`;
}

const HEAD = [
  'Strategy',
  'Figure',
  'Baseline',
  'Now',
  'Change',
  'Spread over runs (95%)',
  'On other facts (95%)',
  'Verdict',
];

function rowsOf(gate: BaselineGate): string[][] {
  return changed(gate).map((difference) => [
    difference.strategy,
    difference.metric,
    difference.before.toFixed(2),
    difference.after.toFixed(2),
    signed(difference.estimate),
    spreadText(difference),
    otherFactsText(difference),
    verdictOf(difference, gate.tolerance),
  ]);
}

/** The figures that changed against the baseline, as terminal lines; empty when none did. */
export function renderChangedFiguresText(gate: BaselineGate): string {
  const rows = rowsOf(gate);
  if (rows.length === 0) return '';
  return [
    'Changed figures against the baseline ("on other facts": the probe-sampling interval, information only):',
    ...rows.map(
      ([strategy, metric, before, after, change, spread, other, verdict]) =>
        `  ${verdict === 'fails' ? '✗' : ' '} ${strategy} ${metric} ${before} → ${after} (${change}); ${spread === '–' ? '' : `spread ${spread}; `}on other facts ${other}; ${verdict}`,
    ),
  ].join('\n');
}

/** The same as a Markdown table; empty when nothing changed. */
export function renderChangedFiguresMarkdown(gate: BaselineGate): string {
  const all = rowsOf(gate);
  if (all.length === 0) return '';
  // Failures first, so that a cut table still shows every row that failed the gate when it can.
  const rows = [...all.filter((row) => row[7] === 'fails'), ...all.filter((row) => row[7] !== 'fails')].slice(
    0,
    MARKDOWN_FIGURES,
  );
  const sampled = gate.differences.some((difference) => difference.spread);
  const keep = HEAD.map((_, column) => column !== 5 || sampled);
  const pick = <T>(row: readonly T[]) => row.filter((_, column) => keep[column]);
  const table = markdownTable({
    head: pick(HEAD),
    rows: rows.map(pick),
    alignRight: pick([false, false, true, true, true, true, true, false]),
  });
  const rest = [...all.filter((row) => row[7] === 'fails'), ...all.filter((row) => row[7] !== 'fails')].slice(
    MARKDOWN_FIGURES,
  );
  if (rest.length === 0) return table;
  const more = markdownTable({
    head: pick(HEAD),
    rows: rest.map(pick),
    alignRight: pick([false, false, true, true, true, true, true, false]),
  });
  return `${table}\n\n<details><summary>${rest.length} more changed figures</summary>\n\n${more}\n\n</details>`;
}
