/**
 * The cheap tricks against the derived probes on every real session at hand (issue 39): the shared transcripts of
 * ../shared/real-sessions/, the spotter transcripts and the tuning sessions under ../public-sessions/ (each skipped,
 * visibly, when absent; the held-out sessions the lead lists are never read). At the first recorded compaction, else
 * at the end: the whole history keeps everything, nothing keeps nothing, a path list and an identifier bag keep at
 * most 0.15, no lexical baseline beats the best core strategy, and a summary stating each fact as false keeps none and
 * contradicts each. Where the agent did the work (100 tool calls or more) the user's messages copied verbatim keep at
 * most 0.40 and grep's lines at most 0.30, and a Claude Code or Codex session has at least 12 live probes.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createProvider } from '../../src/providers/create.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { compactedText } from '../../src/results/assemble.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf, type Session } from '../../src/session/types.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { REAL_SESSIONS } from '../helpers/real-sessions.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

const PUBLIC = fileURLToPath(new URL('../../../public-sessions/', import.meta.url));
// The public sessions free for tuning (ids of SOURCES.tsv), besides the spotter transcripts.
const PUBLIC_TUNING = [
  'marot/spotter/test/fixtures/transcripts/258c7280-ae70-4798-800f-63464d01a85d.jsonl',
  'marot/spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
  'marot/spotter/test/fixtures/transcripts/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
  'marot/spotter/test/fixtures/transcripts/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
  'marot/spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl',
  'entireio/cli/77/8aa463e2ba/0/full.jsonl',
  'jnarowski/agentcmd/packages/agent-cli-sdk/tests/fixtures/codex/full/rollout-2025-09-24T19-22-20-01997e76-d124-7592-9cac-2ec05abbca08.jsonl',
];

/** The held-out transcripts the lead lists: never read here, whatever else is beside the repository. */
function heldOut(): ReadonlySet<string> {
  const list = join(PUBLIC, '..', 'yardstick', 'HELDOUT-SESSIONS.txt');
  if (!existsSync(list)) return new Set();
  return new Set(
    readFileSync(list, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0 && !line.startsWith('#')),
  );
}

const blind = heldOut();
const sessions = [
  ...REAL_SESSIONS,
  ...PUBLIC_TUNING.filter((path) => !blind.has(path) && existsSync(join(PUBLIC, path))).map((path) =>
    join(PUBLIC, path),
  ),
];

const CORE = [
  'single-shot',
  'parallel-stitch',
  'sequential-accumulated',
  'sequential-rolling',
  'structured-iterative',
];
const LEXICAL = ['paths-only', 'identifier-bag', 'grep', 'user-verbatim', 'user-errors'];

/** The history before a cut, as `compare --at-compaction` hands it to the strategies. */
function head(session: Session, cut: number): Session {
  return {
    ...session,
    messages: session.messages.slice(0, cut),
    sources: session.sources.slice(0, cut),
    fileOperations: session.fileOperations.filter((operation) => operation.messageIndex < cut),
    compactions: [],
  };
}

/** Each fact stated as false: "It is false that …". */
function statedFalse(probes: readonly Probe[]): string {
  return probes
    .filter(isLive)
    .map((probe) => `It is false that ${(probe.statement ?? probe.answer).replace(/[.\s]+$/, '')}.`)
    .join('\n');
}

describe(
  'cheap tricks against derived probes on real sessions',
  { skip: sessions.length === 0 ? 'no real session beside the repository' : false },
  () => {
    for (const file of sessions) {
      const name = file.includes('/public-sessions/')
        ? file.slice(file.indexOf('/public-sessions/') + 17)
        : file;
      it(`${name}: at each compaction and at the end, no trick passes for the facts`, async (t) => {
        const session = await loadSession(file);
        const tokenizer = await getTokenizer('o200k_base');
        const provider = createProvider('extractive', { tokenizer });
        const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
        // The first recorded compaction (where the agent itself compacted), else the end of the session.
        const cuts = [session.compactions?.[0]?.messageIndex ?? session.messages.length];
        // Where the agent did the work (100 tool calls or more), the user's own words are a small part of what matters;
        // in a short session the user's one prompt states most of it, and a reader credits the user's messages so too.
        const worked = calls >= 100;
        for (const cut of cuts) {
          const { probes } = deriveProbes(session, { cut });
          const live = probes.filter(isLive);
          const where = `${name} @${cut}`;
          if (worked && ['claude-code', 'codex'].includes(session.format))
            assert.ok(live.length >= 12, `${where}: ${live.length} live probes for ${calls} tool calls`);
          if (live.length === 0) continue;
          const history = head(session, cut);
          const recall = async (strategy: string) => {
            const { output } = await runStrategy(
              STRATEGIES[strategy as keyof typeof STRATEGIES] as Strategy,
              history,
              provider,
            );
            return (
              scoreProbes(createMatcher(compactedText(output.summary, output.kept ?? [])), probes)
                .probeRecall ?? 0
            );
          };
          const scores = Object.fromEntries(
            await Promise.all(
              [...CORE, ...LEXICAL, 'identity'].map(
                async (strategy) => [strategy, await recall(strategy)] as const,
              ),
            ),
          );
          t.diagnostic(
            `${where}: ${live.length} live; ${Object.entries(scores)
              .map(([strategy, score]) => `${strategy} ${score.toFixed(2)}`)
              .join(', ')}`,
          );
          assert.equal(scores.identity, 1, `${where}: the whole history`);
          assert.equal(scoreProbes(createMatcher(''), probes).probeRecall, 0, `${where}: nothing`);
          for (const trick of ['paths-only', 'identifier-bag'])
            assert.ok(scores[trick]! <= 0.15, `${where}: ${trick} ${scores[trick]}`);
          if (worked) {
            assert.ok(scores['user-verbatim']! <= 0.4, `${where}: user-verbatim ${scores['user-verbatim']}`);
            assert.ok(scores.grep! <= 0.3, `${where}: grep ${scores.grep}`);
          }
          const best = Math.max(...CORE.map((strategy) => scores[strategy]!));
          for (const trick of LEXICAL)
            assert.ok(
              scores[trick]! <= best,
              `${where}: ${trick} ${scores[trick]} above the best core ${best}`,
            );
          const denied = scoreProbes(createMatcher(statedFalse(probes)), probes);
          assert.equal(denied.probeRecall, 0, `${where}: facts stated as false`);
          const contradicted = live.filter((probe) => denied.probeOutcomes[probe.id] === 'contradicted');
          assert.equal(
            contradicted.length,
            live.length,
            `${where}: a contradiction for each fact stated as false`,
          );
        }
      });
    }
  },
);
