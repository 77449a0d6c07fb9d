/**
 * A state's opposite said of its subject (docs/quality.md, "Negation and stance"): after a commit's hash, "committed
 * locally but not pushed yet" of a commit a push took to the remote, "already pushed" of one no push took; after a
 * check's command, "fails" of a passing run. A state is a fact about one thing among several of its kind (a commit of
 * many, a check of three), so its opposite counts only where it is said of that thing: from the subject to the end
 * of its clause, or of its sentence and the next ("d1f37d0 all generated Markdown. This is HEAD; it is committed
 * locally"), never past another thing's id. Where the state as it is is said of the subject too, the text tells a
 * history (a log of every run), and nothing is contradicted.
 */
import { canonicalText, type TextIndex } from './match.ts';
import { escapeRegExp } from '../text/regexp.ts';
import { listedCommandOccurrences } from './listed-command.ts';
import type { Opposite } from './probes.ts';

// Where a clause ends: punctuation (a dot only before a space), a closing bracket, or a turn to another time ("failed
// twice before the fix").
const CLAUSE_END =
  /[,;:!?)]|\.(?=\s|$)|\s(?:but|after|before|until|then|once|earlier|previously|while|when|since|and)\s/;
// A label's colon (or dash) right after a subject: what follows is said of it.
const LABEL_AFTER = /^\s*(?::|=|\u2013|\u2014|\s-)(?=\s)/;
// What joins the items of a list of ids and nothing more: commas, brackets, "and", "or", the word "commit".
const LIST_GLUE = /^[\s,()]*(?:(?:and|or|&|commits?)[\s,()]+)*$/;
// Where a sentence ends.
const SENTENCE_END = /[!?]|\.(?=\s|$)/g;
// Another thing's name, whose state is said from there on: a commit's hash (7 to 40 hex digits, with a digit and a
// letter), a ticket's id ("fum.1", "spotter-a0y.2") or a number ("#90").
const OTHER_ID =
  /(?<![\p{L}\p{N}_])(?:(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}|[a-z][a-z0-9-]*\.\d+|#\d+)(?![\p{L}\p{N}_])/gu;
// How far a window reaches, in characters of the canonical text.
const REACH: Record<Opposite['within'], number> = { clause: 80, sentences: 320 };
// A phrase that carries its own negation ("not pushed", "none … pushed yet", "unpushed") is read as written.
const OWN_NEGATION = /(?:^|\s)(?:not|no|never|none|nothing)(?:\s|$)|^un|\syet$/;
// After a phrase that says a check not run: what narrows it to a time or a place ("not run again", "not run in CI").
const NOT_RUN_NARROWED = /^\s+(?:again|since|after|before|until|on|in|for|with|against|under|any ?more)\b/;
// Before a word, in its clause (a list's commas do not end it): what denies it ("nothing has been pushed", "none of
// them was pushed", "nothing of it is compiled, tested, closed or committed").
const DENIED_BEFORE = /(?:^|\s)(?:nothing|none|neither|nor|not|never|no|without)\s/;
// Before a word: what puts it as not so yet ("to be pushed", "will be pushed", "once pushed", "push it when …").
const NOT_YET_BEFORE =
  /(?:^|\s)(?:be|to|will|would|should|must|can|could|once|after|before|until|when|if|needs?)\s+(?:\S+\s+)?$/;
// A count of none before a word ("0 failed", "zero failing").
const NONE_COUNTED = /(?:^|\s)(?:0|zero)\s+(?:\S+\s+)?$/;
// Before a name: what makes it a point of reference, not what the words after it are said of ("the edits since
// b9288c2 are not committed", "on top of 4f09f97c").
const REFERENCE_BEFORE =
  /(?:^|[\s(])(?:since|after|from|over|than|beyond|past|on top of|parent)\s+(?:[^\s,;:.]+\s+){0,3}\(?$/;
// Where a clause before a word starts: its punctuation, a bracket, or a turn ("committed, but pushed").
const CLAUSE_START = /[;:!?()]|\.(?=\s)|\s(?:but|yet|although|though|however|whereas|while)\s/g;
// What puts the words after it as not so yet ends with the word before them.
const NEAR_BEFORE = /(?:\S+\s+){0,2}$/;

/** Whether a context says a state's opposite of its subject (see {@link Opposite}). */
export function statesOpposite(index: TextIndex, opposite: Opposite): boolean {
  return saysOf(index, opposite.subject, opposite.said, opposite.within) && !saysOwnState(index, opposite);
}

/** Whether a context says the state as it is (`own`) of its subject, in the subject's sentence or the next. */
export function saysOwnState(index: TextIndex, opposite: Opposite): boolean {
  return opposite.own !== undefined && saysOf(index, opposite.subject, opposite.own, 'sentences', 'sentence');
}

/**
 * Whether one of `phrases` is said, and not denied, of one of `subjects`: after it within its window, or (`from` its
 * sentence) also before it in its sentence ("In progress: spotter-fum.3").
 */
function saysOf(
  index: TextIndex,
  subjects: readonly string[],
  phrases: readonly string[],
  within: Opposite['within'],
  from: 'subject' | 'sentence' = 'subject',
): boolean {
  const text = index.normalized;
  const said = phrases.map((phrase) => ({
    ownNegation: OWN_NEGATION.test(canonicalText(phrase)),
    notRun: /\srun$/.test(canonicalText(phrase)),
    found: undefined as ReturnType<TextIndex['occurrences']> | undefined,
    phrase,
  }));
  for (const subject of subjects) {
    // A check's command may be written once with its last word listed ("pnpm --filter app lint | test | check-types").
    for (const found of [...index.occurrences(subject), ...listedCommandOccurrences(index, subject)]) {
      if (isReference(text, found.start)) continue;
      const start = from === 'subject' ? found.end : sentenceStart(text, found.start);
      const end = windowEnd(text, found.start, found.end, within);
      for (const entry of said) {
        entry.found ??= index.occurrences(entry.phrase);
        for (const occurrence of entry.found) {
          if (occurrence.start < start || occurrence.start >= end) continue;
          if (occurrence.start < found.end && occurrence.end > found.start) continue;
          if (occurrence.stance === 'denied') continue;
          // "not run again after the edit", "not run in CI": a run not repeated, or not run there, is no run denied.
          if (entry.notRun && NOT_RUN_NARROWED.test(text.slice(occurrence.end, occurrence.end + 16)))
            continue;
          if (entry.ownNegation) return true;
          if (occurrence.negated || occurrence.deniedInClause) continue;
          const before = clauseBefore(text.slice(sentenceStart(text, found.start), occurrence.start));
          const near = NEAR_BEFORE.exec(before)![0];
          if (DENIED_BEFORE.test(before) || NOT_YET_BEFORE.test(near) || NONE_COUNTED.test(near)) continue;
          return true;
        }
      }
    }
  }
  return false;
}

/** Whether the name at `start` is a point of reference ("since b9288c2"). */
function isReference(text: string, start: number): boolean {
  return REFERENCE_BEFORE.test(text.slice(Math.max(0, start - 60), start));
}

/** Where the window after a subject `[start, end)` ends: its clause, or its sentence and the next, before another id. */
function windowEnd(text: string, start: number, end: number, within: Opposite['within']): number {
  const reach = text.slice(end, end + REACH[within]);
  let length = reach.length;
  if (within === 'clause') {
    // A label's colon right after the subject leads into what is said of it ("`npm test`: not run").
    const label = LABEL_AFTER.exec(reach)?.[0].length ?? 0;
    const stop = reach.slice(label).search(CLAUSE_END);
    if (stop >= 0) length = label + stop;
    // A list folded into one line runs on into the next item: another run of the same program starts another clause
    // ("cargo llvm-cov --fail-under-lines 100 cargo llvm-cov --html (failed)").
    const program = /^\S+/.exec(text.slice(start, end))![0];
    const again = reach.slice(0, length).search(new RegExp(`(?:^|\\s)${escapeRegExp(program)}(?=\\s|$)`));
    if (again >= 0) length = again;
  } else {
    let ends = 0;
    for (const match of reach.matchAll(SENTENCE_END)) {
      if (++ends === 2) {
        length = match.index + match[0].length;
        break;
      }
    }
    const own = text.slice(start, end);
    // Where the list the subject stands in ends so far: ids listed with it share what the sentence says after them
    // ("a0y.1 (commit dbe5100), a0y.2 (66e1a0a) and a0y.3 (f0b86dd) are committed locally").
    let listed = 0;
    for (const match of reach.slice(0, length).matchAll(OTHER_ID)) {
      if (own.includes(match[0]) || match[0].includes(own) || isReference(text, end + match.index)) continue;
      if (LIST_GLUE.test(reach.slice(listed, match.index))) {
        listed = match.index + match[0].length;
        continue;
      }
      length = match.index;
      break;
    }
  }
  return end + length;
}

/** Where the sentence holding `at` starts (at most a few hundred characters back). */
function sentenceStart(text: string, at: number): number {
  const from = Math.max(0, at - REACH.sentences);
  let start = from;
  for (const match of text.slice(from, at).matchAll(SENTENCE_END))
    start = from + match.index + match[0].length;
  return start;
}

/** The clause a text before a word ends with. */
function clauseBefore(text: string): string {
  let start = 0;
  for (const match of text.matchAll(CLAUSE_START)) start = match.index + match[0].length;
  return text.slice(start);
}
