/**
 * Where each probe's fact could be found again at the cut: `rehydrated` (it comes back with the agent's
 * attachments), `workspace` (it sits in a file the agent could re-read), else `conversation` (only in the session:
 * outputs, commands, rejections, corrections; lost for good unless the summary carries it).
 */
import { createMatcher } from '../quality/match.ts';
import { probeOutcome } from '../quality/probe-recall.ts';
import type { Probe } from '../quality/probes.ts';
import type { ProbeOutcome } from '../quality/types.ts';
import type { FileState } from '../session/file-state.ts';
import type { Recoverability } from '../results/continuation-types.ts';
import { memoizeByText } from '../text/text-cache.ts';

// Texts a generation holds at most per probe set: a cut's files and each design's rehydration.
const MAX_TEXTS = 10_000;
const keptBy = new WeakMap<readonly Probe[], (text: string) => ReadonlySet<Probe>>();

/**
 * The probes of a set that a text keeps (matched), found once per text: every strategy continued at a cut looks in
 * the same workspace files, and the strategies of one rehydration design bring back the same text.
 */
function keptIn(probes: readonly Probe[]): (text: string) => ReadonlySet<Probe> {
  let kept = keptBy.get(probes);
  if (!kept) {
    kept = memoizeByText((text) => {
      const index = createMatcher(text);
      return new Set(probes.filter((probe) => probeOutcome(index, probe) === 'matched'));
    }, MAX_TEXTS);
    keptBy.set(probes, kept);
  }
  return kept;
}

/** Each probe's recoverability, by id. */
export function recoverabilityOf(
  probes: readonly Probe[],
  files: Iterable<FileState>,
  rehydratedText: string,
): Record<string, Recoverability> {
  const kept = keptIn(probes);
  const rehydrated = kept(rehydratedText);
  const workspace = [...files].flatMap((file) => (file.content === undefined ? [] : [kept(file.content)]));
  const result: Record<string, Recoverability> = {};
  for (const probe of probes) {
    if (rehydrated.has(probe)) result[probe.id] = 'rehydrated';
    else if (workspace.some((found) => found.has(probe))) result[probe.id] = 'workspace';
    else result[probe.id] = 'conversation';
  }
  return result;
}

/** The counts of each recoverability, and the recall over conversation-only probes. */
export function recoverabilitySummary(
  byProbe: Readonly<Record<string, Recoverability>>,
  outcomes: Readonly<Record<string, ProbeOutcome>>,
): { counts: Record<Recoverability, number>; conversationRecall: number | null } {
  const counts: Record<Recoverability, number> = { workspace: 0, rehydrated: 0, conversation: 0 };
  let matched = 0;
  for (const [id, where] of Object.entries(byProbe)) {
    counts[where]++;
    if (where === 'conversation' && outcomes[id] === 'matched') matched++;
  }
  return {
    counts,
    conversationRecall: counts.conversation === 0 ? null : matched / counts.conversation,
  };
}
