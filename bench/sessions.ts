/**
 * Generated sessions for the benchmarks, cached in bench/.data/ and keyed by a hash of the generator, so a
 * session is made once and made again only when the generator changes.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSessionOfTokens } from '../fixtures/generator/output.ts';
import { writeFileAtomic } from '../src/files.ts';
import { sidecarPath } from '../src/quality/probes.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DATA = fileURLToPath(new URL('.data/', import.meta.url));

/** A short hash of the generator's sources: cached sessions are regenerated when it changes. */
function generatorVersion(): string {
  const hash = createHash('sha256');
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) hash.update(relative(ROOT, path)).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'fixtures', 'generator'));
  return hash.digest('hex').slice(0, 10);
}

let version: string | undefined;

/** The generator's version, once per process; sessions and suites of older generators are deleted then. */
function currentVersion(): string {
  if (version === undefined) {
    version = generatorVersion();
    // Files written by an older generator go, so bench/.data/ does not grow forever.
    if (existsSync(DATA)) {
      for (const file of readdirSync(DATA)) {
        const stale =
          (file.startsWith('session-') && !file.includes(`-${version}.`)) ||
          (file.startsWith('suite-') && !file.endsWith(`-${version}`));
        if (stale) rmSync(join(DATA, file), { recursive: true, force: true });
      }
    }
  }
  return version;
}

/** The path of a generated session of about `tokens` tokens, made (and older generators' sessions deleted) if needed. */
export async function benchSession(tokens: number, log: (line: string) => void): Promise<string> {
  const version = currentVersion();
  const path = join(DATA, `session-${tokens}-${version}.jsonl`);
  if (!existsSync(path)) {
    const started = performance.now();
    await writeSessionOfTokens(tokens, path);
    log(`generated ${relative(ROOT, path)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return path;
}

/**
 * The path of a transcript of at least `megabytes` MB: the generated 4M-token session's entries written again and
 * again, each copy chained to the one before with fresh ids, and its sidecar (whose probes sit in the first copy).
 * Generating that many tokens anew would take the generator most of an hour; for reading a large file (memory,
 * speed) copies of real-looking entries serve as well.
 */
export async function bigBenchSession(megabytes: number, log: (line: string) => void): Promise<string> {
  const source = await benchSession(4_000_000, log);
  const path = join(DATA, `session-${megabytes}mb-${currentVersion()}.jsonl`);
  if (existsSync(path)) return path;
  const started = performance.now();
  const [header, ...entries] = readFileSync(source, 'utf8').trimEnd().split('\n');
  const copies = Math.ceil((megabytes * 1024 * 1024) / statSync(source).size);
  function* lines(): Generator<string> {
    yield `${header}\n`;
    let parentId: string | null = null;
    for (let copy = 0; copy < copies; copy++) {
      for (const line of entries) {
        const entry = JSON.parse(line) as { id: string; parentId: string | null };
        const id = `${copy.toString(16)}${entry.id}`;
        yield `${JSON.stringify({ ...entry, id, parentId })}\n`;
        parentId = id;
      }
    }
  }
  await writeFileAtomic(path, lines());
  copyFileSync(sidecarPath(source), sidecarPath(path));
  log(
    `wrote ${relative(ROOT, path)} (${copies} copies) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return path;
}

/**
 * A folder of `count` generated sessions of about `tokens` tokens each (seeds 1 … count), as docs/scale.md
 * measures a suite, made once per generator version.
 */
export async function benchSuite(
  count: number,
  tokens: number,
  log: (line: string) => void,
): Promise<string> {
  const directory = join(DATA, `suite-${count}x${tokens}-${currentVersion()}`);
  if (existsSync(join(directory, 'complete'))) return directory;
  rmSync(directory, { recursive: true, force: true });
  const started = performance.now();
  for (let seed = 1; seed <= count; seed++) {
    await writeSessionOfTokens(tokens, join(directory, `session-${seed}.jsonl`), seed);
  }
  await writeFileAtomic(join(directory, 'complete'), '');
  log(
    `generated ${relative(ROOT, directory)} (${count} sessions) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return directory;
}
