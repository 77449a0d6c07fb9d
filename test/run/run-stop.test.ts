import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { describe, it } from 'node:test';
import { runStop } from '../../src/run/run-stop.ts';

describe('a run stop', () => {
  it("follows the user's signal until closed, and lets go of it then", () => {
    const user = new AbortController();
    const stopping = runStop(user.signal);
    assert.equal(getEventListeners(user.signal, 'abort').length, 1);
    stopping.close();
    assert.equal(
      getEventListeners(user.signal, 'abort').length,
      0,
      'a signal that outlives the run holds nothing of it',
    );
    const following = runStop(user.signal);
    user.abort(new Error('interrupted'));
    assert.equal(following.signal.aborted, true);
    assert.equal(runStop(user.signal).signal.aborted, true, 'a signal aborted already stops the run at once');
  });

  it('throws the failure that stopped the run, not the one a stopped session gave', async () => {
    const stopping = runStop();
    stopping.stop(new Error('session 2 failed'));
    stopping.stop(new Error('a later failure'));
    assert.equal(stopping.signal.aborted, true);
    await assert.rejects(stopping.settled(Promise.reject(new Error('aborted'))), /session 2 failed/);
    assert.equal(await runStop().settled(Promise.resolve(3)), 3);
  });
});
