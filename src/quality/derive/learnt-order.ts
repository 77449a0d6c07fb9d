/**
 * A rule of the workflow the agent learnt from a failure: a commit refused (a hook's "Code is not formatted. Run 'mix
 * format' to fix."), then one command run, then the same commit made, teaches "run `mix format` before committing".
 * What a careful reader keeps as a constraint for the commits still to come; the refusal itself is history.
 */
import { isReadOnlyCommand } from '../../session/shell-commands.ts';
import { isCommit, triesCommit } from './commits.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords } from './phrases.ts';
import { passed, type ToolRun } from './runs.ts';

// How a summary says the step it must come before: committing.
const COMMITTING = [
  'before committing',
  'before commit',
  'before each commit',
  'before every commit',
  'pre-commit',
];

/**
 * One constraint per command the agent had to run between a refused commit and the same commit made, when that was
 * the only thing it did in between (no edit, no other command that changed anything): the refusal's first line is the
 * evidence, the command and "before committing" are the facets.
 */
export function learntOrderProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const taught = new Set<string>();
  runs.forEach((refused, at) => {
    if (!refused.failed || !triesCommit(refused)) return;
    const made = runs.findIndex((run, later) => later > at && triesCommit(run));
    if (made < 0 || !passed(runs[made]!) || !isCommit(runs[made]!)) return;
    const between = runs.slice(at + 1, made);
    // Only shell commands in between, all passed: an edit or a failure between them is a fix of the code, not a step.
    if (between.length === 0 || between.some((run) => run.command === undefined || !passed(run))) return;
    const steps = [
      ...new Set(between.map((run) => run.command!).filter((command) => !isReadOnlyCommand(command))),
    ];
    if (steps.length !== 1) return;
    const step = steps[0]!;
    if (taught.has(step) || /\bgit\b/.test(step)) return;
    taught.add(step);
    const why = refused.output
      .split(/\n|\\n/)
      .map((line) => line.trim())
      .find((line) => line.length > 0);
    const rule = `Run \`${step}\` before committing`;
    probes.push({
      kind: 'constraint',
      messageIndex: refused.messageIndex,
      question: 'What must the agent run before committing, as a refused commit taught it?',
      answer: `${rule}: a commit without it was refused${why ? ` (${clipWords(why, 80)})` : ''}.`,
      // No statement to read by meaning: the command alone would state it ("Ran mix format once", a list of the
      // commands run), and the rule is the command before a commit, both said.
      facets: [[step], COMMITTING],
    });
  });
  return probes;
}
