import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentHash } from '../../src/results/record.ts';
import {
  MAX_TABLE_CHARS,
  type MessageTable,
  messageTable,
  storedTablePieces,
} from '../../src/results/message-table.ts';
import {
  assembledPrompt,
  promptParts,
  promptPartsHash,
  storedPromptPieces,
} from '../../src/results/prompt-parts.ts';
import { joinedPieces, jsonPieces } from '../../src/results/text-pieces.ts';
import { renderMessage, renderMessagesStrung } from '../../src/session/transcript.ts';
import { composePrompt, conversationBlock, previousSummaryBlock } from '../../src/strategies/prompts.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, toolCall, toolResult, user } from '../helpers/factories.ts';

const OPTIONS = { toolResultChars: 2000 };

/** The table of messages that have one. */
function tableOf(messages: readonly Message[], options = OPTIONS): MessageTable {
  const table = messageTable(messages, options);
  assert.ok(table, 'a table');
  return table;
}
const SYSTEM = 'You compress the history of a "coding-agent" session.';

/** A session of `count` work steps, each a request, a tool call, its (long) result and a reply. */
function workMessages(count: number): Message[] {
  const messages: Message[] = [user('Fix the failing test in src/invoice.ts — it says "total ≠ sum" 😀')];
  for (let step = 0; step < count; step++) {
    const call = toolCall('bash', { command: `npm test -- --grep "step ${step}"` });
    messages.push(callsTools([call], `Running step ${step}.`));
    messages.push(toolResult(call, `line\\n ${step}: ${'output <&> "quoted" '.repeat(12 + (step % 5))}`));
    messages.push(assistant(`Step ${step} done; next is ${step + 1}.`));
  }
  return messages;
}

/** A summary call's prompt over `messages`, as the strategies compose it. */
function promptOver(messages: readonly Message[], previous?: string): string {
  const blocks = [conversationBlock(renderMessagesStrung(messages, OPTIONS))];
  if (previous) blocks.push(previousSummaryBlock(previous));
  return composePrompt(blocks, 'Summarize the conversation in at most 500 tokens.', undefined);
}

/** The prompt's stored form and its table, read back as a reader of the pack does. */
function readBack(system: string, prompt: string, messages: readonly Message[]): string | undefined {
  const table = tableOf(messages);
  const parts = promptParts(prompt, table);
  const stored = joinedPieces(storedPromptPieces(system, parts, table));
  const tableText = joinedPieces(storedTablePieces(table));
  return assembledPrompt(stored, (hash) => (hash === table.hash ? tableText : undefined));
}

describe('prompts stored by parts', () => {
  it("store a slice's conversation as one run of the session's renderings and the rest as text", () => {
    const messages = workMessages(12);
    const prompt = promptOver(messages.slice(5, 30), 'The earlier summary.');
    const parts = promptParts(prompt, tableOf(messages));
    assert.deepEqual(
      parts.map((part) => (typeof part === 'string' ? 'text' : part)),
      ['text', [5, 30], 'text'],
    );
    assert.equal(parts[0], '<conversation>\n');
    assert.match(parts[2] as string, /^\n<\/conversation>\n\n<previous-summary>\nThe earlier summary\./);
  });

  it('put together again, are the prompt as sent, and hash as its whole JSON text does', () => {
    const messages = workMessages(20);
    for (const prompt of [
      promptOver(messages),
      promptOver(messages.slice(0, 1)),
      promptOver(messages.slice(40), 'Earlier: [User]: a quoted block'),
      `${promptOver(messages.slice(3, 9))}\n\n${promptOver(messages.slice(9, 20))}`,
      'No conversation at all.',
    ]) {
      const table = tableOf(messages);
      const parts = promptParts(prompt, table);
      const whole = JSON.stringify({ system: SYSTEM, prompt });
      assert.equal(readBack(SYSTEM, prompt, messages), whole);
      assert.equal(
        promptPartsHash(SYSTEM, parts, table),
        contentHash(jsonPieces({ system: SYSTEM, prompt })),
      );
      assert.equal(promptPartsHash(SYSTEM, parts, table), contentHash(whole));
    }
  });

  it("leave as text what is not the session's rendering byte for byte: a cut message, another cut of tool results", () => {
    const messages = workMessages(10);
    const table = tableOf(messages);
    const otherCut = conversationBlock(renderMessagesStrung(messages, { toolResultChars: 40 }));
    const parts = promptParts(composePrompt([otherCut], 'Summarize.', undefined), table);
    const referred = parts.flatMap((part) => (typeof part === 'string' ? [] : [part]));
    for (const [from, to] of referred)
      for (let index = from; index < to; index++)
        assert.ok(
          !renderMessage(messages[index]!, OPTIONS).startsWith('[Tool result]'),
          'no cut tool result',
        );
    const truncated = renderMessagesStrung(messages.slice(0, 8), OPTIONS).slice(0, -5);
    const cutParts = promptParts(`<conversation>\n${truncated}\n</conversation>`, table);
    const last = cutParts.flatMap((part) => (typeof part === 'string' ? [] : [part])).at(-1)!;
    assert.ok(last[1] <= 7, `the last message, cut, stays text (run ends at ${last[1]})`);
    assert.equal(
      readBack(SYSTEM, `<conversation>\n${truncated}\n</conversation>`, messages),
      JSON.stringify({ system: SYSTEM, prompt: `<conversation>\n${truncated}\n</conversation>` }),
    );
  });

  it('end a run only at a line break, so that no text on one line is split between a run and text', () => {
    const messages = workMessages(6);
    const rendered = renderMessagesStrung(messages.slice(0, 10), OPTIONS);
    const prompt = `<conversation>\n${rendered}?token=abc</conversation>`;
    const parts = promptParts(prompt, tableOf(messages));
    const [, run, rest] = parts;
    assert.deepEqual(run, [0, 9], 'the last rendering, its line going on, is left out of the run');
    assert.ok(
      (rest as string).startsWith('\n\n[Assistant]: Step 2 done'),
      'and stays text with the rest of its line',
    );
  });

  it('pick, among renderings that start alike, the one the next rendering follows', () => {
    const call = toolCall('bash', { command: 'npm test' }, 'same');
    const repeated = (reply: string): Message[] => [
      callsTools([call]),
      toolResult(call, `FAIL ${'x'.repeat(300)}`),
      assistant(reply),
    ];
    const messages = [...repeated('First try.'), ...repeated('Second try, same output.')];
    const prompt = promptOver(messages.slice(3));
    assert.deepEqual(promptParts(prompt, tableOf(messages))[1], [3, 6]);
  });

  it("redact each rendering and each text on its own, a key at a line's start included", () => {
    const key = `sk-proj-${'Ab1'.repeat(10)}`;
    const messages = [
      user(`Use this:\n${key}\nplease. ${'padding '.repeat(40)}`),
      assistant(`Noted ${'x'.repeat(300)}`),
    ];
    const prompt = `${promptOver(messages)}\n${key} in the instruction`;
    const table = tableOf(messages);
    const parts = promptParts(prompt, table);
    const stored = joinedPieces(storedPromptPieces(SYSTEM, parts, table));
    const tableText = joinedPieces(storedTablePieces(table));
    assert.ok(!stored.includes('Ab1Ab1') && !tableText.includes('Ab1Ab1'), 'no key in what is stored');
    const read = JSON.parse(assembledPrompt(stored, () => tableText)!) as { prompt: string };
    assert.equal(read.prompt.split('***').length - 1, 2, 'both keys stored as ***');
    assert.equal(read.prompt.replaceAll('***', key), prompt, 'nothing else changed');
    assert.equal(
      promptPartsHash(SYSTEM, parts, table),
      contentHash(JSON.stringify({ system: SYSTEM, prompt })),
      'named by what was sent',
    );
  });

  it('name the table by its JSON text, the same for the same messages, and make it once per messages', () => {
    const messages = workMessages(3);
    const table = tableOf(messages);
    assert.equal(messageTable(messages, OPTIONS), table, 'made once');
    const expected = JSON.stringify(
      messages.map((message) => renderMessage(message, OPTIONS)).filter(Boolean),
    );
    assert.equal(joinedPieces(storedTablePieces(table)), expected);
    assert.equal(table.hash, contentHash(expected));
    assert.equal(tableOf([...messages]).hash, table.hash, 'the same renderings, the same name');
    assert.notEqual(tableOf(messages, { toolResultChars: 10 }).hash, table.hash);
  });

  it(`are not made for a session whose renderings hold over ${MAX_TABLE_CHARS} characters (its prompts are stored whole)`, () => {
    const long = [user('a'.repeat(MAX_TABLE_CHARS / 2)), assistant('b'.repeat(MAX_TABLE_CHARS / 2))];
    assert.equal(messageTable(long, OPTIONS), undefined);
    assert.ok(messageTable(long.slice(0, 1), OPTIONS), 'half of it has one');
  });
  it('read each prompt from its own bytes: a short prompt after a longer one, a prompt past the reused buffer', () => {
    const messages = workMessages(12);
    const table = tableOf(messages);
    const long = promptOver(messages, `A summary with ${'ünï 😀 '.repeat(400)}`);
    const short = promptOver(messages.slice(0, 9));
    // Past what one reused buffer takes: the prompt is encoded on its own (1 << 19 characters).
    const huge = promptOver(messages.slice(4, 20), 'x'.repeat((1 << 19) + 1));
    for (const prompt of [long, short, huge, short, long]) {
      const parts = promptParts(prompt, table);
      const stored = joinedPieces(storedPromptPieces(SYSTEM, parts, table));
      const tableText = joinedPieces(storedTablePieces(table));
      const read = JSON.parse(assembledPrompt(stored, () => tableText)!) as { prompt: string };
      assert.equal(read.prompt, prompt, 'the same text read back');
      assert.equal(
        promptPartsHash(SYSTEM, parts, table),
        contentHash(jsonPieces({ system: SYSTEM, prompt })),
        'named by what was sent',
      );
      assert.ok(
        parts.some((part) => typeof part !== 'string'),
        'by reference to the table',
      );
    }
  });
  it('keep a prompt holding a lone surrogate as its one text (UTF-8 would read it back, and hash it, as U+FFFD)', () => {
    const messages = workMessages(12);
    const table = tableOf(messages);
    for (const lone of ['\ud83d', '\ude00', 'x\ud83d\ud83d', '\ude00\ud83d']) {
      const prompt = promptOver(messages, `A summary with a lone surrogate ${lone} in it`);
      assert.deepEqual(promptParts(prompt, table), [prompt], JSON.stringify(lone));
    }
    for (const text of ['a pair \ud83d\ude00', 'a replacement character \ufffd'])
      assert.ok(
        promptParts(promptOver(messages, `A summary with ${text} in it`), table).some(
          (part) => typeof part !== 'string',
        ),
        `${text} is no lone surrogate`,
      );
  });
});
