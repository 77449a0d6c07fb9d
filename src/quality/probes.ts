/**
 * Probes (docs/quality.md): the facts a good summary must keep, from a sidecar `F.probes.json`. A probe
 * holds when the compacted context states all of its facets close together (each facet in any of its
 * spellings), and is contradicted when it states the opposite. File names are not probes: they are
 * measured by `fileRecall`.
 */
import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, relative } from 'node:path';
import * as z from 'zod';
import { InputError } from '../errors.ts';
import { unreadableFileError } from '../session/source-file.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import { ownCopy, recentMap } from '../text/text-cache.ts';

/** The kinds of fact a hand-written sidecar plants (the shipped fixtures hold each). */
export const PROBE_KINDS = ['task', 'constraint', 'decision', 'error', 'artifact', 'next-step'] as const;

/**
 * Kinds derivation adds (docs/derived-probes.md): the state of the work (what passes now, what is still broken,
 * what was committed), and a number the user gave. `verification` is the older name of a check's state, still read.
 */
export const DERIVED_KINDS = ['state', 'number', 'verification'] as const;

/** Every kind a sidecar may name. */
export const SIDECAR_KINDS = [...PROBE_KINDS, ...DERIVED_KINDS] as const;

/** A probe kind. */
export type ProbeKind = (typeof SIDECAR_KINDS)[number];

/** Where a probe came from: written by hand in a sidecar, derived from the transcript by code, or written by a model. */
export const probeSourceSchema = z.enum(['sidecar', 'derived', 'model']);

/** One of {@link probeSourceSchema}. */
export type ProbeSource = z.infer<typeof probeSourceSchema>;

const spellings = z.array(z.string().trim().min(1)).min(1);

/** One probe of a version 2 sidecar. */
export const probeSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(SIDECAR_KINDS),
  question: z.string().min(1),
  answer: z.string().min(1),
  /** Every facet must be stated; each facet is a list of acceptable spellings. */
  facets: z.array(spellings).min(1),
  /** Phrases that state the opposite of the fact (for constraints and decisions). */
  contradictions: z.array(z.string().trim().min(1)).optional(),
  /** A state's opposite said of its subject: a pushed commit said not pushed, a passing check said to fail. */
  opposite: z
    .object({
      subject: spellings,
      said: spellings,
      within: z.enum(['clause', 'sentences']),
      own: spellings.optional(),
    })
    .optional(),
  /** Where the fact is planted: 0-based index in the session's messages. */
  messageIndex: z.number().int().min(0),
  /** Later messages where the session really states the fact again (so keeping only those is fair). */
  repeatedAt: z.array(z.number().int().min(0)).optional(),
  /** `derived` or `model` when `compaction-bench probes` wrote it; absent for a probe written by hand. */
  source: z.enum(['derived', 'model']).optional(),
  /** For an error: whether the session fixed it later. */
  fixedLater: z.boolean().optional(),
  /** Whether the fact still matters where the session is cut; absent: decided from its kind and the session. */
  live: z.boolean().optional(),
  /** The file an artifact probe describes (read or edited again, it matters), or the file an error's line names. */
  file: z.string().min(1).optional(),
  /** The check a state probe reports (evidence that it matters: the check is run again). */
  check: z.string().min(1).optional(),
  /** The fact in plain words, kept by meaning when the facets are not stated literally (docs/quality.md). */
  statement: z.string().trim().min(1).optional(),
  /** false: a statement stated in part earns nothing, not half (a part of it is what a cheap trick keeps). */
  partialCredit: z.boolean().optional(),
  /** false: its subject mentioned without its specifics earns nothing (the user's own words mention it). */
  subjectCredit: z.boolean().optional(),
  /** Pairs of words any one of which, stated close together in any order and inflection, keeps the fact. */
  wordPairs: z.array(z.string().trim().min(1)).optional(),
  /** For a task: the agent's sentences restating the request, and its own goal sentences: each another statement. */
  restatements: z.array(z.string().trim().min(1)).optional(),
  /** For a task: the request's own sentence grep's lines state, another statement kept only where not quoted. */
  requestSentences: z.array(z.string().trim().min(1)).optional(),
  /** For an artifact: what its edits wrote (change-words.ts), an alternative way to keep it. */
  change: z.object({ words: spellings, stem: z.string().min(1).optional() }).optional(),
  /** For an artifact: the agent's own words for what it did to the file (told-change.ts), another way to keep it. */
  told: spellings.optional(),
  /** For an artifact: the names of code its edits put in (added-name.ts), another way to keep it. */
  names: spellings.optional(),
  /** For an artifact: the names of code its edits took out (added-name.ts), kept by a removal said of the file. */
  removed: spellings.optional(),
  /** For a rule: what it allows instead of what it rules out (rule-alternative.ts), kept when affirmed as the rule's. */
  alternative: z.object({ spellings, verb: z.string().trim().min(1).optional() }).optional(),
  /** For a state of absence: the event it denies, and the digests of the events its span runs from and rests on. */
  absence: z
    .object({
      denies: z.enum(['commit', 'change', 'test']),
      names: z.string().min(1).optional(),
      since: z.string().regex(/^[0-9a-f]{16}$/),
      restsOn: z.string().regex(/^[0-9a-f]{16}$/),
    })
    .optional(),
  /** For a change the user dictated: the digests of the request's first line and of the write that made it. */
  made: z
    .object({ request: z.string().regex(/^[0-9a-f]{16}$/), writes: z.string().regex(/^[0-9a-f]{16}$/) })
    .optional(),
});

/** What states a state's opposite: see {@link Probe.opposite}. */
export type Opposite = NonNullable<z.infer<typeof probeSchema>['opposite']>;

/** One probe of a version 1 sidecar: any one `match` string keeps it. */
const probeV1Schema = z.object({
  id: z.string().min(1),
  kind: z.string().min(1),
  question: z.string().min(1),
  answer: z.string().min(1),
  match: spellings,
  messageIndex: z.number().int().min(0).optional(),
});

/** A `F.probes.json` sidecar: `{ "version": 2, "probes": [...] }`, or the version 1 shape. */
export const probesFileSchema = z.union([
  z.object({ version: z.literal(2), probes: z.array(probeSchema) }),
  z.object({ version: z.literal(1).optional(), probes: z.array(probeV1Schema) }),
]);

/** A fact to look for in a compacted context. */
export type Probe = {
  id: string;
  kind: string;
  question: string;
  answer: string;
  facets: string[][];
  contradictions: string[];
  /**
   * A state's opposite said of its subject (opposite.ts): one of `said` after one of `subject`, within its clause or
   * its sentence and the next, and not denied there ("d1b15fb is committed locally but not pushed yet" of a pushed
   * commit; "`cargo test` fails" of a passing check); unless one of `own`, the state as it is, is said of it too (a
   * log of every run, "`cargo test` (failed)" beside "`cargo test`: 29 passed", tells a history, not the opposite).
   */
  opposite?: Opposite;
  /** Where the fact is planted (required in version 2 sidecars). */
  messageIndex?: number;
  repeatedAt?: number[];
  /** `sidecar` for a probe written by hand; `derived` for one taken from the transcript by code; `model` for a model's. */
  source: ProbeSource;
  /** For an error: whether the session fixed it later (a later run of the same check passed). */
  fixedLater?: boolean;
  /**
   * Whether the fact still matters at the cut it is scored at (docs/derived-probes.md#live-facts-and-history):
   * live facts are the headline recall, history is reported beside it. Absent means live.
   */
  live?: boolean;
  /** The file an artifact probe describes, or the file an error's line names (where it can recur). */
  file?: string;
  /** The check command a state probe reports (`npm test`, `cargo test`). */
  check?: string;
  /**
   * The fact in plain words: when the facets are not stated literally, the probe is kept by a text that states
   * enough of its terms together (statement-match.ts, the thresholds the yardstick's reader labels set).
   */
  statement?: string;
  /**
   * Whether a text that states part of the statement keeps half the probe (absent: it does). Derivation sets false
   * where a part is what a cheap trick keeps: the lines `grep` keeps (request openings, error lines), for a task, a
   * next step or a decision; the user's own words, for a result of the agent's work.
   */
  partialCredit?: boolean;
  /**
   * Whether a text that mentions the fact's subject in its own words without its specifics (subject-mention.ts) keeps
   * half the probe (absent: it does). Derivation sets false where the user's own words mention it.
   */
  subjectCredit?: boolean;
  /**
   * Pairs of words any one of which, stated close together in any order and inflection and not denied (meaning.ts),
   * keeps the fact where its facets are not stated: a picked option's label told by what it does (choices.ts).
   * Facets alone decide where the fact is restated, which fact of the reader's it states, and what a topic list names.
   */
  wordPairs?: string[];
  /**
   * For a task: the sentences of the agent's first answer that restate the request in its own words
   * (derive/restated-requests.ts), and the request's own sentences that say what to make (derive/request-goals.ts): a
   * text that states one of them as a statement is stated keeps the probe, as a handoff names the request the way the
   * session named it; one that states it the other way contradicts it.
   */
  restatements?: string[];
  /**
   * For a task: the request's own sentence, its statement taken out because the lines `grep` keeps (request openings)
   * state it (derive.ts): a handoff that says the request in fresh words states it, so it is another statement, kept
   * only whole and only by lines that do not quote it (three of its terms in a row, in its order, probe-recall.ts): a
   * quote of the user's words keeps what the facets keep, no more.
   */
  requestSentences?: string[];
  /**
   * For an artifact: the distinctive words and numbers its edits wrote (added lines, not the session's common words,
   * no syntax keyword, no part of the file's name), and the file's name without its extension when a summary may name
   * the file by it as a word ("Footer"): a sentence naming the file and stating two of the words keeps the probe
   * (change-words.ts).
   */
  change?: ChangeWords;
  /**
   * For an artifact: the plain words the agent used for what it did to the file, before each edit and in its later
   * lines that name the file (not the session's common words, the file's own name or the user's words): a line naming
   * the file with one of them beside it keeps the probe (told-change.ts).
   */
  told?: string[];
  /**
   * For an artifact: the identifiers of code its edits put in (in what they added, in nothing they replaced; not the
   * file's own name): a line naming the file with one of them said in prose beside it keeps the probe (added-name.ts).
   */
  names?: string[];
  /**
   * For an artifact: the identifiers of code its edits took out (in what they replaced, in nothing they added; not the
   * file's own name): a line naming the file with one of them and a removal said done beside it ("TranscriptPath field
   * removed") keeps the probe (added-name.ts).
   */
  removed?: string[];
  /**
   * For a rule that rules a thing out and names what to do instead ("Do not add a second syntax highlighting library;
   * continue with highlight.js"): the allowed alternative's spellings (`highlight.js`) and the verb the rule puts it
   * with (`continue with`). A context that affirms it as the rule does ("highlight.js only", "stick to highlight.js",
   * "continue with highlight.js") keeps the rule; one that negates, replaces or adds beside it contradicts the rule
   * (rule-alternative.ts). Named bare, with no such frame, it says nothing.
   */
  alternative?: RuleAlternative;
  /**
   * For a state of absence ("nothing is committed yet", "nothing in the repository was changed"): the event it denies
   * (`commit`: a commit; `change`: a write), and the digests of the rendered call lines of the events its span runs
   * from (the last commit, else the session's first call) and rests on (the last edit, the last read). Its facets are
   * a summary's spellings of the absence, which the transcript need not hold; a context made of the session's
   * messages keeps it by its events: both there, and no denied event in the span (absence.ts).
   */
  absence?: Absence;
  /**
   * For a change the user dictated and the agent made: the digests of the user's request (its rendered first line)
   * and of the rendered call line of the write after it that made the change. The user's words state the request,
   * not that it was made: a context of the session's messages keeps it by those events, a summary by a line that
   * states it made (made.ts).
   */
  made?: Made;
};

/** The request and the write of a made change: see {@link Probe.made}. */
export type Made = { request: string; writes: string };

/** What a state of absence denies and rests on: see {@link Probe.absence}. */
export type Absence = {
  denies: 'commit' | 'change' | 'test';
  since: string;
  restsOn: string;
  names?: string;
};

/** What an artifact's edits wrote: see {@link Probe.change}. */
export type ChangeWords = { words: string[]; stem?: string };

/** What a rule allows instead of what it rules out: see {@link Probe.alternative}. */
export type RuleAlternative = { spellings: string[]; verb?: string };

/** Whether a probe counts toward the headline (live) recall: every probe not marked history. */
export function isLive(probe: Pick<Probe, 'live'>): boolean {
  return probe.live !== false;
}

/** The sidecar path of a fixture file: `F.jsonl` (or `F.jsonl.gz`) → `F.probes.json` beside it. */
export function sidecarPath(sessionFile: string): string {
  const uncompressed = sessionFile.replace(/\.gz$/i, '');
  const extension = extname(uncompressed);
  const base = extension ? uncompressed.slice(0, -extension.length) : uncompressed;
  return `${base}.probes.json`;
}

/** A parsed sidecar: its probes, and the format version it was written in. */
export type Sidecar = { file: string; version: 1 | 2; probes: Probe[] };

/** Checks and converts a sidecar's JSON; a problem is an input error naming the file and the probe. */
export function parseSidecar(json: unknown, file: string): Sidecar {
  const parsed = probesFileSchema.safeParse(json);
  if (!parsed.success) {
    const version = (json as { version?: unknown } | null)?.version;
    const hint = version === 2 ? '' : ' (a version 2 sidecar starts with "version": 2)';
    throw new InputError(`${file}: ${describeSchemaProblem(parsed.error)}${hint}`);
  }
  const seen = new Set<string>();
  for (const probe of parsed.data.probes) {
    if (seen.has(probe.id)) throw new InputError(`${file}: probe id '${probe.id}' appears twice`);
    seen.add(probe.id);
  }
  if (parsed.data.version === 2) {
    return {
      file,
      version: 2,
      probes: parsed.data.probes.map(({ source, ...probe }) => ({
        ...probe,
        contradictions: probe.contradictions ?? [],
        source: source ?? ('sidecar' as const),
      })),
    };
  }
  return {
    file,
    version: 1,
    probes: parsed.data.probes.map(({ match, ...probe }) => ({
      ...probe,
      facets: [match],
      contradictions: [],
      source: 'sidecar' as const,
    })),
  };
}

/** The sidecar of a session file, or undefined when it has none; a malformed sidecar is an input error. */
export async function readSidecar(sessionFile: string): Promise<Sidecar | undefined> {
  const file = sidecarPath(sessionFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw unreadableFileError(file, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseSidecar(json, file);
}

/** The sidecar probes of a session, or none when it has no sidecar. */
export async function loadProbes(session: { path: string }): Promise<Probe[]> {
  return (await readSidecar(session.path))?.probes ?? [];
}

// An absolute path's spellings under a working directory, kept while in use: file recall and invented paths ask them
// for the same files in every context of a session, and each asking resolved both paths again (a relative path is
// itself alone, made without a look-up).
const absoluteSpellings = recentMap<string, readonly string[]>(20_000);

/** The ways a path may be written in a summary: as in the transcript, and relative to the working directory. */
export function pathSpellings(path: string, cwd: string | undefined): readonly string[] {
  if (!cwd || !isAbsolute(path)) return [path];
  const key = `${cwd}\n${path}`;
  let spellings = absoluteSpellings.get(key);
  if (spellings === undefined) {
    const relativePath = relative(cwd, path);
    // Strings of their own: the path may be a slice of a whole summary.
    spellings =
      relativePath && !relativePath.startsWith('..') && !isAbsolute(relativePath)
        ? [ownCopy(path), relativePath]
        : [ownCopy(path)];
    absoluteSpellings.set(ownCopy(key), spellings);
  }
  return spellings;
}

/** Probe counts by kind, sorted by kind. */
export function countByKind(probes: readonly Probe[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const probe of [...probes].sort((a, b) => a.kind.localeCompare(b.kind))) {
    counts[probe.kind] = (counts[probe.kind] ?? 0) + 1;
  }
  return counts;
}
