/**
 * A pull request of the work that someone merged, as the agent's own `git log` shows it: a merge commit "bec67da
 * Merge pull request #89 from entireio/soph/do-not-truncate" whose branch the agent checked out in the session (`git
 * checkout soph/do-not-truncate`, `gh pr checkout 89`). A careful reader reports it as the state of that pull request
 * (merged, and the branches stacked on it now rebase on the base), though no command of the agent merged it; a merge
 * of a branch the session never worked on is the base's history, no fact of the work.
 */
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

/** A pull request merged, with the merge commit that shows it and the branch it merged. */
export type MergedPullRequest = { number: string; branch: string; hash: string; messageIndex: number };

// A line of `git log` (one-line, graph or full) naming GitHub's merge commit of a pull request.
const MERGE_LINE =
  /^[\s*|\\/]*(?:commit\s+)?([0-9a-f]{7,40})\b[^\n]*?\bMerge pull request #(\d+) from [\w.-]+\/(\S+)/gm;
const GIT_LOG = /\bgit\s+(?:-C\s+\S+\s+)?log\b/;
// Checking out a branch (not files after `--`), or a pull request by its number.
const CHECKOUT = /\bgit\s+(?:checkout|switch)\s+(?:-[bBcC]\s+|--track\s+)?([\w][\w./-]*)(?=\s|$|;|&)/g;
const PR_CHECKOUT = /\bgh\s+pr\s+checkout\s+#?(\d+)\b/g;

/** The pull requests of branches the agent worked on that a `git log` it ran shows merged, first sighting each. */
export function mergedPullRequests(runs: readonly ToolRun[]): MergedPullRequest[] {
  const branches = new Set<string>();
  const numbers = new Set<string>();
  const merged = new Map<string, MergedPullRequest>();
  for (const run of runs) {
    const command = run.command;
    if (command === undefined || run.failed) continue;
    for (const match of command.matchAll(CHECKOUT)) branches.add(match[1]!.replace(/^origin\//, ''));
    for (const match of command.matchAll(PR_CHECKOUT)) numbers.add(match[1]!);
    if (!GIT_LOG.test(command)) continue;
    for (const [, hash = '', number = '', branch = ''] of run.output.matchAll(MERGE_LINE)) {
      if (merged.has(number) || !(branches.has(branch) || numbers.has(number))) continue;
      merged.set(number, { number, branch, hash: hash.slice(0, 7), messageIndex: run.messageIndex });
    }
  }
  return [...merged.values()];
}

/**
 * One state probe per pull request of the work seen merged ("Pull request #89 (soph/do-not-truncate) is merged:
 * bec67da"). Its facet says the number merged, as a handoff writes it ("#89 merged", "merge of #89", "PR #89 was
 * merged"): the number alone is in a path list's pull address and an identifier bag, the branch in any list of refs.
 */
export function mergedPullRequestProbes(runs: readonly ToolRun[]): DraftProbe[] {
  return mergedPullRequests(runs).map(({ number, branch, hash, messageIndex }) => {
    const statement = `Pull request #${number} (${branch}) is merged: ${hash}`;
    return {
      kind: 'state',
      messageIndex,
      question: `Where does pull request #${number} stand?`,
      answer: `${statement}, "Merge pull request #${number}".`,
      facets: [
        [
          `Merge pull request #${number}`,
          `merge of #${number}`,
          ...['', 'PR ', 'pull request '].flatMap((prefix) =>
            ['merged', 'is merged', 'was merged', 'has been merged', 'got merged', 'is in main'].map(
              (verb) => `${prefix}#${number} ${verb}`,
            ),
          ),
          `merged #${number}`,
          `merged PR #${number}`,
        ],
      ],
      statement,
    };
  });
}
