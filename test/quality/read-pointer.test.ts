/**
 * A request that only points the agent at something to read ("read README.md that details everything") is context for
 * the request before it (issue 39, pi large-session at its end: the release the user asked for stayed the work in
 * hand while the agent read the release steps): the current request is the one it serves. One that asks for more
 * ("look at the failing test and fix it") is a request of its own, and a first request is always one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { currentRequestProbe, requestMarks, userRequests } from '../../src/quality/derive/requests.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

/** A user's prompt and the agent's read of a file after it. */
function asked(text: string, path = 'README.md'): Message[] {
  const call = toolCall('read', { path });
  return [user(text), callsTools([call]), toolResult(call, '# Notes')];
}

const currentOf = (messages: Message[]) => currentRequestProbe(userRequests(messages), new Set());

const START = [...asked('Port the theme loader to the new settings API.'), assistant('Done.')];

describe('a request that only points at something to read', () => {
  it('leaves the request before it as the current one', () => {
    const probe = currentOf([
      ...START,
      ...asked('ok, we are ready to release a new version, know how to do it?', 'package.json'),
      ...asked('read README.md that details everything'),
    ]);
    assert.equal(probe?.messageIndex, 4);
    assert.deepEqual(probe?.facets, [['release a new version']]);
  });

  it('is the current request when it asks for more than reading, or says how to read', () => {
    for (const text of [
      'look at the failing test in parser.test.ts and fix it',
      'read docs/theme.md and update the token table',
      'read docs/theme.md in full',
    ]) {
      const marks = requestMarks([
        ...START,
        ...asked('Now release a new version of the package.'),
        ...asked(text),
      ]);
      assert.equal(marks.current, 7, text);
    }
  });
});
