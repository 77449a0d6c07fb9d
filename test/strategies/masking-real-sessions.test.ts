/**
 * The masking strategies on the real transcripts in `../shared/real-sessions/` (never copied into the
 * repository; skipped where that folder is absent): every placeholder costs fewer tokens than the output it
 * stands for, so every masking strategy shrinks the context. Before, observation-masking repeated each call's
 * arguments in its placeholder and grew python-to-rust-port (its Write calls carry whole files) from 13,947 to
 * 15,205 tokens.
 */
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { before, describe, it } from 'node:test';
import { loadSession } from '../../src/session/load.ts';
import type { Message } from '../../src/session/types.ts';
import { observationMasking } from '../../src/strategies/observation-masking.ts';
import { toolOutputPruning } from '../../src/strategies/tool-output-pruning.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { REAL_SESSIONS, REAL_SESSIONS_SKIP } from '../helpers/real-sessions.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

let tokenizer: Awaited<ReturnType<typeof getTokenizer>>;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});
const tokensOf = (messages: readonly Message[]) =>
  messages.reduce((sum, message) => sum + tokenizer.countMessage(message), 0);

describe('masking strategies on real sessions', { skip: REAL_SESSIONS_SKIP }, () => {
  for (const strategy of [observationMasking, toolOutputPruning]) {
    it(`${strategy.name}: every placeholder is shorter than its output, and the context shrinks`, async () => {
      let masked = 0;
      for (const file of REAL_SESSIONS) {
        const session = await loadSession(file);
        const { output } = await runStrategy(strategy, session, fakeProvider());
        const kept = output.kept!;
        assert.equal(kept.length, session.messages.length);
        kept.forEach((message, index) => {
          const original = session.messages[index]!;
          if (message === original) return;
          masked++;
          const tokens = tokenizer.countMessage(message);
          assert.ok(tokens <= 10, `${basename(file)} message ${index}: a placeholder of ${tokens} tokens`);
          assert.ok(tokens < tokenizer.countMessage(original), `${basename(file)} message ${index} grew`);
        });
        const before = tokensOf(session.messages);
        const after = tokensOf(kept);
        const changed = kept.some((message, index) => message !== session.messages[index]);
        assert.ok(
          changed ? after < before : after === before,
          `${basename(file)}: ${before} → ${after} tokens`,
        );
      }
      assert.ok(masked > 0, 'some output was masked');
    });
  }

  it('observation-masking shrinks python-to-rust-port, whose Write calls carry whole files', async (test) => {
    const file = REAL_SESSIONS.find((path) => path.endsWith('python-to-rust-port.jsonl'));
    if (!file) return test.skip('python-to-rust-port.jsonl is not among the real sessions');
    const session = await loadSession(file);
    const { output } = await runStrategy(observationMasking, session, fakeProvider());
    const before = tokensOf(session.messages);
    const after = tokensOf(output.kept!);
    // 13,947 → 15,205 tokens before the placeholder stopped repeating the call's arguments.
    assert.ok(after < before, `${before} → ${after} tokens`);
  });
});
