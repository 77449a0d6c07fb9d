/** Paths of the hand-written sample transcripts, and temporary files for the cases a test builds itself. */
import { rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The absolute path of a file in `test/samples/`. */
export function samplePath(name: string): string {
  return fileURLToPath(new URL(`../samples/${name}`, import.meta.url));
}

/** The text of a sample file. */
export function sampleText(name: string): Promise<string> {
  return readFile(samplePath(name), 'utf8');
}

const made: string[] = [];
// Each test file runs in its own process: what it made goes with it, so `npm test` leaves nothing in the temp folder.
process.once('exit', () => {
  for (const directory of made) rmSync(directory, { recursive: true, force: true });
});

/** Writes `text` (or bytes) to a fresh temporary directory under `name` and returns the path. */
export async function writeTemporary(name: string, text: string | Uint8Array): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'compaction-bench-session-'));
  made.push(directory);
  const path = join(directory, name);
  await writeFile(path, text);
  return path;
}

/** JSONL text from records, one per line. */
export function jsonLines(...records: unknown[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}
