import assert from 'node:assert/strict';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createStagedRecords } from '../../src/results/staged-records.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

/** The lines of one part, as pieces: each JSON text, then its line break. */
const lines = (...texts: string[]) => texts.flatMap((text) => [text, '\n']);

describe('staged records', () => {
  it('appends parts in the order they end, into one file, and copies them in the order of their numbers, the run named', async () => {
    const directory = await temporaryDirectory();
    try {
      const staged = createStagedRecords(directory.path);
      // A part longer than the writer's buffer (256 KiB) goes through it in several writes.
      const long = `{"run":"pending-1","text":"${'é✓'.repeat(100_000)}"}`;
      staged.append(2, lines('{"run":"pending-1","session":"c"}'));
      staged.append(0, lines('{"run":"pending-1","session":"a"}', long));
      staged.append(1, lines('{"session":"b","run":"pending-1","note":"run"}'));
      assert.throws(() => staged.append(1, lines('{}')), /part 1 of the records in .* staged twice/);
      assert.deepEqual(await readdir(directory.path), ['.parts.jsonl']);
      const path = join(directory.path, 'records.jsonl');
      const file = await open(path, 'w');
      await file.write('header\n');
      await staged.copyInOrder(
        file,
        Buffer.from('"run":"pending-1"'),
        Buffer.from('"run":"20261201T000000Z-1"'),
      );
      await file.close();
      staged.close();
      assert.equal(
        await readFile(path, 'utf8'),
        [
          'header',
          '{"run":"20261201T000000Z-1","session":"a"}',
          long.replace('pending-1', '20261201T000000Z-1'),
          '{"session":"b","run":"20261201T000000Z-1","note":"run"}',
          '{"run":"20261201T000000Z-1","session":"c"}',
          '',
        ].join('\n'),
      );
      assert.throws(() => staged.append(3, lines('{}')), /are closed: part 3 comes too late/);
    } finally {
      await directory.remove();
    }
  });

  it('makes no file and copies nothing when no part was staged', async () => {
    const directory = await temporaryDirectory();
    try {
      const folder = join(directory.path, 'staging');
      await mkdir(folder);
      const staged = createStagedRecords(folder);
      const path = join(directory.path, 'records.jsonl');
      const file = await open(path, 'w');
      await staged.copyInOrder(file, Buffer.from('a'), Buffer.from('b'));
      await file.close();
      staged.close();
      assert.equal(await readFile(path, 'utf8'), '');
      assert.deepEqual(await readdir(folder), []);
    } finally {
      await directory.remove();
    }
  });
});
