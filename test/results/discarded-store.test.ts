/**
 * A discarded records store takes nothing more: a session still running when its run failed made files in the
 * staging folder while it was removed, and the removal's `ENOTEMPTY` replaced the run's own error.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createContentStore } from '../../src/results/records-file.ts';
import type { SessionRecord } from '../../src/results/record.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

/** A session record: what a session stages when it ends. */
const record = {
  kind: 'session',
  run: 'pending',
  session: 's',
  target: null,
  frame: {},
} as unknown as SessionRecord;

describe('a discarded records store', () => {
  it('is removed whole while a session still stages and stores, and refuses what comes after', async () => {
    const out = join(directory.path, 'racing');
    const store = createContentStore(out);
    await store.put('contexts', 'a compacted context stored before the run failed');
    const refused: string[] = [];
    let discarded = false;
    // A session still in flight: a part staged and a text stored every turn of the event loop while the store goes.
    const inFlight = (async () => {
      for (let part = 0; !discarded; part++) {
        for (const attempt of [
          () => store.stage(part, [record]),
          () => store.put('calls', `an answer stored late, number ${part}`),
        ])
          await attempt().catch((error: unknown) => refused.push((error as Error).message));
        await nextTurn();
      }
    })();
    await nextTurn();
    // Before it was refused, this threw `ENOTEMPTY: directory not empty, rmdir '…/.records-staging-…'`.
    const discarding = await store.discard().then(
      () => 'discarded',
      (error: unknown) => (error as Error).message,
    );
    discarded = true;
    await inFlight;
    assert.equal(discarding, 'discarded');
    assert.ok(refused.length >= 2, 'what came after the discard was refused');
    for (const message of refused)
      assert.match(
        message,
        /^(records of part \d+ staged|a calls text stored) after the run's records store was discarded \(/,
      );
    assert.deepEqual(
      readdirSync(out).filter((name) => name.startsWith('.records-staging-')),
      [],
    );
  });

  it('refuses a prompt and a records file once discarded, and makes no file for them', async () => {
    const out = join(directory.path, 'after');
    const store = createContentStore(out);
    await store.discard();
    await assert.rejects(
      store.putPrompt({ system: 's', prompt: 'p' }),
      /^Error: a prompt stored after the run's records store was discarded/,
    );
    await assert.rejects(
      store.finish({ kind: 'run', run: 'r' } as never),
      /^Error: the records file written after the run's records store was discarded/,
    );
    assert.deepEqual(readdirSync(out), []);
    assert.equal(existsSync(join(out, 'records')), false);
  });
});
