import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { findSecret } from '../../src/providers/secrets.ts';
import { loadSession } from '../../src/session/load.ts';
import { maskSessionKeys } from '../../src/session/mask-keys.ts';
import type { Message } from '../../src/session/types.ts';
import { maskKeyShapes } from '../../src/text/key-shapes.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { sampleText, writeTemporary } from './samples.ts';

const ANTHROPIC = 'sk-ant-api03-FAKEKEYFAKEKEYFAKEKEYFAKE';
const OPENAI = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';

describe('masking key-shaped strings', () => {
  it('masks each key shape to its prefix and counts them, leaving placeholders and words alone', () => {
    const text = `export ANTHROPIC_API_KEY=${ANTHROPIC} and OPENAI_API_KEY=${OPENAI}; not sk-learn, not sk-test-123`;
    const { text: masked, masked: count } = maskKeyShapes(text);
    assert.equal(count, 2);
    assert.equal(
      masked,
      'export ANTHROPIC_API_KEY=sk-ant-*** and OPENAI_API_KEY=sk-proj-***; not sk-learn, not sk-test-123',
    );
    assert.equal(findSecret(masked, {}), undefined, 'nothing the write guard refuses is left');
  });

  it('returns the same string when there is nothing to mask', () => {
    const text = 'use scikit-learn (sk-learn) here';
    assert.equal(maskKeyShapes(text).text, text);
    assert.equal(maskKeyShapes(text).masked, 0);
  });

  it('masks text, thinking, tool arguments at any depth, tool results and recorded summaries; copies nothing else', () => {
    const untouched: Message = { role: 'user', content: 'Rotate the key.' };
    const messages: Message[] = [
      untouched,
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: `the key ${ANTHROPIC} leaked` },
          {
            type: 'toolCall',
            id: 'call_1',
            name: 'bash',
            arguments: { command: 'gitleaks detect', env: [{ value: OPENAI }], depth: 2 },
          },
        ],
      },
      {
        role: 'toolResult',
        toolCallId: 'call_1',
        toolName: 'bash',
        isError: true,
        content: [{ type: 'text', text: `leak found: ${ANTHROPIC}` }],
      },
    ];
    const result = maskSessionKeys(messages, [{ summary: `keys: ${OPENAI}`, messageIndex: 3 }]);
    assert.equal(result.masked, 4);
    assert.equal(result.messages[0], untouched, 'a message without a key is the same object');
    const serialized = JSON.stringify(result);
    assert.ok(!serialized.includes(ANTHROPIC) && !serialized.includes(OPENAI));
    assert.match(serialized, /"value":"sk-proj-\*\*\*"/);
    assert.equal(result.compactions[0]!.summary, 'keys: sk-proj-***');
    assert.ok(JSON.stringify(messages).includes(ANTHROPIC), 'the input is not changed');
    const clean = maskSessionKeys([untouched], []);
    assert.equal(clean.messages[0], untouched);
    assert.equal(clean.masked, 0);
  });

  it('loads a transcript with keys masked and says how many', async () => {
    const lines = (await sampleText('pi-v1.jsonl')).split('\n');
    lines[7] = lines[7]!.replace(
      'Invalid months must throw.',
      `Invalid months must throw. My key is ${ANTHROPIC}`,
    );
    const file = await writeTemporary('with-key.jsonl', lines.join('\n'));
    const session = await loadSession(file);
    assert.equal(session.stats.maskedKeys, 1);
    const said = session.messages
      .filter((message) => typeof message.content === 'string')
      .map((message) => message.content);
    assert.ok(said.includes('Invalid months must throw. My key is sk-ant-***'), String(said));
    const plain = await loadSession(await writeTemporary('plain.jsonl', await sampleText('pi-v1.jsonl')));
    assert.equal(plain.stats.maskedKeys, undefined);
  });

  it('compare writes every report of a session holding a key, without the key, and says it masked it', async () => {
    const directory = await temporaryDirectory('mask-keys-');
    try {
      const lines = (await sampleText('pi-v1.jsonl')).split('\n');
      lines[1] = lines[1]!.replace(
        'Fix the failing date parser',
        `Use ${ANTHROPIC} and fix the failing date parser`,
      );
      const file = join(directory.path, 'with-key.jsonl');
      await (await import('node:fs/promises')).writeFile(file, lines.join('\n'));
      const out = join(directory.path, 'out');
      const result = await runCli(['compare', file, '-s', 'truncate,single-shot', '-o', out, '--quiet'], {
        cwd: directory.path,
      });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stderr, /with-key\.jsonl: masked 1 key-shaped string \(sk-…\) as it was loaded/);
      const page = await readFile(join(out, 'with-key-report.html'), 'utf8');
      assert.ok(!page.includes(ANTHROPIC));
      const results = await readFile(join(out, 'with-key-results.json'), 'utf8');
      assert.ok(!results.includes(ANTHROPIC));
    } finally {
      await directory.remove();
    }
  });
});
