/**
 * What a run needs of its output folder before its first call: `--out` made and proven writable, the marker that
 * opens each report, and the extensions of the formats that carry it. Apart from the writers (write.ts), so a compare
 * starts its calls without loading the renderers: they load while the calls are in flight.
 */
import { mkdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { InputError, messageOf, userCausedProblem } from '../errors.ts';

// Kernel and device filesystems: nothing written there is a report, and creating directories there can hang.
const PSEUDO_FILESYSTEMS = ['/proc', '/sys', '/dev'];

/**
 * Creates `--out` and proves it writable before any strategy runs (with a real model, before any call is
 * paid for): a pseudo-filesystem, a path through a file, or a directory nobody can write to is bad input.
 */
export async function prepareOutputDirectory(out: string): Promise<void> {
  const flag = `--out ${out}`;
  const absolute = await realPath(resolve(out));
  if (PSEUDO_FILESYSTEMS.some((root) => absolute === root || absolute.startsWith(`${root}/`))) {
    throw new InputError(
      `${flag}: ${absolute} is on a system pseudo-filesystem; choose a directory for reports`,
    );
  }
  const existing = await stat(absolute).catch(() => undefined);
  if (existing && !existing.isDirectory()) throw new InputError(`${flag}: not a directory`);
  const probe = join(absolute, `.compaction-bench-write-check-${process.pid}`);
  try {
    await mkdir(absolute, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    const problem = userCausedProblem(error) ?? messageOf(error);
    throw new InputError(`${flag}: cannot write reports there (${problem})`, { cause: error });
  }
}

/** The real path of the longest existing prefix of `path`, with the rest appended (symbolic links resolved). */
async function realPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(await realPath(parent), path.slice(parent.length + 1));
  }
}

/** The first line of every report this tool writes: how a rerun recognizes its own earlier reports. */
export function reportMarker(stem: string): string {
  return `<!-- compaction-bench report of fixture ${JSON.stringify(stem)} -->`;
}

/**
 * The extensions of the formats whose files carry the marker: only those are ever removed as stale, and only when
 * their first line is the marker of a session the run wrote (the marked formats of write.ts' REPORT_FORMATS: a test
 * checks they agree).
 */
export const MARKED_EXTENSIONS: readonly string[] = ['.md', '.html'];
