/**
 * A check's state is told by its outcome. A check whose output tallies nothing (`npm run check` was run last; it
 * passed) is kept by its command as run; where the text writes that command only as a step to take, opening its
 * sentence with the verb that runs it (a plan's "Verify with npm run check", "Run `npm test`"), it says which check
 * there is, not how its last run went: half the fact, unless the outcome is said of it as well.
 */
import { canonicalText, type TextIndex } from './match.ts';
import { saysOwnState } from './opposite.ts';
import type { Probe } from './probes.ts';
import { textLines } from './text-lines.ts';

// What puts a check's command as a step to take: a verb that runs it (then maybe a preposition) opening a sentence, an
// item or a step after "then".
const STEP_OPENING =
  /(?:(?:^|[.!?;:]\s+|\s-\s+)(?:then\s+|and\s+)?|,?\s+then\s+)(?:re-?run|run|verify|check|execute)(?:\s+(?:it\s+)?(?:with|using|via))?\s+$/;

/** Whether a text names an untallied check's command only as a step to take, with no outcome said of it. */
export function namesCheckOnlyAsStep(index: TextIndex, probe: Probe): boolean {
  if (probe.kind !== 'state' || !probe.opposite?.own || probe.facets.length !== 1) return false;
  const [command = '', ...outcomes] = probe.facets[0]!;
  // A tallied check's facet is its tally ("297 tests, 0 failures"), which is the outcome itself.
  if (command !== probe.opposite.subject[0]) return false;
  for (const phrase of outcomes)
    for (const occurrence of index.occurrences(phrase)) if (!occurrence.negated) return false;
  const named = canonicalText(command);
  let steps = 0;
  for (const line of textLines(index)) {
    const folded = canonicalText(line);
    for (let at = folded.indexOf(named); at >= 0; at = folded.indexOf(named, at + named.length)) {
      if (!STEP_OPENING.test(folded.slice(0, at))) return false;
      steps++;
    }
  }
  return steps > 0 && !saysOwnState(index, probe.opposite);
}
