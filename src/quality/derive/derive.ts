/**
 * Derived probes (docs/derived-probes.md): facts taken from any transcript by code, deterministically: the errors
 * hit, the user's constraints, tasks and last open request, the checks that verified the work, the numbers the
 * user gave. Each is checked with the rules of `probes lint`; a probe that breaks one is dropped, not kept.
 */
import type { Session } from '../../session/types.ts';
import type { Probe } from '../probes.ts';
import { type DroppedProbe, dropLintErrors, nameProbes, withRepeats } from './clean.ts';
import type { DraftProbe } from './draft.ts';
import { errorProbes } from './errors.ts';
import { constraintProbes, numberProbes, taskProbes, userRequests } from './requests.ts';
import { toolRuns } from './runs.ts';
import { DEFAULT_MAX_PROBES, selectProbes } from './select.ts';
import { verificationProbes } from './verification.ts';

/** What derivation gives: the probes kept, and those dropped with the lint rule they broke. */
export type Derivation = { probes: Probe[]; dropped: DroppedProbe[]; candidates: number };

/** Every candidate a transcript yields, in session order, before checking and selection. */
export function draftProbes(session: Pick<Session, 'messages'>): DraftProbe[] {
  const runs = toolRuns(session.messages);
  const requests = userRequests(session.messages);
  const drafts = [
    ...taskProbes(requests),
    ...constraintProbes(requests),
    ...numberProbes(requests),
    ...errorProbes(session.messages, runs),
    ...verificationProbes(runs),
  ];
  return drafts
    .map((draft, order) => ({ draft, order }))
    .sort((a, b) => a.draft.messageIndex - b.draft.messageIndex || a.order - b.order)
    .map(({ draft }) => draft);
}

/** Converts drafts into named probes of one source. */
export function toProbes(drafts: readonly DraftProbe[], source: Probe['source']): Probe[] {
  return nameProbes(drafts.map((draft) => ({ ...draft, contradictions: [], source })));
}

/** The derived probes of a session: checked against `probes lint`, at most `max`, kinds balanced, positions spread. */
export function deriveProbes(session: Pick<Session, 'messages'>, max = DEFAULT_MAX_PROBES): Derivation {
  const candidates = withRepeats(toProbes(draftProbes(session), 'derived'), session.messages);
  const { kept, dropped } = dropLintErrors(candidates, session.messages);
  return { probes: selectProbes(kept, max), dropped, candidates: candidates.length };
}
