/**
 * A request shown in a screenshot with too few words of the user's own ("can we fix this?", "What to do here?") is
 * read through the agent's reply: its first sentence that says what the picture shows is the task a reader files
 * (round s41, D177). The user's own rules put as "better not to …" and a "we should" whose object is a code span are
 * constraints.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { constraintProbes, userRequests } from '../../src/quality/derive/requests.ts';
import { shownRequestProbes } from '../../src/quality/derive/shown-requests.ts';
import type { Message, UserMessage } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, user } from '../helpers/factories.ts';

/** A user message with a pasted picture and the words typed beside it. */
function shown(text: string): UserMessage {
  return {
    role: 'user',
    content: [
      { type: 'image', mimeType: 'image/png' },
      { type: 'text', text },
    ],
  };
}

/** The statements of the shown requests of a session. */
function readings(messages: Message[]): string[] {
  return shownRequestProbes(messages).map((probe) => probe.statement ?? '');
}

describe('a request shown in a screenshot', () => {
  it("is the agent's reading of the picture, its frame taken off", () => {
    const probes = shownRequestProbes([
      shown('can we fix this?'),
      assistant(
        'I can see the issue - the table shows "3 uploads" for Asobig, but the user has 1529 files uploaded. Let me look.',
      ),
    ]);
    assert.equal(probes.length, 1);
    assert.equal(probes[0]!.kind, 'task');
    assert.equal(
      probes[0]!.statement,
      'the table shows "3 uploads" for Asobig, but the user has 1529 files uploaded.',
    );
    assert.deepEqual(probes[0]!.facets, [['1529 files uploaded']]);
  });

  it('skips narration and agreement, and reads no further than the first call', () => {
    assert.deepEqual(
      readings([
        shown('What to do here?'),
        assistant(
          "Good question! Let me check the logs. The web-chat is hitting Anthropic's rate limit of 50,000 tokens.",
        ),
      ]),
      ["The web-chat is hitting Anthropic's rate limit of 50,000 tokens."],
    );
    assert.deepEqual(
      readings([
        shown('issue with webchat?'),
        callsTools(
          [toolCall('Bash', { command: 'gh run list' })],
          'Let me check if the deployment completed:',
        ),
        assistant('The deployment failed on the health check of the web-chat service.'),
      ]),
      [],
    );
  });

  it('gives nothing for a picture with a request of its own words, nor for words with no picture', () => {
    assert.deepEqual(
      readings([
        shown('the upload button overlaps the sidebar on narrow screens, move it below the list'),
        assistant('The upload button is absolutely positioned inside the sidebar container.'),
      ]),
      [],
    );
    assert.deepEqual(
      readings([
        user('can we fix this?'),
        assistant('The upload button is absolutely positioned inside the sidebar container.'),
      ]),
      [],
    );
  });
});

/** The facets of the constraints the user's one message sets. */
function rulesOf(text: string): string[][] {
  return constraintProbes(userRequests([user(text), assistant('On it.')])).map((probe) => probe.facets[0]!);
}

describe('rules put as a preference or with a code span', () => {
  it('reads "better not to …" as a rule', () => {
    assert.deepEqual(
      rulesOf(
        'hmmm, given the privacy focus of the app, I think its better not to store any PII in local storage.',
      ),
      [['store any PII in local']],
    );
  });

  it('keeps a code span whole in what we should do, closed or not', () => {
    assert.deepEqual(rulesOf('if the email is not available, we should just display `[an0n]`'), [
      ['display [an0n]'],
    ]);
    assert.deepEqual(rulesOf('if the email is not available, we should just display `[an0n]'), [
      ['display [an0n]'],
    ]);
  });
});
