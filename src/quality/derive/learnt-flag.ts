/**
 * A flag the agent learnt from a failure and kept: a command that failed, run next (soon after) with one flag more and
 * passing, then every later run of that command given the flag (`git commit` failing to sign, `git commit
 * --no-gpg-sign` on every commit after). A careful reader hands it over as the session's routine for the command
 * ("every commit uses --no-gpg-sign"): a successor without it fails the same way. A flag tried once and dropped
 * (`git push --set-upstream`, `go test -v`) is no routine, and a retry that changes more than one flag is another
 * command.
 */
import { clipWords } from './phrases.ts';
import type { DraftProbe } from './draft.ts';
import { passed, type ToolRun } from './runs.ts';

// How soon after the failure the retry comes, in runs, and how many later runs must keep the flag to make it a routine.
const RETRY_WITHIN_RUNS = 3;
const MIN_LATER_RUNS = 2;

// A flag word: `--no-gpg-sign`, `-f`, `-tags=integration`.
const FLAG = /^--?[a-z][\w-]*(?:=\S+)?$/i;
// A flag's value written after it (`-tags integration`, `--format short`): a plain word, not a path or a file.
const VALUE = /^[a-z][\w-]*$/i;
// Where a command's own words end: a quoted text or a substitution it is given (a commit message's words are no flags).
const QUOTED = /^["'`$(<]/;
// The commands of one line: a pipe, `&&`, `||` or `;` between them.
const SEPARATOR = /\s*(?:\|\|?|&&|;)\s*/;

/** One command of a line: its program and subcommand (`git commit`), and the flags given before any quoted text. */
type Use = { head: string; flags: Set<string> };

/** Each command of a shell line, with its head and its flags (each with the value written after it, if any). */
function usesOf(command: string): Use[] {
  return command.split(SEPARATOR).flatMap((part) => {
    const words = part.trim().split(/\s+/);
    const quoted = words.findIndex((word) => QUOTED.test(word));
    const own = quoted < 0 ? words : words.slice(0, quoted);
    const plain: string[] = [];
    const flags = new Set<string>();
    for (let at = 0; at < own.length; at++) {
      const word = own[at]!;
      if (!FLAG.test(word)) plain.push(word);
      else if (plain.length >= 2 && !word.includes('=') && VALUE.test(own[at + 1] ?? ''))
        flags.add(`${word} ${own[++at]!}`);
      else flags.add(word);
    }
    return plain.length < 2 ? [] : [{ head: plain.slice(0, 2).join(' '), flags }];
  });
}

/** The one flag `retry` adds to `failed`'s use of the same command, none dropped; undefined otherwise. */
function addedFlag(failed: Use, retry: Use): string | undefined {
  if (failed.head !== retry.head) return undefined;
  if ([...failed.flags].some((flag) => !retry.flags.has(flag))) return undefined;
  const added = [...retry.flags].filter((flag) => !failed.flags.has(flag));
  return added.length === 1 ? added[0] : undefined;
}

/** Whether a run runs the command `head` (as one of the commands of its line). */
const runsHead = (run: ToolRun, head: string): boolean =>
  run.command !== undefined && usesOf(run.command).some((use) => use.head === head);

/**
 * One constraint per flag learnt so: the command with the flag as written is its only facet (no statement of its own:
 * the words of a command are the session's most frequent, which a bag of them would state by meaning, D114).
 */
export function learntFlagProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const taught = new Set<string>();
  runs.forEach((failure, at) => {
    if (!failure.failed || failure.command === undefined) return;
    for (const failed of usesOf(failure.command)) {
      // The retry is the next run of the same command, soon after; a run between without the flag tried another way.
      const next = runs
        .slice(at + 1, at + 1 + RETRY_WITHIN_RUNS)
        .findIndex((run) => runsHead(run, failed.head));
      const retry = next < 0 ? undefined : runs[at + 1 + next]!;
      if (retry === undefined || !passed(retry)) continue;
      const flag = usesOf(retry.command!)
        .map((use) => addedFlag(failed, use))
        .find((found) => found !== undefined);
      if (flag === undefined || taught.has(`${failed.head} ${flag}`)) continue;
      const later = runs
        .slice(at + 2 + next)
        .flatMap((run) => (run.command === undefined ? [] : usesOf(run.command)))
        .filter((use) => use.head === failed.head);
      if (later.length < MIN_LATER_RUNS || later.some((use) => !use.flags.has(flag))) continue;
      taught.add(`${failed.head} ${flag}`);
      const why = failure.errorLines[0] ?? failure.output.trim().split('\n')[0] ?? '';
      const verb = failed.head.split(' ')[1]!;
      const command = `${failed.head} ${flag}`;
      probes.push({
        kind: 'constraint',
        messageIndex: retry.messageIndex,
        question: `With what flag does the agent run \`${failed.head}\`, as a failure taught it?`,
        answer: `Always run \`${command}\`: without \`${flag}\` it failed${why ? ` (${clipWords(why, 80)})` : ''}.`,
        // The command as written, and as a handoff says it of the act ("commit with --no-gpg-sign").
        facets: [[command, `${verb} with ${flag}`, `${verb} ${flag}`]],
      });
    }
  });
  return probes;
}
