/**
 * The state of a release the agent cut: a version tag it made on its last commit, and whether a push took the tag to
 * a remote ("Release v0.8.0 committed (45ffe0a), tagged v0.8.0 and pushed to origin"). What a careful reader reports
 * of a release besides its publishing, which fails or passes as a command (errors.ts, verification.ts).
 */
import { shellCommand } from '../../session/shell-commands.ts';
import { commitSubject } from './commits.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

// `git tag v1.2.0`, `git tag -a v1.2.0 -m "…"`, `git tag -s v1.2.0`: making a tag (not listing, deleting or verifying).
// What follows the name up to the command's end: a commit named there (`git tag v1.0 abc123`) is what it tags.
const TAG = /\bgit\s+tag\s+(?:-[asf]\s+)*([\w][\w./+-]*)(?=\s|$|;|&)([^;&|\n]*)/;
const TAG_OTHER = /\bgit\s+tag\s+(?:[^;&|\n]*\s)?-(?:d|l|v|n\d*)\b|\bgit\s+tag\s+--(?:delete|list|verify)\b/;
// A push that sent a tag: git's "* [new tag]  v1.2.0 -> v1.2.0".
const PUSHED_TAG = /\[new tag\]\s+(\S+)\s+->\s+(\S+)/g;
// A version a tag names: v1.2, 1.2.3, v2.0.0-rc.1.
const VERSION = /^v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/;
// `[main 45ffe0a] Release v0.8.0`: the branch and short hash of a commit.
const COMMITTED = /^\[[^\]\s]+(?: \([^)]*\))? ([0-9a-f]{7,40})\]/m;

type Tag = { name: string; messageIndex: number; hash?: string; subject?: string; pushed: boolean };

/** The version tags the agent made before the cut, each with the commit it was made on and whether it was pushed. */
function versionTags(runs: readonly ToolRun[]): Tag[] {
  const tags = new Map<string, Tag>();
  let commit: { hash?: string; subject: string } | undefined;
  for (const run of runs) {
    const command = shellCommand(run.call);
    if (command === undefined || run.failed) continue;
    const subject = commitSubject(command);
    if (subject !== undefined) {
      const hash = COMMITTED.exec(run.output)?.[1];
      commit = { subject, ...(hash ? { hash } : {}) };
    }
    const tagged = TAG.exec(command);
    const made = tagged?.[1];
    // A commit named after the tag's name (not a message's words after -m) is another commit than the last one made.
    const onLast = !/^\s+(?!-)\S/.test((tagged?.[2] ?? '').replace(/\s-[mF]\s+("[^"]*"|'[^']*'|\S+)/g, ''));
    if (made !== undefined && VERSION.test(made) && !TAG_OTHER.test(command))
      tags.set(made, {
        name: made,
        messageIndex: run.messageIndex,
        ...(onLast && commit?.hash ? { hash: commit.hash } : {}),
        ...(onLast && commit ? { subject: commit.subject } : {}),
        pushed: false,
      });
    if (/\bgit\s+push\b/.test(command))
      for (const [, name] of run.output.matchAll(PUSHED_TAG)) {
        const tag = tags.get(name!);
        if (tag) {
          tag.pushed = true;
          tag.messageIndex = run.messageIndex;
        }
      }
  }
  return [...tags.values()];
}

/**
 * One state probe for the last version tag the agent made: the release as its tag names it, the commit it is on, and
 * whether it reached the remote. The tag's name said as a tag is the facet; "not pushed" or "not tagged" states the
 * opposite (the statement's stance).
 */
export function releaseProbes(runs: readonly ToolRun[]): DraftProbe[] {
  const tag = versionTags(runs).at(-1);
  if (!tag) return [];
  const on = tag.subject
    ? `${tag.subject.includes(tag.name.replace(/^v/, '')) ? tag.subject : `"${tag.subject}"`} committed${tag.hash ? ` (${tag.hash})` : ''}, `
    : '';
  const statement = `${on}tagged ${tag.name}${tag.pushed ? ' and pushed to the remote' : ', the tag not pushed yet'}`;
  return [
    {
      kind: 'state',
      messageIndex: tag.messageIndex,
      question: `Where does the release ${tag.name} stand: is it tagged, and is the tag pushed?`,
      answer: `${statement.charAt(0).toUpperCase()}${statement.slice(1)}.`,
      // The tag with the word that makes it one, either way round: a bare version is what an identifier bag keeps.
      facets: [
        [
          `tagged ${tag.name}`,
          `tag ${tag.name}`,
          `${tag.name} tag`,
          `${tag.name} tagged`,
          `${tag.name} is tagged`,
        ],
      ],
      statement,
    },
  ];
}
