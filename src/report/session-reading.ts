/**
 * What a session's comparison Markdown and its HTML page both state (its verdict and the observations under the
 * table), worked out once for the reports of one results file: each report worked them out again, 2–3% of a
 * session's reports (a suite writes them for every session).
 */
import type { ResultsFile } from '../results/types.ts';
import { timingsMeasured } from './comparison.ts';
import { observations } from './observations.ts';
import { sessionVerdict, type Verdict } from './verdict.ts';

/** A session's verdict and its observations (with times when the run measured them), as its reports state them. */
export type SessionReading = { verdict: Verdict; observations: readonly string[] };

/** The verdict and observations of one session's results, for {@link SessionReading}'s reports. */
export function readSession(results: ResultsFile): SessionReading {
  return {
    verdict: sessionVerdict(results),
    observations: observations(results, { timings: timingsMeasured(results) }),
  };
}
