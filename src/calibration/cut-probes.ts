/**
 * `calibrate --probes <cut>`: the live probes `compare` derives at one tuning cut, each with its statement, its facets,
 * its weight in the headline, the reader's fact it states (coverage.ts), and its outcome in every summary of the cut
 * (kept, partial, lost, contradicted), so that rule work can read why a summary's headline stands where it does
 * without a script of its own. Held-out cuts are refused: their probes are not to be looked at.
 */
import { InputError } from '../errors.ts';
import { createMatcher } from '../quality/match.ts';
import { scoreProbes } from '../quality/probe-recall.ts';
import { headlineWeights } from '../quality/recall-credit.ts';
import { isLive, type RuleAlternative } from '../quality/probes.ts';
import type { ProbeOutcome } from '../quality/types.ts';
import type { CalibrateOptions } from './calibrate.ts';
import { summaryText, transcriptPath } from './cut-sources.ts';
import { cutCoverage } from './coverage.ts';
import { readCuts } from './cuts.ts';
import { headlineScorer } from './headline.ts';
import { readTranscriptEntries } from './transcript-entries.ts';

/** One live derived probe at a cut: what it says, what it demands, and what each summary did with it. */
export type CutProbe = {
  id: string;
  kind: string;
  statement: string | null;
  facets: string[][];
  /** What a rule allows instead of what it rules out (the probe's `alternative`), or null. */
  alternative: RuleAlternative | null;
  /** Its share of the kind-balanced headline (one over kinds times probes of its kind). */
  weight: number;
  /** The reader's fact it states (coverage.ts), or null. */
  fact: string | null;
  /** Its outcome in each summary of the cut, by summary id (with the cut's kept tail, as the headline reads it). */
  outcomes: Record<string, ProbeOutcome>;
};

/** A cut's live derived probes, with the summaries they were scored on and the headline each got. */
export type CutProbes = {
  cut: string;
  summaries: Array<{ id: string; headline: number | null }>;
  probes: CutProbe[];
  /** Summaries not scored, and why (their text is transcript text the transcript no longer gives). */
  skipped: string[];
};

/**
 * The live derived probes of tuning cut `id` and their outcome in each of its summaries. Bad input (an unknown cut, a
 * held-out cut, a transcript not found) is an InputError naming it.
 */
export async function cutProbes(
  id: string,
  options: Pick<CalibrateOptions, 'cutsDirectory' | 'repositoryRoot' | 'transcriptsDirectory'>,
): Promise<CutProbes> {
  const cuts = await readCuts(options.cutsDirectory);
  const cut = cuts.find((candidate) => candidate.id === id);
  if (!cut)
    throw new InputError(
      `unknown cut '${id}' (--probes); available: ${cuts
        .filter((candidate) => candidate.split === 'tuning')
        .map((candidate) => candidate.id)
        .join(', ')}`,
    );
  if (cut.split !== 'tuning')
    throw new InputError(`cut '${id}' is held out (--probes): its probes are not shown`);
  const path = transcriptPath(cut, options);
  const read = path
    ? await readTranscriptEntries(path, cut.session.sha256, cut.session.format)
    : { unavailable: `public transcript ${cut.session.path} not given (--transcripts)` };
  if (!path || !('entries' in read))
    throw new InputError(`cut '${id}': ${'unavailable' in read ? read.unavailable : 'no transcript'}`);
  const scorer = await headlineScorer(cut, path);
  const live = scorer.probes.filter(isLive);
  const weights = headlineWeights(scorer.probes);
  const joined = new Map(
    cutCoverage(cut.facts, scorer.probes, scorer.history, scorer.entries).probes.map((probe) => [
      probe.probe,
      probe.of,
    ]),
  );
  const summaries: CutProbes['summaries'] = [];
  const skipped: string[] = [];
  const outcomes = new Map<string, Record<string, ProbeOutcome>>(live.map((probe) => [probe.id, {}]));
  for (const summary of cut.summaries) {
    const text = summaryText(summary, read.entries);
    if (text === undefined) {
      skipped.push(summary.id);
      continue;
    }
    const scored = scoreProbes(createMatcher(scorer.context(text)), scorer.probes);
    summaries.push({ id: summary.id, headline: scored.probeRecall });
    for (const probe of live) outcomes.get(probe.id)![summary.id] = scored.probeOutcomes[probe.id]!;
  }
  return {
    cut: cut.id,
    summaries,
    skipped,
    probes: live.map((probe) => ({
      id: probe.id,
      kind: probe.kind,
      statement: probe.statement ?? null,
      facets: probe.facets,
      alternative: probe.alternative ?? null,
      weight: weights.get(probe.id)!,
      fact: joined.get(probe.id) ?? null,
      outcomes: outcomes.get(probe.id)!,
    })),
  };
}
