import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUMMARY_PREAMBLE } from '../../src/schedule/context.ts';
import { singleShot } from '../../src/strategies/single-shot.ts';
import { structuredIterative } from '../../src/strategies/structured-iterative.ts';
import { pi } from '../../src/strategies/pi.ts';
import type { Message } from '../../src/session/types.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import {
  assistant,
  callsTools,
  session,
  toolCall,
  toolExchange,
  toolResult,
  user,
} from '../helpers/factories.ts';
import { replay, text } from './helpers.ts';

/** Nine messages of 20 tokens each, alternating user and assistant. */
function evenSession(count = 9): Message[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0 ? user(text(20, 'u')) : assistant(text(20, 'a')),
  );
}

describe('compaction chain replay', () => {
  it('compacts where window − reserve would be passed and keeps the newest keep tokens (hand-computed)', async () => {
    // Limit 100 − 20 = 80. Messages 0–3 fill it exactly (4 × 20 = 80, not over); message 4 would make 100:
    // compact before it. keep=20: walking back, message 3 alone reaches 20, so the tail is message 3; the
    // 10-token summary + 20 = 30. Messages 4 and 5 make 70; message 6 would make 90: compact again, keeping
    // message 5. Then 7 → 70, and 8 would make 90: the third compaction, keeping message 7.
    const provider = fakeProvider({ answer: () => text(10, 's') });
    const result = await replay(
      singleShot,
      session(evenSession()),
      {
        policy: 'window',
        window: 100,
        reserve: 20,
        keep: 20,
      },
      provider,
    );
    assert.equal(result.status, 'ok');
    assert.deepEqual(
      result.compactions.map((compaction) => [
        compaction.atMessage,
        compaction.keptFrom,
        compaction.tokensBefore,
        compaction.tokensAfter,
      ]),
      [
        [4, 3, 80, 30],
        [6, 5, 70, 30],
        [8, 7, 70, 30],
      ],
    );
    // The context at the end: the last summary, message 7 kept and message 8 since.
    assert.equal(result.output.summary, text(10, 's'));
    assert.deepEqual(result.output.keptRanges, [{ start: 7, end: 9 }]);
    assert.equal(provider.requests.length, 3);
  });

  it('never splits a tool call from its result in the kept tail', async () => {
    let seed = 7;
    const next = (low: number, high: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return low + (seed % (high - low + 1));
    };
    const messages: Message[] = [];
    for (let turn = 0; turn < 30; turn++) {
      messages.push(user(text(next(3, 30), 'u')));
      for (let step = next(1, 3); step > 0; step--) {
        if (next(0, 2) === 0) {
          const calls = [
            toolCall('read', { path: `src/${turn}-a.ts` }),
            toolCall('read', { path: `src/${turn}-b.ts` }),
          ];
          messages.push(callsTools(calls), ...calls.map((call) => toolResult(call, text(next(5, 40), 'r'))));
        } else {
          messages.push(...toolExchange('bash', { command: `step ${turn}` }, text(next(5, 40), 'r')));
        }
      }
      messages.push(assistant(text(next(3, 20), 'a')));
    }
    for (const keep of [0, 10, 35, 80, 150]) {
      const provider = fakeProvider({ answer: () => text(10, 's') });
      const result = await replay(
        singleShot,
        session(messages),
        {
          policy: 'window',
          window: 400,
          reserve: 50,
          keep,
        },
        provider,
      );
      assert.equal(result.status, 'ok', `keep=${keep}: ${result.error}`);
      assert.ok(result.compactions.length >= 3, `keep=${keep}: ${result.compactions.length} compactions`);
      for (const compaction of result.compactions) {
        const keptFrom = compaction.keptFrom!;
        assert.notEqual(messages[keptFrom]!.role, 'toolResult', `keep=${keep}: tail starts at a result`);
        assert.deepEqual(compaction.kept, messages.slice(keptFrom, compaction.atMessage));
        const calls = new Set(
          compaction.kept.flatMap((message) =>
            message.role === 'assistant'
              ? message.content.flatMap((block) => (block.type === 'toolCall' ? [block.id] : []))
              : [],
          ),
        );
        for (const message of compaction.kept)
          if (message.role === 'toolResult')
            assert.ok(calls.has(message.toolCallId), `keep=${keep}: result without its call`);
      }
    }
  });

  it('hands an update form the previous summary, and the others the summary as their first message', async () => {
    const schedule = { policy: 'window', window: 100, reserve: 20, keep: 20 } as const;
    const updating = fakeProvider({ answer: (_, index) => `summary number ${index + 1}` });
    const structured = await replay(structuredIterative, session(evenSession()), schedule, updating);
    assert.deepEqual(
      structured.compactions.map((compaction) => compaction.updated),
      [false, true, true],
    );
    assert.doesNotMatch(updating.requests[0]!.prompt, /<previous-summary>/);
    assert.match(updating.requests[1]!.prompt, /<previous-summary>\nsummary number 1\n<\/previous-summary>/);
    assert.match(updating.requests[2]!.prompt, /<previous-summary>\nsummary number 2\n<\/previous-summary>/);
    assert.doesNotMatch(updating.requests[1]!.prompt, new RegExp(SUMMARY_PREAMBLE));
    assert.match(structured.compactions[1]!.trace[0]!.label, /^compaction 2: update 1\/1$/);

    const piProvider = fakeProvider({ answer: (_, index) => `pi summary ${index + 1}` });
    await replay(pi, session(evenSession()), schedule, piProvider);
    assert.match(piProvider.requests[1]!.prompt, /<previous-summary>\npi summary 1\n<\/previous-summary>/);

    const fresh = fakeProvider({ answer: (_, index) => `fresh summary ${index + 1}` });
    const single = await replay(singleShot, session(evenSession()), schedule, fresh);
    assert.deepEqual(
      single.compactions.map((compaction) => compaction.updated),
      [false, false, false],
    );
    assert.match(
      fresh.requests[1]!.prompt,
      new RegExp(`${SUMMARY_PREAMBLE}\\s+<summary>\\nfresh summary 1\\n</summary>`),
    );
    assert.doesNotMatch(fresh.requests[1]!.prompt, /<previous-summary>/);
  });

  it('carries the file lists of every earlier compaction as a union', async () => {
    const [readA, resultA] = toolExchange('read', { path: 'src/alpha.ts' }, text(10, 'r'));
    const [editB, resultB] = toolExchange('edit', { path: 'src/beta.ts' }, text(10, 'r'));
    const [readC, resultC] = toolExchange('read', { path: 'src/gamma.ts' }, text(10, 'r'));
    const messages = [
      user(text(20, 'u')),
      readA,
      resultA,
      assistant(text(20, 'a')),
      user(text(20, 'u')),
      editB,
      resultB,
      assistant(text(20, 'a')),
      user(text(20, 'u')),
      readC,
      resultC,
      assistant(text(20, 'a')),
      user(text(20, 'u')),
      assistant(text(20, 'a')),
    ];
    const provider = fakeProvider({ answer: (_, index) => `summary ${index + 1}` });
    const result = await replay(
      structuredIterative,
      session(messages),
      { policy: 'window', window: 110, reserve: 20, keep: 20 },
      provider,
    );
    assert.ok(result.compactions.length >= 3, `${result.compactions.length} compactions`);
    const last = result.compactions.at(-1)!;
    // The last compaction summarized none of the first files' calls, yet its lists still hold them.
    assert.match(last.summary, /<read-files>\nsrc\/alpha\.ts\nsrc\/gamma\.ts\n<\/read-files>/);
    assert.match(last.summary, /<modified-files>\nsrc\/beta\.ts\n<\/modified-files>/);
    // Each update saw the previous summary without its file blocks (they are appended by code).
    for (const request of provider.requests.slice(1))
      assert.doesNotMatch(request.prompt, /<previous-summary>[^]*<read-files>/);
  });

  it('compacts at the recorded indices with the tail the agent kept, hiding the agent summaries', async () => {
    const messages = evenSession(12);
    const recorded = session(messages, {
      compactions: [
        { summary: 'agent summary one', messageIndex: 5, firstKeptMessageIndex: 3 },
        { summary: 'agent summary two', messageIndex: 10, firstKeptMessageIndex: 8 },
      ],
    });
    const provider = fakeProvider({ answer: (_, index) => `strategy summary ${index + 1}` });
    const result = await replay(pi, recorded, { policy: 'recorded' }, provider);
    assert.deepEqual(
      result.compactions.map((compaction) => [
        compaction.atMessage,
        compaction.keptFrom,
        compaction.kept.length,
      ]),
      [
        [5, 3, 2],
        [10, 8, 2],
      ],
    );
    // The second compaction summarized the first one's tail and what came since: messages 3–7.
    assert.equal((provider.requests[1]!.prompt.match(/\[User\]|\[Assistant\]/g) ?? []).length, 5);
    for (const request of provider.requests) assert.doesNotMatch(request.prompt, /agent summary/);
  });

  it('stops a chain whose compacted context leaves no room for the next message', async () => {
    const provider = fakeProvider({ answer: () => text(70, 's') });
    const result = await replay(
      singleShot,
      session(evenSession()),
      {
        policy: 'window',
        window: 100,
        reserve: 20,
        keep: 20,
      },
      provider,
    );
    assert.equal(result.status, 'stalled');
    assert.equal(result.compactions.length, 1);
    assert.match(
      result.error ?? '',
      /compaction 1 at message 4 left 90 tokens: no room for the next message \(20 tokens\) under window − reserve \(80\)/,
    );
  });
});
