import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseToolCalls, splitConversation } from '../../src/extractive/conversation.ts';
import { errorLines } from '../../src/session/error-lines.ts';
import { readRequest } from '../../src/extractive/request.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, callsTools, context, toolCall, toolResult, user } from '../helpers/factories.ts';

describe('extractive: reading the rendered conversation', () => {
  it('splits blocks only at role tags after a blank line, keeping multi-line text whole', () => {
    const call = toolCall('bash', { command: 'npm test' });
    const rendered = renderMessages(
      [
        user('First line.\n\n[User]: quoted, not a new block\nlast line'),
        callsTools([call], 'Running the tests.'),
        toolResult(call, 'FAIL src/a.test.ts', true),
      ],
      { toolResultChars: 2000 },
    );
    assert.deepEqual(splitConversation(`\n${rendered}\n`), [
      { role: 'user', text: 'First line.' },
      { role: 'user', text: 'quoted, not a new block\nlast line' },
      { role: 'assistant', text: 'Running the tests.' },
      { role: 'tool-calls', text: 'bash(command="npm test")' },
      { role: 'tool-error', text: 'FAIL src/a.test.ts\n' },
    ]);
  });

  it('reads injected context as its own role, whatever its kind; other tags take no detail', () => {
    const rendered = renderMessages(
      [context('instructions', 'Use pnpm.'), user('Add a flag.\n\n[User: quoted]: still the same block')],
      { toolResultChars: 2000 },
    );
    assert.deepEqual(splitConversation(rendered), [
      { role: 'context', text: 'Use pnpm.' },
      { role: 'user', text: 'Add a flag.\n\n[User: quoted]: still the same block' },
    ]);
  });

  it('finds a conversation rendered straight into a prompt from its first block, context included', () => {
    const rendered = renderMessages([context('environment', '<cwd>/w</cwd>'), user('Go.')], {
      toolResultChars: 2000,
    });
    const request = readRequest('', `Summarize this:\n${rendered}`);
    assert.equal(request.conversation, rendered);
  });

  it('reads tool calls back with their JSON arguments, separators inside strings included', () => {
    const calls = [
      toolCall('edit', { path: 'src/a.ts', oldText: 'a; b(c)', newText: 'x=1, y=2' }),
      toolCall('bash', { command: 'echo "; done"' }),
      toolCall('todo', { items: [{ id: 1, done: false }], limit: 3, verbose: true }),
    ];
    const rendered = renderMessages([callsTools(calls)], { toolResultChars: 2000 });
    const [block] = splitConversation(rendered);
    assert.deepEqual(
      parseToolCalls(block!.text),
      calls.map((call) => ({ ...call, id: '' })),
    );
  });

  it('keeps what it could read of a call cut short', () => {
    assert.deepEqual(
      parseToolCalls('read(path="src/a.ts", offset=10); write(path="src/b.ts", content="unterminated'),
      [
        { type: 'toolCall', id: '', name: 'read', arguments: { path: 'src/a.ts', offset: 10 } },
        { type: 'toolCall', id: '', name: 'write', arguments: { path: 'src/b.ts' } },
      ],
    );
  });
});

describe('extractive: reading the request', () => {
  it('takes the tagged blocks apart and prescribed headings only from outside them', () => {
    const request = readRequest(
      'system',
      [
        '<previous-summary>\n## Old Heading\n- kept\n</previous-summary>',
        `<conversation>\n${renderMessages([user('## Not a section'), assistant('ok')], { toolResultChars: 10 })}\n</conversation>`,
        'Update it in this format:\n\n## Goal\n[goal]\n\n## Progress\n### Done\n- [x] [done]\n\n## Next Steps\n1. [next]',
        '<instructions>\nFocus: the retry logic and timeouts\n</instructions>',
      ].join('\n\n'),
    );
    assert.equal(request.previousSummary, '## Old Heading\n- kept');
    assert.match(request.conversation, /^\n\[User\]: ## Not a section/);
    assert.deepEqual(request.headings, [
      { level: 2, title: 'Goal', bullet: 'dash' },
      { level: 2, title: 'Progress', bullet: 'dash' },
      { level: 3, title: 'Done', bullet: 'checked' },
      { level: 2, title: 'Next Steps', bullet: 'number' },
    ]);
    assert.deepEqual(request.focusWords, ['retry', 'logic', 'timeouts']);
  });

  it('merges summaries with no conversation beside them, and uses them as context beside one', () => {
    const summaries =
      '<summaries>\n<summary index="1">\nA\n</summary>\n<summary index="2">\nB\n</summary>\n</summaries>';
    const stitch = readRequest('', `${summaries}\n\nMerge them into one handoff summary.`);
    assert.deepEqual(stitch.summaries, ['A', 'B']);
    assert.equal(stitch.summariesUse, 'merge');
    const accumulated = readRequest(
      '',
      `${summaries}\n\nThe summaries above are for context only.\n\n<conversation>\n[User]: hi there\n</conversation>\n\nDo not repeat what the earlier summaries already say.`,
    );
    assert.equal(accumulated.summariesUse, 'context');
  });
});

describe('extractive: error lines', () => {
  it('prefers the compiler message over the exit code', () => {
    assert.deepEqual(
      errorLines("src/a.ts(3,1): error TS2304: Cannot find name 'sleep'.\n\nCommand exited with code 2"),
      ["src/a.ts(3,1): error TS2304: Cannot find name 'sleep'."],
    );
  });

  it('names the failing test with its first message', () => {
    const output = [
      ' ❯ test/payments.test.ts (5 tests | 1 failed) 35ms',
      '   × handlePaymentEvent > applies a status change',
      '     → expected 400 to be 200 // Object.is equality',
      'AssertionError: expected 400 to be 200 // Object.is equality',
    ].join('\n');
    assert.deepEqual(errorLines(output), [
      '× handlePaymentEvent > applies a status change',
      'expected 400 to be 200 // Object.is equality',
    ]);
  });

  it('cuts the message out of a long JSON log line', () => {
    const line = `2024-05-09T07:42:23.540Z ERROR api-7c9d {"level":50,"msg":"unhandled error","path":"/events/payments","err":{"type":"TypeError","message":"Cannot read properties of undefined (reading 'status')","stack":"TypeError: Cannot read properties of undefined (reading 'status')\\n    at handle (src/a.ts:1:1)"}}`;
    assert.deepEqual(errorLines(line), ["TypeError: Cannot read properties of undefined (reading 'status')"]);
  });

  it('in pasted prose keeps only lines that start like an error', () => {
    assert.deepEqual(
      errorLines(
        'ledger-sync rejects invoices with ERR_TOTAL_MISMATCH since Monday.\nError: ENOENT: no such file',
        {
          pasted: true,
        },
      ),
      ['Error: ENOENT: no such file'],
    );
  });
});
