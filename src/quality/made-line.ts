/**
 * How one line of a summary stands to a dictated change it may state (made.ts): said not made, said asked or planned,
 * said made, or none. A done word counts only said of something: as the line's label ("Done: …", "Changed: …"), or
 * in a list item of its own with the words it is said of ("removed the transcript path update"), not as one bare item
 * of a list of words ("cmd, changed, commit"), which is what a bag of the session's words is. A line labelled by the
 * file the change wrote, whose description is a clause (a function word or a sign of code, not a run of bare words),
 * describes the file as it now is ("agent/agent.go: iface += ComputeTranscriptPath(…)"): said made too.
 */

/** How a line stands to the change it may state. */
export type LineStance = 'made' | 'requested' | 'not-made' | undefined;

// A line that puts what it says as asked, planned or still to do: a modal, a request's or a plan's words (not the
// noun: "the Refactoring Plan" is a document's name), a suggestion ("we can instruct", "make sure"), an open box, a
// question.
const REQUESTED =
  /\b(?:should|shall|will|would|must|could|need(?:s|ed)? to|have to|has to|going to|wants? to|let's|let me|please|to do|todo|next steps?|(?:do|does|is|are|comes?|up) next|remaining|remains|pending|not yet|yet to|planned|plans? to|plan is to|proposed?|suggest(?:s|ed)?|to be (?:done|made|added|removed|changed|updated|written)|(?:i|we|you) (?:can|could|may|might)|(?:can|could|would) you|make sure|i (?:guess|think|want|wish)|i'd like)\b|^\W*next\b|\[ \]|\?\s*$/i;
// A done word: a past or perfect verb of change, "now", a done mark.
const MADE_SOURCE =
  '\\b(?:added|removed|deleted|updated|changed|modified|implemented|created|wrote|written|rewrote|rewritten|replaced|moved|renamed|fixed|refactored|extended|introduced|converted|switched|dropped|made|edited|inserted|extracted|simplified|declared|imported|documented|now|done|completed|finished)\\b|\\u2713|\\u2705|\\[x\\]';
const MADE = new RegExp(MADE_SOURCE, 'i');
const MADE_ALL = new RegExp(MADE_SOURCE, 'gi');
// A line that says the change not made, or made and then undone.
const NOT_MADE =
  /\b(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been| yet)*\s+(?:added|removed|deleted|updated|changed|modified|implemented|created|written|replaced|moved|renamed|fixed|refactored|made|edited|done|touched)|(?:did|does)(?:n't| not) (?:add|remove|delete|update|change|modify|implement|create|write|replace|move|rename|fix|edit|touch)|(?:it is|it's) (?:false|not true) that|never (?:added|removed|changed|updated|made|implemented|created|written)|(?:was|were|has been|have been) (?:reverted|rolled back|undone|backed out))\b/i;
// The same, every denial of a line in turn.
const NOT_MADE_ALL = new RegExp(NOT_MADE.source, 'gi');
// A clause's end between a file's name and a denial after it: "edited clean.go; cleanup.go was not changed".
const CLAUSE_BREAK = /[;!?]|[.,](?=\s|$)/;

/**
 * Whether a line that says a change not made says it of the file itself (its name, lower case): the file named in the
 * denial's clause before it ("agent.go was not changed") or right after it ("it is false that agent.go was changed",
 * "didn't touch `agent.go`"); not where the denial names another thing it put into the file ("I had NOT yet added
 * SetLogLevelGetter to clean.go": the file was changed for the rest of the work).
 */
export function deniesFile(line: string, file: string): boolean {
  const lower = line.toLowerCase();
  NOT_MADE_ALL.lastIndex = 0;
  for (let denial = NOT_MADE_ALL.exec(lower); denial !== null; denial = NOT_MADE_ALL.exec(lower)) {
    const before = lower.lastIndexOf(file, denial.index);
    if (before >= 0 && !CLAUSE_BREAK.test(lower.slice(before + file.length, denial.index))) return true;
    const after = lower
      .slice(denial.index + denial[0].length)
      .replace(/^\s*(?:the\s+)?[`'"*]*(?:[\w.-]+\/)*/, '');
    if (after.startsWith(file)) return true;
  }
  return false;
}

// A line that opens with a verb's base form, as a request's or a plan's step does ("Remove the transcript path
// update", "1. **Add** `ComputeTranscriptPath`", "agent.go: add the method", "- `agent.go` - Add the method"): read
// after a list mark, a number, emphasis and a label's colon or dash; not a file's or a path's first word (`clean.go`).
const IMPERATIVE =
  /^(?:[\s>*#\-\d.)`_]*(?:\S{1,120}?(?::|\s+[-\u2013\u2014])\s+)?[*_`]*)?(?:add|remove|delete|create|update|fix|implement|make|change|use|replace|move|rename|call|return|write|extract|introduce|drop|keep|ensure|refactor|convert|switch|modify|edit|insert|document|declare|import|compute|pass|set|put|wire|hook|register|expose|store|read|get|check|handle|validate|allow|skip|include|run|start|stop|apply|wrap|split|merge|simplify|clean|restore|revert|don't|do not|never)\b(?![.\/-]\w)/i;
// A line's label: what comes before its first colon and a space, after a list mark ("- Done: …", "clean.go runClean:
// …", "**`agent.go`**: …"); a colon inside a word (`a:b`, a URL) is none.
const LABEL = /^[\s>*\-\u2022\u00b7\d.)#]*([^:\s][^:]{0,79}?):\s+(\S.*)$/;
// What makes a description a clause rather than a run of bare words: a function word (an article, a preposition, a
// verb of being or having) or a sign of code (an assignment, a call's parentheses, a code span, an arrow).
const CLAUSE_SIGN =
  /\b(?:the|a|an|is|are|was|were|has|have|had|with|from|to|of|in|on|at|for|by|as|after|before|only|now)\b|[=`()]|->|\u2192/i;
// A list item: the text between two commas (or a comma and the line's end).
const ITEM_BREAK = /,/g;

/** Whether a line puts what it says as asked, planned or still to do. */
export function saysRequested(line: string): boolean {
  return REQUESTED.test(line) || IMPERATIVE.test(line);
}

/** A heading's or a label's own stance: a done word anywhere in it counts (it is said of the lines under it). */
export function headingStance(line: string): LineStance {
  if (NOT_MADE.test(line)) return 'not-made';
  if (saysRequested(line)) return 'requested';
  return MADE.test(line) ? 'made' : undefined;
}

/** Whether some done word of `text` is said of something: its list item holds another word beside it. */
function saysDoneOfSomething(text: string): boolean {
  MADE_ALL.lastIndex = 0;
  for (let found = MADE_ALL.exec(text); found !== null; found = MADE_ALL.exec(text)) {
    const at = found.index;
    const start = text.lastIndexOf(',', at - 1) + 1;
    ITEM_BREAK.lastIndex = at;
    const end = ITEM_BREAK.exec(text)?.index ?? text.length;
    const item = `${text.slice(start, at)} ${text.slice(at + found[0].length, end)}`;
    if (/[\p{L}\p{N}]/u.test(item)) return true;
  }
  return false;
}

/**
 * A line's own stance to the change of `file` (its name, lower case): said not made; asked or planned; made, by a
 * done label, a done word said of something, or a description of the file under its name; else none of its own.
 */
export function lineStance(line: string, file: string | undefined): LineStance {
  if (NOT_MADE.test(line)) return 'not-made';
  if (saysRequested(line)) return 'requested';
  const labelled = LABEL.exec(line);
  if (labelled) {
    const [, label, description] = labelled as unknown as [string, string, string];
    if (MADE.test(label)) return 'made';
    if (file !== undefined && label.toLowerCase().includes(file) && CLAUSE_SIGN.test(description))
      return 'made';
  }
  return saysDoneOfSomething(line) ? 'made' : undefined;
}
