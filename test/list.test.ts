import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listAvailable } from '../src/inspect/list.ts';
import { renderList } from '../src/report/list.ts';
import { IMPORTERS } from '../src/session/importers/index.ts';

describe('list', () => {
  it('names every transcript format, with what it reads, in detection order', async () => {
    const result = await listAvailable({ tokenizer: 'heuristic' });
    assert.deepEqual(
      result.formats.map((entry) => entry.format),
      [
        'pi',
        'claude-code',
        'codex',
        'gemini-cli',
        'opencode',
        'aider',
        'mini-swe-agent',
        'anthropic-messages',
        'openai-messages',
      ],
    );
    assert.deepEqual(Object.keys(IMPORTERS).sort(), result.formats.map((entry) => entry.format).sort());
    const text = renderList(result);
    assert.match(text, /Transcript formats \(detected from the content; --format <name> forces one\)/);
    for (const entry of result.formats) {
      assert.ok(text.includes(entry.format), entry.format);
    }
    assert.match(text, /\.aider\.chat\.history\.md/);
  });
});
