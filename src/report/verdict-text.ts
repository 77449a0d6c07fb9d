/** The verdict as Markdown (the first section of every comparison) and as the terminal's first lines. */
import { formatInteger, formatMs } from '../text/numbers.ts';
import { formatEstimate, type Verdict } from './verdict.ts';
import { wrapProse } from './wrap.ts';

/** The verdict's sentences, each a line (Markdown code spans kept); `timings: false` leaves out the fastest. */
export function verdictLines(verdict: Verdict, options: { timings?: boolean } = {}): string[] {
  const { recommended } = verdict;
  if (!recommended) return [`No recommendation: ${verdict.none}.`, verdict.scope];
  const interval = recommended.value.low === null ? '' : ' (95% interval)';
  const tokens =
    recommended.tokensAfter === null
      ? ''
      : `, ${formatInteger(recommended.tokensAfter)} tokens after${verdict.kind === 'suite' ? ' (mean)' : ''}`;
  const lines = [
    `Recommended: \`${recommended.name}\`, ${recommended.measure} ${formatEstimate(recommended.value)}${interval}${tokens}.`,
  ];
  if (verdict.tied.length > 0)
    lines.push(
      `Not distinguishable from it: ${verdict.tied.map((name) => `\`${name}\``).join(', ')} (${verdict.tiedBy}).`,
    );
  else if (verdict.uncertain.length === 0)
    lines.push(`Told apart from every other candidate (${verdict.tiedBy || 'no other candidate'}).`);
  if (verdict.uncertain.length > 0) {
    const names = verdict.uncertain.map(
      ({ name, sessions }) =>
        `\`${name}\`${sessions === null ? '' : ` (about ${formatInteger(sessions)} sessions would tell)`}`,
    );
    lines.push(
      `Too uncertain to rank against it: ${names.join(', ')}; these sessions allow a difference of half the recall scale or more, so they are neither tied with it nor ranked below it.`,
    );
  }
  const among = verdict.tied.length === 0 ? '' : ' of these';
  const parts: string[] = [];
  if (verdict.cheapest)
    parts.push(`cheapest${among}: \`${verdict.cheapest.name}\` (${verdict.cheapest.spentText})`);
  if (verdict.fastest && options.timings !== false && verdict.timed)
    parts.push(
      `fastest${among}: \`${verdict.fastest.name}\` (${formatMs(verdict.fastest.ownMs)} ms of its own)`,
    );
  else if (verdict.fastest && options.timings === true && !verdict.timed)
    parts.push('times not compared: no call went to a model, so they measure this machine');
  if (parts.length > 0) lines.push(`${parts.join('; ').replace(/^./, (first) => first.toUpperCase())}.`);
  return [...lines, ...verdict.details, verdict.scope];
}

/** The verdict as the first section of a Markdown report. */
export function renderVerdictMarkdown(verdict: Verdict, options: { timings?: boolean } = {}): string[] {
  const [first, ...rest] = verdictLines(verdict, options);
  return [
    '## Verdict',
    '',
    `_${verdict.question}_`,
    '',
    `**${first}**`,
    ...rest.map((line) => `- ${line}`),
    '',
  ];
}

/** The verdict as the terminal prints it first: plain lines, no Markdown, wrapped to `width` with a hanging indent. */
export function renderVerdictTerminal(verdict: Verdict, width?: number, label = 'Verdict'): string {
  const plain = (line: string) => line.replaceAll('`', '');
  const [first, ...rest] = verdictLines(verdict, { timings: verdict.timed });
  return wrapProse(
    [`${label} — ${plain(first!)}`, ...rest.map((line) => `  ${plain(line)}`)].join('\n'),
    width,
    2,
  );
}

/** Where a strategy stands in the verdict, as far as the verdict's renderers need to know it. */
export type Standing = 'recommended' | 'tied' | 'worse' | 'lexical floor' | 'not ranked' | 'failed' | '–';

/**
 * A strategy's standing in a verdict, for a table's Verdict column: the recommended one, one not distinguishable
 * from it (`tied`), one told apart from it (`worse`), or why it was not a candidate.
 */
export function standingOf(
  verdict: Verdict,
  strategy: { name: string; failed: boolean; lexical: boolean; flagged: boolean; scored: boolean },
): Standing {
  if (strategy.failed) return 'failed';
  if (verdict.recommended?.name === strategy.name) return 'recommended';
  if (verdict.tied.includes(strategy.name)) return 'tied';
  if (strategy.lexical) return 'lexical floor';
  if (strategy.flagged || strategy.name === 'recorded') return 'not ranked';
  if (!strategy.scored || verdict.recommended === null) return '–';
  return 'worse';
}

/** What the standings of a Verdict column mean, one line for those that occur. */
export function standingLegend(standings: readonly Standing[]): string | null {
  const meanings: Array<[Standing, string]> = [
    ['tied', 'tied: not distinguishable from the recommended strategy'],
    ['worse', 'worse: told apart from it, below it'],
    ['lexical floor', 'lexical floor: a baseline that keeps text by pattern, never recommended'],
    ['not ranked', 'not ranked: does not compress or missed its target'],
  ];
  const used = meanings.filter(([standing]) => standings.includes(standing)).map(([, text]) => text);
  return used.length === 0 ? null : `Verdict — ${used.join('; ')}.`;
}
