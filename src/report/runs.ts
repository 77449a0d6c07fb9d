/**
 * `runs`: an output folder's runs newest first with their verdicts, and the diff of two runs, for the terminal and
 * as pages (`runs.html`, `runs-diff.html`) in the folder. Pure: lists and diffs in, strings out.
 */
import { formatInteger, formatRatio } from '../text/numbers.ts';
import type { FactChange } from '../suite/fact-diff.ts';
import type { Verdict } from './verdict.ts';
import { factLine } from './baseline-gate.ts';
import type { TerminalOptions } from './comparison.ts';
import { htmlDocument } from './html/document.ts';
import { painted } from './paint.ts';
import { escapeHtml } from './html/escape.ts';
import { chartStyle } from './html/plots.ts';
import { strategyTable } from './html/tables.ts';
import { fitColumns, type Rows, terminalTable } from './table.ts';
import { formatEstimate } from './verdict.ts';
import { wrapProse } from './wrap.ts';

/** What kind of run it was, as its reports are named. */
export type RunKind = 'session' | 'sweep' | 'suite' | 'chain' | 'continuation' | 'at-compaction';

/** A `check` run's gate, as its records end: passed or not, with each failure's line. */
export type RunGate = {
  passed: boolean;
  /** The exit code `check` ended with. */
  exitCode: number;
  /** Figures compared with a floor or a baseline. */
  checks: number;
  failures: string[];
  /** The gate's report (`F-gate.md`), relative to the output folder. */
  report: string;
};

/** One run of an output folder, with its verdict (null with `problem` when its records do not make a whole run). */
export type RunEntry = {
  run: string;
  file: string;
  /** When it ran (from its id), as ISO 8601. */
  date: string;
  origin: 'compare' | 'score';
  kind: RunKind;
  provider: string;
  sessions: string[];
  strategies: string[];
  targets: Array<number | null>;
  verdict: Verdict | null;
  /** The gate's outcome of a `check` run; null for a compare (or a check recorded before gates were). */
  gate: RunGate | null;
  problem: string | null;
  /** The report pages in the folder that are this run's (the newest run of a kind owns its pages), relative to it. */
  pages: string[];
};

/** An output folder's runs, newest first. */
export type RunList = { folder: string; runs: RunEntry[] };

/** One strategy's change between two runs, over the sessions (and targets) both ran it on. */
export type StrategyChange = {
  strategy: string;
  sessions: number;
  /** Mean probe recall and tokens after over those sessions, in the earlier and the later run. */
  recall: { before: number | null; after: number | null };
  /** Mean recall of the history probes (facts that no longer matter at the cut), where the sessions have them. */
  historyRecall: { before: number | null; after: number | null };
  tokensAfter: { before: number; after: number };
  lost: number;
  gained: number;
};

/** What changed from one run to another. */
export type RunDiff = {
  before: RunEntry;
  after: RunEntry;
  strategies: StrategyChange[];
  facts: FactChange[];
  /** Sessions (at a target) only one of the runs has: not compared. */
  unpaired: string[];
};

/** The page listing the runs, and the diff's page, in the output folder. */
export const RUNS_PAGE = 'runs.html';
export const DIFF_PAGE = 'runs-diff.html';

/** `2026-11-28 19:23` from `2026-11-28T19:23:45Z`. */
const when = (date: string) => date.replace('T', ' ').replace(/:\d\dZ$/, '');

/** A run's verdict in a few words: the recommendation with its figure, or why there is none. */
export function verdictCell(entry: RunEntry): string {
  if (entry.problem) return `incomplete: ${entry.problem}`;
  const verdict = entry.verdict;
  if (!verdict) return '–';
  if (!verdict.recommended) return `no recommendation: ${verdict.none}`;
  const { name, value } = verdict.recommended;
  return `${name} ${formatEstimate(value)}`;
}

/** A check's gate: `PASS`, `FAIL`, with the number of failures when `counted` (`FAIL (2 failures)`); `–` for a compare. */
export function gateCell(entry: RunEntry, counted = false): string {
  const gate = entry.gate;
  if (!gate) return '–';
  if (gate.passed) return 'PASS';
  const count = gate.failures.length;
  return counted ? `FAIL (${count} ${count === 1 ? 'failure' : 'failures'})` : 'FAIL';
}

/** What ran, as its reports are named (a check's gate has a column of its own). */
const kindCell = (entry: RunEntry) => `${entry.kind}${entry.origin === 'score' ? ' (re-scored)' : ''}`;

/** Whether the list needs its Gate column: some run of it is a check. */
const anyGate = (list: RunList) => list.runs.some((entry) => entry.gate !== null);

function sessionsCell(entry: RunEntry): string {
  const targets = entry.targets.filter((target) => target !== null);
  const at = targets.length > 0 ? ` @${targets.join(',')}` : '';
  return `${entry.sessions.length === 1 ? entry.sessions[0] : `${entry.sessions.length} sessions`}${at}`;
}

/** The list's rows; the Gate column (after Kind) only when a check is among the runs. */
function listRows(list: RunList): Rows {
  const gated = anyGate(list);
  return {
    head: [
      'When (UTC)',
      'Kind',
      ...(gated ? ['Gate'] : []),
      'Sessions',
      'Recommended [95% CI]',
      'Strategies',
      'Provider',
      'Run',
    ],
    rows: list.runs.map((entry) => [
      when(entry.date),
      kindCell(entry),
      ...(gated ? [gateCell(entry)] : []),
      sessionsCell(entry),
      verdictCell(entry),
      String(entry.strategies.length),
      entry.provider,
      entry.run,
    ]),
  };
}

/** The runs for the terminal: when, kind, sessions and verdict first. */
export function renderRunsTerminal(list: RunList, terminal: TerminalOptions = {}): string {
  if (list.runs.length === 0) return `No runs in ${list.folder}/records/.`;
  const rows = listRows(list);
  // Each column's rank: when, kind, a check's gate and the verdict first; then the sessions, the provider, the
  // run's id, the number of strategies.
  const rank = anyGate(list) ? [0, 1, 2, 4, 3, 7, 5, 6] : [0, 1, 3, 2, 6, 4, 5];
  const fitted = fitColumns(rows, rank, terminal.width);
  const prose = (line: string) => wrapProse(line, terminal.width);
  // A check that failed is red, one that passed green (when colour is on).
  const paint = new Map(
    list.runs.flatMap((entry, index): Array<[number, 'green' | 'red']> =>
      entry.gate ? [[index, entry.gate.passed ? 'green' : 'red']] : [],
    ),
  );
  return [
    prose(`${list.runs.length} ${list.runs.length === 1 ? 'run' : 'runs'} in ${list.folder}, newest first:`),
    terminalTable(fitted.rows, { color: terminal.color ?? false, paint }),
    ...(fitted.omitted.length > 0 ? [prose(`  (${fitted.omitted.join(', ')} in ${RUNS_PAGE})`)] : []),
    prose(
      `  What changed between two: compaction-bench runs ${list.folder} --diff (the two newest), or --diff RUN [RUN].`,
    ),
  ].join('\n');
}

/** A check's gate on the page: PASS or FAIL coloured as the report's gate, each failure in the cell's tooltip. */
function gateHtml(entry: RunEntry): string {
  if (!entry.gate) return '–';
  const title = entry.gate.passed
    ? `${entry.gate.checks} figures checked, none failed`
    : entry.gate.failures.join('\n');
  return `<span class="gate ${entry.gate.passed ? 'pass' : 'fail'}" title="${escapeHtml(title)}"><span class="gate-word">${escapeHtml(gateCell(entry, true))}</span></span>`;
}

/** `runs.html`: every run of the folder with its verdict and its pages, newest first. */
export function renderRunsHtml(list: RunList): string {
  const gated = anyGate(list);
  const rows = list.runs.map((entry) => {
    const pages = entry.pages.map(
      (page) => `<a href="${escapeHtml(encodeURI(page))}">${escapeHtml(page)}</a>`,
    );
    const verdict = entry.verdict
      ? `<span title="${escapeHtml(entry.verdict.question)}">${escapeHtml(verdictCell(entry))}</span>`
      : escapeHtml(verdictCell(entry));
    const gate = gated ? `<td>${gateHtml(entry)}</td>` : '';
    // What a reader looks for first (when, the gate, the verdict and the pages to open) before what ran it.
    return `<tr><td class="number">${escapeHtml(when(entry.date))}</td><td>${escapeHtml(kindCell(entry))}</td>${gate}<td>${verdict}</td><td>${pages.join('<br>') || '<span class="hint">overwritten by a newer run</span>'}</td><td>${escapeHtml(sessionsCell(entry))}</td><td class="number">${entry.strategies.length}</td><td><code>${escapeHtml(entry.provider)}</code></td><td><code>${escapeHtml(entry.run)}</code></td></tr>`;
  });
  return htmlDocument({
    title: `Runs in ${list.folder}`,
    header: [
      `<p class="meta">${list.runs.length} ${list.runs.length === 1 ? 'run' : 'runs'}, newest first. A report page belongs to the newest run that wrote it; rebuild an older run's with <code>compaction-bench report records/RUN.jsonl -o DIR</code>. What changed between two runs: <code>compaction-bench runs FOLDER --diff RUN RUN</code> writes <a href="${DIFF_PAGE}">${DIFF_PAGE}</a>.</p>`,
    ],
    main: [
      '<div class="table-wrap comparison-wrap"><table class="comparison runs">',
      `<thead><tr><th>When (UTC)</th><th>Kind</th>${gated ? '<th>Gate</th>' : ''}<th>Recommended [95% CI]</th><th>Report</th><th>Sessions</th><th class="number">Strategies</th><th>Provider</th><th>Run</th></tr></thead>`,
      `<tbody>${rows.join('\n')}</tbody></table></div>`,
    ],
    footer: `Written by <code>compaction-bench runs</code> from <code>records/</code>.`,
  });
}

const change = (
  before: number | null,
  after: number | null,
  format: (value: number) => string,
  delta = true,
) =>
  before === null || after === null
    ? '–'
    : `${format(before)} → ${format(after)}${!delta || after === before ? '' : ` (${after > before ? '+' : '−'}${format(Math.abs(after - before))})`}`;

/** The diff per strategy; `deltas` adds the change in tokens after in brackets (left out in the terminal). */
function diffRows(diff: RunDiff, deltas = true): Rows {
  // Facts lost or gained among the history probes move history recall, not probe recall: both are shown.
  const history = diff.strategies.some(
    (strategy) => strategy.historyRecall.before !== null || strategy.historyRecall.after !== null,
  );
  return {
    head: [
      'Strategy',
      'Facts lost',
      'Facts gained',
      'Probe recall',
      'Tokens after',
      ...(history ? ['History recall'] : []),
      'Sessions',
    ],
    rows: diff.strategies.map((strategy) => [
      strategy.strategy,
      String(strategy.lost),
      String(strategy.gained),
      change(strategy.recall.before, strategy.recall.after, formatRatio),
      change(
        strategy.tokensAfter.before,
        strategy.tokensAfter.after,
        (value) => formatInteger(Math.round(value)),
        deltas,
      ),
      ...(history ? [change(strategy.historyRecall.before, strategy.historyRecall.after, formatRatio)] : []),
      String(strategy.sessions),
    ]),
    alignRight: [false, true, true, true, true, ...(history ? [true] : []), true],
  };
}

function diffHeadline(diff: RunDiff): string {
  const paired = diff.strategies[0]?.sessions ?? 0;
  const lost = diff.strategies.reduce((sum, strategy) => sum + strategy.lost, 0);
  const gained = diff.strategies.reduce((sum, strategy) => sum + strategy.gained, 0);
  const side = (entry: RunEntry) =>
    `${entry.run} (${when(entry.date)}${entry.gate ? `, check ${entry.gate.passed ? 'PASS' : 'FAIL'}` : ''})`;
  return `From ${side(diff.before)} to ${side(diff.after)}: ${lost} facts lost and ${gained} gained over ${paired} ${paired === 1 ? 'session' : 'sessions'} both ran${diff.unpaired.length > 0 ? `; not compared, in one run only: ${diff.unpaired.join(', ')}` : ''}.`;
}

function verdictChange(diff: RunDiff): string {
  const name = (entry: RunEntry) => entry.verdict?.recommended?.name ?? 'none';
  const [before, after] = [name(diff.before), name(diff.after)];
  const recommended =
    before === after ? `Recommended in both: ${after}.` : `Recommended: ${before} before, ${after} now.`;
  if (!diff.before.gate && !diff.after.gate) return recommended;
  // A check's gate beside its recommendation: whether the change passed or broke it.
  const gate = (entry: RunEntry) => (entry.gate ? gateCell(entry, true) : 'no gate (compare)');
  const gates =
    gate(diff.before) === gate(diff.after)
      ? `Gate: ${gate(diff.after)} in both.`
      : `Gate: ${gate(diff.before)} before, ${gate(diff.after)} now.`;
  return `${gates} ${recommended}`;
}

/** PASS green and FAIL red, where colour is on. */
const paintGateWords = (text: string, color: boolean) =>
  color ? text.replace(/\b(PASS|FAIL)\b/g, (word) => painted(word, word === 'PASS' ? 'green' : 'red')) : text;

/** The diff for the terminal: the headline, the verdicts, a row per strategy, then every fact that changed. */
export function renderDiffTerminal(diff: RunDiff, terminal: TerminalOptions = {}): string {
  const prose = (line: string) => wrapProse(line, terminal.width, 2);
  const rows = diffRows(diff, false);
  const fitted = fitColumns(
    rows,
    rows.head.map((_, column) => column),
    terminal.width,
  );
  const facts = diff.facts.map((fact) =>
    prose(`  ${fact.lost.length > 0 ? '−' : '+'} ${fact.strategy}: ${factLine(fact).replaceAll('`', '')}`),
  );
  return [
    prose(diffHeadline(diff)),
    paintGateWords(prose(verdictChange(diff)), terminal.color ?? false),
    terminalTable(fitted.rows, { color: terminal.color ?? false }),
    ...(fitted.omitted.length > 0 ? [prose(`  (${fitted.omitted.join(', ')} in ${DIFF_PAGE})`)] : []),
    ...(facts.length > 0 ? ['Facts lost and gained:', ...facts] : ['No fact changed.']),
  ].join('\n');
}

/** `runs-diff.html`: the same as a page. */
export function renderDiffHtml(diff: RunDiff): string {
  const facts = diff.facts.map(
    (fact) =>
      `<li class="${fact.lost.length > 0 ? 'lost' : 'gained'}"><code>${escapeHtml(fact.strategy)}</code>: ${escapeHtml(factLine(fact)).replace(/`([^`]+)`/g, '<code>$1</code>')}${fact.answer ? ` <span class="hint">— ${escapeHtml(fact.answer)}</span>` : ''}</li>`,
  );
  return htmlDocument({
    title: `What changed between two runs`,
    header: [
      `<p class="meta">${escapeHtml(diffHeadline(diff))}</p>`,
      `<p class="meta"><a href="${RUNS_PAGE}">Every run of this folder</a></p>`,
    ],
    main: [
      `<section class="verdict" id="verdict" aria-label="Verdict"><p class="answer">${escapeHtml(verdictChange(diff))}</p></section>`,
      '<h2 id="strategies">Each strategy</h2>',
      // Each strategy marked as on the report pages, the later run's recommendation as its row.
      strategyTable(
        diffRows(diff),
        diff.strategies.map((strategy) => strategy.strategy),
        chartStyle(
          diff.strategies.map((strategy) => strategy.strategy),
          diff.after.verdict?.recommended?.name ?? null,
        ),
      ),
      '<h2 id="facts">Facts lost and gained</h2>',
      facts.length > 0 ? `<ul class="facts">${facts.join('')}</ul>` : '<p>No fact changed.</p>',
    ],
    footer: 'Written by <code>compaction-bench runs --diff</code> from <code>records/</code>.',
  });
}
