/**
 * Where each probe's fact could be found again at the cut: `rehydrated` (it comes back with the agent's
 * attachments), `workspace` (it sits in a file the agent could re-read), else `conversation` (only in the session:
 * outputs, commands, rejections, corrections; lost for good unless the summary carries it).
 */
import { createMatcher } from '../quality/match.ts';
import { probeOutcome } from '../quality/probe-recall.ts';
import type { Probe } from '../quality/probes.ts';
import type { ProbeOutcome } from '../quality/types.ts';
import type { FileState } from './file-state.ts';
import type { Recoverability } from '../results/continuation-types.ts';

/** Each probe's recoverability, by id. */
export function recoverabilityOf(
  probes: readonly Probe[],
  files: Iterable<FileState>,
  rehydratedText: string,
): Record<string, Recoverability> {
  const rehydrated = createMatcher(rehydratedText);
  const workspace = [...files].flatMap((file) =>
    file.content === undefined ? [] : [createMatcher(file.content)],
  );
  const result: Record<string, Recoverability> = {};
  for (const probe of probes) {
    if (probeOutcome(rehydrated, probe) === 'matched') result[probe.id] = 'rehydrated';
    else if (workspace.some((index) => probeOutcome(index, probe) === 'matched'))
      result[probe.id] = 'workspace';
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
