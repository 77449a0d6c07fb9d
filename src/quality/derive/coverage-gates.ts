/**
 * A coverage gate the agent ran: a coverage tool given the share of code its tests must cover (`cargo llvm-cov
 * --fail-under-lines 100`, `pytest --cov=app --cov-fail-under=90`, `coverage report --fail-under 85`, `c8
 * --check-coverage --lines 95 npm test`). Its last run is the state of the coverage a careful reader reports ("passes:
 * 100% line coverage"), which no test tally says: the same run prints the tests' tally too, and that is the tests'.
 */
import type { DraftProbe } from './draft.ts';
import { clipWords } from './phrases.ts';
import { checkKey, checkName } from './verification.ts';
import type { ToolRun } from './runs.ts';

/** What share of which code a gate asks for. */
export type CoverageGate = { measure: CoverageMeasure; percent: string };

/** What a gate counts: lines, branches, functions, regions or statements; `coverage` when the tool does not say. */
export type CoverageMeasure = 'line' | 'branch' | 'function' | 'region' | 'statement' | 'coverage';

// A threshold flag of llvm-cov, tarpaulin, coverage.py or pytest-cov: `--fail-under-lines 100`, `--fail-under=90`,
// `--cov-fail-under 85`.
const FAIL_UNDER =
  /(?:^|\s)--(?:cov-)?fail-under(?:-(lines|branches|functions|regions))?(?:=|\s+)(\d{1,3}(?:\.\d+)?)(?=\s|$)/;
// c8's and nyc's `--check-coverage --lines 95` (or `--branches 80`, …), which only gate with --check-coverage.
const CHECK_COVERAGE = /(?:^|\s)--check-coverage\b/;
const C8_THRESHOLD = /(?:^|\s)--(lines|branches|functions|statements)(?:=|\s+)(\d{1,3}(?:\.\d+)?)(?=\s|$)/;

const MEASURES: Record<string, CoverageMeasure> = {
  lines: 'line',
  branches: 'branch',
  functions: 'function',
  regions: 'region',
  statements: 'statement',
};

/** The gate a command sets, if it sets one. */
export function coverageGate(command: string): CoverageGate | undefined {
  const head = command.split(/\s*(?:\||&&|;)\s*/)[0]!;
  const failUnder = FAIL_UNDER.exec(head);
  if (failUnder) return { measure: MEASURES[failUnder[1] ?? ''] ?? 'coverage', percent: failUnder[2]! };
  const threshold = CHECK_COVERAGE.test(head) ? C8_THRESHOLD.exec(head) : null;
  return threshold ? { measure: MEASURES[threshold[1]!]!, percent: threshold[2]! } : undefined;
}

/** How a summary writes the share a gate holds to: "100% line coverage", "100% of lines", "coverage at 100%". */
function shareSpellings({ measure, percent }: CoverageGate): string[] {
  const share = `${percent}%`;
  if (measure === 'coverage')
    return [`${share} coverage`, `coverage ${share}`, `coverage at ${share}`, `coverage is ${share}`];
  const plural = `${measure === 'branch' ? 'branches' : `${measure}s`}`;
  return [
    `${share} ${measure} coverage`,
    `${measure} coverage ${share}`,
    `${measure} coverage at ${share}`,
    `${measure} coverage is ${share}`,
    `${share} of ${plural}`,
    `${share} ${plural}`,
  ];
}

/**
 * One state probe per coverage gate, its last run before the cut: "`cargo llvm-cov --fail-under-lines 100` passes:
 * 100% line coverage" ("`cargo llvm-cov` meets its coverage gate: 100% line coverage"), or misses it. Its facet is the command as run or the share as a
 * handoff writes it (the guard takes out the spellings the user's own words state: "get to 100% coverage" is the
 * request, not the gate passed). A run whose outcome its output leaves open states nothing.
 */
export function coverageGateProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const last = new Map<string, { run: ToolRun; gate: CoverageGate }>();
  for (const run of runs) {
    if (run.command === undefined || run.inconclusive) continue;
    const gate = coverageGate(run.command);
    if (gate) last.set(checkKey(run.command), { run, gate });
  }
  return [...last].map(([key, { run, gate }]) => {
    const command = clipWords(run.command!, 120);
    const measure = gate.measure === 'coverage' ? 'coverage' : `${gate.measure} coverage`;
    // Said by the tool's name, not the command: its flag's "fail" (`--fail-under-lines`) reads as the gate failing.
    const tool = checkName(run.command!);
    const statement = run.failed
      ? `\`${tool}\` misses its coverage gate of ${gate.percent}% ${measure}`
      : `\`${tool}\` meets its coverage gate: ${gate.percent}% ${measure}`;
    return {
      kind: 'state',
      messageIndex: run.messageIndex,
      check: key,
      question: `Does the code meet the coverage gate of \`${command}\`?`,
      answer: `${statement}.`,
      // Only a pass is said by its share: a failing gate is short of it by an amount the output gives.
      facets: [[run.command!, ...(run.failed ? [] : shareSpellings(gate))]],
      statement,
    };
  });
}
