/**
 * Runs compare offline on the public sessions of docs/derived-probes.md and renders its table
 * (src/report/real-sessions-table.ts); `npm run docs` writes it, test/docs-real-sessions.e2e.test.ts checks it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  renderRealSessionsTable,
  REAL_SESSIONS,
  REAL_SESSIONS_STRATEGIES,
} from '../src/report/real-sessions-table.ts';
import { runCompare } from '../src/run/run.ts';
import { readResults } from '../src/results/digest.ts';
import { defaultSettings } from '../src/settings.ts';

/** Where the public sessions are kept, beside the repository. */
export const REAL_SESSIONS_ROOT = fileURLToPath(new URL('../../shared/real-sessions/', import.meta.url));

/** True when every session of the table is present. */
export function realSessionsPresent(root = REAL_SESSIONS_ROOT): boolean {
  return REAL_SESSIONS.every((session) => existsSync(join(root, session)));
}

/** The table as compare gives it today (default settings, the extractive provider, derived probes). */
export async function buildRealSessionsTable(root = REAL_SESSIONS_ROOT): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'compaction-bench-real-sessions-'));
  try {
    const outcome = await runCompare({
      transcripts: REAL_SESSIONS.map((session) => join(root, session)),
      strategies: REAL_SESSIONS_STRATEGIES,
      provider: 'extractive',
      out,
      tokenizer: 'o200k_base',
      config: defaultSettings(),
      concurrency: 4,
      runs: 1,
    });
    return renderRealSessionsTable(
      await Promise.all(outcome.sessions.map((session) => readResults(session.resultsFile))),
    );
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
