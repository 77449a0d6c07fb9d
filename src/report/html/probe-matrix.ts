/**
 * The probe × strategy matrix of the HTML report: one row per fact probe (kind, live or history when known, where
 * it was stated), one column per strategy, each cell kept / partial / missed / contradicted. The page's script filters it,
 * and a click on a cell shows the probe, which facets the strategy's summary states (highlighted where they are)
 * and the transcript messages that state the fact. The data the script reads sits in the page as JSON.
 */
import { summaryFacets } from '../../quality/summary-facets.ts';
import type { Probe } from '../../quality/probes.ts';
import type { StoredCalls } from '../../results/records-file.ts';
import type { ProbeEntry, ResultsFile, StrategyResult } from '../../results/types.ts';
import type { Message } from '../../session/types.ts';
import { escapeHtml, scriptJson } from './escape.ts';

/**
 * What the page can show beyond the results file: the transcript and the probes with their facets (empty when
 * the transcript could not be read again), and the calls' stored prompts and answers.
 */
export type ReportSource = { messages: readonly Message[]; probes: readonly Probe[]; calls?: StoredCalls };

const OUTCOME_MARK: Record<string, string> = { matched: '✓', partial: '½', missed: '✗', contradicted: '⚠' };

/** Whether a probe is about live state or history, when the results say so (older results do not). */
function liveness(probe: ProbeEntry): string {
  const live = (probe as { live?: unknown }).live;
  return live === true ? 'live' : live === false ? 'history' : '';
}

/** Per cell, which facets the strategy's summary states (true) or not (false); empty without the probe's facets. */
function facetsStated(
  strategy: StrategyResult,
  probes: readonly (Probe | undefined)[],
  sessionProbes?: readonly Probe[],
): boolean[][] {
  if (!strategy.summary) return probes.map((probe) => (probe ? probe.facets.map(() => false) : []));
  return summaryFacets(strategy.summary, probes, sessionProbes);
}

/** The matrix, its filters, the detail panel and the data the script reads (empty without fact probes). */
export function probeMatrix(
  results: ResultsFile,
  prefix: string,
  anchor: (strategy: string) => string,
  source?: ReportSource,
): string {
  const strategies = results.strategies.filter(
    (strategy) => strategy.status === 'ok' && strategy.quality.probesTotal > 0,
  );
  if (results.probes.length === 0 || strategies.length === 0) return '';
  const nonLexical = strategies.filter((strategy) => !strategy.lexical);
  const candidates = nonLexical.length > 0 ? nonLexical : strategies;
  const byId = new Map((source?.probes ?? []).map((probe) => [probe.id, probe]));
  const full = results.probes.map((probe) => byId.get(probe.id));
  const kinds = [...new Set(results.probes.map((probe) => probe.kind))].sort();
  const head = [
    '<th>Probe</th><th>Kind</th><th>Position</th>',
    ...strategies.map(
      (strategy) =>
        `<th class="strategy-column"><a href="#${anchor(strategy.name)}">${escapeHtml(strategy.name)}</a></th>`,
    ),
  ].join('');
  const rows = results.probes.map((probe) => {
    const position =
      probe.messageIndex === null
        ? '–'
        : `${probe.messageIndex} (${Math.round((probe.messageIndex / Math.max(1, results.fixture.messages)) * 100)}%)`;
    const live = liveness(probe);
    const cells = strategies.map((strategy) => {
      const outcome = strategy.quality.probeOutcomes[probe.id] ?? 'missed';
      const share = strategy.probeShares?.[probe.id];
      const text = share === undefined ? OUTCOME_MARK[outcome] : share.toFixed(2);
      // The row, column and strategy come from the cell's place (the script reads them): each attribute here
      // is paid once per probe and strategy.
      return `<td class="cell ${outcome}" tabindex="0">${escapeHtml(text ?? outcome)}</td>`;
    });
    // Lexical baselines are floors that miss most probes by design: a failure is a candidate strategy's.
    const kept = candidates.map(
      (strategy) => (strategy.quality.probeOutcomes[probe.id] ?? 'missed') === 'matched',
    );
    const failing = kept.some((value) => !value);
    const different = kept.some((value) => value) && failing;
    return `<tr data-kind="${escapeHtml(probe.kind)}" data-failing="${failing}" data-different="${different}"><th scope="row" title="${escapeHtml(probe.question)}">${escapeHtml(probe.id)}</th><td>${escapeHtml(probe.kind)}${live ? ` <span class="hint">${live}</span>` : ''}</td><td class="number">${escapeHtml(position)}</td>${cells.join('')}</tr>`;
  });
  const stated = (probe: ProbeEntry, index: number) =>
    [...new Set([probe.messageIndex, ...(full[index]?.repeatedAt ?? [])])].filter(
      (value): value is number => typeof value === 'number',
    );
  const evidence = strategies.map((strategy) => facetsStated(strategy, full, source?.probes));
  const data = {
    probes: results.probes.map((probe, index) => ({
      id: probe.id,
      kind: probe.kind,
      question: probe.question,
      answer: probe.answer,
      stated: stated(probe, index),
      facets: full[index]?.facets ?? null,
    })),
    strategies: strategies.map((strategy, column) => ({
      name: strategy.name,
      anchor: anchor(strategy.name),
      kept: strategy.keptRanges,
      facets: evidence[column],
    })),
  };
  const outcomes = ['matched', 'partial', 'missed', 'contradicted'].map(
    (outcome) =>
      `${OUTCOME_MARK[outcome]} ${outcome === 'matched' ? 'kept' : outcome === 'partial' ? 'partial (counts half)' : outcome}`,
  );
  return [
    `<h3 id="${prefix}probes">Every probe, every strategy</h3>`,
    `<div class="probe-matrix" data-prefix="${prefix}">`,
    `<p class="meta">${outcomes.join(' · ')}. Failures, passes and differences are counted over ${candidates.length === strategies.length ? 'every strategy' : 'the strategies, lexical baselines left out (floors that miss most probes by design)'}, or over the one chosen. Click a cell for the probe, the facets the summary states (highlighted in it) and the messages that state the fact.${source && source.probes.length > 0 ? '' : ' The transcript and the probes’ facets are not in this page: it was rebuilt without the transcript.'}</p>`,
    '<div class="filters">',
    `<label>Show <select class="show-filter" title="over the ${candidates.length === strategies.length ? 'strategies' : 'strategies that are not lexical baselines'}, or the chosen one"><option value="">every probe</option><option value="failures">failures</option><option value="passes">passes</option><option value="different">where strategies differ</option></select></label>`,
    `<label>Kind <select class="kind-filter"><option value="">all</option>${kinds.map((kind) => `<option>${escapeHtml(kind)}</option>`).join('')}</select></label>`,
    `<label>Strategy <select class="strategy-filter"><option value="">all</option>${strategies.map((strategy, column) => `<option value="${column}">${escapeHtml(strategy.name)}</option>`).join('')}</select></label>`,
    '<label>Search <input type="search" class="probe-search" placeholder="question, answer or id"></label>',
    '<span class="count meta"></span>',
    '</div>',
    `<div class="table-wrap matrix-wrap"><table class="matrix"><thead><tr>${head}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table></div>',
    '<div class="probe-detail" aria-live="polite"><p class="meta">No cell chosen.</p></div>',
    `<script type="application/json" class="probe-data">${scriptJson(data)}</script>`,
    '</div>',
  ].join('\n');
}
