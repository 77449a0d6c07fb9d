/**
 * The generated table of docs/derived-probes.md is what compare derives and scores today on the real transcripts
 * (`npm run docs` rewrites it): end to end, a compare of every strategy of core and baselines on four of them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { withGeneratedRegion } from '../src/report/generated-region.ts';
import { REAL_SESSIONS_TABLE_MARKERS } from '../src/report/real-sessions-table.ts';
import {
  buildRealSessionsTable,
  REAL_SESSIONS_ROOT,
  realSessionsPresent,
} from '../scripts/real-sessions-table.ts';

const DERIVED_PROBES_DOC = fileURLToPath(new URL('../docs/derived-probes.md', import.meta.url));

describe('docs on the real transcripts', () => {
  it(
    "docs/derived-probes.md's real-session table is what compare derives and scores today (run `npm run docs`)",
    { skip: realSessionsPresent() ? false : `no ${REAL_SESSIONS_ROOT} beside the repository` },
    async () => {
      const document = readFileSync(DERIVED_PROBES_DOC, 'utf8');
      const regenerated = withGeneratedRegion(
        document,
        REAL_SESSIONS_TABLE_MARKERS,
        await buildRealSessionsTable(),
      );
      assert.equal(regenerated, document);
    },
  );
});
