/**
 * A facet that says something of a subject ("git status has broken", "#89 was merged") stated with a modifier of the
 * subject between the two: "`git status` in Entire CLI worktrees keeps failing" (docs/quality.md, "In other words").
 * The phrase window of meaning.ts spans the facet's own terms and one more, so a prepositional phrase after the
 * subject ("in Entire CLI worktrees", "on the feature branch") puts the predicate out of its reach; a reader takes
 * the sentence to say the facet all the same.
 */
import { escapeRegExp } from '../text/regexp.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms, type MeaningIndex } from './meaning.ts';
import { textLines } from './text-lines.ts';

// A facet of this shape: a subject, an auxiliary or copula, what is said of the subject.
const SUBJECT_AND_PREDICATE = /^(.+?)\s+(?:has|have|had|is|are|was|were)\s+(?:been\s+)?(.+)$/i;

// The prepositions that open a modifier of a thing ("git status in the worktrees", "the check on main"): the words
// after one, up to the predicate, say which thing, not what is said of it.
const PREPOSITION = 'in|on|at|of|under|inside|within|across|for|from';

// Words of a modifier at most: a longer run is a clause of its own, no modifier of the subject.
const MODIFIER_WORDS = 4;

// Terms of aspect a predicate may follow ("keeps failing", "still fails"): they say how long, not what. Read on
// first use: no module folds words as it loads (test/cli/module-load.test.ts).
let aspectTerms: ReadonlySet<string> | undefined;
const isAspect = (term: string): boolean =>
  (aspectTerms ??= new Set(meaningTerms('keep still now').map((aspect) => aspect.term))).has(term);

// Terms apart at most between the subject's last term and the predicate's first in the meaning index.
const REACH = MODIFIER_WORDS + 2;

/**
 * Meaning positions where `text` states `spelling`'s predicate of its subject across a modifier of the subject
 * ("`git status` in Entire CLI worktrees keeps failing" for "git status has broken"), each the predicate's first
 * term: the subject as written, a preposition and one to {@link MODIFIER_WORDS} words with no mark of a clause's end,
 * then the predicate's terms in order (after a word of aspect), not denied. None for a spelling of another shape.
 */
export function predicateAcrossModifier(index: TextIndex, spelling: string): number[] {
  const shape = SUBJECT_AND_PREDICATE.exec(spelling.trim());
  if (!shape) return [];
  const subjectWords = shape[1]!.split(/\s+/);
  const subject = meaningTerms(shape[1]!).map((term) => term.term);
  const predicate = meaningTerms(shape[2]!).map((term) => term.term);
  if (subject.length === 0 || predicate.length === 0) return [];
  const meaning = index.meaning();
  const candidates = (meaning.positions.get(predicate[0]!)?.prose ?? []).filter(
    (at) =>
      !meaning.negatedAt(at) && subjectBefore(meaning, at, subject) && predicateAt(meaning, at, predicate),
  );
  if (candidates.length === 0) return [];
  // Which words stand between them is only in the text: the meaning terms drop prepositions.
  const lines = textLines(index);
  const opening = new RegExp(
    `(?<![\\p{L}\\p{N}_])[\`'"*]?${subjectWords.map(escapeRegExp).join('[\\s`\'"*]+')}[\`'"*]?\\s+(?:${PREPOSITION})\\s+`,
    'giu',
  );
  return candidates.filter((at) => modifierOnLine(lines[meaning.lineAt(at)] ?? '', opening, predicate));
}

/** Whether the subject's terms stand in a row, in the predicate's clause, ending at most {@link REACH} terms before it. */
function subjectBefore(meaning: MeaningIndex, at: number, subject: readonly string[]): boolean {
  const clause = meaning.clauseAt(at);
  for (let end = at - 2; end >= Math.max(0, at - 1 - REACH); end--) {
    const start = end - subject.length + 1;
    if (start < 0) break;
    if (
      subject.every((term, offset) => {
        const position = start + offset;
        return meaning.at(position)?.term === term && meaning.clauseAt(position) === clause;
      })
    )
      return true;
  }
  return false;
}

/** Whether the predicate's terms stand in a row from `at`, none denied. */
function predicateAt(meaning: MeaningIndex, at: number, predicate: readonly string[]): boolean {
  return predicate.every((term, offset) => {
    const position = at + offset;
    return meaning.at(position)?.term === term && !meaning.negatedAt(position);
  });
}

/**
 * Whether a line writes the subject, a preposition and one to {@link MODIFIER_WORDS} plain words, then (after a word
 * of aspect) the predicate's terms first.
 */
function modifierOnLine(line: string, opening: RegExp, predicate: readonly string[]): boolean {
  for (const match of line.matchAll(opening)) {
    const rest = line.slice(match.index + match[0].length);
    const words = rest.split(/\s+/);
    for (let count = 1; count <= MODIFIER_WORDS && count < words.length; count++) {
      // A mark that ends a clause ends the modifier: what follows it is no predicate of the subject.
      if (/[,;:.()!?|]|\s[-–—]\s/u.test(words.slice(0, count).join(' '))) break;
      const terms = meaningTerms(words.slice(count).join(' '));
      let from = 0;
      while (from < terms.length && isAspect(terms[from]!.term)) from++;
      if (
        predicate.every(
          (term, offset) => terms[from + offset]?.term === term && !terms[from + offset]!.negated,
        )
      )
        return true;
    }
  }
  return false;
}
