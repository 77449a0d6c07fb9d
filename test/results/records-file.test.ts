import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createContentStore, replaceBytes } from '../../src/results/records-file.ts';
import { readStored, storedLocation } from '../../src/results/stored-texts.ts';
import { contentHash, type RunRecord } from '../../src/results/record.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { jsonPieces } from '../../src/results/text-pieces.ts';
import { MAX_TABLE_CHARS, messageTable } from '../../src/results/message-table.ts';
import { renderMessagesStrung } from '../../src/session/transcript.ts';
import { composePrompt, conversationBlock } from '../../src/strategies/prompts.ts';
import { callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';
import { shownAt } from '../helpers/calls-page.ts';
import { environmentForTests } from '../helpers/environment.ts';
import type { Message } from '../../src/session/types.ts';

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

  it('writes the header naming its pack, then each staged part in order with the run named, and moves the pack', async () => {
    const directory = await temporaryDirectory();
    try {
      const store = createContentStore(directory.path);
      const record = (session: string) => ({ kind: 'session', run: store.pendingRun, session });
      const prompt = await store.put(
        'calls',
        JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' }),
      );
      // The same text again, staged: stored once, and still readable.
      assert.equal(
        await store.put('calls', JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' })),
        prompt,
      );
      assert.equal(
        store.read('calls', prompt),
        JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' }),
      );
      const context = await store.put('contexts', 'the compacted context\nwith "quotes" and ✓');
      await store.stage(2, [record('c') as never]);
      await store.stage(0, [record('a') as never, record('b') as never]);
      const header = { kind: 'run', run: '20261127T103157Z-481431aa', sessions: [], jobs: [] };
      const file = await store.finish(header as unknown as RunRecord);
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      assert.deepEqual(
        lines.map((line) => JSON.parse(line) as { run: string; session?: string }),
        [
          { ...header, texts: [store.pack] },
          ...['a', 'b', 'c'].map((session) => ({ kind: 'session', run: header.run, session })),
        ],
      );
      const records = join(directory.path, 'records');
      assert.deepEqual((await readdir(records)).sort(), [
        '20261127T103157Z-481431aa.jsonl',
        `${store.pack}.calls.html`,
        `${store.pack}.contexts.ndjson`,
      ]);
      // One line per text: the calls a page with an anchor per text, the contexts JSON lines.
      const page = await readFile(join(records, `${store.pack}.calls.html`), 'utf8');
      assert.match(page, /^<!doctype html>/);
      assert.equal(page.split('\n').filter((line) => line.startsWith(`<pre id="${prompt}">`)).length, 1);
      assert.ok(
        page.includes('p &lt;&amp;&gt; q\\n&#10;second line \\\\n&#10;'),
        'escaped, each line break shown',
      );
      const contexts = (await readFile(join(records, `${store.pack}.contexts.ndjson`), 'utf8'))
        .trim()
        .split('\n');
      assert.deepEqual(JSON.parse(contexts[0]!), {
        hash: context,
        text: 'the compacted context\nwith "quotes" and ✓',
      });
      // Moved, still readable by hash, through the store and through the records file.
      assert.equal(
        store.read('calls', prompt),
        JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' }),
      );
      assert.equal(
        await readStored(file, 'calls', prompt),
        JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' }),
      );
      assert.equal(await readStored(file, 'contexts', context), 'the compacted context\nwith "quotes" and ✓');
      assert.equal(
        storedLocation(file, 'calls', prompt),
        `${join(records, store.pack)}.calls.html#${prompt}`,
      );
      await assert.rejects(
        readStored(file, 'contexts', 'f'.repeat(64)),
        /contexts\.ndjson: f+ missing \(the records of 20261127T103157Z-481431aa\.jsonl refer to it\)/,
      );
      await store.discard();
      // A second run into the same folder has a pack of its own, holding what it stored.
      const again = createContentStore(directory.path);
      assert.equal(
        await again.put('calls', JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' })),
        prompt,
      );
      const answer = await again.put('calls', JSON.stringify({ answer: 'a' }));
      const second = await again.finish({
        ...header,
        run: '20261127T113157Z-481431aa',
      } as unknown as RunRecord);
      assert.notEqual(again.pack, store.pack);
      assert.equal(
        await readStored(second, 'calls', prompt),
        JSON.stringify({ system: 's', prompt: 'p <&> q\nsecond line \\n' }),
      );
      assert.equal(await readStored(second, 'calls', answer), JSON.stringify({ answer: 'a' }));
      assert.equal(storedLocation(file, 'calls', answer), undefined, 'the first run stored no such answer');
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

  it('reads an answer back, redacted, from memory once and from the pack after, the same text both times', async () => {
    const directory = await temporaryDirectory();
    try {
      const store = createContentStore(directory.path);
      const answer = JSON.stringify({ answer: `kept <&> \\n sk-proj-${'Ab1'.repeat(10)} ✓` });
      const hash = await store.put('calls', answer);
      const first = store.read('calls', hash);
      assert.ok(first !== undefined && !first.includes('sk-proj-Ab1'), 'the key is redacted');
      assert.match(first, /^\{"answer":"kept <&> \\\\n \*\*\* ✓"\}$/);
      // The first read let the kept text go: the second is the pack's line, read back.
      assert.equal(store.read('calls', hash), first);
      await store.discard();
    } finally {
      await directory.remove();
    }
  });

  it('writes a long text a piece at a time, its line as the whole text escaped at once would be', async () => {
    const directory = await temporaryDirectory();
    try {
      const store = createContentStore(directory.path);
      // Pieces are 65,536 characters: the first cut would fall inside a surrogate pair (and moves one on), the next
      // between `\` and `n`; quotes and `<&>` are escaped as in a whole text. A call's text is JSON (one line); a
      // context may hold line breaks and a lone surrogate.
      const piece = 1 << 16;
      const head = `${'a'.repeat(piece - 1)}😀 "x" <&> \\n `;
      const text = `${head}${'b'.repeat(2 * piece - head.length)}\\n ${'c'.repeat(piece)}\\\\n✓ end`;
      assert.equal(text.charCodeAt(piece - 1) & 0xfc00, 0xd800, 'a surrogate pair across the first cut');
      assert.equal(text.slice(2 * piece, 2 * piece + 2), '\\n', 'a backslash right before the second cut');
      const context = `${text}\n\ud800 "y"`;
      const calls = await store.put('calls', text);
      const contexts = await store.put('contexts', context);
      assert.equal(store.read('calls', calls), text);
      assert.equal(store.read('contexts', contexts), context);
      const file = await store.finish({
        kind: 'run',
        run: 'r',
        sessions: [],
        jobs: [],
      } as unknown as RunRecord);
      const records = join(directory.path, 'records');
      const escaped = text
        .replace(/[&<>]/g, (character) => (character === '&' ? '&amp;' : character === '<' ? '&lt;' : '&gt;'))
        .replaceAll('\\n', '\\n&#10;');
      const page = (await readFile(join(records, `${store.pack}.calls.html`), 'utf8')).split('\n');
      assert.equal(page[1], `<pre id="${calls}">${escaped}</pre>`);
      const lines = (await readFile(join(records, `${store.pack}.contexts.ndjson`), 'utf8')).split('\n');
      assert.equal(lines[0], `{"hash":"${contexts}","text":${JSON.stringify(context)}}`);
      assert.equal(await readStored(file, 'calls', calls), text);
      assert.equal(await readStored(file, 'contexts', contexts), context);
    } finally {
      await directory.remove();
    }
  });

  it('stores a text given as pieces under the hash and in the line of the whole text', async () => {
    const one = await temporaryDirectory();
    const other = await temporaryDirectory();
    try {
      const request = {
        system: 'Summarize "this".',
        prompt: `${'a'.repeat(70_000)} sk-proj-${'Ab1'.repeat(10)} <&> \\n😀 ${'b'.repeat(70_000)}\n end`,
      };
      const whole = createContentStore(one.path);
      const pieces = createContentStore(other.path);
      const hash = await whole.put('calls', JSON.stringify(request));
      assert.equal(await pieces.put('calls', jsonPieces(request)), hash);
      assert.equal(pieces.read('calls', hash), whole.read('calls', hash));
      assert.ok(!pieces.read('calls', hash)!.includes('sk-proj-Ab1'), 'the key is redacted');
      const header = { kind: 'run', run: 'r', sessions: [], jobs: [] } as unknown as RunRecord;
      await whole.finish(header);
      await pieces.finish(header);
      const page = async (directory: string, store: typeof whole) =>
        readFile(join(directory, 'records', `${store.pack}.calls.html`), 'utf8');
      assert.equal(await page(other.path, pieces), await page(one.path, whole));
    } finally {
      await one.remove();
      await other.remove();
    }
  });

  it('reads the texts of records written before packs, one file each in calls/ and contexts/', async () => {
    const directory = await temporaryDirectory();
    try {
      const records = join(directory.path, 'records');
      await mkdir(join(records, 'calls'), { recursive: true });
      await mkdir(join(records, 'contexts'), { recursive: true });
      const file = join(records, '20261120T103157Z-481431aa.jsonl');
      await writeFile(file, `${JSON.stringify({ kind: 'run', run: '20261120T103157Z-481431aa' })}\n`);
      const call = JSON.stringify({ answer: 'an old answer' });
      await writeFile(join(records, 'calls', `${contentHash(call)}.json`), call);
      await writeFile(join(records, 'contexts', `${contentHash('an old context')}.txt`), 'an old context');
      assert.equal(await readStored(file, 'calls', contentHash(call)), call);
      assert.equal(await readStored(file, 'contexts', contentHash('an old context')), 'an old context');
      assert.equal(
        storedLocation(file, 'calls', contentHash(call)),
        join(records, 'calls', `${contentHash(call)}.json`),
      );
      await assert.rejects(
        readStored(file, 'contexts', contentHash('gone')),
        new RegExp(`contexts/${contentHash('gone')}\\.txt: ${contentHash('gone')} missing`),
      );
    } finally {
      await directory.remove();
    }
  });

  describe('a prompt that carries its session', () => {
    const messages: Message[] = [user('Fix the "total" check in src/invoice.ts <now> & then run it')];
    for (let step = 0; step < 8; step++) {
      const call = toolCall('bash', { command: `npm test -- ${step}` });
      messages.push(callsTools([call]), toolResult(call, `ok ${step} ${'passing <&> '.repeat(30)}\\n`));
    }
    const options = { toolResultChars: 2000 };
    const request = (from: number, to: number) => ({
      system: 'Compress "this".',
      prompt: composePrompt(
        [conversationBlock(renderMessagesStrung(messages.slice(from, to), options))],
        'Summarize in 300 tokens.',
        undefined,
      ),
    });
    const header = { kind: 'run', run: 'r', sessions: [], jobs: [] } as unknown as RunRecord;

    it('is stored by reference to its rendered messages, named and read back as sent, and the page shows it as a prompt stored whole', async () => {
      const parted = await temporaryDirectory();
      const whole = await temporaryDirectory();
      try {
        const table = messageTable(messages, options);
        const byParts = createContentStore(parted.path);
        const wholly = createContentStore(whole.path);
        const hashes: string[] = [];
        for (const [from, to] of [
          [0, 17],
          [0, 9],
          [9, 17],
        ] as const) {
          const hash = await byParts.putPrompt(request(from, to), table);
          assert.equal(hash, await wholly.putPrompt(request(from, to)), 'the same name stored either way');
          assert.equal(hash, contentHash(JSON.stringify(request(from, to))));
          assert.equal(
            byParts.read('calls', hash),
            JSON.stringify(request(from, to)),
            'read back while the run goes on',
          );
          hashes.push(hash);
        }
        const partedFile = await byParts.finish(header);
        const wholeFile = await wholly.finish(header);
        const page = async (directory: string, store: { pack: string }) =>
          readFile(join(directory, 'records', `${store.pack}.calls.html`), 'utf8');
        const partedPage = await page(parted.path, byParts);
        const wholePage = await page(whole.path, wholly);
        const lines = partedPage.split('\n').filter((line) => line.startsWith('<pre '));
        assert.equal(
          lines.filter((line) => line.includes(' class="messages">')).length,
          1,
          'the messages once',
        );
        assert.equal(lines.filter((line) => line.includes(' class="parts">')).length, 3);
        // The messages once, where the three prompts held them twice over.
        assert.ok(
          partedPage.length < wholePage.length * 0.6,
          `${partedPage.length} against ${wholePage.length} bytes`,
        );
        for (const hash of hashes) {
          assert.equal(
            await readStored(partedFile, 'calls', hash),
            await readStored(wholeFile, 'calls', hash),
          );
          assert.equal(shownAt(partedPage, hash), shownAt(wholePage, hash), 'the page shows it alike');
          assert.match(shownAt(partedPage, hash), /\\n\n/, 'a line break shown after each \\n');
        }
      } finally {
        await parted.remove();
        await whole.remove();
      }
    });

    it('is stored whole when its session has no table (renderings too long to hold)', async () => {
      const directory = await temporaryDirectory();
      try {
        const long = [...messages, user('x'.repeat(MAX_TABLE_CHARS))];
        const store = createContentStore(directory.path);
        const sent = { system: 's', prompt: conversationBlock(renderMessagesStrung(long, options)) };
        const hash = await store.putPrompt(sent, messageTable(long, options));
        assert.equal(hash, contentHash(JSON.stringify(sent)));
        await store.finish(header);
        const page = await readFile(join(directory.path, 'records', `${store.pack}.calls.html`), 'utf8');
        const lines = page.split('\n').filter((line) => line.startsWith('<pre '));
        assert.equal(lines.length, 1);
        assert.ok(lines[0]!.startsWith(`<pre id="${hash}">{`), 'one line, the prompt whole');
      } finally {
        await directory.remove();
      }
    });

    it('is stored whole when it carries none of the messages', async () => {
      const directory = await temporaryDirectory();
      try {
        const store = createContentStore(directory.path);
        const other = { system: 's', prompt: 'No conversation here, only an instruction.' };
        const hash = await store.putPrompt(other, messageTable(messages, options));
        await store.finish(header);
        const page = await readFile(join(directory.path, 'records', `${store.pack}.calls.html`), 'utf8');
        assert.deepEqual(
          page.split('\n').filter((line) => line.startsWith('<pre ')),
          [`<pre id="${hash}">${JSON.stringify(other)}</pre>`],
        );
      } finally {
        await directory.remove();
      }
    });

    describe("when a key variable's value holds a space", () => {
      environmentForTests({ OPENAI_API_KEY: 'a key with spaces in it' });

      it('is stored whole: a part redacted on its own could miss the value across its edge', async () => {
        const directory = await temporaryDirectory();
        try {
          const store = createContentStore(directory.path);
          const hash = await store.putPrompt(request(0, 17), messageTable(messages, options));
          await store.finish(header);
          const page = await readFile(join(directory.path, 'records', `${store.pack}.calls.html`), 'utf8');
          const lines = page.split('\n').filter((line) => line.startsWith('<pre '));
          assert.equal(lines.length, 1);
          assert.ok(lines[0]!.startsWith(`<pre id="${hash}">`));
        } finally {
          await directory.remove();
        }
      });
    });
  });
});
