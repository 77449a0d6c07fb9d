/**
 * Every output folder is written through a staging folder inside it (`.compaction-bench-staging-…`, hidden from
 * the walk of a suite) and replaced in one step at the end of the run: every file renamed into place, records
 * included, and this tool's reports of the sessions written that the run no longer writes removed, all in one
 * synchronous step that a Ctrl-C (handled between event-loop turns) cannot split. A run stopped before that
 * step leaves the previous complete run in the folder, untouched.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { AbortedError } from '../errors.ts';
import { MARKED_EXTENSIONS, reportMarker } from './output-directory.ts';

/** What staging folders are called: `<out>/.compaction-bench-staging-<pid>-<random>`. */
const PREFIX = '.compaction-bench-staging-';

/** How every report marker starts, whatever its stem. */
const MARKER_START = reportMarker('').slice(0, reportMarker('').indexOf('"'));

/** A run's outputs, staged until the run is done. */
export type OutputStage = {
  /** The output folder the run writes for (`--out`). */
  out: string;
  /** Where the run writes meanwhile: the staging folder. */
  directory: string;
  /** Where a file written under {@link directory} lands in `out` once committed. */
  final(path: string): string;
  /**
   * Puts everything staged into `out` in one step and removes this tool's reports of the sessions written that the
   * run did not write again; after a Ctrl-C (`signal` aborted) nothing is moved.
   */
  commit(signal?: AbortSignal): Promise<void>;
  /** Removes the staging folder and whatever is still in it. */
  discard(): Promise<void>;
};

/** Where a run writes: its stage's folder, or `out` itself when it has none. */
export function stagedOut(options: { out: string; stage?: OutputStage | undefined }): string {
  return options.stage?.directory ?? options.out;
}

/**
 * A staging folder in `out` (created); staging folders left by a process that no longer runs (killed by a second
 * Ctrl-C) are removed first.
 */
export async function createOutputStage(out: string): Promise<OutputStage> {
  await mkdir(out, { recursive: true });
  await removeOrphans(out);
  const directory = join(out, `${PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(directory, { recursive: true });
  return {
    out,
    directory,
    final: (path) => {
      const inner = relative(directory, path);
      return inner.startsWith('..') ? path : join(out, inner);
    },
    async commit(signal) {
      const staged = await stagedFiles(directory);
      const replaced = new Set(staged.map((file) => join(out, file)));
      const stale = await staleReports(out, directory, staged, replaced);
      // Checked, then moved in one synchronous step: a Ctrl-C lands before it (nothing moved) or after it.
      if (signal?.aborted) throw new AbortedError('aborted by the user; no files were written');
      for (const file of staged) {
        const target = join(out, file);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(directory, file), target);
      }
      for (const path of stale) rmSync(path, { force: true });
      rmSync(directory, { recursive: true, force: true });
    },
    async discard() {
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every file under the staging folder, relative to it (a store's own staging folder left out). */
async function stagedFiles(directory: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(directory, prefix), { withFileTypes: true })) {
    const path = prefix === '' ? entry.name : join(prefix, entry.name);
    if (entry.isDirectory()) {
      // The records store stages its own parts under a hidden folder it removes itself.
      if (!entry.name.startsWith('.')) files.push(...(await stagedFiles(directory, path)));
    } else if (!entry.name.includes('.tmp-')) files.push(path);
  }
  return files;
}

/**
 * This tool's reports in `out` of the sessions the run wrote (found by the marker on their first line) that it
 * did not write again: a strategy no longer run, say. Only files of a marked format whose first line is the marker
 * of a stem the run wrote are touched, never another session's or a file of the user's.
 */
async function staleReports(
  out: string,
  directory: string,
  staged: readonly string[],
  replaced: ReadonlySet<string>,
): Promise<string[]> {
  const markers = new Set<string>();
  for (const file of staged) {
    if (file.includes('/') || !MARKED_EXTENSIONS.some((extension) => file.endsWith(extension))) continue;
    const head = firstLine(join(directory, file));
    if (head.startsWith(MARKER_START)) markers.add(head);
  }
  if (markers.size === 0) return [];
  const stale: string[] = [];
  for (const entry of await readdir(out, { withFileTypes: true })) {
    const path = join(out, entry.name);
    if (!entry.isFile() || replaced.has(path)) continue;
    if (!MARKED_EXTENSIONS.some((extension) => entry.name.endsWith(extension))) continue;
    if (markers.has(firstLine(path))) stale.push(path);
  }
  return stale;
}

/** A file's first line (at most a few hundred bytes), empty when it cannot be read. */
function firstLine(path: string): string {
  let file: number | undefined;
  try {
    file = openSync(path, 'r');
    const buffer = Buffer.alloc(512);
    const read = readSync(file, buffer, 0, buffer.length, 0);
    const text = buffer.toString('utf8', 0, read);
    const end = text.indexOf('\n');
    return end < 0 ? text : text.slice(0, end);
  } catch {
    return '';
  } finally {
    if (file !== undefined) closeSync(file);
  }
}

/** Removes staging folders whose process is gone (a second Ctrl-C ends a run before it cleans up). */
async function removeOrphans(out: string): Promise<void> {
  for (const name of readdirSync(out)) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid))
      await rm(join(out, name), { recursive: true, force: true });
  }
}

/** Whether a process of this id runs (signal 0 tests without signalling). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
