import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { InputError } from '../../src/errors.ts';
import { detectImporter, sessionName, loadSession } from '../../src/session/load.ts';
import { smallFileBytes, textLines } from '../../src/session/source-file.ts';
import { fileContentHash } from '../../src/results/record.ts';
import { jsonLines, samplePath, sampleText, writeTemporary } from './samples.ts';

const SAMPLES = [
  'pi-v1.jsonl',
  'pi-v3-branches.jsonl',
  'claude-code.jsonl',
  'codex.jsonl',
  'codex-legacy.jsonl',
  'openai-messages.json',
  'anthropic-messages.json',
];
const BYTE_ORDER_MARK = '\uFEFF';
const runningAsRoot = process.getuid?.() === 0;

async function rejectsWith(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof InputError, `an input error, not ${String(error)}`);
    assert.equal(error.exitCode, 2);
    assert.match(error.message, pattern);
    assert.equal(error.message.split('\n').length, 1, 'one line');
    return true;
  });
}

const piHeader = (id: string) =>
  ({ type: 'session', version: 3, id, timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' }) as const;
const piEntry = (id: string, parentId: string | null, text: string) => ({
  type: 'message',
  id,
  parentId,
  timestamp: '2026-01-01T00:00:01.000Z',
  message: { role: 'user', content: text },
});

/** Every line `textLines` gives for a file. */
async function linesOf(file: string): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of textLines(file)) lines.push(line);
  return lines;
}

describe('reading transcript files', () => {
  describe('a small file read at once, a large one streamed', () => {
    // Lines of a session with a user message of `characters` characters, two bytes each in UTF-8 (é), so a
    // stream's 1 MiB chunks cut one in two.
    const session = (characters: number) =>
      jsonLines(piHeader('s'), piEntry('a', null, 'é'.repeat(characters)), piEntry('b', 'a', 'done')) +
      'last line without a line end\r';

    it('reads a file under 1 MiB in one read, and one over it as a stream: the same lines either way', async () => {
      for (const characters of [1000, 700_000]) {
        const text = session(characters);
        const file = await writeTemporary('session.jsonl', BYTE_ORDER_MARK + text);
        const bytes = Buffer.byteLength(BYTE_ORDER_MARK + text);
        assert.equal(smallFileBytes(file)?.length, bytes <= 1 << 20 ? bytes : undefined, `${bytes} bytes`);
        const expected = text.split('\n').map((line) => line.replace(/\r$/, ''));
        assert.deepEqual(await linesOf(file), expected);
      }
    });

    it("hashes a file's bytes the same whether it is read at once or streamed", async () => {
      for (const characters of [1000, 700_000]) {
        const file = await writeTemporary('session.jsonl', session(characters));
        const expected = createHash('sha256')
          .update(await readFile(file))
          .digest('hex');
        assert.equal(await fileContentHash(file), expected);
      }
    });

    it('decodes a byte that is not UTF-8 as the stream does (U+FFFD), and an empty file as no text', async () => {
      const file = await writeTemporary('bad.jsonl', Buffer.from([0x61, 0xff, 0x62, 0x0a]));
      assert.deepEqual(await linesOf(file), ['a\uFFFDb']);
      assert.deepEqual(await linesOf(await writeTemporary('empty.jsonl', '')), []);
    });
  });

  describe('a UTF-8 byte-order mark', () => {
    for (const sample of SAMPLES) {
      it(`is accepted before ${sample}, for detection and reading`, async () => {
        const plain = await loadSession(samplePath(sample));
        const file = await writeTemporary(sample, BYTE_ORDER_MARK + (await sampleText(sample)));
        assert.equal((await detectImporter(file)).format, plain.format);
        const session = await loadSession(file);
        assert.deepEqual(session.messages, plain.messages);
      });
    }
  });

  describe('gzip', () => {
    for (const sample of SAMPLES) {
      it(`is recognised by its magic bytes and decompressed: ${sample}.gz`, async () => {
        const plain = await loadSession(samplePath(sample));
        const file = await writeTemporary(`${sample}.gz`, gzipSync(await sampleText(sample)));
        assert.equal((await detectImporter(file)).format, plain.format);
        const session = await loadSession(file);
        assert.deepEqual(session.messages, plain.messages);
        assert.equal(session.name, plain.name, 'the name drops .gz as well');
      });
    }

    it('needs no .gz in the name, and a BOM inside is dropped too', async () => {
      const file = await writeTemporary(
        'session.jsonl',
        gzipSync(BYTE_ORDER_MARK + (await sampleText('claude-code.jsonl'))),
      );
      assert.equal((await loadSession(file)).format, 'claude-code');
    });

    it('names gzip when the decompressed text matches no format', async () => {
      const file = await writeTemporary('other.jsonl.gz', gzipSync(jsonLines({ hello: 'world' })));
      await rejectsWith(
        detectImporter(file),
        /other\.jsonl\.gz: decompressed from gzip, it matches no supported format/,
      );
    });

    it('says so when the gzip data is cut off', async () => {
      const whole = gzipSync(await sampleText('claude-code.jsonl'));
      const file = await writeTemporary('cut.jsonl.gz', whole.subarray(0, whole.length - 200));
      await rejectsWith(
        loadSession(file),
        /cut\.jsonl\.gz: cannot read the file: its gzip data ends too early/,
      );
    });

    it('names a fixture after its file without .jsonl.gz', () => {
      assert.equal(sessionName('/x/run-7.jsonl.gz'), 'run-7');
      assert.equal(sessionName('/x/run-7.jsonl'), 'run-7');
    });
  });

  describe('a file that cannot be read', () => {
    it('is a one-line input error when it is a directory', async () => {
      const directory = await mkdtemp(join(tmpdir(), 'compaction-bench-dir-'));
      try {
        await rejectsWith(loadSession(directory), /cannot read the file: it is a directory$/);
        await rejectsWith(detectImporter(directory), /cannot read the file: it is a directory$/);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });

    it(
      'is a one-line input error when permission is denied',
      { skip: runningAsRoot ? 'running as root: every file is readable' : false },
      async () => {
        const file = await writeTemporary('secret.jsonl', await sampleText('pi-v1.jsonl'));
        await chmod(file, 0o000);
        await rejectsWith(loadSession(file), /secret\.jsonl: cannot read the file: permission denied$/);
      },
    );
  });

  describe('a last line that is not complete JSON (a session still being written)', () => {
    it('fails with exit 2 suggesting --skip-invalid', async () => {
      const text = await sampleText('claude-code-branch.jsonl');
      const cut = text.slice(0, text.trimEnd().length - 40);
      const file = await writeTemporary('live.jsonl', cut);
      await rejectsWith(
        loadSession(file),
        /live\.jsonl:6: the last line is not complete JSON \(.*\): if the session is still being written, --skip-invalid reads it without that line$/,
      );
      const session = await loadSession(file, { skipInvalid: true });
      assert.deepEqual(
        session.stats.skipped.map((skip) => skip.line),
        [6],
      );
    });

    it('is told apart from a bad line in the middle, which fails as before', async () => {
      const lines = (await sampleText('claude-code-branch.jsonl')).split('\n');
      lines[2] = '{"type":"user",';
      const file = await writeTemporary('middle.jsonl', lines.join('\n'));
      await rejectsWith(loadSession(file), /middle\.jsonl:3: not valid JSON \(/);
    });
  });

  describe('a pi file holding a second session', () => {
    const text = jsonLines(
      piHeader('first'),
      piEntry('a', null, 'first task'),
      piHeader('second'),
      piEntry('b', null, 'second task'),
    );

    it('says so with the line of the second header instead of "holds no messages"', async () => {
      const file = await writeTemporary('two.jsonl', text);
      await rejectsWith(
        loadSession(file),
        /two\.jsonl:3: a second session header \(id second\): this file holds two sessions; split it before line 3, or use --skip-invalid to read only the first$/,
      );
    });

    it('reads only the first session with --skip-invalid, recording where it stopped', async () => {
      const session = await loadSession(await writeTemporary('two.jsonl', text), { skipInvalid: true });
      assert.equal(session.id, 'first');
      assert.deepEqual(session.messages, [{ role: 'user', content: 'first task' }]);
      assert.deepEqual(
        session.stats.skipped.map((skip) => skip.line),
        [3],
      );
    });
  });
});
