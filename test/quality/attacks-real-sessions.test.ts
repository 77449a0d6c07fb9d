/**
 * The cheap tricks against the derived probes on every real session at hand (issue 39): the shared transcripts of
 * ../shared/real-sessions/ and every public session ../public-sessions/SOURCES.tsv lists (each skipped, visibly, when
 * absent; the held-out sessions the lead lists are never read). At the first recorded compaction, else at the end:
 * the whole history keeps everything, nothing keeps nothing, a path list (also one glossing each file with the same
 * empty words) and an identifier bag keep at most 0.15, no
 * lexical baseline beats the best core strategy, and a summary stating each fact as false ("It is false that …",
 * "… was not done") keeps none and contradicts each. Where the agent did the work (100 tool calls or more) the user's
 * messages copied verbatim keep at most 0.40 and grep's lines at most 0.30, and a Claude Code or Codex session has at
 * least 12 live probes at a compaction or at the end. A check not met yet on a session is a TODO (KNOWN_SHORTFALLS).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createProvider } from '../../src/providers/create.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { compactedText } from '../../src/results/assemble.ts';
import { loadSession } from '../../src/session/load.ts';
import { toolCallsOf, type Session } from '../../src/session/types.ts';
import { sessionPaths } from '../../src/strategies/lexical.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { PUBLIC_SESSIONS_ROOT } from '../helpers/public-sessions.ts';
import { REAL_SESSIONS } from '../helpers/real-sessions.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

// The folder itself, links resolved: a worktree reaches ../public-sessions through a link, and the lead's held-out
// list lives beside the folder the link points to.
const PUBLIC = existsSync(PUBLIC_SESSIONS_ROOT)
  ? `${realpathSync(PUBLIC_SESSIONS_ROOT)}/`
  : PUBLIC_SESSIONS_ROOT;

/** Every public session beside the repository, as SOURCES.tsv lists them, with what the list says of each. */
function publicSessions(): Array<{ path: string; what: string }> {
  const sources = join(PUBLIC, 'SOURCES.tsv');
  if (!existsSync(sources)) return [];
  return readFileSync(sources, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((fields) => fields.length > 2)
    .map(([repository, , path, , , , what]) => ({ path: `${repository}/${path}`, what: what ?? '' }));
}

/**
 * The held-out transcripts the lead lists: never read here, whatever else is beside the repository. Without the
 * list, every session SOURCES.tsv calls held out is left out, so a missing list never makes a blind session read.
 */
function heldOut(): (entry: { path: string; what: string }) => boolean {
  const list = join(PUBLIC, '..', 'yardstick', 'HELDOUT-SESSIONS.txt');
  if (!existsSync(list)) return ({ what }) => /held-out/i.test(what);
  const paths = readFileSync(list, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  return ({ path }) => paths.some((held) => held.endsWith(path));
}

const isHeldOut = heldOut();
const sessions = [
  ...REAL_SESSIONS,
  ...publicSessions()
    .filter((entry) => !isHeldOut(entry) && existsSync(join(PUBLIC, entry.path)))
    .map(({ path }) => join(PUBLIC, path)),
];

/**
 * Checks of #39 not met yet on a session, by session and check: each shows as a TODO with its figure in every run
 * instead of failing the suite (every other check of that session still asserts). None is left. The read-only Codex
 * exploration (rollout 0199812e, at its end) was one, the user's messages 0.583 above the core strategies' 0.575,
 * until the extractive summary read the user's prompt after the editor's header ("# Context from my IDE setup: …
 * ## My request for Codex:"), which had made its goal open with the editor's open tabs and drop the task's title line
 * ("Quality score"), joined the short items of the page filters' list to their lead-in, and stated the sandbox mode the
 * environment context sets: the core strategies 0.867.
 * entireio d0, M-Claude c7d2069e and de73bc86 keep grep and the user's messages under their bounds since probes that
 * state no reader fact left (a fault the user reports set as a rule, a quoted status code as a number, an error fixed
 * before the cut kept live by the issue the agent filed about it).
 * spotter subagent.jsonl and claude-code/edit-tool-variants.jsonl passed a path list glossing each file with empty
 * words ("…: holds relevant project source code and its configuration"), 0.33 and 0.17, until an artifact was no
 * longer told by a generic word ("code" of plan.md's "Setup Code Quality Tools") nor by words said alike of several
 * files (artifact-described.ts, repeated-description.ts): 0.00 on both.
 * edit-tool-variants.jsonl then kept 0.33 through its task with "…: contains the changes made for this task and the
 * related files.": the path's words and "changes" made 0.6 of "Edit <path>, change "hello" to "goodbye"", until words
 * said of any work or file, and names read from a listed path, no longer stood for a statement's content (meaning.ts
 * GENERIC_WORDS): 0.00 on every session.
 */
const KNOWN_SHORTFALLS: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([]);

/** The known shortfalls of a session, by its path in its repository or in the shared folder. */
function shortfallsOf(name: string): ReadonlySet<string> | undefined {
  for (const [session, checks] of KNOWN_SHORTFALLS) if (name.endsWith(session)) return checks;
  return undefined;
}

/** A check that fails the test, unless it is a known shortfall of the session: then it is kept for a TODO. */
function checker(name: string) {
  const shortfalls: string[] = [];
  return {
    shortfalls,
    check(holds: boolean, check: string, message: string) {
      if (holds) return;
      if (shortfallsOf(name)?.has(check)) shortfalls.push(message);
      else assert.fail(message);
    },
  };
}

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

/** Each fact stated as false, in one of the issue's two forms: "It is false that …" or "… was not done". */
function statedFalse(probes: readonly Probe[], form: 'false' | 'not done'): string {
  return probes
    .filter(isLive)
    .map((probe) => {
      const fact = (probe.statement ?? probe.answer).replace(/[.?!\s]+$/, '');
      return form === 'false' ? `It is false that ${fact}.` : `${fact} was not done.`;
    })
    .join('\n');
}

// The empty words a glossed path list puts after each file: the issue's, another set that shares none of them, and
// words said of any work ("changes", "task"), which beside a path's own words once made up half a task's terms.
const GLOSSES = [
  'holds relevant project source code and its configuration.',
  'updated as part of the work on this feature.',
  'contains the changes made for this task and the related files.',
];

// At least this many live probes at a compaction or at the end, on a Claude Code or Codex session of 100+ tool calls.
const MIN_LIVE_PROBES = 12;

describe(
  'cheap tricks against derived probes on real sessions',
  { skip: sessions.length === 0 ? 'no real session beside the repository' : false },
  () => {
    for (const file of sessions) {
      const name = file.includes('/public-sessions/')
        ? file.slice(file.indexOf('/public-sessions/') + 17)
        : file;
      it(`${name}: at least ${MIN_LIVE_PROBES} live probes at a compaction or at the end (Claude Code, Codex, 100+ tool calls)`, async (t) => {
        const session = await loadSession(file, { skipInvalid: true });
        const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
        if (calls < 100 || !['claude-code', 'codex'].includes(session.format)) {
          t.skip(`${session.format}, ${calls} tool calls`);
          return;
        }
        const points = [
          ...session.compactions.map((compaction) => compaction.messageIndex),
          session.messages.length,
        ];
        const counts = points.map((cut) => deriveProbes(session, { cut }).probes.filter(isLive).length);
        const where = points.map((cut, at) => `@${cut} ${counts[at]}`).join(', ');
        t.diagnostic(`${calls} tool calls; live probes ${where}`);
        const { check, shortfalls } = checker(name);
        check(Math.max(...counts) >= MIN_LIVE_PROBES, 'live probes', `${name}: live probes ${where}`);
        if (shortfalls.length > 0) t.todo(`not met yet: ${shortfalls.join('; ')}`);
      });
      it(`${name}: at the first compaction (else the end), no trick passes for the facts`, async (t) => {
        const session = await loadSession(file, { skipInvalid: true });
        const tokenizer = await getTokenizer('o200k_base');
        const provider = createProvider('extractive', { tokenizer });
        const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
        // The first recorded compaction (where the agent itself compacted), else the end of the session.
        const cuts = [session.compactions?.[0]?.messageIndex ?? session.messages.length];
        // Where the agent did the work (100 tool calls or more), the user's own words are a small part of what matters;
        // in a short session the user's one prompt states most of it, and a reader credits the user's messages so too.
        const worked = calls >= 100;
        const { check, shortfalls } = checker(name);
        for (const cut of cuts) {
          const { probes } = deriveProbes(session, { cut });
          const live = probes.filter(isLive);
          const where = `${name} @${cut}`;

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
          // A path list that labels a clause with each file in the same empty words says no more than the list,
          // whichever empty words they are.
          for (const gloss of GLOSSES) {
            const glossed = sessionPaths(history)
              .map((path) => `${path}: ${gloss}`)
              .join('\n');
            const glossedScore = scoreProbes(createMatcher(glossed), probes).probeRecall ?? 0;
            t.diagnostic(`${where}: glossed path list ("${gloss}") ${glossedScore.toFixed(2)}`);
            check(
              glossedScore <= 0.15,
              'glossed path list',
              `${where}: glossed path list ("${gloss}") ${glossedScore}`,
            );
          }
          if (worked) {
            check(
              scores['user-verbatim']! <= 0.4,
              'user-verbatim',
              `${where}: user-verbatim ${scores['user-verbatim']}`,
            );
            check(scores.grep! <= 0.3, 'grep', `${where}: grep ${scores.grep}`);
          }
          const best = Math.max(...CORE.map((strategy) => scores[strategy]!));
          for (const trick of LEXICAL)
            check(
              scores[trick]! <= best,
              'lexical above core',
              `${where}: ${trick} ${scores[trick]} above the best core ${best}`,
            );
          for (const form of ['false', 'not done'] as const) {
            const denied = scoreProbes(createMatcher(statedFalse(probes, form)), probes);
            assert.equal(denied.probeRecall, 0, `${where}: facts stated as ${form}`);
            const contradicted = live.filter((probe) => denied.probeOutcomes[probe.id] === 'contradicted');
            assert.equal(
              contradicted.length,
              live.length,
              `${where}: a contradiction for each fact stated as ${form}`,
            );
          }
        }
        if (shortfalls.length > 0) t.todo(`not met yet: ${shortfalls.join('; ')}`);
      });
    }
  },
);
