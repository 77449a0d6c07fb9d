/**
 * Real transcripts taken from public GitHub repositories, kept beside the repository in `../public-sessions/`
 * as `<owner>/<repo>/<path in that repository>` (SOURCES.tsv there records commit, sha256 and licence). They are
 * never copied into the repository: a test that reads one skips visibly when it is absent (as in CI).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of public transcripts beside the repository. */
export const PUBLIC_SESSIONS_ROOT = fileURLToPath(new URL('../../../public-sessions/', import.meta.url));

/** A public transcript by repository and path, and a `skip` reason for `describe`/`it` when it is absent. */
export function publicSession(repository: string, path: string): { file: string; skip: string | false } {
  const file = join(PUBLIC_SESSIONS_ROOT, repository, path);
  return { file, skip: existsSync(file) ? false : `no ${file} beside the repository` };
}
