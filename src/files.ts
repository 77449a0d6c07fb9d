/** Writing output files atomically (temp file, then rename); callers check for secrets first (providers/secrets.ts). */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `text` to `path` so that a reader never sees a half-written file. Pieces (an iterable) are written as
 * they come, so a file of hundreds of MB is never one string.
 */
export async function writeFileAtomic(path: string, text: string | Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
