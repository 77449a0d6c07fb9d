/**
 * The benchmark's own headline at a yardstick cut: the probes `compare` derives from the transcript there, scored on
 * each summary with its kept tail, as live-fact recall. `calibrate` sets it beside the reader's recall with the tail,
 * so what is checked is the number a user reads, not only the matcher on the reader's own facts.
 */
import { deriveProbes } from '../quality/derive/derive.ts';
import { createMatcher } from '../quality/match.ts';
import { scoreProbes } from '../quality/probe-recall.ts';
import type { Probe } from '../quality/probes.ts';
import { compactedText } from '../results/assemble.ts';
import { messageText } from '../session/grep-lines.ts';
import { loadSession } from '../session/load.ts';
import type { CalibrationCut } from './cuts.ts';

/** Scores summaries at one cut the way `compare` does; null recall when no probe is live there. */
export type HeadlineScorer = {
  probes: readonly Probe[];
  /** The text of each message before the cut, as grep reads it: the session the probes were derived from. */
  history: readonly string[];
  /** The transcript entry each of those messages comes from (what a reader's fact cites as its evidence). */
  entries: readonly number[];
  recall(summary: string): number | null;
  /** What the successor sees: the summary, then the kept tail rendered as `compare` renders it. */
  context(summary: string): string;
};

/**
 * The scorer of a cut whose transcript is at `path` (already checked against the cut's sha256): messages before the
 * cut entry are the history, those of the kept tail are kept verbatim beside the summary.
 */
export async function headlineScorer(cut: CalibrationCut, path: string): Promise<HeadlineScorer> {
  // A line that is not JSON (real files hold a few) is skipped, as the readers' view of the cut skipped it; the
  // entries keep their line numbers, so the cut's entry ranges still point where they did.
  const session = await loadSession(path, { skipInvalid: true });
  // The cut files count entries from 0; a message's source is its 1-based line.
  const entryOf = (index: number) => session.sources[index]!.line - 1;
  // The successor's history ends with the kept tail, or with the summarized entries when nothing is kept.
  const end = (cut.cut.keptTail ?? cut.cut.summarizedEntries).to;
  const before = session.messages.findIndex((_, index) => entryOf(index) > end);
  const cutMessage = before < 0 ? session.messages.length : before;
  const tail = cut.cut.keptTail;
  const kept = tail
    ? session.messages.filter((_, index) => entryOf(index) >= tail.from && entryOf(index) <= tail.to)
    : [];
  const { probes } = deriveProbes(session, { cut: cutMessage });
  return {
    probes,
    history: session.messages.slice(0, cutMessage).map(messageText),
    entries: session.messages.slice(0, cutMessage).map((_, index) => entryOf(index)),
    recall: (summary) => scoreProbes(createMatcher(compactedText(summary, kept)), probes).probeRecall,
    context: (summary) => compactedText(summary, kept),
  };
}
