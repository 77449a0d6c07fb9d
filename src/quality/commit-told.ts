/**
 * A commit's state is told by a word of committing or its hash: the statement "spotter-fum.1 committed (3bb8701) and
 * closed" shares its other words with every report of its ticket, the tracker's own "Closed spotter-fum.1 Enriched …"
 * and a branch named after it, which say nothing of a commit. "Committed and pushed the first batch" states it without
 * the hash (the reader keeps it so); "spotter-fum.1 closed" does not.
 */
import { meaningTerms, type StatementReading } from './meaning.ts';
import { isCommitState } from './nothing-committed.ts';
import type { Probe } from './probes.ts';

/** A commit state's statement reading, asked for its hash or a word of committing; any other probe's as it is. */
export function toldByCommit(probe: Probe, reading: StatementReading): StatementReading {
  if (!isCommitState(probe)) return reading;
  const [hash] = probe.opposite!.subject;
  const needs = new Set(meaningTerms(`committed pushed merged ${hash}`).map((term) => term.term));
  return { ...reading, needs };
}
