/**
 * Where a results file came from, so a baseline can be traced: the tool and its version, the git commit of the
 * working tree, the date, the command line (secrets removed), the provider and model, and the cassette.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import * as z from 'zod';
import { toolVersion } from '../package-root.ts';
import { redactSecrets } from '../providers/secrets.ts';

/** The `provenance` block of a results file (docs/results.md). */
export const provenanceSchema = z.object({
  tool: z.string(),
  version: z.string(),
  /** The commit checked out where the command ran; null outside a git working tree. */
  commit: z.string().nullable(),
  /** Whether tracked files differed from that commit; null outside a git working tree. */
  uncommittedChanges: z.boolean().nullable(),
  /** When the run started (ISO 8601, UTC). Kept out of the Markdown so reruns stay byte-identical. */
  date: z.string(),
  /** The command line as typed, key-like values replaced by `***`. */
  command: z.string(),
  provider: z.string(),
  model: z.string(),
  /** `--replay` / `--record`: the file, and the first 12 hex digits of the SHA-256 of what it held at the start. */
  cassette: z
    .object({ mode: z.enum(['replay', 'record']), file: z.string(), id: z.string().nullable() })
    .nullable(),
});

/** One {@link provenanceSchema}. */
export type Provenance = z.infer<typeof provenanceSchema>;

/** What the run knows of itself. */
export type ProvenanceInput = {
  /** The arguments after the program name. */
  command: readonly string[];
  provider: { id: string; model: string };
  replay?: string | undefined;
  record?: string | undefined;
  /** Where the command ran (the git working tree looked up from there). */
  cwd?: string;
  now?: Date;
};

/** Collects the provenance of a run; never fails (what cannot be found is null). */
export async function collectProvenance(input: ProvenanceInput): Promise<Provenance> {
  const cwd = input.cwd ?? process.cwd();
  const cassetteFile = input.replay ?? input.record;
  const cassette = cassetteFile
    ? {
        mode: input.replay ? ('replay' as const) : ('record' as const),
        file: cassetteFile,
        // A cassette being recorded is rewritten by this run: what it held before identifies nothing.
        id: input.replay ? await fileId(cassetteFile) : null,
      }
    : null;
  const git = await gitState(cwd);
  return {
    ...toolVersion(),
    commit: git?.commit ?? null,
    uncommittedChanges: git ? git.changed : null,
    date: (input.now ?? new Date()).toISOString(),
    command: commandLine(input.command),
    provider: input.provider.id,
    model: input.provider.model,
    cassette,
  };
}

/** `compaction-bench check before-compaction --baseline 'my baselines/'`, with key-like values replaced. */
export function commandLine(argumentsAfterProgram: readonly string[]): string {
  return redactSecrets(['compaction-bench', ...argumentsAfterProgram].map(shellQuote).join(' '));
}

/** A word as a POSIX shell reads it back: quoted only when it must be. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

async function fileId(file: string): Promise<string | null> {
  try {
    return createHash('sha256')
      .update(await readFile(file))
      .digest('hex')
      .slice(0, 12);
  } catch {
    return null;
  }
}

const run = promisify(execFile);

/** The commit of the working tree at `cwd`, and whether tracked files changed; undefined outside git. */
async function gitState(cwd: string): Promise<{ commit: string; changed: boolean } | undefined> {
  const git = (...args: string[]) => run('git', args, { cwd, timeout: 5000, windowsHide: true });
  try {
    const commit = (await git('rev-parse', 'HEAD')).stdout.trim();
    // Untracked files are left out: the run's own reports must not make a rerun look changed.
    const status = (await git('status', '--porcelain', '--untracked-files=no')).stdout.trim();
    return { commit, changed: status !== '' };
  } catch {
    return undefined;
  }
}

/**
 * One Markdown line for committed reports: everything but the date, so that rerunning the same command on the
 * same commit writes the same bytes (the date is in the results JSON and the HTML report).
 */
export function provenanceMarkdown(provenance: Provenance | undefined | null): string {
  if (!provenance) return '_Provenance: not recorded (results written by an earlier version)._';
  const commit = provenance.commit
    ? ` at commit \`${provenance.commit.slice(0, 12)}\`${provenance.uncommittedChanges ? ' with uncommitted changes' : ''}`
    : '';
  const model = provenance.model && provenance.model !== provenance.provider ? `:${provenance.model}` : '';
  const cassette = provenance.cassette
    ? `; cassette \`${provenance.cassette.file}\` (${provenance.cassette.mode}${provenance.cassette.id ? `, ${provenance.cassette.id}` : ''})`
    : '';
  return `_${provenance.tool} ${provenance.version}${commit}; provider \`${provenance.provider}${model}\`${cassette}; command \`${provenance.command}\`._`;
}
