/**
 * Which facets of each probe a strategy's summary states, as the page's probe matrix shows them, read once per
 * summary and probe. A run reads a strategy's as soon as it is scored: with a model, while the other strategies'
 * calls are in flight, and before the run's last session lets the text caches go; its page then only looks them up
 * (read after the last answer, they were a fifth of the reports' time, run-session.ts).
 */
import { readProbe, statedFacets } from './probe-reading.ts';
import type { Probe } from './probes.ts';
import type { TextIndex } from './match.ts';
import { indexOfContext } from './score.ts';

// By the probe set the summaries were scored against (a session's), then by summary: held while the probe set is,
// or until its session is reported (forgetSummaryFacets).
const readFacets = new WeakMap<readonly Probe[], Map<string, Map<Probe, boolean[]>>>();

/** The facets read of `summary` against `probes` so far (a fresh map without a probe set: nothing is kept). */
function knownFacets(summary: string, probes: readonly Probe[] | undefined): Map<Probe, boolean[]> {
  if (!probes) return new Map();
  let bySummary = readFacets.get(probes);
  if (!bySummary) readFacets.set(probes, (bySummary = new Map()));
  let byProbe = bySummary.get(summary);
  if (!byProbe) bySummary.set(summary, (byProbe = new Map()));
  return byProbe;
}

/**
 * For each of `wanted`, which of its facets `summary` states ({@link statedFacets}; none for a probe not known),
 * `probes` being the session's probe set the summary was scored against.
 */
export function summaryFacets(
  summary: string,
  wanted: readonly (Probe | undefined)[],
  probes?: readonly Probe[],
): boolean[][] {
  const known = knownFacets(summary, probes);
  // Found once for every probe: a summary longer than the indexes kept is indexed afresh at each ask.
  let index: TextIndex | undefined;
  return wanted.map((probe) => {
    if (!probe) return [];
    let stated = known.get(probe);
    if (!stated) {
      stated = statedFacets((index ??= indexOfContext(summary, probes)), probe, readProbe(probe));
      known.set(probe, stated);
    }
    return stated;
  });
}

/** Reads every probe's facets of a scored summary now, for its page to look up (see the file's doc). */
export function readSummaryFacets(summary: string, probes: readonly Probe[]): void {
  summaryFacets(summary, probes, probes);
}

/** Lets go of the facets read against a probe set (its session is reported). */
export function forgetSummaryFacets(probes: readonly Probe[]): void {
  readFacets.delete(probes);
}
