import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listMessages } from '../src/inspect/messages.ts';
import { renderMessageList } from '../src/report/inspect-messages.ts';
import { loadSession } from '../src/session/load.ts';
import { assistant, callsTools, context, session, toolCall, toolResult, user } from './helpers/factories.ts';
import { samplePath } from './session/samples.ts';

const lines = async (sample: string) =>
  listMessages(await loadSession(samplePath(sample))).map((entry) => [entry.role, entry.line]);

describe('inspect --messages', () => {
  it('lists index, role, tool calls, the call a result answers and the start of the text', () => {
    const read = toolCall('read', { path: 'a.ts' }, 'call_read');
    const entries = listMessages(
      session([
        user('Fix a.ts\n\nplease'),
        callsTools([read], 'Reading it first.'),
        toolResult(read, 'export const a = 1;'),
        assistant('x'.repeat(200)),
      ]),
    );
    assert.deepEqual(entries[0], {
      index: 0,
      role: 'user',
      context: null,
      line: 1,
      toolCalls: [],
      toolCallId: null,
      text: 'Fix a.ts please',
    });
    assert.deepEqual(entries[1]?.toolCalls, [{ id: 'call_read', name: 'read' }]);
    assert.equal(entries[2]?.toolCallId, 'call_read');
    assert.equal(entries[3]?.text.length, 80);
    assert.deepEqual(renderMessageList(entries).split('\n').slice(0, 3), [
      '0  user        line 1  Fix a.ts please',
      '1  assistant   line 2  [read call_read] Reading it first.',
      '2  toolResult  line 3  [result of call_read] export const a = 1;',
    ]);
  });

  it('shows injected context as such, with its kind', () => {
    const [entry] = listMessages(session([context('environment', '<cwd>/w</cwd>'), user('Go.')]));
    assert.equal(entry?.role, 'context');
    assert.equal(entry?.context, 'environment');
    assert.equal(
      renderMessageList(listMessages(session([context('environment', 'x'), user('Go.')]))),
      '0  context: environment  line 1  x\n1  user                  line 2  Go.',
    );
  });

  it('gives each message the line of the file it came from', async () => {
    // pi v1: the header is line 1; the bashExecution on line 7 is a user message; compaction line 9 is none.
    assert.deepEqual(await lines('pi-v1.jsonl'), [
      ['user', 2],
      ['assistant', 3],
      ['toolResult', 4],
      ['user', 7],
      ['user', 8],
      ['assistant', 10],
      ['toolResult', 11],
      ['assistant', 12],
    ]);
    // Claude Code: a turn written over four lines is the line it starts on; line 8 is a progress record.
    assert.deepEqual((await lines('claude-code.jsonl')).slice(0, 4), [
      ['user', 3],
      ['assistant', 4],
      ['toolResult', 9],
      ['toolResult', 10],
    ]);
  });

  it('uses the position in the array for a JSON document, one position for a tool result and its text', async () => {
    assert.deepEqual((await lines('anthropic-messages.json')).slice(0, 5), [
      ['user', 1],
      ['assistant', 2],
      ['toolResult', 3],
      ['assistant', 4],
      ['toolResult', 5],
    ]);
  });
});
