/** Fixture loading: resolve a name or path, detect the format, import, derive file operations. */
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.ts';
import { packageRoot } from '../package-root.ts';
import { chooseBranch, summarizeBranches } from './branches.ts';
import { extractFileOperations } from './file-operations.ts';
import type { Importer, ImportOptions, Sample } from './importer.ts';
import { IMPORTER_LIST } from './importers/index.ts';
import { maskSessionKeys } from './mask-keys.ts';
import { sampleOfBytes, sampleOfText, SAMPLE_CHARS } from './sample.ts';
import { isGzipFile, smallPlainFileBytes, textChunks } from './source-file.ts';
import type { Session } from './types.ts';

/** The shipped fixtures directory. */
export const FIXTURES_DIR = resolve(packageRoot(fileURLToPath(import.meta.url)), 'fixtures');

/** Options of {@link loadSession}. */
export type LoadOptions = Partial<ImportOptions> & {
  /** Force a format instead of detecting it. */
  format?: string;
  /** The branch to import (1-based, as `inspect` numbers them) instead of the active one. */
  branch?: number;
  /**
   * The run compares at a recorded compaction (`--at-compaction`, `--schedule recorded`): without `branch`, a
   * tree whose active branch records none imports the branch holding the last one (`Session.branchChoice`).
   */
  needsCompaction?: boolean;
};

/** Names of the shipped fixtures (`fixtures/*.jsonl` without the extension), sorted. */
export async function listSessions(directory: string = FIXTURES_DIR): Promise<string[]> {
  const files = await readdir(directory).catch(() => []);
  return files
    .filter((file) => file.endsWith('.jsonl'))
    .map((file) => file.slice(0, -'.jsonl'.length))
    .sort();
}

/** The file a fixture argument names: an existing path, or a name in `fixtures/`. */
export async function resolveSession(argument: string, directory: string = FIXTURES_DIR): Promise<string> {
  const asPath = resolve(argument);
  const kind = await entryKind(asPath);
  if (kind === 'file') return asPath;
  const named = resolve(directory, `${argument}.jsonl`);
  if (!argument.includes('/') && (await entryKind(named)) === 'file') return named;
  // A directory is there: say so rather than "unknown session".
  if (kind === 'directory') throw new InputError(`${asPath}: cannot read the file: it is a directory`);
  const available = await listSessions(directory);
  throw new InputError(
    `unknown session '${argument}': not a file, and not a name in fixtures/; available: ${available.join(', ') || '(none)'}`,
  );
}

async function entryKind(path: string): Promise<'file' | 'directory' | undefined> {
  try {
    const entry = await stat(path);
    return entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : undefined;
  } catch {
    return undefined;
  }
}

/** The name a session is reported under: its file name without extension (`.jsonl.gz` counts as one). */
export function sessionName(file: string): string {
  const name = basename(file).replace(/\.gz$/i, '');
  return basename(name, extname(name));
}

/** Loads a fixture (name or path) into the canonical model. */
export async function loadSession(argument: string, options: LoadOptions = {}): Promise<Session> {
  const { file, importer } = await resolveSource(argument, options);
  const reader = await importer.reader();
  const imported = await reader.read(file, {
    skipInvalid: options.skipInvalid ?? false,
    keep: options.keep,
  });
  const chosen = chooseBranch(file, imported, options.branch, options.needsCompaction);
  // The top-level conversation of a tree is its active branch's: the chosen one replaces it.
  const { tree, fileOperations: _recorded, ...result } = imported;
  if (chosen.conversation.messages.length === 0) {
    // A JSON document counts no lines, so only its text tells an empty file from an empty `messages` array.
    const empty = result.stats.lines === 0 && (await readSample(file)).head.trim() === '';
    const what = empty ? 'the file is empty' : 'the session holds no messages';
    throw new InputError(`${file}: ${what}; a session needs at least one user or assistant message`);
  }
  const { sources } = chosen.conversation;
  const { messages, compactions, masked } = maskSessionKeys(
    chosen.conversation.messages,
    chosen.conversation.compactions,
  );
  if (masked > 0) result.stats = { ...result.stats, maskedKeys: masked };
  const recorded = chosen.conversation.fileOperations ?? [];
  const fromCalls = extractFileOperations(messages, reader.fileTargets);
  // A stable sort: at one message, the operations of its calls come before those it records otherwise.
  const fileOperations =
    recorded.length === 0
      ? fromCalls
      : [...fromCalls, ...recorded].sort((a, b) => a.messageIndex - b.messageIndex);
  return {
    name: sessionName(file),
    path: file,
    format: importer.format,
    ...result,
    messages,
    sources,
    compactions,
    fileOperations,
    branches:
      tree && chosen.index !== undefined
        ? summarizeBranches(tree, chosen.index, reader.fileTargets, fileOperations)
        : [],
    branch: chosen.index === undefined ? undefined : chosen.index + 1,
    bridges: tree?.bridges ?? [],
    ...(chosen.choice ? { branchChoice: chosen.choice } : {}),
  };
}

/** The file a fixture argument names and the importer that reads it; cheap (reads only the file's start). */
export async function resolveSource(
  argument: string,
  options: Pick<LoadOptions, 'format'> = {},
): Promise<{ file: string; importer: Importer }> {
  const file = await resolveSession(argument);
  const importer = options.format ? importerByName(options.format) : await detectImporter(file);
  return { file, importer };
}

function importerByName(name: string): Importer {
  const importer = IMPORTER_LIST.find((candidate) => candidate.format === name);
  if (importer) return importer;
  const formats = IMPORTER_LIST.map((candidate) => candidate.format).join(', ');
  throw new InputError(`unknown format '${name}' (--format); available: ${formats}`);
}

// The importer detected for each file, with the file's size, times and inode when it was: a suite's every file is
// detected as its inputs are expanded, again as the run checks them and as each loads, and each detection read and
// decoded the file's first 256 KB (the whole of a 40k-token session) and split it into lines, for the same answer.
const detected = new Map<string, { signature: string; importer: Importer }>();

/** What tells a file changed since it was detected, or undefined when it cannot be read as a plain file. */
async function fileSignature(file: string): Promise<string | undefined> {
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  return `${found.size}:${found.mtimeMs}:${found.ctimeMs}:${found.ino}`;
}

/** The importer whose `detect` accepts the file's first lines (detected once while the file stays the same). */
export async function detectImporter(file: string): Promise<Importer> {
  const signature = await fileSignature(file);
  const known = signature === undefined ? undefined : detected.get(file);
  if (known !== undefined && known.signature === signature) return known.importer;
  const importer = await detectFromSample(file);
  if (signature !== undefined) detected.set(file, { signature, importer });
  return importer;
}

async function detectFromSample(file: string): Promise<Importer> {
  const sample = await readSample(file);
  // A record is read from a line that is not blank: only a sample with none may be blank.
  if (sample.first === undefined && sample.head.trim() === '') {
    throw new InputError(
      `${file}: the file is empty; a session needs at least one user or assistant message`,
    );
  }
  const importer = IMPORTER_LIST.find((candidate) => candidate.detect(sample));
  if (importer) return importer;
  const tried = IMPORTER_LIST.map((candidate) => candidate.description).join('; ');
  const what = (await isGzipFile(file)) ? 'decompressed from gzip, it' : 'it';
  throw new InputError(
    `${file}: ${what} matches no supported format (tried: ${tried}); use --format to force one`,
  );
}

/** A file's first 256 K characters of text (decompressed, without a byte-order mark) and first lines as JSON. */
export async function readSample(file: string): Promise<Sample> {
  // A small plain file's sample reads its bytes as far as detection asks (sample.ts).
  const bytes = smallPlainFileBytes(file);
  if (bytes !== undefined) return sampleOfBytes(bytes);
  const chunks: string[] = [];
  let size = 0;
  for await (const chunk of textChunks(file)) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= SAMPLE_CHARS) break;
  }
  return sampleOfText(chunks.join(''));
}
