import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { loadSession } from '../../src/session/load.ts';
import { sampleText, writeTemporary } from './samples.ts';

/** A sample with one line replaced (1-based), keeping every other line where it was. */
async function withLine(sample: string, line: number, replacement: string): Promise<string> {
  const lines = (await sampleText(sample)).split('\n');
  lines[line - 1] = replacement;
  return writeTemporary(sample, lines.join('\n'));
}

async function rejectsAt(file: string, pattern: RegExp): Promise<void> {
  await assert.rejects(loadSession(file), (error: unknown) => {
    assert.ok(error instanceof InputError, 'a bad line is bad input');
    assert.equal(error.exitCode, 2);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('invalid lines', () => {
  describe('pi', () => {
    it('fails on the first bad line with file:line: reason', async () => {
      const file = await withLine('pi-v1.jsonl', 4, '{"type":"message","message":{"role":"toolResult"');
      await rejectsAt(file, /pi-v1\.jsonl:4: not valid JSON/);
    });

    it('names the field that is wrong', async () => {
      const file = await withLine(
        'pi-v1.jsonl',
        3,
        '{"type":"message","message":{"role":"assistant","content":[{"type":"toolCall","name":"read","arguments":{}}]}}',
      );
      await rejectsAt(file, /pi-v1\.jsonl:3: message\.content\.0\.id: /);
    });

    it('skips bad lines with --skip-invalid and reports how many and where', async () => {
      const file = await withLine('pi-v1.jsonl', 4, 'not json at all');
      const session = await loadSession(file, { skipInvalid: true });
      assert.equal(session.messages.length, 7);
      assert.equal(session.stats.skipped.length, 1);
      assert.equal(session.stats.skipped[0]?.line, 4);
      assert.match(session.stats.skipped[0]?.reason ?? '', /not valid JSON/);
    });
  });

  describe('Claude Code', () => {
    it('names a tool_use block without an id', async () => {
      const lines = (await sampleText('claude-code-compaction.jsonl')).split('\n');
      const file = await withLine(
        'claude-code-compaction.jsonl',
        2,
        (lines[1] ?? '').replace('"id":"toolu_1",', ''),
      );
      await rejectsAt(file, /claude-code-compaction\.jsonl:2: message\.content\.0\.id: /);
    });

    it('skips the bad line with --skip-invalid', async () => {
      const file = await withLine('claude-code-branch.jsonl', 4, '{"type":"assistant","uuid":"b04"');
      const session = await loadSession(file, { skipInvalid: true });
      assert.deepEqual(
        session.stats.skipped.map((skip) => skip.line),
        [4],
      );
      assert.equal(session.messages.length, 4);
    });
  });

  describe('Codex', () => {
    it('names the payload field that is wrong', async () => {
      const file = await withLine(
        'codex.jsonl',
        9,
        '{"timestamp":"2025-10-20T09:00:03.200Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}"}}',
      );
      await rejectsAt(file, /codex\.jsonl:9: payload\.call_id: /);
    });

    it('skips the bad line with --skip-invalid', async () => {
      const file = await withLine('codex-legacy.jsonl', 6, '{"type":"reasoning","summary":[{"text":');
      const session = await loadSession(file, { skipInvalid: true });
      assert.deepEqual(
        session.stats.skipped.map((skip) => skip.line),
        [6],
      );
    });
  });

  describe('messages documents', () => {
    it('reports a field name that is not a valid JSON string as bad input, not a crash', async () => {
      const file = await writeTemporary('bad-key.json', '{"mess\\xages": []}');
      await assert.rejects(loadSession(file, { format: 'openai-messages' }), (error: unknown) => {
        assert.ok(error instanceof InputError);
        assert.match(error.message, /bad-key\.json:1: a field name is not a valid JSON string/);
        return true;
      });
    });

    it('reports the line where the bad message starts and the path inside it', async () => {
      const text = (await sampleText('openai-messages.json')).replace('"tool_call_id": "call_b", ', '');
      await rejectsAt(
        await writeTemporary('openai.json', text),
        /openai\.json:16: messages\.4\.tool_call_id: /,
      );
    });

    it('skips the bad message with --skip-invalid', async () => {
      const text = (await sampleText('openai-messages.json')).replace('"tool_call_id": "call_b", ', '');
      const session = await loadSession(await writeTemporary('openai.json', text), { skipInvalid: true });
      assert.deepEqual(
        session.stats.skipped.map((skip) => skip.line),
        [16],
      );
      assert.equal(session.messages.length, 9);
    });

    it('names an Anthropic block that is wrong', async () => {
      const text = (await sampleText('anthropic-messages.json')).replace('"name": "bash", ', '');
      await rejectsAt(
        await writeTemporary('anthropic.json', text),
        /anthropic\.json:\d+: messages\.3\.content\.1\.name: /,
      );
    });

    it('fails on a broken document even with --skip-invalid: the structure cannot be recovered', async () => {
      const text = (await sampleText('anthropic-messages.json')).trimEnd().slice(0, -1);
      const file = await writeTemporary('anthropic.json', text);
      await assert.rejects(
        loadSession(file, { skipInvalid: true }),
        /anthropic\.json:\d+: unexpected end of file/,
      );
    });
  });
});
