/** One strategy in the HTML report: its figures, kept ranges, missed probes, calls and summary. */
import { formatInteger, formatMs } from '../../text/numbers.ts';
import { describeRanges } from '../../session/message-ranges.ts';
import { METRICS } from '../../quality/metrics.ts';
import type { ResultsFile, StrategyResult, TraceEntry } from '../../results/types.ts';
import type { StoredCalls } from '../../results/records-file.ts';
import { escapeHtml } from './escape.ts';
import { messageAnchor } from './transcript.ts';

function figures(results: ResultsFile, strategy: StrategyResult): string {
  const rows: Array<[string, string]> = [
    ['Status', strategy.status === 'ok' ? 'ok' : `error: ${strategy.error}`],
    [
      'Critical path',
      `${strategy.criticalPathCalls} sequential ${strategy.criticalPathCalls === 1 ? 'call' : 'calls'}, ${formatMs(strategy.criticalPathMs)} ms (wall ${formatMs(strategy.wallMs)} ms, ${formatMs(strategy.waitMs)} ms waiting)`,
    ],
  ];
  for (const metric of METRICS) {
    const value = metric.read(strategy);
    if (value === undefined || (metric.key === 'judge' && !results.judge)) continue;
    rows.push([metric.label, metric.format(value)]);
  }
  return `<dl class="figures">${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function kept(strategy: StrategyResult): string {
  if (strategy.keptMessages === 0)
    return '<p>No transcript messages kept: the compacted context is the summary.</p>';
  const ranges =
    strategy.keptRanges.length > 0
      ? describeRanges(strategy.keptRanges)
      : `${formatInteger(strategy.keptMessages)} messages (altered copies; no range known)`;
  return `<p>Kept verbatim after the summary: ${escapeHtml(ranges)} <span class="hint">(0-based message indices)</span>.</p>`;
}

/**
 * The probes the strategy did not keep in full (partial, missed, contradicted): the question, and the message that
 * stated it (a link into the page's transcript when it has one). The expected answer is in the probe matrix (a click
 * on the cell): a copy per strategy made this table the page's largest part.
 */
function missed(results: ResultsFile, strategy: StrategyResult, transcript: boolean): string {
  const outcomes = strategy.quality.probeOutcomes;
  const rows = results.probes.filter((probe) => outcomes[probe.id] && outcomes[probe.id] !== 'matched');
  if (rows.length === 0) {
    return strategy.quality.probesTotal === 0
      ? '<p>No fact probes on this session.</p>'
      : '<p>None: every probe was kept.</p>';
  }
  const at = (index: number | null) =>
    index === null ? '–' : transcript ? `<a href="#${messageAnchor(index)}">${index}</a>` : String(index);
  return [
    '<table class="missed">',
    '<thead><tr><th>Probe</th><th>Kind</th><th>Outcome</th><th class="number">At message</th><th>Question</th></tr></thead>',
    '<tbody>',
    ...rows.map(
      (probe) =>
        `<tr><td>${escapeHtml(probe.id)}</td><td>${escapeHtml(probe.kind)}</td><td>${escapeHtml(outcomes[probe.id]!)}</td><td class="number">${at(probe.messageIndex)}</td><td>${escapeHtml(probe.question)}</td></tr>`,
    ),
    '</tbody></table>',
  ].join('\n');
}

const CALL_HEAD = ['Label', 'Input tokens', 'Output tokens', 'ms', 'Waited ms', 'Cached', 'Error', 'Stored'];
const CALL_NUMBERS = [false, true, true, true, true, false, false, false];

/** A call's stored prompt and answer: links to their files, and the answer itself (but for the summary shown below). */
function storedCell(call: TraceEntry, strategy: StrategyResult, stored: StoredCalls | undefined): string {
  const link = (hash: string | null | undefined, text: string) => {
    const href = hash ? stored?.links.get(hash) : undefined;
    return href ? `<a href="${escapeHtml(href)}">${text}</a>` : '';
  };
  const links = [link(call.promptHash, 'prompt'), link(call.answerHash, 'answer')].filter(Boolean);
  const answer = call.answerHash ? stored?.answers.get(call.answerHash) : undefined;
  const body =
    answer === undefined
      ? ''
      : answer === strategy.summary
        ? '<span class="hint">the answer is the summary below</span>'
        : `<details class="call-answer"><summary>answer, ${formatInteger(answer.length)} characters</summary><pre>${escapeHtml(answer)}</pre></details>`;
  return [links.join(' · '), body].filter(Boolean).join(' ');
}

function calls(strategy: StrategyResult, stored: StoredCalls | undefined): string {
  if (strategy.trace.length === 0) return '';
  const align = (column: number) => (CALL_NUMBERS[column] ? ' class="number"' : '');
  const rows = strategy.trace.map((call) => {
    const cells = [
      call.label,
      formatInteger(call.inputTokens),
      formatInteger(call.outputTokens),
      formatMs(call.ms),
      formatMs(Math.max(0, call.startedAt - call.requestedAt)),
      call.cached ? 'yes' : 'no',
      call.error ?? '',
    ].map((cell, column) => `<td${align(column)}>${escapeHtml(cell)}</td>`);
    return `<tr class="call">${cells.join('')}<td class="stored">${storedCell(call, strategy, stored)}</td></tr>`;
  });
  const count = `${strategy.trace.length} ${strategy.trace.length === 1 ? 'call' : 'calls'}`;
  return [
    `<details class="calls"><summary>${count}${stored ? ', with each prompt and answer as stored' : ''}</summary>`,
    '<table>',
    `<thead><tr>${CALL_HEAD.map((cell, column) => `<th${align(column)}>${escapeHtml(cell)}</th>`).join('')}</tr></thead>`,
    `<tbody>\n${rows.join('\n')}\n</tbody></table></details>`,
  ].join('\n');
}

function summary(strategy: StrategyResult): string {
  if (strategy.summary) return `<pre class="summary">${escapeHtml(strategy.summary)}</pre>`;
  return strategy.status === 'error'
    ? '<p>No summary: the strategy failed.</p>'
    : '<p>No summary: the compacted context is the kept messages alone.</p>';
}

/** The body of one strategy's panel (also what the side-by-side view copies into its columns). */
export function strategyDetails(
  results: ResultsFile,
  strategy: StrategyResult,
  stored?: StoredCalls,
  transcript = false,
): string {
  const missedCount = Object.values(strategy.quality.probeOutcomes).filter(
    (outcome) => outcome !== 'matched',
  ).length;
  return [
    `<p class="description">${escapeHtml(strategy.description)}.</p>`,
    figures(results, strategy),
    ...(strategy.notes.length > 0
      ? [`<ul class="notes">${strategy.notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`]
      : []),
    '<h4>Kept ranges</h4>',
    kept(strategy),
    `<h4>Probes not kept in full${missedCount > 0 ? ` (${missedCount})` : ''}</h4>`,
    missed(results, strategy, transcript),
    calls(strategy, stored),
    '<h4>Summary</h4>',
    summary(strategy),
  ].join('\n');
}
