/** Probes (SPEC §7): facts a good summary must keep, from a sidecar file and derived from tool calls. */
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative } from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import type { Session } from '../session/types.ts';

/** Kinds a sidecar probe may have (free-form kinds are allowed too; these are the documented ones). */
export const PROBE_KINDS = ['task', 'constraint', 'artifact', 'decision', 'error', 'next-step'] as const;

/** The schema of one sidecar probe. */
export const probeSchema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  match: z.array(z.string().min(1)).min(1),
  /** Where the fact is planted: 0-based index in the session's messages. */
  messageIndex: z.number().int().min(0).optional(),
});

/** The schema of a `F.probes.json` sidecar. */
export const probesFileSchema = z.object({ probes: z.array(probeSchema) });

/** A fact to look for in a summary. */
export type Probe = z.infer<typeof probeSchema> & {
  /** `sidecar` for hand-written probes; `derived` for the file probes taken from tool calls. */
  source: 'sidecar' | 'derived';
};

/** The sidecar path of a fixture file: `F.jsonl` → `F.probes.json` beside it. */
export function sidecarPath(sessionFile: string): string {
  const extension = extname(sessionFile);
  const base = extension ? sessionFile.slice(0, -extension.length) : sessionFile;
  return `${base}.probes.json`;
}

/** The sidecar probes of a session, or none when it has no sidecar; a malformed sidecar is an input error. */
export async function loadSidecarProbes(sessionFile: string): Promise<Probe[]> {
  const file = sidecarPath(sessionFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new InputError(`${file}: cannot read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = probesFileSchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${file}: ${describeSchemaProblem(parsed.error)}`);
  const seen = new Set<string>();
  for (const probe of parsed.data.probes) {
    if (seen.has(probe.id)) throw new InputError(`${file}: probe id '${probe.id}' appears twice`);
    seen.add(probe.id);
  }
  return parsed.data.probes.map((probe) => ({ ...probe, source: 'sidecar' as const }));
}

/** The ways a path may be written in a summary: as in the transcript, and relative to the working directory. */
export function pathSpellings(path: string, cwd: string | undefined): string[] {
  const spellings = [path];
  if (cwd && isAbsolute(path)) {
    const relativePath = relative(cwd, path);
    if (relativePath && !relativePath.startsWith('..') && !isAbsolute(relativePath))
      spellings.push(relativePath);
  }
  return spellings;
}

/** One `file` probe per distinct path read, written or edited through a tool call. */
export function deriveFileProbes(session: Pick<Session, 'fileOperations' | 'cwd'>): Probe[] {
  const byPath = new Map<string, { kinds: Set<string>; messageIndex: number }>();
  for (const operation of session.fileOperations) {
    const entry = byPath.get(operation.path) ?? {
      kinds: new Set<string>(),
      messageIndex: operation.messageIndex,
    };
    entry.kinds.add(operation.kind);
    byPath.set(operation.path, entry);
  }
  return [...byPath].map(([path, { kinds, messageIndex }]) => {
    const modified = kinds.has('write') || kinds.has('edit');
    return {
      id: `file:${path}`,
      kind: 'file',
      question: `Which file was ${modified ? 'modified' : 'read'} at message ${messageIndex}?`,
      answer: path,
      match: pathSpellings(path, session.cwd),
      messageIndex,
      source: 'derived' as const,
    };
  });
}

/** Sidecar probes plus derived file probes (a sidecar probe with the same id wins). */
export async function loadProbes(
  session: Pick<Session, 'path' | 'fileOperations' | 'cwd'>,
): Promise<Probe[]> {
  const sidecar = await loadSidecarProbes(session.path);
  const ids = new Set(sidecar.map((probe) => probe.id));
  return [...sidecar, ...deriveFileProbes(session).filter((probe) => !ids.has(probe.id))];
}

/** Probe counts by kind, sorted by kind. */
export function countByKind(probes: readonly Probe[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const probe of [...probes].sort((a, b) => a.kind.localeCompare(b.kind))) {
    counts[probe.kind] = (counts[probe.kind] ?? 0) + 1;
  }
  return counts;
}
