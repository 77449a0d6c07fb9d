/** Cleanup after a failure never replaces it: the work's error is thrown, a cleanup failure kept beside it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanupFailures, withCleanup } from '../src/cleanup.ts';
import { InputError, exitCodeFor } from '../src/errors.ts';

/** A failing removal, as `rm` fails on a folder something still writes into. */
const notEmpty = () =>
  Object.assign(new Error("ENOTEMPTY: directory not empty, rmdir 'out/.records-staging-1-ab'"), {
    code: 'ENOTEMPTY',
  });

describe('withCleanup', () => {
  it('throws the work’s error, keeps each cleanup failure beside it, and runs every step', async () => {
    const ran: string[] = [];
    const cause = new InputError('s.jsonl: the session holds no messages');
    await assert.rejects(
      withCleanup(async () => {
        throw cause;
      }, [
        () => {
          ran.push('store');
          throw notEmpty();
        },
        async () => {
          ran.push('provider');
        },
      ]),
      (error: unknown) => {
        assert.equal(error, cause);
        assert.equal(exitCodeFor(error), 2);
        assert.deepEqual(
          cleanupFailures(error).map((failure) => (failure as Error).message),
          ["ENOTEMPTY: directory not empty, rmdir 'out/.records-staging-1-ab'"],
        );
        return true;
      },
    );
    assert.deepEqual(ran, ['store', 'provider']);
  });

  it('returns the work’s value after a clean cleanup, and throws the first cleanup failure after a success', async () => {
    assert.equal(await withCleanup(async () => 7, [() => undefined]), 7);
    const ran: string[] = [];
    await assert.rejects(
      withCleanup(
        async () => 7,
        [
          () => {
            throw notEmpty();
          },
          () => {
            ran.push('provider');
            throw new Error('second');
          },
        ],
      ),
      /ENOTEMPTY/,
    );
    assert.deepEqual(ran, ['provider']);
    assert.deepEqual(cleanupFailures(new Error('never cleaned')), []);
  });
});
