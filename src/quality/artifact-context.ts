/**
 * The words an artifact's statement shares with other files' statements: the ticket the work was for and the title of
 * the commit that took several files in ("router.ex changed for spotter-a0y.1: add lifecycle hooks and active session
 * registry", the same after application.ex and hooks.json). A line of those words alone (the tracker's "spotter-a0y.1
 * Add lifecycle hooks and active session registry") names no file: it says what the ticket did, not what one file now
 * holds, so it keeps none of its files' statements. The file's own words tell it: its name (as a name wherever the
 * title holds a word of it: `TranscriptTailAdapter`, not the title's "transcript tail adapter"; said as a verb,
 * "routed at" of router.ex), its definitions, what they do.
 */
import { fileName } from '../session/normalise-path.ts';
import { meaningTerms, type StatementReading } from './meaning.ts';

// Terms in a row two statements must share to share a title: a ticket with its word of change ("changed for
// spotter-a0y.1") or a commit's subject, not a word or a two-word name they hold by chance ("Claude Code").
const SHARED_RUN = 3;

/** An artifact's statement and its file. */
export type ArtifactStatement = { statement: string; file: string };

/**
 * The statement readings with each term of an artifact's that is in a run of {@link SHARED_RUN} terms another
 * artifact's statement also holds, in that order, marked `shared`, its file name's terms marked `namesFile`, and its
 * file name said as a verb given as `fileForms` (meaning.ts `statementCoverage` then asks a window for a word of the
 * file's own); readings of no artifact, or sharing nothing, as they are. `artifacts[at]` is what `readings[at]` was
 * read from, when it is an artifact's.
 */
export function markSharedTerms(
  readings: readonly StatementReading[],
  artifacts: ReadonlyArray<ArtifactStatement | undefined>,
): StatementReading[] {
  const runs = artifacts.map((artifact) => (artifact ? runsOf(artifact.statement) : []));
  // How many artifacts' statements hold each run (once each).
  const holders = new Map<string, number>();
  for (const own of runs)
    for (const key of new Set(own.map((run) => run.join(' ')))) holders.set(key, (holders.get(key) ?? 0) + 1);
  return readings.map((reading, at) => {
    const titleRuns = runs[at]!.filter((run) => holders.get(run.join(' '))! > 1);
    const shared = new Set(titleRuns.flat());
    if (shared.size === 0) return reading;
    const fileTerms = new Set(meaningTerms(fileName(artifacts[at]!.file)).map((term) => term.term));
    return {
      ...reading,
      terms: reading.terms.map((term) => ({
        ...term,
        ...(shared.has(term.term) ? { shared: true as const } : {}),
        ...(fileTerms.has(term.term) ? { namesFile: true as const } : {}),
      })),
      fileForms: [...fileTerms].flatMap(verbOf),
      titleRuns,
    };
  });
}

/** The runs of {@link SHARED_RUN} terms of a statement. */
function runsOf(statement: string): string[][] {
  const terms = meaningTerms(statement).map((term) => term.term);
  return terms
    .slice(0, Math.max(0, terms.length - SHARED_RUN + 1))
    .map((_, at) => terms.slice(at, at + SHARED_RUN));
}

/**
 * The verb a file's name is the doer of, as the matcher folds it: a router is what routes ("routed" folds to "rout"),
 * a parser what parses. The fold keeps "-er" on a short word ("router") and takes it off a longer one ("renderer" and
 * "rendered" fold alike), so only a name still ending in it has a verb apart.
 */
function verbOf(term: string): string[] {
  return /^[a-z]{3,}er$/.test(term) ? [term.slice(0, -2)] : [];
}
