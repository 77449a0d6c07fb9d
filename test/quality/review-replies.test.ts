/**
 * Replies the agent posted to a pull request's review comments (issue 39, prstack's P21: "All nine top-level Copilot
 * comments on #90 have replies on GitHub"): a state probe of the review, read from `gh api …/replies` calls GitHub
 * answered; none for a reply that failed, or for comments only listed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { reviewReplies, reviewReplyProbes } from '../../src/quality/derive/review-replies.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

/** A reply to review comment `id` of pull request 42, and GitHub's answer (the new comment). */
function reply(
  id: number,
  body: string,
  answer = `{"id":${id + 1000},"in_reply_to_id":${id},"body":"${body}"}`,
) {
  return shell(`gh api repos/acme/app/pulls/42/comments/${id}/replies -X POST -f body="${body}"`, answer);
}

const REVIEW: Message[] = [
  user(
    'The bot left review comments on #42. Go through them with me, fix what is right and answer each one.',
  ),
  ...shell(
    "gh api repos/acme/app/pulls/42/comments --jq '.[] | .id'",
    '{"id":501,"path":"src/cache.ts","in_reply_to_id":null}\n{"id":502,"path":"src/retry.ts","in_reply_to_id":null}',
  ),
  ...shell('git commit -am "handle an empty cache"', '[review-fixes 1a2b3c4] handle an empty cache'),
  ...reply(501, 'Fixed in 1a2b3c4 - an empty cache now returns early.'),
  ...reply(502, 'We keep the retry loop as it is, since the upstream already backs off.'),
  ...reply(503, 'Thanks!', 'gh: Not Found (HTTP 404)'),
  assistant('Done: both review comments addressed and replied to. Ready for the next pull request?'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('replies to a review', () => {
  it('are read from the reply calls GitHub answered, each comment once', () => {
    assert.deepEqual(
      reviewReplies(toolRuns(REVIEW)).map(({ pull, comment }) => [pull, comment]),
      [
        ['42', '501'],
        ['42', '502'],
      ],
    );
    const [probe] = reviewReplyProbes(toolRuns(REVIEW));
    assert.equal(probe!.statement, 'Replies posted on GitHub to 2 review comments of pull request #42');
  });

  it('give a live state probe a handoff keeps in its words, and a path list or the user’s words do not', () => {
    const probes = deriveProbes({ messages: REVIEW }).probes;
    const answered = probes.find((probe) => probe.statement?.startsWith('Replies posted'))!;
    assert.ok(answered, 'a state probe of the review answered');
    assert.ok(isLive(answered));
    for (const kept of [
      'Review of #42: every comment has a reply; the fix is 1a2b3c4.',
      'NOW: PR 42, replies done.',
      'Just finished addressing all review comments on PR #42.',
    ])
      assert.equal(outcome(answered, kept), 'matched', kept);
    for (const lost of [
      'The bot left review comments on #42. Go through them with me, fix what is right and answer each one.',
      'https://github.com/acme/app/pull/42\nsrc/cache.ts\nsrc/retry.ts',
      'Next: answer the review comments on #42.',
    ])
      assert.notEqual(outcome(answered, lost), 'matched', lost);
    assert.notEqual(outcome(answered, 'It is false that PR #42 has replies on every comment.'), 'matched');
  });

  it('gives none where no reply was posted', () => {
    const listed = REVIEW.filter((_, at) => at < 5);
    assert.deepEqual(reviewReplyProbes(toolRuns(listed)), []);
  });
});
