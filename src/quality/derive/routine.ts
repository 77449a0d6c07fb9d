/**
 * The working loop of a session as a standing rule: the steps the agent repeats for each piece of work (claim the
 * ticket, run the checks, close it, commit, push), read from the commands it ran more than once. A reader hands it
 * over as a rule of the work ("per task: claim with `bd update <id> --status in_progress`, `mix test`, `mix credo
 * --strict`, `bd close`, commit, push"); a successor that loses it skips a check or a push.
 */
import { fileName } from '../../session/normalise-path.ts';
import { commandFamily } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';
import { isNameFilter } from './verification.ts';

// Steps of the loop other than checks, by what their command does.
const STEPS: ReadonlyArray<{ step: string; pattern: RegExp }> = [
  {
    step: 'claim the ticket with `bd update <id> --status in_progress`',
    pattern: /\bbd\s+update\b.*in_progress/,
  },
  { step: 'close it with `bd close <id>`', pattern: /\bbd\s+close\b|\bgh\s+issue\s+close\b/ },
  { step: 'commit', pattern: /\bgit\s+commit\b/ },
  { step: 'push', pattern: /\bgit\s+push\b/ },
];

// How often a step must come back to be part of the loop, and how many steps make a loop.
const REPEATS = 2;
const MIN_STEPS = 3;
// Words of a check command the rule names: the tool, its subcommand and flags, not the files it was given.
const CHECK_WORDS = 5;

/**
 * A check command as the rule names it: its words up to the first file argument or test-name filter, flags kept
 * (`mix test --seed 0`; `go test -v -run TestX` is the step `go test -v`, whichever test it was narrowed to).
 */
function checkStep(command: string): string {
  const words = command.split(/\s*(?:\||&&|;|2>&1)\s*/)[0]!.split(/\s+/);
  const kept: string[] = [];
  for (const word of words) {
    if (kept.length === CHECK_WORDS || /[/\\]|\.\w{1,5}(?::\d+)?$/.test(word) || isNameFilter(word)) break;
    kept.push(word);
  }
  return kept.join(' ');
}

/** The working loop the agent repeated, as a constraint probe; none when no loop of three steps or more comes back. */
export function routineProbe(runs: readonly ToolRun[]): DraftProbe | undefined {
  const counts = new Map<string, { count: number; first: number; command: string; check: boolean }>();
  for (const run of runs) {
    const ticked = run.command === undefined ? tickedPlan(run) : undefined;
    if (ticked) {
      const step = `tick its checkbox in ${ticked.file}`;
      const known = counts.get(step);
      if (known) known.count++;
      else counts.set(step, { count: 1, first: run.messageIndex, command: step, check: false });
      continue;
    }
    if (run.command === undefined) continue;
    const steps = STEPS.filter(({ pattern }) => pattern.test(run.command!)).map(({ step }) => step);
    const check =
      commandFamily(run.command) !== undefined && steps.length === 0 ? checkStep(run.command) : undefined;
    for (const step of check ? [check] : steps) {
      const known = counts.get(step);
      if (known) known.count++;
      else
        counts.set(step, {
          count: 1,
          first: run.messageIndex,
          command: run.command,
          check: check !== undefined,
        });
    }
  }
  const loop = [...counts]
    .filter(([, step]) => step.count >= REPEATS)
    .sort(([, a], [, b]) => a.first - b.first);
  const checks = loop.filter(([, step]) => step.check).map(([name]) => name);
  if (loop.length < MIN_STEPS || checks.length === 0) return undefined;
  const steps = loop.map(([name, step]) => (step.check ? `\`${name}\`` : name));
  const statement = `For each piece of work: ${steps.join(', ')}`;
  const [first, paired] = [...checks].sort((a, b) => counts.get(b)!.count - counts.get(a)!.count);
  // Two checks are one facet set only where one command runs both (`npm run check && npx tsgo --noEmit`): run
  // apart, they stand in messages far from each other, and no summary, not even the whole session, states them
  // together.
  const second =
    paired && runs.some((run) => run.command?.includes(first!) && run.command.includes(paired))
      ? paired
      : undefined;
  return {
    kind: 'constraint',
    messageIndex: loop[0]![1].first,
    question: 'What steps does the agent repeat for each piece of work (its checks, commits, tracker)?',
    answer: `${statement}.`,
    // The checks it runs most, as it runs them: a word list of commands is no loop.
    facets: second ? [[first!], [second]] : [[first!]],
    statement,
  };
}

// A checklist item left open and the same item ticked ("- [ ] Verify with `npm run check`" → "- [x] …").
const OPEN_ITEM = /^\s*[-*+]\s+\[ \]\s+(.+)$/gm;
const TICKED_ITEM = /^\s*[-*+]\s+\[[xX]\]\s+(.+)$/gm;

/**
 * The plan file an edit ticks a box of (an item "- [ ]" before it and "- [x]" after it, as the agent checks off a
 * work package in the plan it keeps): a step of the loop, the file by its name.
 */
function tickedPlan(run: ToolRun): { file: string } | undefined {
  const args = run.call.arguments;
  const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string) : '');
  const before = text('oldText') || text('old_string') || text('old_str');
  const after = text('newText') || text('new_string') || text('new_str');
  const path = text('path') || text('file_path');
  if (!before || !after || !path || run.failed) return undefined;
  const open = new Set([...before.matchAll(OPEN_ITEM)].map((match) => match[1]!.trim()));
  const ticked = [...after.matchAll(TICKED_ITEM)].some((match) => open.has(match[1]!.trim()));
  return ticked ? { file: fileName(path) } : undefined;
}
