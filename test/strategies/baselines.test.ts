import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Message } from '../../src/session/types.ts';
import { contentText } from '../../src/session/types.ts';
import { identity } from '../../src/strategies/identity.ts';
import { observationMasking } from '../../src/strategies/observation-masking.ts';
import {
  CLEARED_OUTPUT,
  protectedFrom,
  toolOutputPruning,
} from '../../src/strategies/tool-output-pruning.ts';
import { truncate } from '../../src/strategies/truncate.ts';
import { countMessages, getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import {
  assistant,
  callsTools,
  session,
  toolCall,
  toolExchange,
  toolResult,
  user,
} from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});
const tokensOf = (messages: readonly Message[]) =>
  countMessages(tokenizer, messages).reduce((sum, tokens) => sum + tokens, 0);

/** The very same message objects, in order: nothing was copied or altered. */
function assertSameMessages(actual: readonly Message[], expected: readonly Message[]) {
  assert.equal(actual.length, expected.length);
  for (const [index, message] of actual.entries()) assert.equal(message, expected[index], `message ${index}`);
}

/** Three user turns of tool work; every output is about `outputTokens` tokens. */
function toolSession(options: { turns?: number; callsPerTurn?: number; outputWords?: number } = {}) {
  const { turns = 3, callsPerTurn = 4, outputWords = 200 } = options;
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(user(`Task ${turn}: fix the ledger.`));
    for (let call = 0; call < callsPerTurn; call++) {
      const path = `src/turn-${turn}/file-${call}.ts`;
      messages.push(
        ...toolExchange('read', { path }, `contents of ${path}: ${'ledger '.repeat(outputWords)}`),
      );
    }
    messages.push(assistant(`Turn ${turn} done.`));
  }
  return session(messages);
}

describe('identity', () => {
  it('keeps every message as it is, with no summary and no call: compression 1', async () => {
    const input = toolSession();
    const provider = fakeProvider();
    const { output, trace } = await runStrategy(identity, input, provider);
    assert.equal(trace.length, 0);
    assert.equal(output.summary, '');
    assert.equal(output.kept?.length, input.messages.length);
    assertSameMessages(output.kept!, input.messages);
    assert.deepEqual(output.keptRanges, [{ start: 0, end: input.messages.length }]);
    assert.equal(tokensOf(output.kept!), tokensOf(input.messages));
  });
});

describe('truncate', () => {
  it('keeps the longest recent tail within --keep-recent-tokens', async () => {
    const input = toolSession();
    for (const budget of [300, 700, 1500, 2500]) {
      const { output } = await runStrategy(truncate, input, fakeProvider(), { keepRecentTokens: budget });
      const kept = output.kept!;
      const start = input.messages.length - kept.length;
      assert.ok(tokensOf(kept) <= budget, `within ${budget}`);
      assert.deepEqual(kept, input.messages.slice(start));
      // One more valid start (a user or assistant message) would exceed the budget.
      const earlier = input.messages
        .slice(0, start)
        .findLastIndex((message) => message.role !== 'toolResult');
      if (earlier >= 0) assert.ok(tokensOf(input.messages.slice(earlier)) > budget);
      assert.deepEqual(output.keptRanges, kept.length === 0 ? [] : [{ start, end: input.messages.length }]);
    }
  });

  it('never keeps a tool result without its call', async () => {
    const input = toolSession({ outputWords: 300 });
    for (let budget = 50; budget < 5000; budget += 37) {
      const { output } = await runStrategy(truncate, input, fakeProvider(), { keepRecentTokens: budget });
      const kept = output.kept!;
      if (kept.length === 0) continue;
      assert.notEqual(kept[0]!.role, 'toolResult', `budget ${budget}`);
      const calls = new Set(
        kept
          .flatMap((message) => (message.role === 'assistant' ? message.content : []))
          .map((block) => 'id' in block && block.id),
      );
      for (const message of kept) if (message.role === 'toolResult') assert.ok(calls.has(message.toolCallId));
    }
  });

  it('keeps nothing when not even the last message fits, and defaults to 20000 tokens', async () => {
    const input = session([user('start'), ...toolExchange('read', { path: 'a.ts' }, 'ledger '.repeat(2000))]);
    const { output } = await runStrategy(truncate, input, fakeProvider(), { keepRecentTokens: 100 });
    assert.deepEqual(output.kept, []);
    assert.equal(output.summary, '');
    const defaults = await runStrategy(truncate, input, fakeProvider());
    assert.equal(defaults.output.kept?.length, 3, 'the whole session fits 20000 tokens');
  });
});

describe('observation-masking', () => {
  it('keeps every message and masks only the tool outputs older than the newest --mask-window', async () => {
    const input = toolSession();
    const { output, trace } = await runStrategy(observationMasking, input, fakeProvider(), { maskWindow: 5 });
    assert.equal(trace.length, 0);
    const kept = output.kept!;
    assert.equal(kept.length, input.messages.length, 'message count unchanged');
    const results = input.messages.flatMap((message, index) =>
      message.role === 'toolResult' ? [index] : [],
    );
    const masked = new Set(results.slice(0, results.length - 5));
    input.messages.forEach((message, index) => {
      if (masked.has(index)) {
        assert.notEqual(kept[index], message);
        assert.equal(kept[index]!.role, 'toolResult');
      } else {
        assert.equal(kept[index], message, `message ${index} is kept as it is`);
      }
    });
    assert.deepEqual(output.keptRanges, [{ start: 0, end: input.messages.length }]);
    assert.ok(tokensOf(kept) < tokensOf(input.messages));
    assert.match(output.notes![0]!, /Masked 7 of 12 tool outputs/);
  });

  it('names only the tool in the placeholder: the call, arguments and all, is kept just before it', async () => {
    // A patch as long as the file it writes: repeating it in the placeholder grew contexts (Codex: ×1.38).
    const patch = `*** Begin Patch\n*** Add File: src/ledger.ts\n${'+export const total = 1;\n'.repeat(200)}*** End Patch`;
    const call = toolCall('apply_patch', { input: patch });
    const input = session([
      user('go'),
      callsTools([call]),
      toolResult(call, 'Success. Updated the following files:\nA src/ledger.ts'),
      assistant('ok'),
    ]);
    const { output } = await runStrategy(observationMasking, input, fakeProvider(), { maskWindow: 0 });
    const masked = output.kept![2]!;
    assert.equal(masked.role, 'toolResult');
    assert.equal(
      contentText(masked.role === 'toolResult' ? masked.content : ''),
      '[output of apply_patch omitted]',
    );
    assert.equal(output.kept![1], input.messages[1], 'the call is kept whole');
    assert.ok(tokenizer.countMessage(masked) <= 8, `${tokenizer.countMessage(masked)} tokens`);
    assert.ok(tokensOf(output.kept!) < tokensOf(input.messages));
  });

  it('keeps an output no longer than its placeholder as it is', async () => {
    const call = toolCall('bash', { command: 'true' });
    const input = session([user('go'), callsTools([call]), toolResult(call, 'ok'), assistant('done')]);
    const { output } = await runStrategy(observationMasking, input, fakeProvider(), { maskWindow: 0 });
    assertSameMessages(output.kept!, input.messages);
    assert.match(
      output.notes![0]!,
      /^Masked 0 of 1 tool outputs; .* and 1 older one too, shorter than their placeholder\.$/,
    );
  });

  it('masks nothing when the session has fewer tool outputs than the window (default 10)', async () => {
    const input = toolSession({ turns: 2, callsPerTurn: 4 });
    const { output } = await runStrategy(observationMasking, input, fakeProvider());
    assertSameMessages(output.kept!, input.messages);
  });
});

describe('tool-output-pruning', () => {
  // 5 turns of 4 outputs of about 200 tokens each.
  const input = toolSession({ turns: 5, callsPerTurn: 4, outputWords: 200 });
  let outputTokens: number;
  before(() => {
    outputTokens = tokenizer.countMessage(input.messages[2]!);
  });
  const cleared = (kept: readonly Message[]) =>
    kept.flatMap((message, index) =>
      message.role === 'toolResult' && contentText(message.content) === CLEARED_OUTPUT ? [index] : [],
    );

  it('protects the last --prune-protect-turns user turns', () => {
    const messages = [user('a'), assistant('x'), user('b'), assistant('y'), user('c'), assistant('z')];
    assert.equal(protectedFrom(messages, 2), 2);
    assert.equal(protectedFrom(messages, 1), 4);
    assert.equal(protectedFrom(messages, 0), messages.length);
    assert.equal(protectedFrom(messages, 9), 0);
  });

  it('clears the outputs beyond the newest --prune-keep-tokens, outside the protected turns', async () => {
    const { output } = await runStrategy(toolOutputPruning, input, fakeProvider(), {
      pruneKeepTokens: Math.round(outputTokens * 3.5),
      pruneMinimumTokens: outputTokens * 2,
      pruneProtectTurns: 2,
    });
    const kept = output.kept!;
    assert.equal(kept.length, input.messages.length);
    const protectedStart = protectedFrom(input.messages, 2);
    const candidates = input.messages.flatMap((message, index) =>
      message.role === 'toolResult' && index < protectedStart ? [index] : [],
    );
    // The newest 3 unprotected outputs fit 3.5 outputs' worth; the 4th crosses the threshold and goes with the older ones.
    assert.deepEqual(cleared(kept), candidates.slice(0, candidates.length - 3));
    for (let index = protectedStart; index < kept.length; index++)
      assert.equal(kept[index], input.messages[index]);
    assert.match(output.notes![0]!, /^Cleared 9 tool outputs/);
  });

  it('clears nothing unless more than --prune-minimum-tokens would be freed', async () => {
    const keep = outputTokens * 10;
    // 12 unprotected outputs, 10 kept: 2 outputs' worth would be freed.
    const below = await runStrategy(toolOutputPruning, input, fakeProvider(), {
      pruneKeepTokens: keep,
      pruneMinimumTokens: outputTokens * 3,
    });
    assert.deepEqual(cleared(below.output.kept!), []);
    assertSameMessages(below.output.kept!, input.messages);
    assert.match(below.output.notes![0]!, /^Nothing cleared/);
    const above = await runStrategy(toolOutputPruning, input, fakeProvider(), {
      pruneKeepTokens: keep,
      pruneMinimumTokens: outputTokens,
    });
    assert.equal(cleared(above.output.kept!).length, 2);
  });

  it('never clears the output of a failed call, and does nothing at the OpenCode defaults on a small session', async () => {
    const failing = toolCall('bash', { command: 'npm test' });
    const messages: Message[] = [
      user('first'),
      callsTools([failing]),
      toolResult(failing, 'Error: boom '.repeat(400), true),
    ];
    messages.push(...toolSession({ turns: 3 }).messages);
    const withError = session(messages);
    const { output } = await runStrategy(toolOutputPruning, withError, fakeProvider(), {
      pruneKeepTokens: 0,
      pruneMinimumTokens: 0,
    });
    assert.equal(output.kept![2], messages[2], 'the error output is kept');
    assert.ok(cleared(output.kept!).length > 0);
    const defaults = await runStrategy(toolOutputPruning, withError, fakeProvider());
    assert.deepEqual(cleared(defaults.output.kept!), []);
  });
});
