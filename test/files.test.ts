/**
 * Atomic file writes (src/files.ts): whole files, appends and copies land complete or not at all, and a failure
 * names the file and leaves no temporary beside it.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appendFileAtomic, copyFileAtomic, writeFileAtomic } from '../src/files.ts';
import { temporaryDirectory } from './helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

describe('atomic files', () => {
  it('writes pieces as one file, appends to it and copies it, in folders it makes', async () => {
    const path = join(directory.path, 'nested', 'a.txt');
    await writeFileAtomic(path, ['one\n', 'two\n']);
    await appendFileAtomic(path, 'three\n');
    const copy = join(directory.path, 'copies', 'b.txt');
    await copyFileAtomic(path, copy);
    assert.equal(await readFile(copy, 'utf8'), 'one\ntwo\nthree\n');
    assert.deepEqual(await readdir(join(directory.path, 'nested')), ['a.txt']);
  });

  it('names the file on failure, keeps what was there and leaves no temporary', async () => {
    const path = join(directory.path, 'kept.txt');
    await writeFile(path, 'before');
    await assert.rejects(copyFileAtomic(join(directory.path, 'missing.txt'), path), {
      code: 'ENOENT',
      message: `ENOENT: ${path}`,
    });
    await assert.rejects(appendFileAtomic(join(directory.path, 'absent.txt'), 'x'), { code: 'ENOENT' });
    assert.equal(await readFile(path, 'utf8'), 'before');
    assert.deepEqual((await readdir(directory.path)).sort(), ['copies', 'kept.txt', 'nested']);
  });
});
