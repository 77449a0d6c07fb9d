/** The real transcripts in `../shared/real-sessions/` beside the repository, when present (tests skip visibly without). */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of real transcripts, one subfolder per agent. */
export const REAL_SESSIONS_ROOT = fileURLToPath(new URL('../../../shared/real-sessions/', import.meta.url));

/** Every `.jsonl` transcript under the folder (empty when it is absent). */
export const REAL_SESSIONS: readonly string[] = existsSync(REAL_SESSIONS_ROOT)
  ? readdirSync(REAL_SESSIONS_ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) =>
        readdirSync(join(REAL_SESSIONS_ROOT, entry.name))
          .filter((file) => file.endsWith('.jsonl'))
          .map((file) => join(REAL_SESSIONS_ROOT, entry.name, file)),
      )
  : [];

/** A `describe` option: the reason to skip when no real transcript is there, else false. */
export const REAL_SESSIONS_SKIP: string | false =
  REAL_SESSIONS.length === 0 ? `no ${REAL_SESSIONS_ROOT} beside the repository` : false;
