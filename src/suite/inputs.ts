/**
 * What `compare` and `check` run on: fixture names, files, directories (walked) and glob patterns, expanded to
 * transcript files with names unique in the suite. Among many inputs, the files that are not transcripts are
 * skipped with one line for all; a probes sidecar is read with its transcript and skipped silently.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { InputError, messageOf } from '../errors.ts';
import { sessionName, resolveSession, resolveSource } from '../session/load.ts';
import { expandGlob, expandHome, isGlob } from './glob.ts';

/** The expanded inputs of a run. */
export type ExpandedInputs = {
  /** Transcript files, in the order given (a directory's and a pattern's sorted). */
  transcripts: string[];
  /** The name each file is reported under, when it is not its file name (two files of one name). */
  names: Record<string, string>;
  /** The files that are not transcripts, each with why. */
  skipped: SkippedFile[];
  /** True when the inputs are many (several, a directory, a pattern): a session that will not load is skipped too. */
  lenient: boolean;
};

/** A file among many inputs that is not a transcript, and why (without its path). */
export type SkippedFile = { file: string; reason: string };

/** What a probes sidecar's name ends with (`F.probes.json`, beside `F.jsonl`). */
const SIDECAR_SUFFIX = '.probes.json';

/** Names no session may take: the suite's own report files use them. */
const RESERVED = new Set(['suite']);

/** Expands the arguments (relative to `cwd`) into transcripts; an unknown name or a pattern matching nothing is bad input. */
export async function expandInputs(
  inputs: readonly string[],
  options: { format?: string; cwd?: string } = {},
): Promise<ExpandedInputs> {
  const cwd = options.cwd ?? process.cwd();
  const candidates: string[] = [];
  // Links in a folder that lead nowhere, or back into a folder being walked: skipped, and said so.
  const walkSkipped: SkippedFile[] = [];
  let many = inputs.length > 1;
  for (const input of inputs) {
    const path = resolve(cwd, expandHome(input));
    const kind = await stat(path).then(
      (entry) => (entry.isDirectory() ? 'directory' : 'file'),
      () => undefined,
    );
    if (kind === 'directory') {
      many = true;
      candidates.push(...(await walkDirectory(path, walkSkipped)));
    } else if (kind === 'file') {
      candidates.push(path);
    } else if (isGlob(input)) {
      many = true;
      const matches = await expandGlob(input, cwd);
      if (matches.length === 0) throw new InputError(`'${input}': no file matches this pattern`);
      candidates.push(...matches);
    } else {
      candidates.push(await resolveSession(input));
    }
  }
  const transcripts: string[] = [];
  const skipped: SkippedFile[] = [...walkSkipped];
  for (const file of new Set(candidates)) {
    if (many && file.endsWith(SIDECAR_SUFFIX)) continue;
    try {
      await resolveSource(file, options);
      transcripts.push(file);
    } catch (error) {
      if (!many || !(error instanceof InputError)) throw error;
      skipped.push({ file, reason: shortReason(error, file) });
    }
  }
  if (transcripts.length === 0) {
    throw new InputError(
      `no transcripts in ${inputs.join(' ')}${skipped.length > 0 ? ` (${skipped.length} files skipped)` : ''}`,
    );
  }
  return { transcripts, names: uniqueNames(transcripts), skipped, lenient: many };
}

// Enough names to recognize what was skipped, few enough for one line.
const NAMED_PER_REASON = 3;

/**
 * The one line for the files skipped: the file and why when one, else how many, by reason, with the first few
 * (relative to `cwd` when under it): `skipped 18 files that are not transcripts (it matches no supported format:
 * generate.ts, generator/model.ts, generator/random.ts and 15 more)`. Undefined when none was.
 */
export function skippedNotice(skipped: readonly SkippedFile[], cwd = process.cwd()): string | undefined {
  if (skipped.length === 0) return undefined;
  if (skipped.length === 1) return `skipped ${skipped[0]!.file}: not a transcript (${skipped[0]!.reason})`;
  const shown = (file: string) => {
    const path = relative(cwd, file);
    return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path;
  };
  const byReason = new Map<string, string[]>();
  for (const { file, reason } of skipped)
    byReason.set(reason, [...(byReason.get(reason) ?? []), shown(file)]);
  const reasons = [...byReason.entries()].sort((a, b) => b[1].length - a[1].length);
  const parts = reasons.map(([reason, files]) => {
    const more = files.length - NAMED_PER_REASON;
    return `${reason}: ${files.slice(0, NAMED_PER_REASON).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  });
  return `skipped ${skipped.length} files that are not transcripts (${parts.join('; ')})`;
}

/**
 * Every file under a directory, sorted, leaving out hidden entries and `node_modules`. Symbolic links are
 * followed (a folder of linked transcripts is a suite); a link that leads nowhere, or to a folder already being
 * walked (a loop), is added to `skipped` with why.
 */
async function walkDirectory(
  directory: string,
  skipped: SkippedFile[],
  walking: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const real = await realpath(directory);
  const inside = new Set([...walking, real]);
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(directory, entry.name);
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      if (!target) {
        skipped.push({ file: path, reason: 'a symbolic link to nothing (its target does not exist)' });
        continue;
      }
      isDirectory = target.isDirectory();
      isFile = target.isFile();
      if (isDirectory && inside.has(await realpath(path))) {
        skipped.push({ file: path, reason: 'a symbolic link back into a folder being read (a loop)' });
        continue;
      }
    }
    if (isDirectory) files.push(...(await walkDirectory(path, skipped, inside)));
    else if (isFile) files.push(path);
  }
  return files;
}

/** Why a file is not a transcript, without its path and the list of formats tried. */
function shortReason(error: unknown, file: string): string {
  return messageOf(error)
    .replace(`${file}: `, '')
    .replace(/ \(tried: .*$/, '')
    .replace(/; use --format.*$/, '');
}

/**
 * A name per file: its file name, or, when two files share one (or it is reserved), the file name prefixed with
 * as many parent directories as it takes to tell them apart (`pi-large-session`).
 */
export function uniqueNames(files: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {};
  const base = (file: string, depth: number) => {
    const parents: string[] = [];
    let directory = dirname(file);
    for (let level = 0; level < depth; level++) {
      parents.unshift(basename(directory));
      directory = dirname(directory);
    }
    return [...parents, sessionName(file)].filter((part) => part !== '' && part !== '/').join('-');
  };
  const groups = new Map<string, string[]>();
  for (const file of files) groups.set(sessionName(file), [...(groups.get(sessionName(file)) ?? []), file]);
  const taken = new Set<string>();
  for (const [name, group] of groups) {
    // The fewest parent folders that tell every file of the group apart (at least one for a reserved name).
    let depth = group.length > 1 || RESERVED.has(name) ? 1 : 0;
    while (depth < 8 && new Set(group.map((file) => base(file, depth))).size < group.length) depth++;
    for (const file of group) {
      let unique = base(file, depth);
      for (let suffix = 2; taken.has(unique) || RESERVED.has(unique); suffix++)
        unique = `${base(file, depth)}-${suffix}`;
      taken.add(unique);
      if (unique !== name) names[file] = unique;
    }
  }
  return names;
}
