/**
 * What `check` says, verdict first: one PASS/FAIL line (which strategies, how many facts lost, which rule),
 * the failures, the facts lost per strategy with the summary's nearest text, then the tables, the notes and the
 * command that accepts the change. `F-gate.md` is the Markdown of it, short enough for a PR comment.
 */
import { countOf } from '../text/numbers.ts';
import type { Verdict } from '../quality/gate.ts';
import { type Provenance, provenanceMarkdown } from '../results/provenance.ts';
import type { BaselineGate, GateRule } from '../suite/baseline-gate.ts';
import {
  renderChangedFiguresMarkdown,
  renderChangedFiguresText,
  renderFactsMarkdown,
  renderFactsText,
  ruleText,
} from './baseline-gate.ts';
import { folded } from './table.ts';

/** Notes a PR comment lists before counting the rest: it must stay short. */
const MARKDOWN_NOTES = 8;
/** Failures a PR comment lists before counting the rest (the changed figures' table shows them too). */
const MARKDOWN_FAILURES = 5;

/** What the check summary is made of. */
export type CheckSummary = {
  verdict: Verdict;
  gate: BaselineGate | null;
  /** The command that writes these results as the new baseline; null without a baseline. */
  accept: string | null;
  /** Failures against the baseline that `--update-baseline` accepted instead of failing (0 without it). */
  accepted?: number;
  /** Sessions of the baseline missing from the run that `--allow-missing` let go (0 without it). */
  sessionsNotGated?: number;
};

const strategies = (count: number) => countOf(count, 'strategy', 'strategies');

/** Live facts lost under a rule, summed over its strategies. */
function lostUnder(gate: BaselineGate, rule: GateRule): number {
  return gate.strategies
    .filter((entry) => entry.rule === rule)
    .reduce((total, entry) => total + entry.lost, 0);
}

/**
 * One line: PASS or FAIL, which strategies, how many facts lost, and the rule that decided. With sampled answers a
 * fact "lost" is one kept in under half the runs: the spread gates it, not `--allow-lost`, and the line says so.
 * One run of a sampled model is never counted among the strategies gated: alone, it is CANNOT GATE (exit 2), or
 * with `--allow-unpaired-noise` a pass that says those strategies were not gated.
 */
export function verdictLine({ verdict, gate, accepted = 0, sessionsNotGated = 0 }: CheckSummary): string {
  const deterministic = gate ? lostUnder(gate, 'deterministic') : 0;
  const sampled = gate ? lostUnder(gate, 'sampled') : 0;
  const gated = gate?.strategies.filter((entry) => entry.rule !== 'unpaired') ?? [];
  const unpaired = gate?.strategies.filter((entry) => entry.rule === 'unpaired') ?? [];
  const rule = gate && gate.strategies.length > 0 ? ` (rule: ${ruleText(gate)})` : '';
  const notGated = [
    ...(unpaired.length > 0
      ? [`${strategies(unpaired.length)} from one run of a sampled model not gated (--allow-unpaired-noise)`]
      : []),
    ...(sessionsNotGated > 0
      ? [`${countOf(sessionsNotGated, 'session')} of the baseline missing, not gated (--allow-missing)`]
      : []),
  ].join('; ');
  if (verdict.passed) {
    if (!gate)
      return `PASS  ${countOf(verdict.checks, 'check')} on ${strategies(verdict.strategies)} met their floors`;
    if (gated.length === 0 && notGated)
      return `PASS  no strategy gated against the baseline: ${notGated}${rule}`;
    const counts = [
      ...(deterministic > 0 ? [`${countOf(deterministic, 'fact')} lost`] : []),
      ...(sampled > 0 ? [`${countOf(sampled, 'fact')} kept in under half the runs`] : []),
    ];
    // A pass that accepted failures did not keep within the rule: it says it accepted them.
    const facts =
      accepted > 0
        ? `${counts.length === 0 ? 'no fact lost' : counts.join(', ')}, ${countOf(accepted, 'failure')} accepted by --update-baseline`
        : [
            ...(deterministic > 0
              ? [`${countOf(deterministic, 'fact')} lost, within --allow-lost ${gate.allowLost}`]
              : []),
            ...(sampled > 0
              ? [`${countOf(sampled, 'fact')} kept in under half the runs, within the spread over runs`]
              : []),
          ].join('; ') || 'no fact lost';
    return `PASS  ${strategies(gated.length)} against the baseline: ${facts}${notGated ? `; ${notGated}` : ''}${rule}`;
  }
  const failing = [...new Set(verdict.failures.map((failure) => failure.strategy))];
  const shown =
    failing.length > 4
      ? `${failing.slice(0, 4).join(', ')} and ${failing.length - 4} more`
      : failing.join(', ');
  // Nothing failed but that one run of a sampled model cannot be gated: no verdict, not a failure (exit 2).
  if (verdict.failures.every((failure) => failure.kind === 'unpaired'))
    return `CANNOT GATE  ${shown}: one run of a sampled model cannot tell a lost fact from noise${rule}`;
  // "0 facts lost" would read as compared when the failures (a strategy failed, a floor, a strategy the baseline
  // lacks) had nothing to do with it.
  const facts = deterministic > 0 ? `${countOf(deterministic, 'fact')} lost against the baseline, ` : '';
  return `FAIL  ${shown}: ${facts}${countOf(verdict.failures.length, 'failure')}${rule}`;
}

/**
 * Whether to show the accept command: when what failed is only what `--update-baseline` accepts (a strategy that
 * failed, a floor or probe errors would fail that run too), or when the run passed with facts changed.
 */
export function acceptable({ verdict, gate, accept }: CheckSummary): boolean {
  if (!accept) return false;
  if (verdict.passed) return (gate?.facts.length ?? 0) > 0;
  return verdict.failures.every((failure) => failure.againstBaseline);
}

/** The failures not already told by the list of lost facts. */
export function otherFailures(verdict: Verdict): string[] {
  return verdict.failures.filter((failure) => failure.kind !== 'lost').map((failure) => failure.message);
}

/** The terminal output of `check`: verdict first, then the facts, the tables given, the figures, notes, how to accept. */
export function renderCheckText(summary: CheckSummary, tables: string, updated: readonly string[]): string {
  const { verdict, gate, accept } = summary;
  const blocks: string[] = [
    [verdictLine(summary), ...otherFailures(verdict).map((message) => `  ✗ ${message}`)].join('\n'),
  ];
  const facts = gate ? renderFactsText(gate) : '';
  if (facts) blocks.push(`Facts lost and gained against the baseline:\n${indent(facts)}`);
  if (tables) blocks.push(tables);
  const figures = gate ? renderChangedFiguresText(gate) : '';
  if (figures) blocks.push(figures);
  if (verdict.notes.length > 0) blocks.push(verdict.notes.map((note) => `note: ${note}`).join('\n'));
  if (accept && acceptable(summary)) blocks.push(`To accept these results as the new baseline:\n  ${accept}`);
  if (updated.length > 0) blocks.push(updated.map((path) => `baseline written: ${path}`).join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

/** Markdown-safe text of a message (a table cell or list item must not open emphasis or HTML). */
const escape = (text: string) => text.replace(/[\\*_<>|]/g, (character) => `\\${character}`);

/**
 * `F-gate.md`: verdict, failures, facts lost and gained, the changed figures, notes, how to accept, provenance.
 * Nothing in it changes from one rerun to the next on the same commit (no timings, no date).
 */
export function renderGateMarkdown(summary: CheckSummary, provenance: Provenance | null): string {
  const { verdict, gate, accept } = summary;
  const line = verdictLine(summary);
  const [word, ...rest] = line.split('  ');
  const parts = [
    `## ${verdict.passed ? '✅' : word === 'CANNOT GATE' ? '⚠️' : '❌'} ${word}: ${escape(rest.join('  '))}`,
    '',
  ];
  const failures = otherFailures(verdict).map((message) => `- ✗ ${escape(message)}`);
  if (failures.length > 0) parts.push(...folded(failures, MARKDOWN_FAILURES, 'more failures'), '');
  const facts = gate ? renderFactsMarkdown(gate) : '';
  if (facts) parts.push('### Facts lost and gained', '', facts);
  const figures = gate ? renderChangedFiguresMarkdown(gate) : '';
  if (figures) parts.push('### Changed figures', '', figures, '');
  if (verdict.notes.length > 0)
    parts.push(
      ...folded(
        verdict.notes.map((note) => `- ${escape(note)}`),
        MARKDOWN_NOTES,
        'more notes',
      ),
      '',
    );
  if (accept && acceptable(summary))
    parts.push('To accept these results as the new baseline:', '', '```sh', accept, '```', '');
  parts.push(provenanceMarkdown(provenance), '');
  return parts.join('\n');
}
