/**
 * A file git ignores that the agent added anyway: `git add` refused it ("The following paths are ignored by one of
 * your .gitignore files: priv/static/assets"), and a later `git add -f priv/static/assets/spotter.css` took it in. A
 * decision a careful reader reports with its reason (the folder is ignored, so the file must be force-added each time
 * it changes), since a successor staging the file the usual way would leave it out of the commit without a word.
 */
import { fileName } from '../../session/normalise-path.ts';
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

/** A path force-added, with the ignored path git named when it refused it. */
export type ForceAdded = { path: string; ignored: string; messageIndex: number };

// git's refusal, and the paths it lists under it (one a line, up to its hints).
const REFUSED =
  /The following paths are ignored by one of your \.gitignore files:\n((?:(?!hint:)[^\n]+\n?)+)/;
// `git add -f a b`, `git add --force a`: the paths up to the next shell operator.
const FORCE_ADD = /\bgit\s+(?:-C\s+\S+\s+)?add\s+(?:-f|--force)\s+((?:[^\s;&|]+\s*)+)/g;

/** How a summary says a file was added past .gitignore. */
const FORCED = ['git add -f', 'add -f', 'force added', 'force add', 'added with --force'];
// How it says why: git ignores the file's folder (the command alone, as a list of commands run holds it, is no reason).
const IGNORED = ['gitignored', 'git ignores', 'ignored by', 'is ignored', 'are ignored', 'in .gitignore'];

/** A path as git names it, without a leading `./` or trailing `/`. */
const plainPath = (path: string) => path.replace(/^\.\//, '').replace(/\/+$/, '');

/** The paths the agent force-added after git refused them as ignored, each once, in order. */
export function forceAddedPaths(runs: readonly ToolRun[]): ForceAdded[] {
  const ignored: string[] = [];
  const added = new Map<string, ForceAdded>();
  for (const run of runs) {
    const refused = REFUSED.exec(run.output)?.[1];
    if (refused)
      ignored.push(
        ...refused
          .split('\n')
          .map((line) => plainPath(line.trim()))
          .filter(Boolean),
      );
    const command = run.command === undefined ? undefined : shellCommand(run.call);
    if (command === undefined || run.failed || ignored.length === 0) continue;
    for (const match of command.matchAll(FORCE_ADD))
      for (const word of match[1]!.trim().split(/\s+/)) {
        const path = plainPath(word.replace(/^["']|["']$/g, ''));
        const under = ignored.find((folder) => path === folder || path.startsWith(`${folder}/`));
        if (under && !added.has(path))
          added.set(path, { path, ignored: under, messageIndex: run.messageIndex });
      }
  }
  return [...added.values()];
}

/**
 * One decision per file force-added past .gitignore: "spotter.css is force-added with `git add -f`, since its
 * folder is gitignored". Its facets are the file, the force-add and why, as a handoff says them; the file's
 * name alone, as a path list holds it, or the command alone, as a list of commands run holds it, states no choice.
 */
export function forceAddedProbes(runs: readonly ToolRun[]): DraftProbe[] {
  return forceAddedPaths(runs).map(({ path, ignored, messageIndex }) => {
    const name = fileName(path);
    // The folder stays out of the statement: the command's own path names it, and the command alone gives no reason.
    const statement = `${name} is force-added with \`git add -f\`, since its folder is gitignored`;
    return {
      kind: 'decision',
      messageIndex,
      question: `How does ${name} get into git, given that git ignores ${ignored}?`,
      answer: `${statement}: the agent ran \`git add -f ${path}\`.`,
      facets: [[name], FORCED, IGNORED],
      statement,
    };
  });
}
