/**
 * Whether a summary says no commit was made at all: a sentence or a bullet that is only "No commits yet.", "Nothing has
 * been committed.", "Git: nothing committed so far". Of a commit the agent made before the cut, that is its opposite
 * (probe-recall.ts). A sentence that goes on says something narrower ("nothing committed since 4f09f97", "no commits
 * on the feature branch"), and one that names a thing first ("timeout.ts: nothing committed yet") says it of that
 * thing, so neither is read.
 */
import type { TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import { textLines } from './text-lines.ts';

// The whole of a sentence or a bullet saying nothing was committed: a bullet mark and a label naming the repository's
// state may come first, "yet", "so far" or "at all" after.
const NOTHING_COMMITTED =
  /^(?:[-*\u2022]\s+)?(?:(?:git|commits?|state|status|repository|repo|vcs)\s*:\s*)?(?:no commits?(?:\s+(?:were|was|have been|has been))?(?:\s+made)?|nothing(?:\s+(?:has been|was|is|got))?\s+committed|(?:we|i|the agent)\s+(?:have|has)(?:n't|\s+not|\s+never)\s+committed\s+anything)(?:\s+(?:yet|so far|at all))?\s*[.!]?$/i;
// Where a line's sentences end: a full stop, "!" or "?" before a space.
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

// One answer per text: every commit probe of a summary reads the same one.
const said = new WeakMap<TextIndex, boolean>();

/** Whether a text has a sentence or a bullet that says, and only says, that nothing was committed. */
export function saysNothingCommitted(index: TextIndex): boolean {
  let found = said.get(index);
  if (found === undefined) {
    found = textLines(index).some((line) =>
      line.split(SENTENCE_BREAK).some((sentence) => NOTHING_COMMITTED.test(sentence.trim())),
    );
    said.set(index, found);
  }
  return found;
}

/**
 * Whether a probe is a derived commit's state, named by its hash (work-probes.ts: its facets hold `commit <hash>`): a
 * commit with no hash names nothing a summary's "no commits" could be weighed against.
 */
export function isCommitState(probe: Probe): boolean {
  if (probe.kind !== 'state' || probe.source !== 'derived' || !probe.opposite) return false;
  const [hash] = probe.opposite.subject;
  return hash !== undefined && probe.facets.some((spellings) => spellings.includes(`commit ${hash}`));
}
