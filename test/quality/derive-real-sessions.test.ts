/**
 * Derived probes on the real public transcripts in ../shared/real-sessions/ (skipped, visibly, when absent): a
 * Claude Code session with 20 or more tool calls gets at least 5 live probes, artifact probes among them, and the
 * cheap tricks keep nothing they must not, on every session.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProvider } from '../../src/providers/create.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf } from '../../src/session/types.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { runStrategy } from '../helpers/strategy-run.ts';
import { REAL_SESSIONS, REAL_SESSIONS_ROOT, REAL_SESSIONS_SKIP } from '../helpers/real-sessions.ts';

const ROOT = REAL_SESSIONS_ROOT;
const sessions = REAL_SESSIONS;
const skip = REAL_SESSIONS_SKIP;

const derived = new Map<string, ReturnType<typeof derive>>();
/** A session and its derived probes, loaded and derived once per file. */
function derive(file: string) {
  return (async () => {
    const session = await loadSession(file);
    return { session, probes: deriveProbes(session).probes };
  })();
}
const derivedOnce = (file: string) => {
  if (!derived.has(file)) derived.set(file, derive(file));
  return derived.get(file)!;
};

/** The kinds of the probes a strategy's summary keeps, scored as `compare` scores it. */
async function keptKinds(name: keyof typeof STRATEGIES, file: string): Promise<string[]> {
  const { session, probes } = await derivedOnce(file);
  const provider = createProvider('extractive', { tokenizer: await getTokenizer('o200k_base') });
  const { output } = await runStrategy(STRATEGIES[name], session, provider);
  const { probeOutcomes } = scoreProbes(createMatcher(output.summary), probes);
  return probes
    .filter((probe) => ['matched', 'partial'].includes(probeOutcomes[probe.id]!))
    .map((probe) => probe.kind);
}

describe('derived probes on real sessions', { skip }, () => {
  for (const file of sessions) {
    const name = file.slice(ROOT.length);
    it(`${name}: no kind is more than a third of the set; 20+ tool calls in Claude Code give 5+ live probes with artifacts`, async () => {
      const { session, probes } = await derivedOnce(file);
      const counts = new Map<string, number>();
      for (const probe of probes) counts.set(probe.kind, (counts.get(probe.kind) ?? 0) + 1);
      if (counts.size >= 3)
        for (const [kind, count] of counts)
          assert.ok(count <= probes.length / 3, `${kind}: ${count} of ${probes.length}`);
      const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
      if (session.format === 'claude-code' && calls >= 20) {
        const live = probes.filter((probe) => probe.live !== false);
        assert.ok(live.length >= 5, `${live.length} live probes for ${calls} tool calls`);
        assert.ok(
          live.some((probe) => probe.kind === 'artifact'),
          'an artifact probe for its edits',
        );
      }
    });

    it(`${name}: paths-only and identifier-bag keep no task, constraint, decision or artifact; grep no task or decision; the user's own messages no decision or artifact`, async () => {
      const forbidden = ['task', 'next-step', 'constraint', 'decision', 'artifact'];
      for (const trick of ['paths-only', 'identifier-bag'] as const) {
        const kept = await keptKinds(trick, file);
        assert.deepEqual(
          kept.filter((kind) => forbidden.includes(kind)),
          [],
          trick,
        );
      }
      const grep = await keptKinds('grep', file);
      assert.deepEqual(
        grep.filter((kind) => ['task', 'next-step', 'decision'].includes(kind)),
        [],
        'grep',
      );
      // The user's messages copied verbatim keep what the user asked, never what the agent did.
      const verbatim = await keptKinds('user-verbatim', file);
      assert.deepEqual(
        verbatim.filter((kind) => ['decision', 'artifact'].includes(kind)),
        [],
        'user-verbatim',
      );
    });
  }
});
