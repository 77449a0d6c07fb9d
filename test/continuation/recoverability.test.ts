/**
 * Recoverability reads which probes each workspace file and each rehydrated text keeps once per text: every
 * strategy continued at a cut looks in the same files. Held to the plain reading, each file indexed and every probe
 * tried in it for each strategy, on a shipped session.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fileStateAt, type FileState } from '../../src/session/file-state.ts';
import { rehydrate } from '../../src/continuation/rehydrate.ts';
import { recoverabilityOf } from '../../src/continuation/recoverability.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Recoverability } from '../../src/results/continuation-types.ts';
import { sessionReference } from '../../src/results/session-reference.ts';
import { loadSession } from '../../src/session/load.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { renderMessages } from '../../src/session/transcript.ts';

/** The plain reading: every text indexed and every probe tried in it, each time. */
function reference(probes: readonly Probe[], files: readonly FileState[], rehydrated: string) {
  const kept = createMatcher(rehydrated);
  const workspace = files.flatMap((file) =>
    file.content === undefined ? [] : [createMatcher(file.content)],
  );
  const result: Record<string, Recoverability> = {};
  for (const probe of probes) {
    if (probeOutcome(kept, probe) === 'matched') result[probe.id] = 'rehydrated';
    else if (workspace.some((index) => probeOutcome(index, probe) === 'matched'))
      result[probe.id] = 'workspace';
    else result[probe.id] = 'conversation';
  }
  return result;
}

describe('recoverability', () => {
  it('finds, once per text, where each probe could be found again as reading every text for each strategy does', async () => {
    const tokenizer = await getTokenizer('o200k_base');
    const path = fileURLToPath(new URL('../../fixtures/large-session.jsonl', import.meta.url));
    const facts = await sessionReference(await loadSession(path), tokenizer);
    const { session } = facts;
    const cut = Math.floor(session.messages.length * 0.6);
    const files = [...fileStateAt(session, cut).values()];
    const probes = facts.probesAt(cut);
    const seen = new Set<Recoverability>();
    // Strategies of different agents rehydrate differently; two of one agent ask the same again.
    for (const design of ['claude-code', 'pi', 'none', 'claude-code'] as const) {
      const rehydrated = renderMessages(rehydrate(design, session, cut, tokenizer).messages, {
        toolResultChars: Number.POSITIVE_INFINITY,
      });
      const found = recoverabilityOf(probes, files, rehydrated);
      assert.deepEqual(found, reference(probes, files, rehydrated), design);
      for (const where of Object.values(found)) seen.add(where);
    }
    assert.deepEqual([...seen].sort(), ['conversation', 'rehydrated', 'workspace'], 'every kind occurs');
  });
});
