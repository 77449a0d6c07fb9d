/** What every strategy's result on a session is measured against, computed once per session. */
import type { TextIndex } from '../quality/match.ts';
import { namedPathKeys } from '../quality/paths.ts';
import { type Probe, readSidecar } from '../quality/probes.ts';
import type { deriveProbes } from '../quality/derive/derive.ts';
import type { markLiveness } from '../quality/derive/liveness.ts';
import type { ScoreInput, StructureExpectations, WrittenPaths } from '../quality/types.ts';
import { type FileLists, fileLists } from '../session/file-operations.ts';
import { freezeSession } from '../session/freeze.ts';
import type { Session } from '../session/types.ts';
import { headSession } from '../session/cut-points.ts';
import { countMessages, type Tokenizer } from '../tokens.ts';
import { endsWithRendering, renderMessages } from '../session/transcript.ts';
import { collectAfterLongText } from '../collect-garbage.ts';

/** A loaded session and what every strategy's scoring on it shares. */
export type SessionReference = {
  session: Session;
  tokensBefore: number;
  /**
   * The probes at the end of this session (or of this prefix), each marked live or history there; marked or derived on
   * first use.
   */
  readonly probes: Probe[];
  /** The sidecar the probes came from; null when they were derived from the transcript for this run. */
  probeFile: string | null;
  /**
   * The probes at a cut (message index): those placed before it, marked live or history there with the evidence of
   * the whole session; derived probes are derived again from the history before the cut. Computed once per cut.
   */
  probesAt: (cut: number) => Probe[];
  files: FileLists;
  /**
   * The whole transcript rendered without truncation, where invented paths are looked up. Rendered again when read
   * after the collector took the last rendering: held, a long session's is the largest string of a run (29 MB at 4 M
   * tokens) and it is read a few times (its index, its paths, a context as long as it).
   */
  readonly transcriptText: string;
  /** The length of {@link transcriptText}, known without rendering it again once it was rendered. */
  readonly transcriptLength: number;
  /**
   * The transcript prepared once for matching, on first use: a run with a model starts its calls first and
   * prepares it while they are in flight.
   */
  readonly transcriptMatcher: TextIndex;
  /**
   * The paths the transcript names (`namedPathKeys`), read once on first use: the invented-paths check asks the match
   * index only about a summary's path the transcript does not name as written.
   */
  readonly transcriptPaths: ReadonlySet<string>;
  /**
   * The transcript's lines that write a summary's path as it is, asked before {@link transcriptPaths} and the match
   * index: most of a summary's paths are told there, and neither is then read.
   */
  readonly transcriptWrittenPaths: WrittenPaths;
  /** What the transcript has content for (summary sections standing for it may not be placeholders). */
  readonly expectations: StructureExpectations;
  /**
   * Lets go of the transcript's match index (for a long session the largest thing a run holds): once the session
   * is scored, its reports need none of it. Asked for again, it is built again. Returns the characters of the text
   * whose index it let go (0 when none was held).
   */
  releaseMatcher(): number;
};

/**
 * The facts of one loaded session: its size, probes, files and the transcript as text. The probes are the
 * sidecar's when the session has one (a reviewed file wins), else derived from the transcript (docs/derived-probes.md).
 * The sidecar is read (and refused when invalid) now; the probes are marked or derived on first use: a run with a
 * model starts its calls first and does that work while they are in flight. With `markLater`, neither the code that
 * marks a sidecar's probes nor the matcher is loaded here: a reader of the probes awaits {@link probeMarkingLoaded}
 * before reading them, a reader of the transcript's index or written paths {@link matchingLoaded}.
 */
export async function sessionReference(
  session: Session,
  tokenizer: Tokenizer,
  { markLater = false }: { markLater?: boolean } = {},
): Promise<SessionReference> {
  const sidecar = await readSidecar(session.path);
  if (!markLater) await (sidecar ? probeMarkingLoaded() : matchingLoaded());
  const probesAt = probesAtCuts(
    session,
    sidecar ? { sidecar: sidecar.probes } : { derive: (await loadDerivation()).deriveProbes },
  );
  return referenceOf(
    session,
    tokenizer,
    () => probesAt(session.messages.length),
    sidecar?.file ?? null,
    probesAt,
  );
}

// The derivation's modules (a seventh of compare's code) load only for a session without a sidecar, and once: a
// session with one never derives, and its run's first request no longer waits for them to compile.
let derivation: Promise<typeof import('../quality/derive/derive.ts')> | undefined;
const loadDerivation = () => (derivation ??= import('../quality/derive/derive.ts'));

// Marking a sidecar's probes live or history (liveness.ts and the derivation's readers it pulls in, 238 kB of
// source) is needed only when the probes are first read: with a model, once the first requests are out.
let marking: typeof import('../quality/derive/liveness.ts') | undefined;
let markingLoad: Promise<void> | undefined;

/**
 * Resolves once a sidecar's probes can be marked, and the transcript matched ({@link matchingLoaded}): awaited before
 * any probe of a reference made `markLater` is read.
 */
export function probeMarkingLoaded(): Promise<void> {
  return (markingLoad ??= Promise.all([import('../quality/derive/liveness.ts'), matchingLoaded()]).then(
    ([module]) => {
      marking = module;
    },
  ));
}

// The matcher (match.ts and the meaning readers it brings, 185 kB of source) and the written paths' reader, which
// reads lines through it, are needed only once a transcript is matched: with a model, once the first requests are out.
let matching:
  | { match: typeof import('../quality/match.ts'); written: typeof import('../quality/written-paths.ts') }
  | undefined;
let matchingLoad: Promise<void> | undefined;

/** Resolves once a reference's transcript can be matched: awaited before a `markLater` reference's index is read. */
export function matchingLoaded(): Promise<void> {
  return (matchingLoad ??= Promise.all([
    import('../quality/match.ts'),
    import('../quality/written-paths.ts'),
  ]).then(([match, written]) => {
    matching = { match, written };
  }));
}

/** The matcher's modules, once loaded; matching before then is a bug of the reader's order. */
function loadedMatching(): NonNullable<typeof matching> {
  if (!matching)
    throw new Error('a transcript matched before its matcher loaded: await matchingLoaded() first');
  return matching;
}

/** {@link markLiveness}, once its module is loaded; reading probes before then is a bug of the reader's order. */
function markLoaded(...args: Parameters<typeof markLiveness>): ReturnType<typeof markLiveness> {
  if (!marking)
    throw new Error('probes read before their liveness marking loaded: await probeMarkingLoaded() first');
  return marking.markLiveness(...args);
}

/** The facts of a session scored against the given probes instead (as a sidecar's: marked at each cut). */
export async function withProbes(
  reference: SessionReference,
  probes: readonly Probe[],
): Promise<SessionReference> {
  await probeMarkingLoaded();
  const probesAt = probesAtCuts(reference.session, { sidecar: probes });
  return { ...reference, probes: probesAt(reference.session.messages.length), probesAt };
}

/** Where a session's probes come from: its sidecar's, marked at each cut, or derived at each cut by `derive`. */
type ProbeSource = { sidecar: readonly Probe[] } | { derive: typeof deriveProbes };

/** The probes at each cut, memoized: a sidecar's marked at the cut, else derived from the history before it. */
function probesAtCuts(session: Session, source: ProbeSource): (cut: number) => Probe[] {
  const cache = new Map<number, Probe[]>();
  return (cut) => {
    const end = Math.min(cut, session.messages.length);
    let probes = cache.get(end);
    if (!probes) {
      probes =
        'sidecar' in source
          ? markLoaded(source.sidecar, session, end)
          : source.derive(session, { cut: end }).probes;
      cache.set(end, probes);
    }
    return probes;
  };
}

/**
 * The facts of the session as it stood before message `end` (a recorded compaction): its messages, files
 * and the probes at that cut (planted before it, live or history there). A probe with no `messageIndex` cannot be
 * placed and is left out.
 */
export function prefixReference(
  reference: SessionReference,
  end: number,
  tokenizer: Tokenizer,
): SessionReference {
  const probes = () =>
    reference.probesAt(end).filter((probe) => probe.messageIndex !== undefined && probe.messageIndex < end);
  const probesAt = (cut: number) => reference.probesAt(Math.min(cut, end));
  return referenceOf(headSession(reference.session, end), tokenizer, probes, reference.probeFile, probesAt);
}

/** The reference of a session whose probes are made by `probesOf` on first use (probes and expectations read them). */
function referenceOf(
  session: Session,
  tokenizer: Tokenizer,
  probesOf: () => Probe[],
  probeFile: string | null,
  probesAt: (cut: number) => Probe[],
): SessionReference {
  // Every strategy reads this one session: none may change what the others see.
  freezeSession(session);
  const tokensBefore = countMessages(tokenizer, session.messages).reduce((sum, tokens) => sum + tokens, 0);
  const transcript = renderedOnDemand(() => renderMessages(session.messages, WHOLE));
  // Rendered first when something reads it (scoring, or preparing for it while the first calls are in flight), not
  // before the first call: rendering large-session's takes 5-17 ms with its code still cold.
  let transcriptLength: number | undefined;
  const files = fileLists(session.fileOperations);
  let probes: Probe[] | undefined;
  let expectations: StructureExpectations | undefined;
  let transcriptMatcher: TextIndex | undefined;
  let transcriptPaths: ReadonlySet<string> | undefined;
  let transcriptWrittenPaths: WrittenPaths | undefined;
  return {
    session,
    tokensBefore,
    get probes() {
      return (probes ??= probesOf());
    },
    probeFile,
    probesAt,
    files,
    get transcriptText() {
      return transcript();
    },
    get transcriptLength() {
      return (transcriptLength ??= transcript().length);
    },
    get transcriptMatcher() {
      if (transcriptMatcher) return transcriptMatcher;
      const text = transcript();
      transcriptMatcher = loadedMatching().match.createMatcher(text, transcript);
      transcriptLength ??= text.length;
      // Building a long transcript's index leaves several times the text to collect (130 MB at 4 M tokens), which
      // the next strategies' work piled on before V8 collected it.
      collectAfterLongText(text.length);
      return transcriptMatcher;
    },
    get transcriptPaths() {
      return (transcriptPaths ??= namedPathKeys(transcript()));
    },
    get transcriptWrittenPaths() {
      return (transcriptWrittenPaths ??= loadedMatching().written.writtenPaths({
        text: transcript,
        length: () => (transcriptLength ??= transcript().length),
        settled: () => transcriptPaths !== undefined,
      }));
    },
    get expectations() {
      return (expectations ??= expectationsOf(session, this.probes, files));
    },
    releaseMatcher() {
      if (!transcriptMatcher) return 0;
      transcriptMatcher = undefined;
      return transcriptLength ?? 0;
    },
  };
}

// The transcript is every message rendered in full.
const WHOLE = { toolResultChars: Number.POSITIVE_INFINITY };

/**
 * Whether `text` ends with the session's transcript, compared a message's rendering at a time: a context as long as
 * the transcript (identity's) is told without rendering the transcript again, which, made during a scoring that holds
 * the thread, stayed alive until that scoring ended (a weak reference keeps its target through the job that made it).
 */
export function endsWithTranscript(reference: SessionReference, text: string): boolean {
  return endsWithRendering(text, reference.session.messages, WHOLE);
}

/**
 * What the scorers read of a context scored against the session: the reference's facts, its transcript read, indexed
 * and its paths named only when a scorer asks (a reference renders the transcript again once it is let go). `probes`
 * and `files` default to the whole session's; a chain's compaction passes those at its cut.
 */
export function referenceScoreInput(
  reference: SessionReference,
  context: { text: string; summary: string },
  {
    requiredSections,
    probes = reference.probes,
    files = reference.files,
  }: { requiredSections?: readonly string[] | undefined; probes?: readonly Probe[]; files?: FileLists } = {},
): ScoreInput {
  return {
    ...context,
    probes,
    files,
    cwd: reference.session.cwd,
    get transcriptText() {
      return reference.transcriptText;
    },
    transcriptLength: reference.transcriptLength,
    endsWithTranscript: (text: string) => endsWithTranscript(reference, text),
    get transcriptMatcher() {
      return reference.transcriptMatcher;
    },
    get transcriptPaths() {
      return reference.transcriptPaths;
    },
    transcriptWrittenPaths: reference.transcriptWrittenPaths,
    requiredSections,
    expectations: reference.expectations,
  };
}

/** A text made on demand rather than held: the last one made is read again until the collector takes it. */
function renderedOnDemand(render: () => string): () => string {
  let recent: WeakRef<{ text: string }> | undefined;
  return () => {
    const held = recent?.deref();
    if (held) return held.text;
    const made = { text: render() };
    recent = new WeakRef(made);
    return made.text;
  };
}

/** What the transcript has content for, by the kinds of its probes and what it holds. */
function expectationsOf(session: Session, probes: readonly Probe[], files: FileLists): StructureExpectations {
  const kinds = new Set(probes.map((probe) => probe.kind));
  return {
    constraints: kinds.has('constraint'),
    decisions: kinds.has('decision'),
    errors:
      kinds.has('error') ||
      session.messages.some((message) => message.role === 'toolResult' && message.isError),
    files: files.read.length + files.modified.length > 0,
    nextSteps: kinds.has('next-step'),
  };
}

// A session's prefix (its probes, its transcript indexed) is made once per session reference and cut, however
// many strategies are scored there.
const prefixes = new WeakMap<SessionReference, Map<number, SessionReference>>();

/**
 * Lets go of every match index a session's scoring built: the transcript's, and each prefix's at a cut. Returns the
 * characters of the transcript whose index it let go (0 when none was held).
 */
export function releaseMatchers(whole: SessionReference): number {
  prefixes.delete(whole);
  return whole.releaseMatcher();
}

/** {@link prefixReference}, made once per session reference and cut. */
export function prefixAt(whole: SessionReference, cut: number, tokenizer: Tokenizer): SessionReference {
  let byCut = prefixes.get(whole);
  if (!byCut) prefixes.set(whole, (byCut = new Map()));
  let prefix = byCut.get(cut);
  if (!prefix) byCut.set(cut, (prefix = prefixReference(whole, cut, tokenizer)));
  return prefix;
}
