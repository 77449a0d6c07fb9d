/**
 * `probeRecall`: the share of a fixture's fact probes the compacted context keeps, overall and per kind, with
 * each probe's outcome (matched, missed, contradicted) and the count of contradicted ones.
 */
import type { Occurrence, TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import type { ProbeOutcome, Quality, Scorer } from './types.ts';

/**
 * All facets of a probe must be stated within this many words of each other: a fact is a relation, and a
 * summary states it in a sentence or two, while a bag of identifiers scatters them.
 */
export const FACET_WINDOW_WORDS = 40;

/**
 * Kinds whose facts a negation next to a needle does not undo: a constraint is often a prohibition
 * ("no decimal.js"), and an error stays the error it was when the summary says it is fixed
 * ("no longer fails with …"). Their opposite is caught by `contradictions` instead.
 */
const NEGATION_EXEMPT: ReadonlySet<string> = new Set(['constraint', 'error']);

/** A part over a whole, or null when there is no whole. */
export function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** The occurrences of a facet (any spelling) that count for this kind of probe. */
function facetOccurrences(index: TextIndex, spellings: readonly string[], kind: string): Occurrence[] {
  const found = spellings.flatMap((spelling) => index.occurrences(spelling));
  return NEGATION_EXEMPT.has(kind) ? found : found.filter((occurrence) => !occurrence.negated);
}

/**
 * Whether one occurrence of each facet lies within `window` words: the smallest range holding one of each, found by
 * walking every facet's words in order and moving on from the lowest (no list of all occurrences to sort; a word
 * like a module name occurs thousands of times in a kept transcript).
 */
export function withinWindow(facets: readonly (readonly Occurrence[])[], window: number): boolean {
  if (facets.some((occurrences) => occurrences.length === 0)) return false;
  if (facets.length === 1) return true;
  // One spelling's occurrences come in text order; several spellings' are merged.
  const words = facets.map((occurrences) => {
    const facetWords = occurrences.map((occurrence) => occurrence.word);
    return facetWords.every((word, index) => index === 0 || facetWords[index - 1]! <= word)
      ? facetWords
      : facetWords.sort((a, b) => a - b);
  });
  const heads = new Array<number>(words.length).fill(0);
  for (;;) {
    let lowest = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let facet = 0; facet < words.length; facet++) {
      const word = words[facet]![heads[facet]!]!;
      if (word < low) {
        low = word;
        lowest = facet;
      }
      if (word > high) high = word;
    }
    if (high - low <= window) return true;
    heads[lowest] = heads[lowest]! + 1;
    if (heads[lowest] === words[lowest]!.length) return false;
  }
}

/** The outcome of one probe: contradicted when it states the opposite, matched when every facet is stated together. */
export function probeOutcome(index: TextIndex, probe: Probe): ProbeOutcome {
  const contradicted = probe.contradictions.some((phrase) =>
    index.occurrences(phrase).some((occurrence) => !occurrence.negated),
  );
  if (contradicted) return 'contradicted';
  const facets = probe.facets.map((spellings) => facetOccurrences(index, spellings, probe.kind));
  return withinWindow(facets, FACET_WINDOW_WORDS) ? 'matched' : 'missed';
}

/** Probe recall overall and per kind, the outcome of every probe, and the contradicted count. */
export function scoreProbes(
  summary: TextIndex,
  probes: readonly Probe[],
): Pick<
  Quality,
  | 'probeRecall'
  | 'probeRecallByKind'
  | 'probesMatched'
  | 'probesTotal'
  | 'contradictions'
  | 'missedProbes'
  | 'probeOutcomes'
> {
  const byKind = new Map<string, { matched: number; total: number }>();
  const probeOutcomes: Record<string, ProbeOutcome> = {};
  const missedProbes: string[] = [];
  let matched = 0;
  let contradictions = 0;
  for (const probe of probes) {
    const counts = byKind.get(probe.kind) ?? { matched: 0, total: 0 };
    counts.total++;
    const outcome = probeOutcome(summary, probe);
    probeOutcomes[probe.id] = outcome;
    if (outcome === 'matched') {
      counts.matched++;
      matched++;
    } else {
      missedProbes.push(probe.id);
      if (outcome === 'contradicted') contradictions++;
    }
    byKind.set(probe.kind, counts);
  }
  const probeRecallByKind: Record<string, number> = {};
  for (const kind of [...byKind.keys()].sort()) {
    const counts = byKind.get(kind)!;
    probeRecallByKind[kind] = counts.matched / counts.total;
  }
  return {
    probeRecall: share(matched, probes.length),
    probeRecallByKind,
    probesMatched: matched,
    probesTotal: probes.length,
    contradictions: probes.length === 0 ? null : contradictions,
    missedProbes,
    probeOutcomes,
  };
}

/** The probe-recall scorer. */
export const scoreProbeRecall: Scorer = (input, texts) => scoreProbes(texts.summary, input.probes);
