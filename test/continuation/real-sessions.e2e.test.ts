/**
 * The offline grounding table on the real public transcripts in ../shared/real-sessions/ (skipped, saying so,
 * when the folder is absent): every session gets a continuation block and an F-continuation.md.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCompare } from '../../src/run/run.ts';
import { loadSession } from '../../src/session/load.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';
import { REAL_SESSIONS, REAL_SESSIONS_ROOT, REAL_SESSIONS_SKIP } from '../helpers/real-sessions.ts';
import { reportStem } from '../../src/report-names.ts';
import { readResults } from '../../src/results/digest.ts';

const ROOT = REAL_SESSIONS_ROOT;
const sessions = REAL_SESSIONS;
const skip = REAL_SESSIONS_SKIP;

describe('continuation grounding on real sessions', { skip }, () => {
  const scratch = temporaryDirectory('compaction-bench-continuation-real-');
  after(async () => (await scratch).remove());

  for (const file of sessions) {
    it(`${file.slice(ROOT.length)}: the grounding table, the whole prefix grounding every established target`, async () => {
      const session = await loadSession(file);
      const out = join((await scratch).path, session.name);
      const outcome = await runCompare({
        transcripts: [file],
        strategies: 'identity,paths-only',
        provider: 'extractive',
        out,
        tokenizer: 'o200k_base',
        config: TEST_CONFIG,
        concurrency: 2,
        runs: 1,
        // Where the agent compacted, cut there; else at the default cut.
        atCompaction: session.compactions.some((compaction) => compaction.summary.trim() !== ''),
        continuation: { steps: 5 },
      });
      assert.equal(outcome.failedStrategies, 0);
      const results = await readResults(outcome.sessions[0]!.resultsFile);
      const identity = results.strategies.find((strategy) => strategy.name === 'identity')!.continuation!;
      assert.ok(identity.steps >= 1 && identity.steps <= 5);
      assert.equal(identity.prediction, null);
      if (identity.grounding.established > 0) assert.equal(identity.grounding.rate, 1);
      const markdown = await readFile(join(out, `${reportStem(results)}-continuation.md`), 'utf8');
      assert.match(markdown, /\| identity \| none \|/);
      assert.match(markdown, /\| paths-only \| none \|/);
    });
  }
});
