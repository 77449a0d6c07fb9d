import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createContentStore, replaceBytes } from '../../src/results/records-file.ts';
import type { RunRecord } from '../../src/results/record.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

const bytes = (text: string) => Buffer.from(text);

describe('records file', () => {
  it('replaces every occurrence of a name, byte for byte as the text would, reusing a buffer large enough', () => {
    const from = bytes('"run":"pending-1"');
    const to = bytes('"run":"20261127T103157Z-481431aa"');
    const text = '"run":"pending-1",{"café ✓":"run"}\n{"a":1,"run":"pending-1"}\n"run":"pending-1"';
    const replaced = replaceBytes(bytes(text), from, to, Buffer.alloc(0));
    const expected = text.replaceAll(from.toString(), to.toString());
    assert.equal(replaced.buffer.toString('utf8', 0, replaced.length), expected);
    const shorter = replaceBytes(bytes(expected), to, from, replaced.buffer);
    assert.equal(shorter.buffer, replaced.buffer, 'the buffer was large enough: reused');
    assert.equal(shorter.buffer.toString('utf8', 0, shorter.length), text);
    const none = replaceBytes(bytes('no name here'), from, to, Buffer.alloc(0));
    assert.equal(none.buffer.toString('utf8', 0, none.length), 'no name here');
  });

  it('writes the header, then each staged part in order with the run named, and moves every stored text', async () => {
    const directory = await temporaryDirectory();
    try {
      const store = createContentStore(directory.path);
      const record = (session: string) => ({ kind: 'session', run: store.pendingRun, session });
      const prompt = await store.put('calls', JSON.stringify({ system: 's', prompt: 'p' }));
      // The same text again, staged: stored once, and still readable.
      assert.equal(await store.put('calls', JSON.stringify({ system: 's', prompt: 'p' })), prompt);
      assert.equal(await store.read('calls', prompt), JSON.stringify({ system: 's', prompt: 'p' }));
      await store.put('contexts', 'the compacted context');
      await store.stage(2, [record('c') as never]);
      await store.stage(0, [record('a') as never, record('b') as never]);
      const header = { kind: 'run', run: '20261127T103157Z-481431aa', sessions: [], jobs: [] };
      const file = await store.finish(header as unknown as RunRecord);
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      assert.deepEqual(
        lines.map((line) => JSON.parse(line) as { run: string; session?: string }),
        [header, ...['a', 'b', 'c'].map((session) => ({ kind: 'session', run: header.run, session }))],
      );
      const records = join(directory.path, 'records');
      assert.equal((await readdir(join(records, 'calls'))).length, 1);
      assert.equal((await readdir(join(records, 'contexts'))).length, 1);
      // Moved, still readable by hash.
      assert.equal(await store.read('calls', prompt), JSON.stringify({ system: 's', prompt: 'p' }));
      await store.discard();
      // A second run into the same folder stores the same text again and a new one: each once, as written.
      const again = createContentStore(directory.path);
      assert.equal(await again.put('calls', JSON.stringify({ system: 's', prompt: 'p' })), prompt);
      const answer = await again.put('calls', JSON.stringify({ answer: 'a' }));
      await again.finish({ ...header, run: '20261127T113157Z-481431aa' } as unknown as RunRecord);
      assert.deepEqual(
        (await readdir(join(records, 'calls'))).sort(),
        [`${answer}.json`, `${prompt}.json`].sort(),
      );
      assert.equal(await again.read('calls', prompt), JSON.stringify({ system: 's', prompt: 'p' }));
      assert.equal(await again.read('calls', answer), JSON.stringify({ answer: 'a' }));
      await again.discard();
      assert.deepEqual(
        (await readdir(directory.path)).filter((name) => name.startsWith('.records-staging')),
        [],
        'no staging folder is left behind',
      );
    } finally {
      await directory.remove();
    }
  });
});
