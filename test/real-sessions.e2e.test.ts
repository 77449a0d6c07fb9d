/**
 * The real public transcripts in ../shared/real-sessions/ (when present): every one imports with a
 * prompt and the agent's answers, and compare runs the core strategies on it offline.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCompare } from '../src/run/run.ts';
import { loadSession } from '../src/session/load.ts';
import { isPrompt, toolCallsOf } from '../src/session/types.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';
import { REAL_SESSIONS, REAL_SESSIONS_ROOT, REAL_SESSIONS_SKIP } from './helpers/real-sessions.ts';
import { readResults } from '../src/results/digest.ts';

const ROOT = REAL_SESSIONS_ROOT;
const sessions = REAL_SESSIONS;
const skip = REAL_SESSIONS_SKIP;

describe('real sessions', { skip }, () => {
  const scratch = temporaryDirectory('compaction-bench-real-');
  after(async () => (await scratch).remove());

  for (const file of sessions) {
    it(`${file.slice(ROOT.length)}: imports and compares offline`, async () => {
      const session = await loadSession(file);
      assert.ok(session.messages.some(isPrompt), 'a prompt');
      assert.ok(session.messages.some((message) => message.role === 'assistant'));
      assert.ok(
        session.messages.some((message) => toolCallsOf(message).length > 0),
        'tool calls found',
      );
      // Not every session touches files (a subagent that searched the web did not).
      const touchesFiles = session.fileOperations.length > 0;
      const out = join((await scratch).path, session.name);
      const outcome = await runCompare({
        transcripts: [file],
        strategies: 'core',
        provider: 'extractive',
        out,
        tokenizer: 'o200k_base',
        config: TEST_CONFIG,
        concurrency: 4,
        runs: 1,
      });
      const fixture = { results: await readResults(outcome.sessions[0]!.resultsFile) };
      assert.equal(outcome.failedStrategies, 0);
      const names = fixture!.results.strategies.map((strategy) => strategy.name);
      assert.deepEqual(names.slice(0, 5), [
        'single-shot',
        'parallel-stitch',
        'sequential-accumulated',
        'sequential-rolling',
        'structured-iterative',
      ]);
      if (session.compactions.length > 0)
        assert.equal(names.at(-1), 'recorded', 'the agent’s own summary is scored');
      for (const strategy of fixture!.results.strategies) {
        assert.equal(strategy.status, 'ok', `${strategy.name}: ${strategy.error}`);
        if (touchesFiles) {
          assert.ok(
            strategy.quality.fileRecall !== null && strategy.quality.fileRecall > 0,
            `${strategy.name} names files`,
          );
        } else assert.equal(strategy.quality.fileRecall, null, `${strategy.name}: no files to recall`);
      }
      assert.ok(existsSync(join(out, `${session.name}-comparison.md`)));
    });
  }
});
