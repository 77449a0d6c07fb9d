/**
 * `compaction-bench probes <transcript>`: writes the sidecar `F.probes.json` for review: the derived probes and, with a
 * provider, probes a model wrote; duplicates merged, every probe checked like `probes lint`, kinds balanced,
 * positions spread, at most `--max`. The file records each probe's source.
 */
import { withCleanup } from '../cleanup.ts';
import { existsSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import pLimit from 'p-limit';
import { createCaller } from '../providers/calls.ts';
import { InputError } from '../errors.ts';
import { writeFileAtomic } from '../files.ts';
import { createProvider, type ProviderOptions, wrapProvider } from '../providers/create.ts';
import { assertNoSecrets } from '../providers/secrets.ts';
import { type DroppedProbe, dropLintErrors, nameProbes, withRepeats } from './derive/clean.ts';
import { draftProbes } from './derive/derive.ts';
import { markLiveness } from './derive/liveness.ts';
import { selectProbes } from './derive/select.ts';
import { modelProbes } from './model-probes.ts';
import { type LintFinding, lintProbes } from './probe-lint.ts';
import { type Probe, sidecarPath } from './probes.ts';
import { type LoadOptions, loadSession } from '../session/load.ts';
import { sliceMessages, type SliceOptions } from '../session/slicer.ts';
import { countMessages, getTokenizer } from '../tokens.ts';
import { renderMessages } from '../session/transcript.ts';

/** What `probes <transcript>` needs. */
export type WriteProbesOptions = LoadOptions &
  SliceOptions & {
    tokenizer: string;
    /** A provider spec for model-written probes; derived probes only when absent. */
    provider?: string;
    providerOptions?: Omit<ProviderOptions, 'tokenizer'>;
    concurrency: number;
    max: number;
    /** Where to write; default: the transcript's sidecar path. */
    out?: string;
    /** Overwrite an existing file (a reviewed sidecar is not replaced by accident). */
    force?: boolean;
    signal?: AbortSignal;
  };

/** What was written, for the command to print. */
export type WriteProbesResult = {
  file: string;
  probes: Probe[];
  bySource: { derived: number; model: number };
  /** Probes proposed but left out (a lint rule broken, a duplicate, no facet in the transcript), with why. */
  dropped: Array<{ id: string; kind: string; source: string; reason: string }>;
  /** Candidates beyond `--max`. */
  overMax: number;
  /** `probes lint` on the file written. */
  lint: { errors: number; warnings: number; findings: LintFinding[] };
  calls: number;
  cachedCalls: number;
};

/** `-o`: a file; a directory (one that exists, or a path ending in `/`) gets the sidecar's own name inside it. */
function outputFile(out: string | undefined, sidecar: string): string {
  if (out === undefined) return sidecar;
  const isDirectory = /[\\/]$/.test(out) || statSync(out, { throwIfNoEntry: false })?.isDirectory() === true;
  return isDirectory ? join(out, basename(sidecar)) : out;
}

/** Derives (and, with a provider, asks a model for) the probes of a transcript and writes them as a sidecar. */
export async function writeProbes(argument: string, options: WriteProbesOptions): Promise<WriteProbesResult> {
  const session = await loadSession(argument, options);
  const file = outputFile(options.out, sidecarPath(session.path));
  if (existsSync(file) && !options.force)
    throw new InputError(
      `${file} exists (a reviewed sidecar?); pass --force to replace it or -o to write elsewhere`,
    );
  const transcriptText = renderMessages(session.messages, { toolResultChars: Number.POSITIVE_INFINITY });
  const derived = draftProbes(session).map((draft) => ({ ...draft, source: 'derived' as const }));
  const proposed = options.provider ? await askModel(session.messages, transcriptText, options) : undefined;
  const model = (proposed?.drafts ?? []).map((draft) => ({ ...draft, source: 'model' as const }));
  // Session order, derived before model at one message: of two probes of one fact, the derived one is kept.
  const ordered = [...derived, ...model]
    .map((draft, order) => ({ draft, order }))
    .sort((a, b) => a.draft.messageIndex - b.draft.messageIndex || a.order - b.order)
    .map(({ draft }) => ({ ...draft, contradictions: [] }));
  const candidates = withRepeats(nameProbes(ordered), session.messages);
  const { kept, dropped } = dropLintErrors(candidates, session.messages);
  // Live facts first when the kinds must be cut down: marked at the end of the session (never written: a cut decides).
  const live = new Map(
    markLiveness(kept, session, session.messages.length).map((probe) => [probe.id, probe.live]),
  );
  const probes = selectProbes(
    kept.map((probe) => ({ ...probe, live: live.get(probe.id) })),
    options.max,
  ).map(({ live: _live, ...probe }) => probe);
  const findings = lintProbes({ probes, messages: session.messages });
  const text = renderSidecar(probes, options.provider);
  assertNoSecrets(text, file);
  await writeFileAtomic(file, text);
  const source = new Map(candidates.map((probe) => [probe.id, probe.source]));
  return {
    file,
    probes,
    bySource: {
      derived: probes.filter((probe) => probe.source === 'derived').length,
      model: probes.filter((probe) => probe.source === 'model').length,
    },
    dropped: [
      ...(proposed?.dropped ?? []).map((item) => ({
        id: '(model)',
        kind: '',
        source: 'model',
        reason: `"${item.question}": ${item.reason}`,
      })),
      ...dropped.map((item: DroppedProbe) => ({ ...item, source: source.get(item.id) ?? 'derived' })),
    ],
    overMax: kept.length - probes.length,
    lint: {
      errors: findings.filter((finding) => finding.level === 'error').length,
      warnings: findings.filter((finding) => finding.level === 'warning').length,
      findings,
    },
    calls: proposed?.calls ?? 0,
    cachedCalls: proposed?.cachedCalls ?? 0,
  };
}

/** The model's proposals, through the cache, the cassette and one concurrency limit. */
async function askModel(
  messages: Parameters<typeof modelProbes>[0],
  transcriptText: string,
  options: WriteProbesOptions,
) {
  const tokenizer = await getTokenizer(options.tokenizer);
  const providerOptions = options.providerOptions ?? {};
  const base = createProvider(options.provider!, { ...providerOptions, tokenizer });
  if (!base.isLanguageModel)
    throw new InputError(
      `-p ${options.provider}: writing probes needs a language model (openai:<model> or anthropic:<model>)`,
    );
  const provider = wrapProvider(base, providerOptions);
  return withCleanup(async () => {
    const caller = createCaller({
      provider,
      limit: pLimit(options.concurrency),
      tokenizer,
      contextWindow: provider.contextWindow,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const slices = sliceMessages(messages, countMessages(tokenizer, messages), options);
    const proposals = await modelProbes(messages, slices, caller.complete, transcriptText);
    return {
      ...proposals,
      calls: caller.trace.length,
      cachedCalls: caller.trace.filter((call) => call.cached).length,
    };
  }, [() => provider.close?.()]);
}

/** The sidecar's text: version 2, the probes in session order, each with its source; stable for byte-for-byte replay. */
export function renderSidecar(probes: readonly Probe[], provider: string | undefined): string {
  const entries = probes.map((probe) => ({
    id: probe.id,
    kind: probe.kind,
    source: probe.source,
    messageIndex: probe.messageIndex,
    question: probe.question,
    answer: probe.answer,
    facets: probe.facets,
    ...(probe.contradictions.length > 0 ? { contradictions: probe.contradictions } : {}),
    ...(probe.opposite === undefined ? {} : { opposite: probe.opposite }),
    ...(probe.repeatedAt && probe.repeatedAt.length > 0 ? { repeatedAt: probe.repeatedAt } : {}),
    ...(probe.fixedLater === undefined ? {} : { fixedLater: probe.fixedLater }),
    ...(probe.file === undefined ? {} : { file: probe.file }),
    ...(probe.check === undefined ? {} : { check: probe.check }),
    // What the probe says in plain words, matched by meaning: without it, an unedited sidecar would score a summary in
    // fresh words lower than the derived probes it was written from.
    ...(probe.statement === undefined ? {} : { statement: probe.statement }),
    ...(probe.partialCredit === false ? { partialCredit: false } : {}),
    ...(probe.subjectCredit === false ? { subjectCredit: false } : {}),
    ...(probe.wordPairs && probe.wordPairs.length > 0 ? { wordPairs: probe.wordPairs } : {}),
    ...(probe.change === undefined ? {} : { change: probe.change }),
    ...(probe.told === undefined ? {} : { told: probe.told }),
    ...(probe.names === undefined ? {} : { names: probe.names }),
    ...(probe.removed === undefined ? {} : { removed: probe.removed }),
    ...(probe.alternative === undefined ? {} : { alternative: probe.alternative }),
    ...(probe.absence === undefined ? {} : { absence: probe.absence }),
    ...(probe.made === undefined ? {} : { made: probe.made }),
  }));
  return `${JSON.stringify({ version: 2, writtenBy: { command: 'compaction-bench probes', provider: provider ?? null }, probes: entries }, null, 2)}\n`;
}
