/**
 * Atomic file writes (src/files.ts): whole files, appends and copies land complete or not at all, and a failure
 * names the file and leaves no temporary beside it.
 */
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import {
  appendFileAtomic,
  copyFileAtomic,
  createFileBatch,
  encodedWriter,
  writeFileAtomic,
} from '../src/files.ts';
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
    // Pieces made as they are written reach a folder made for them whole (the folder is made when the file cannot
    // be opened, before any piece is asked for); a file in the folder's place is named as one.
    function* pieces(): Generator<string> {
      yield 'four\n';
      yield 'five\n';
    }
    const made = join(directory.path, 'nested', 'made', 'deeper', 'c.txt');
    await writeFileAtomic(made, pieces());
    assert.equal(await readFile(made, 'utf8'), 'four\nfive\n');
    const blocked = join(directory.path, 'nested', 'a.txt', 'd.txt');
    await assert.rejects(writeFileAtomic(blocked, 'x'), { code: 'ENOTDIR', message: `ENOTDIR: ${blocked}` });
  });

  it('writes a long piece whole, a character above U+FFFF across the slices its buffer takes', async () => {
    const own = await temporaryDirectory();
    const path = join(own.path, 'long.txt');
    // The writer's buffer (256 KiB) takes a long piece 87,381 characters at a time: the pair straddles the first edge.
    const text = `${'a'.repeat(Math.floor((1 << 18) / 3) - 1)}😀${'é'.repeat(1 << 17)}\n`;
    await writeFileAtomic(path, [text, 'end']);
    assert.equal(await readFile(path, 'utf8'), `${text}end`);
    await own.remove();
  });

  it('encodes pieces into its buffer as a string write would, counting their bytes, whatever the buffer holds', async () => {
    const own = await temporaryDirectory();
    // Pieces of every width (ASCII, two and three bytes, pairs, lone surrogates) around a small buffer's edge (a piece
    // whose characters would fit in what is left but not its bytes), and pieces longer than the buffer could hold:
    // the file is the bytes a write of each string makes.
    const pieces = [
      'x'.repeat(20),
      'x'.repeat(20),
      'x'.repeat(15),
      'ééééé',
      'plain ascii ',
      'é'.repeat(7),
      '€✓–',
      '😀',
      '\ud800 lone high',
      'lone low \udc00',
      'x'.repeat(20),
      `${'a'.repeat(40)}😀${'b'.repeat(40)}`,
      '',
      `${'é'.repeat((1 << 16) + 3)}😀`,
      'end',
    ];
    for (const size of [4, 16, 64, 1024]) {
      const path = join(own.path, `encoded-${size}.txt`);
      const expected = join(own.path, `expected-${size}.txt`);
      const descriptor = openSync(path, 'w');
      const plain = openSync(expected, 'w');
      const writer = encodedWriter(descriptor, Buffer.alloc(size));
      for (const piece of pieces) {
        assert.equal(writer.write(piece), Buffer.byteLength(piece), `${size}: ${piece.slice(0, 12)}`);
        writeSync(plain, piece);
      }
      writer.flush();
      closeSync(descriptor);
      closeSync(plain);
      assert.deepEqual(readFileSync(path), readFileSync(expected), `buffer of ${size} bytes`);
    }
    await own.remove();
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

  it('writes a batch of files as one: pieces made as they are written, all renamed at commit, none after an abort', async () => {
    const folder = join(directory.path, 'batch');
    // Over a million characters, with a surrogate pair across the first million: the pieces are cut between pairs.
    const long = `${'a'.repeat((1 << 20) - 1)}😀${'b'.repeat(10)}`;
    const made: string[] = [];
    function* pieces() {
      made.push('first');
      yield '<p>';
      made.push('second');
      yield long;
    }
    const batch = createFileBatch();
    await batch.add(join(folder, 'page.html'), pieces());
    await batch.add(join(folder, 'short.md'), 'short');
    assert.deepEqual(made, ['first', 'second']);
    assert.deepEqual(
      await readdir(folder).then((names) => names.filter((name) => !name.includes('.tmp-'))),
      [],
    );
    assert.deepEqual(await batch.commit(), [join(folder, 'page.html'), join(folder, 'short.md')]);
    assert.equal(await readFile(join(folder, 'page.html'), 'utf8'), `<p>${long}`);
    assert.deepEqual((await readdir(folder)).sort(), ['page.html', 'short.md']);

    const aborted = createFileBatch();
    await aborted.add(join(folder, 'page.html'), 'after');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(aborted.commit(controller.signal), /aborted by the user; no files were written/);
    assert.equal(await readFile(join(folder, 'page.html'), 'utf8'), `<p>${long}`);
    assert.deepEqual((await readdir(folder)).sort(), ['page.html', 'short.md']);
  });

  it('gives each temporary its own name: two batches writing one file each land, the later last', async () => {
    const path = join(directory.path, 'twice', 'page.html');
    const first = createFileBatch();
    const second = createFileBatch();
    await first.add(path, 'first');
    await second.add(path, 'second');
    const names = (await readdir(join(directory.path, 'twice'))).sort();
    assert.equal(names.length, 2, 'two temporaries');
    for (const name of names) assert.match(name, /^page\.html\.tmp-\d+-[0-9a-f]{8}-\d+$/);
    await first.commit();
    assert.equal(await readFile(path, 'utf8'), 'first');
    await second.commit();
    assert.equal(await readFile(path, 'utf8'), 'second');
    assert.deepEqual(await readdir(join(directory.path, 'twice')), ['page.html']);
  });

  it('removes a batch file whose pieces fail while being written, naming nothing written', async () => {
    const folder = join(directory.path, 'failing');
    const batch = createFileBatch();
    function* failing() {
      yield 'start';
      throw new Error('refusing to write it');
    }
    await assert.rejects(batch.add(join(folder, 'page.html'), failing()), /refusing to write it/);
    await batch.discard();
    assert.deepEqual(await readdir(folder), []);
  });
});
