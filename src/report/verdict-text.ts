/** The verdict as Markdown (the first section of every comparison) and as the terminal's first lines. */
import { formatInteger, formatMs } from '../numbers.ts';
import { formatEstimate, type Verdict } from './verdict.ts';

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

/** The verdict as the terminal prints it first: plain lines, no Markdown. */
export function renderVerdictTerminal(verdict: Verdict): string {
  const plain = (line: string) => line.replaceAll('`', '');
  const [first, ...rest] = verdictLines(verdict, { timings: verdict.timed });
  return [`Verdict — ${plain(first!)}`, ...rest.map((line) => `  ${plain(line)}`)].join('\n');
}
