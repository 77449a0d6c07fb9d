import assert from 'node:assert/strict';
import { rename, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { IMPORTER_LIST, IMPORTERS } from '../../src/session/importers/index.ts';
import { detectImporter, loadSession } from '../../src/session/load.ts';
import { jsonLines, samplePath, sampleText, writeTemporary } from './samples.ts';

const SAMPLES: Array<[string, string]> = [
  ['pi-v1.jsonl', 'pi'],
  ['pi-v2.jsonl', 'pi'],
  ['pi-v3-branches.jsonl', 'pi'],
  ['claude-code.jsonl', 'claude-code'],
  ['claude-code-compaction.jsonl', 'claude-code'],
  ['claude-code-branch.jsonl', 'claude-code'],
  ['claude-code-subagent.jsonl', 'claude-code'],
  ['codex.jsonl', 'codex'],
  ['codex-legacy.jsonl', 'codex'],
  ['gemini-cli-session.json', 'gemini-cli'],
  ['gemini-cli-session.jsonl', 'gemini-cli'],
  ['gemini-cli-checkpoint.json', 'gemini-cli'],
  ['opencode-export.json', 'opencode'],
  ['opencode-storage/storage/session/b7e1c0ffee/ses_3f1a2b4c5d6eFgHiJkLmNoPqRs.json', 'opencode'],
  ['aider.chat.history.md', 'aider'],
  ['mini-swe-agent.traj.json', 'mini-swe-agent'],
  ['mini-swe-agent-toolcall.traj.json', 'mini-swe-agent'],
  ['openai-messages.json', 'openai-messages'],
  ['openai-messages-array.json', 'openai-messages'],
  ['anthropic-messages.json', 'anthropic-messages'],
];

describe('format detection', () => {
  for (const [sample, format] of SAMPLES) {
    it(`detects ${sample} as ${format}`, async () => {
      assert.equal((await detectImporter(samplePath(sample))).format, format);
    });
  }

  it('decides from the content, never from the file name', async () => {
    const misnamed = await writeTemporary(
      'rollout-2025-10-20T09-00-00-abc.json',
      await sampleText('claude-code.jsonl'),
    );
    assert.equal((await detectImporter(misnamed)).format, 'claude-code');
    const noExtension = await writeTemporary('transcript', await sampleText('anthropic-messages.json'));
    assert.equal((await detectImporter(noExtension)).format, 'anthropic-messages');
  });

  it('detects a file again once it changed in place or was replaced', async () => {
    const file = await writeTemporary('changing.jsonl', await sampleText('claude-code.jsonl'));
    assert.equal((await detectImporter(file)).format, 'claude-code');
    // Another format written in place (same path, same inode): the size and times tell it changed.
    await writeFile(file, await sampleText('codex.jsonl'));
    assert.equal((await detectImporter(file)).format, 'codex');
    assert.equal((await detectImporter(file)).format, 'codex');
    // Replaced by another file (a new inode) through a rename, as editors and atomic writers do.
    const replacement = `${file}.new`;
    await writeFile(replacement, await sampleText('pi-v2.jsonl'));
    await rename(replacement, file);
    assert.equal((await detectImporter(file)).format, 'pi');
  });

  it('detects a Claude Code headless run that starts with queue-operation records', async () => {
    const headless = (await sampleText('claude-code.jsonl')).split('\n').slice(0, 2).join('\n');
    assert.equal(
      (await detectImporter(await writeTemporary('headless.jsonl', headless))).format,
      'claude-code',
    );
  });

  it('fails with exit 2 listing the formats tried when nothing matches', async () => {
    const file = await writeTemporary('other.jsonl', jsonLines({ hello: 'world' }, { hello: 'again' }));
    await assert.rejects(detectImporter(file), (error: unknown) => {
      assert.ok(error instanceof InputError);
      assert.equal(error.exitCode, 2);
      assert.match(error.message, /matches no supported format/);
      for (const importer of IMPORTER_LIST) assert.ok(error.message.includes(importer.description));
      return true;
    });
  });

  it('reads one file of each format through the reader its detection imports, with its file operations', async () => {
    const read: Array<[string, string, number, number]> = [];
    for (const sample of [
      'pi-v3-branches.jsonl',
      'claude-code.jsonl',
      'codex.jsonl',
      'gemini-cli-session.json',
      'opencode-export.json',
      'aider.chat.history.md',
      'mini-swe-agent.traj.json',
      'anthropic-messages.json',
      'openai-messages.json',
    ]) {
      const session = await loadSession(samplePath(sample));
      read.push([sample, session.format, session.messages.length, session.fileOperations.length]);
    }
    assert.deepEqual(read, [
      ['pi-v3-branches.jsonl', 'pi', 9, 2],
      ['claude-code.jsonl', 'claude-code', 21, 4],
      ['codex.jsonl', 'codex', 17, 6],
      ['gemini-cli-session.json', 'gemini-cli', 10, 4],
      ['opencode-export.json', 'opencode', 12, 5],
      ['aider.chat.history.md', 'aider', 15, 7],
      ['mini-swe-agent.traj.json', 'mini-swe-agent', 19, 3],
      ['anthropic-messages.json', 'anthropic-messages', 11, 4],
      ['openai-messages.json', 'openai-messages', 10, 5],
    ]);
  });

  describe('--format', () => {
    it('overrides detection: plain messages read as Anthropic when asked', async () => {
      const file = await writeTemporary(
        'plain.json',
        JSON.stringify([
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ]),
      );
      assert.equal((await loadSession(file)).format, 'openai-messages');
      const forced = await loadSession(file, { format: 'anthropic-messages' });
      assert.equal(forced.format, 'anthropic-messages');
      assert.equal(forced.messages.length, 2);
    });

    it('reads with the forced importer, so a wrong choice fails on the first line', async () => {
      await assert.rejects(loadSession(samplePath('codex.jsonl'), { format: 'pi' }), (error: unknown) => {
        assert.ok(error instanceof InputError);
        assert.match(error.message, /codex\.jsonl:1: type: /);
        return true;
      });
    });

    it('rejects an unknown format, listing the available ones', async () => {
      await assert.rejects(loadSession(samplePath('pi-v1.jsonl'), { format: 'gemini' }), (error: unknown) => {
        assert.ok(error instanceof InputError);
        assert.match(
          error.message,
          /unknown format 'gemini'.*pi, claude-code, codex, gemini-cli, opencode, aider, mini-swe-agent, anthropic-messages, openai-messages/,
        );
        return true;
      });
    });
  });

  describe('registry', () => {
    it('lists every format once, under its own name, with a description', () => {
      for (const [key, importer] of Object.entries(IMPORTERS)) {
        assert.equal(importer.format, key);
        assert.ok(importer.description.length > 10);
      }
      assert.deepEqual(
        new Set(SAMPLES.map(([, format]) => format)),
        new Set(Object.keys(IMPORTERS)),
        'every format has a sample',
      );
    });
  });
});

describe('detection of a messages array whose first message is larger than what detection reads', () => {
  const huge = 'x'.repeat(10 * 1024 * 1024);

  it('reads an OpenAI array by the structure of its first message, without parsing it whole', async () => {
    const file = await writeTemporary(
      'huge-openai.json',
      JSON.stringify([
        { role: 'user', content: `Summarize this log:\n${huge}` },
        { role: 'assistant', content: 'It is one line repeated.' },
      ]),
    );
    // Before: "matches no supported format" (the first message did not fit in the first 256 KB).
    assert.equal((await detectImporter(file)).format, 'openai-messages');
    const session = await loadSession(file);
    assert.equal(session.messages.length, 2);
  });

  it('reads an Anthropic array whose first message is a 10 MB image by its block types', async () => {
    const file = await writeTemporary(
      'huge-anthropic.json',
      JSON.stringify({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: huge } },
              { type: 'text', text: 'What is on this screenshot?' },
            ],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'A login form.' }] },
        ],
      }),
    );
    assert.equal((await detectImporter(file)).format, 'anthropic-messages');
  });
});
