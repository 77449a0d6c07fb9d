/** The sweep page's leading table: each strategy's recall at every budget (tokens after), its area and rank. */
import { formatInteger, formatRatio } from '../../text/numbers.ts';
import type { ResultsFile } from '../../results/types.ts';
import { sweepOf, sweepOrder, type SweepCurve } from '../sweep.ts';
import { escapeHtml } from './escape.ts';

/** The table; strategies that missed a target or do not compress come last, unranked, with why. */
export function sweepTable(files: readonly ResultsFile[], anchor: (strategy: string) => string): string {
  const sweep = sweepOf(files);
  const ordered = sweepOrder(sweep);
  const ranked = ordered.filter((curve) => curve.unranked === null);
  // Areas equal as printed share a rank, as in F-sweep.md.
  const shown = (curve: SweepCurve) => Math.round(curve.area! * 100);
  const rankOf = (curve: SweepCurve) => 1 + ranked.filter((other) => shown(other) > shown(curve)).length;
  const head = [
    '<th class="number">Rank</th>',
    '<th>Strategy</th>',
    ...sweep.targets.map((target) => `<th class="number">${formatInteger(target)} tokens</th>`),
    '<th class="number">Area</th>',
  ].join('');
  const rows = ordered.map((curve) => {
    const cells = curve.points.map((point) =>
      point.probeRecall === null
        ? '<td class="number">–</td>'
        : `<td class="number${point.missed ? ' missed-target' : ''}">${formatRatio(point.probeRecall)} <span class="hint">(${formatInteger(point.tokensAfter ?? 0)}${point.missed ? ' !' : ''})</span></td>`,
    );
    const name = `<a href="#${anchor(curve.strategy)}">${escapeHtml(curve.strategy)}</a>${curve.lexical ? ' <span class="hint">(lexical)</span>' : ''}${curve.doesNotCompress ? ' <span class="marks">⊘</span>' : ''}`;
    const rank = curve.unranked === null ? String(rankOf(curve)) : '–';
    const why = curve.unranked === null ? '' : ` title="${escapeHtml(`not ranked: ${curve.unranked}`)}"`;
    return `<tr class="${curve.unranked === null ? 'ranked' : 'unranked'}" data-strategy="${escapeHtml(curve.strategy)}"${why}><td class="number">${rank}</td><td>${name}</td>${cells.join('')}<td class="number">${formatRatio(curve.area)}</td></tr>`;
  });
  const unranked = ordered.filter((curve) => curve.unranked !== null);
  return [
    '<h2 id="sweep">Recall per budget</h2>',
    '<p class="meta">Probe recall at each target (tokens after in brackets; ! more than 15% over the target). Area: mean recall over the sweep, each doubling of the budget weighing the same. Only strategies that compress and stay within every target are ranked.</p>',
    `<div class="table-wrap comparison-wrap"><table class="sweep"><thead><tr>${head}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table></div>',
    ...(unranked.length === 0
      ? []
      : [
          `<p class="meta">Not ranked: ${unranked.map((curve) => `<code>${escapeHtml(curve.strategy)}</code> ${escapeHtml(curve.unranked!)}`).join('; ')}.</p>`,
        ]),
  ].join('\n');
}
