/**
 * Replies the agent posted to a pull request's review comments, read from its GitHub CLI calls (`gh api
 * repos/o/r/pulls/90/comments/2719242908/replies -X POST -f body="…"`, GitHub answering with the new comment's
 * `in_reply_to_id`): where the review stands, its comments answered on GitHub, which a careful reader reports beside
 * the fixes' commits (the next round of review is read against it), though no file or commit of the work shows it.
 */
import { shellCommand } from '../../session/shell-commands.ts';
import type { DraftProbe } from './draft.ts';
import type { ToolRun } from './runs.ts';

/** A reply the agent posted to a review comment of a pull request. */
export type ReviewReply = { pull: string; comment: string; messageIndex: number };

// The review-comment reply endpoint, called through `gh api` (the method is POST whenever a field is given).
const REPLY_CALL = /\bgh\s+api\b[^\n]*?\brepos\/[\w.-]+\/[\w.-]+\/pulls\/(\d+)\/comments\/(\d+)\/replies\b/;
// GitHub's answer to a reply posted: the new comment, with the comment it answers.
const POSTED = /"in_reply_to_id"\s*:\s*\d+/;

/** How a summary says a review's comments were answered on GitHub. */
const ANSWERED = [
  'replied to',
  'replies posted',
  'replies done',
  'replies sent',
  'has a reply',
  'have replies',
  'have a reply',
  'answered every comment',
  'answered all comments',
  'answered all',
  'answered every',
  // As the agent reports having answered them ("All review comments addressed and replied to").
  'comments addressed',
  'addressed all',
  'addressing all',
  'answered on GitHub',
  'reply to every comment',
  'replied on GitHub',
];

/** A pull request's number as a summary writes it. */
function pullSpellings(pull: string): string[] {
  return [`#${pull}`, `PR ${pull}`, `pull request ${pull}`, `pull/${pull}`];
}

/** The replies the agent posted to review comments before the cut, in order, each comment once (its last reply). */
export function reviewReplies(runs: readonly ToolRun[]): ReviewReply[] {
  const replies = new Map<string, ReviewReply>();
  for (const run of runs) {
    // The whole command: a long reply's address can run past the clipped command a run keeps.
    const command = run.command === undefined ? undefined : shellCommand(run.call);
    if (command === undefined || !POSTED.test(run.output)) continue;
    const call = REPLY_CALL.exec(command);
    if (call) replies.set(call[2]!, { pull: call[1]!, comment: call[2]!, messageIndex: run.messageIndex });
  }
  return [...replies.values()].sort((a, b) => a.messageIndex - b.messageIndex);
}

/**
 * Where each pull request's review stands: "Replies posted on GitHub to 9 review comments of pull request #90". Its
 * facets are the pull request and that the comments were answered, as a handoff says it ("every comment has a reply",
 * "replies done"); the reply commands' addresses hold neither.
 */
function answeredProbes(replies: readonly ReviewReply[]): DraftProbe[] {
  const byPull = new Map<string, ReviewReply[]>();
  for (const reply of replies) byPull.set(reply.pull, [...(byPull.get(reply.pull) ?? []), reply]);
  return [...byPull].map(([pull, answered]) => {
    const count = answered.length;
    const statement = `Replies posted on GitHub to ${count} review comment${count === 1 ? '' : 's'} of pull request #${pull}`;
    return {
      kind: 'state',
      messageIndex: answered.at(-1)!.messageIndex,
      question: `Where does the review of pull request #${pull} stand on GitHub?`,
      answer: `${statement} (comments ${answered.map((reply) => reply.comment).join(', ')}).`,
      facets: [pullSpellings(pull), ANSWERED],
      statement,
    };
  });
}

/** The state of each pull request's review the agent answered on GitHub. */
export function reviewReplyProbes(runs: readonly ToolRun[]): DraftProbe[] {
  return answeredProbes(reviewReplies(runs));
}
