/**
 * A rule of the environment the agent learnt by doing it again and again: the files it writes do not come out as the
 * user's own (its commands run as another user, often root), so it hands them back with `chown mischa:mischa …`. A
 * careful reader passes it on ("anything it writes ends up owned by root and has to be handed back with `sudo chown
 * mischa:mischa`"): a successor that forgets leaves the user files their programs cannot open. One chown is a fix of
 * one file; the same owner given twice or more, by runs that went through, is the rule.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

// chown run as a program of the command (`sudo chown -R u:g …`, `… && chown u …`), its options, then the owner.
const CHOWN = /(?:^|[;&|(]\s*|\s)chown\s+(?:-\S+\s+)*([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s+\S/g;

// A string in single or double quotes.
const QUOTED = /"(?:[^"\\]|\\.)*"|'[^']*'/g;

// Runs that give files to one owner before it is a rule, not a fix of one file.
const RUNS_FOR_A_RULE = 2;

/** The owner the agent's shell runs gave files to at least twice, with the last of those runs; undefined for none. */
export function handedBackOwner(runs: readonly ToolRun[]): { owner: string; run: ToolRun } | undefined {
  const byOwner = new Map<string, ToolRun[]>();
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (command === undefined || run.failed) continue;
    // A quoted string is said, not run ("echo 'then chown ana:ana the file'").
    const unquoted = command.replace(QUOTED, ' ');
    const owners = new Set([...` ${unquoted}`.matchAll(CHOWN)].map((match) => match[1]!));
    for (const owner of owners) byOwner.set(owner, [...(byOwner.get(owner) ?? []), run]);
  }
  const [owner, given] = [...byOwner].find(([, owned]) => owned.length >= RUNS_FOR_A_RULE) ?? [];
  return owner && given ? { owner, run: given[given.length - 1]! } : undefined;
}

/** One constraint when the agent handed its files to one owner again and again: chown with the owner is its facet. */
export function handedBackFileProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const handed = handedBackOwner(runs);
  if (!handed) return [];
  const { owner, run } = handed;
  const user = owner.split(':')[0]!;
  return [
    {
      kind: 'constraint',
      messageIndex: run.messageIndex,
      question: 'Who must own the files the agent writes here?',
      answer: `Whatever is written here is chowned to ${owner} (\`chown ${owner}\`, run again and again), so that the user ${user} can open it.`,
      // The command with its owner, as a handoff quotes it, or the owner in prose: chown or an owner alone is what a
      // list of commands or names holds.
      facets: [[`chown ${owner}`, `chown -R ${owner}`, `chowned to ${owner}`, `owned by ${user}`]],
      statement: `Whatever is written here is chowned to ${owner}`,
    },
  ];
}
