import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  endsWithRendering,
  renderMessage,
  renderMessages,
  renderMessagesStrung,
  toolCallsLine,
  truncateText,
} from '../src/session/transcript.ts';
import { freezeSession } from '../src/session/freeze.ts';
import type { ToolCallBlock } from '../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from './helpers/factories.ts';

/** A conversation with empty user turns, a non-ASCII character and a tool call with its result. */
function mixedConversation() {
  const call = toolCall('read', { path: 'a.ts' });
  return [
    user(''),
    user('fix ✓ a.ts'),
    callsTools([call]),
    toolResult(call, 'x'.repeat(30)),
    user(''),
    assistant('done'),
  ];
}

describe('transcript renderer', () => {
  it('renders each role with its tag', () => {
    const call = toolCall('read', { path: 'src/a.ts', limit: 20 });
    const thinking = {
      role: 'assistant' as const,
      content: [
        { type: 'thinking' as const, thinking: 'check a.ts' },
        { type: 'text' as const, text: 'Reading it.' },
        call,
      ],
    };
    const text = renderMessages(
      [user('Fix the bug'), thinking, toolResult(call, 'export const a = 1;'), assistant('Done.')],
      {
        toolResultChars: 2000,
      },
    );
    assert.equal(
      text,
      [
        '[User]: Fix the bug',
        '[Assistant thinking]: check a.ts',
        '[Assistant]: Reading it.',
        '[Assistant tool calls]: read(path="src/a.ts", limit=20)',
        '[Tool result]: export const a = 1;',
        '[Assistant]: Done.',
      ].join('\n\n'),
    );
  });

  it('joins several tool calls with semicolons and marks error results', () => {
    const first = toolCall('bash', { command: 'npm test' });
    const second = toolCall('read', { path: 'b.ts' });
    assert.equal(
      renderMessage(callsTools([first, second]), { toolResultChars: 10 }),
      '[Assistant tool calls]: bash(command="npm test"); read(path="b.ts")',
    );
    assert.equal(
      renderMessage(toolResult(first, 'boom', true), { toolResultChars: 10 }),
      '[Tool result (error)]: boom',
    );
  });

  it("renders a frozen message's calls line once, and an unfrozen message's as it is at each rendering", () => {
    let reads = 0;
    const counted = {
      get path() {
        reads++;
        return 'a.ts';
      },
    };
    const frozen = callsTools([toolCall('read', counted)]);
    freezeSession(session([user('go'), frozen]));
    const before = reads;
    for (let rendering = 0; rendering < 3; rendering++)
      assert.equal(
        renderMessage(frozen, { toolResultChars: 10 }),
        '[Assistant tool calls]: read(path="a.ts")',
      );
    assert.equal(reads - before, 1);
    assert.equal(toolCallsLine(assistant('no call')), undefined);
    const open = callsTools([toolCall('read', { path: 'a.ts' })]);
    assert.equal(toolCallsLine(open), '[Assistant tool calls]: read(path="a.ts")');
    (open.content[0] as ToolCallBlock).arguments.path = 'b.ts';
    assert.equal(toolCallsLine(open), '[Assistant tool calls]: read(path="b.ts")');
  });

  it('cuts tool results at --tool-result-chars with a visible marker', () => {
    const call = toolCall('read', { path: 'big.ts' });
    const rendered = renderMessage(toolResult(call, 'x'.repeat(2500)), { toolResultChars: 2000 });
    assert.equal(rendered, `[Tool result]: ${'x'.repeat(2000)}\n[... 500 more characters truncated]`);
    assert.equal(truncateText('short', 10), 'short');
  });

  it('strings a conversation into the text renderMessages joins', () => {
    const messages = mixedConversation();
    for (const options of [{ toolResultChars: 10 }, { toolResultChars: 100 }]) {
      assert.equal(renderMessagesStrung(messages, options), renderMessages(messages, options));
    }
    assert.equal(renderMessagesStrung([], { toolResultChars: 10 }), '');
  });

  it('tells whether a text ends with a conversation, message by message, as endsWith of its rendering does', () => {
    const messages = mixedConversation();
    const options = { toolResultChars: Number.POSITIVE_INFINITY };
    const whole = renderMessages(messages, options);
    const texts = [
      whole,
      `\n\n${whole}`,
      `summary\n\n${whole}`,
      whole.slice(1),
      whole.slice(0, -1),
      `${whole}\n`,
      whole.replace('✓', 'v'),
      whole.replace('\n\n', '\n \n'),
      whole.replace('\n\n', '\n\n\n'),
      renderMessages(messages.slice(1, -1), options),
      '',
    ];
    for (const text of texts) {
      assert.equal(endsWithRendering(text, messages, options), text.endsWith(whole), JSON.stringify(text));
      for (const end of [1, 2, 3, 4])
        assert.equal(
          endsWithRendering(text, messages.slice(0, end), options),
          text.endsWith(renderMessages(messages.slice(0, end), options)),
        );
    }
    assert.equal(endsWithRendering('', [], options), true);
    // A message that renders to nothing (an assistant turn without blocks) leaves no trace to compare.
    const empty = { role: 'assistant' as const, content: [] };
    assert.equal(renderMessages([empty], options), '');
    assert.equal(endsWithRendering('anything', [empty], options), true);
    assert.equal(endsWithRendering(`x${whole}`, [...messages, empty], options), true);
  });

  it('does not cut user or assistant text', () => {
    const long = 'y'.repeat(5000);
    assert.equal(renderMessage(user(long), { toolResultChars: 10 }), `[User]: ${long}`);
  });

  it('renders image blocks as placeholders', () => {
    const message = {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'see' },
        { type: 'image' as const, mimeType: 'image/png' },
      ],
    };
    assert.equal(renderMessage(message, { toolResultChars: 10 }), '[User]: see\n[image: image/png]');
  });
});
