/**
 * A file said not written (issue 39: a summary that states each fact as false counts a contradiction for each): an
 * artifact probe is contradicted where a sentence denies the write. Either the sentence denies all it says ("It is
 * false that …", "… was not done", "The user never asked for …") or puts it as still to do ("… is still to do",
 * "Still to do: …"), and what it says, read without that frame (with the other denied sentences of its line), keeps
 * the artifact whole, or, where it names the file, in part or by saying the file written ("foo.go was changed"); or a
 * write verb said of the file is negated ("foo.go was not changed", "did not touch foo.go"). A sentence that denies
 * something else it says of the file ("It is false that the tests in foo_test.go fail": read affirmed, it keeps
 * nothing of the file's change), denies a state of the work (its commit, run, push or fix: "… was not committed"),
 * or another clause ("foo.go: retry added; the docs were not written") says nothing of the write. Where the text
 * keeps the artifact outside such sentences too, it tells the file written, and nothing is contradicted.
 */
import { fileName } from '../session/normalise-path.ts';
import { createMatcher, type TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import { NOUN_PHRASE, SENTENCE, stanceSpans } from './stance.ts';
import { textLines } from './text-lines.ts';
import type { ProbeOutcome } from './types.ts';

/** A sentence of a text that denies a write: what it says read without its frame, and where it stands. */
type Denial = {
  /** What the sentence says, without the frame that denies it or puts it off, read alone. */
  matter: string;
  /** Whether the sentence negates a write verb said of a file it names (no frame to take away). */
  negatedWrite: boolean;
  /** The sentence's line and its span there, left out where the text is read without the denials. */
  line: number;
  start: number;
  end: number;
  /** The sentence, lowercase, where a file's name is looked for. */
  lower: string;
};

// A line that may hold a sentence-level stance or a negated write (stance.ts's frames each hold one of these words).
const STANCE_WORDS =
  /\b(?:false|untrue|wrong|contrary|never|not|none|nobody|no one|pending|still|yet|remains?)\b|n't/i;
// A predicate at a sentence's end that denies the write, or puts it off (stance.ts's DENYING_ENDING and PENDING, their
// verbs of making only): "… was not done", "… has never been created", "… is false", "… is still to do".
const WRITE_DENIED_END =
  /[\s,]*(?:(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?(?: yet)?\s+(?:done|made|true|the case|implemented|finished|completed|created|written|added|asked(?: for)?|requested|started|begun)|(?:is|are|was|were)\s+(?:false|untrue)|never happened|did(?:n't| not) happen|(?::|=|\u2013|\u2014|\s-)\s*(?:not|never)(?: been)?\s+(?:done|implemented|finished|completed|created|written))|(?:is|are)\s+(?:still\s+|yet\s+)?(?:to do|to be done|to be (?:written|made|implemented|created)|pending|open|outstanding)|(?:remains?|is yet|are yet) to be (?:done|written|made|implemented|created))\s*[.!]?\s*$/i;
// A predicate at a sentence's end that denies a state, not the write: its commit, push, run, check, close or fix.
const STATE_DENIED_END =
  /(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?(?: yet)?\s+(?:\w+\s+)?(?:committed|pushed|run|rerun|re-run|executed|tested|checked|passed|closed|fixed|merged|reviewed|released|deployed|built)|(?:not|never)(?: been)?(?: yet)?\s+(?:committed|pushed|run|rerun|executed|tested|passed|closed|merged)(?:\s+yet)?)\s*[.!]?\s*$/i;
// A conjunction before a subject of its own, which a predicate at the sentence's end is then said of: "…, and the
// dashboard tests", "… but some callers".
const CONJOINED_SUBJECT =
  /(?:,\s*|\s)(?:and|but|while|whereas|though|although)\s+(?=(?:the|a|an|its|their|our|all|some|no|any|every|each|other)\s)/gi;
// A heading that puts what follows its colon off: "Still to do: …", "Pending: …".
const PENDING_LEAD_IN =
  /^\s*(?:[-*]\s+)?(?:still to do|to do|todo|pending|not (?:yet )?done(?: yet)?)\s*:\s*/i;
// A sentence that denies the one before it, of its write ("This was not done.", "None of this happened.").
const DENIES_BEFORE =
  /^\s*(?:(?:this|that|it|none of (?:this|that|it|these|them))\s+(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?\s+(?:done|made|true|the case|implemented|finished|completed|created|written|added)|(?:is|are|was|were)\s+(?:false|untrue)|never happened|did(?:n't| not) happen)|(?:none|nothing) of (?:this|that|it|these|the above) (?:is true|happened|was done))\s*[.!]?(?:\s|$)/i;
// A write verb negated ("was not changed", "did not touch", "never created"); removals are other facts ("foo.go was
// not deleted" tells the file is there).
const NEGATED_WRITE =
  /\b(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been| yet)*\s+(?:added|updated|changed|modified|implemented|created|written|made|edited|touched|rewritten)|(?:did|does|do)(?:n't| not)\s+(?:(?:yet|even)\s+)?(?:add|update|change|modify|implement|create|write|edit|touch|rewrite)|never\s+(?:added|updated|changed|modified|implemented|created|written|edited|touched))\b/gi;
// A write verb said of a thing, as what a denied sentence says read without its frame ("foo.go was changed").
const WRITE =
  /\b(?:added|updated|changed|modified|implemented|created|written|wrote|rewritten|rewrote|made|edited|touched|extended|introduced|refactored)\b/gi;
// What may stand between a file as the subject and its verb: a code mark, a parenthesis, a word or two ("file",
// "itself"), no clause's end.
const SUBJECT_TO_VERB = /^[`'"*]*\s*(?:\([^)]*\)\s*)?(?:[\w-]+\s+){0,2}$/;
// A preposition before a path, which makes the file what another thing is of ("tests for foo.go"), not the subject.
const PREPOSITION_BEFORE =
  /(?:^|\s)(?:for|of|in|to|from|with|by|on|under|about|beside|into|inside|than)\s+[`'"*]*(?:[\w.@[\]()-]+\/)*$/;
// What may stand between a write verb and the file it is said of: an article, a code mark, the path's folders.
const BEFORE_FILE = /^\s*(?:the\s+|a\s+|an\s+|new\s+)*[`'"*]*(?:[\w.@[\]()-]+\/)*/;

const denials = new WeakMap<TextIndex, Denial[]>();

/** The sentences of a text that deny a write (see the module's comment), read once per text. */
function denialsOf(index: TextIndex): Denial[] {
  let found = denials.get(index);
  if (found) return found;
  found = [];
  const lines = textLines(index);
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    if (!STANCE_WORDS.test(text)) continue;
    const framed: Array<[number, number]> = [];
    for (const span of stanceSpans(text)) {
      if (span.stance !== 'denied' && span.stance !== 'pending') continue;
      for (const matter of mattersOf(text, span.start, span.end)) {
        framed.push([matter.start, matter.end]);
        found.push({
          matter: matter.text,
          negatedWrite: false,
          line,
          start: matter.start,
          end: matter.end,
          lower: matter.text.toLowerCase(),
        });
      }
    }
    // A negated write in a sentence no frame denies whole ("foo.go was not changed"): the sentence itself.
    NEGATED_WRITE.lastIndex = 0;
    if (!NEGATED_WRITE.test(text)) continue;
    for (const match of text.matchAll(SENTENCE)) {
      const start = match.index;
      const end = start + match[0].length;
      if (framed.some(([from, to]) => from < end && start < to)) continue;
      NEGATED_WRITE.lastIndex = 0;
      if (NEGATED_WRITE.test(match[0]))
        found.push({ matter: match[0], negatedWrite: true, line, start, end, lower: match[0].toLowerCase() });
    }
  }
  denials.set(index, found);
  return found;
}

/** What a sentence says of a write it denies, read without its frame, and where that stands in its line. */
type Matter = { text: string; start: number; end: number };

/**
 * What a denied or pending span `[start, end)` of a line says, read without its frame; none where the frame denies no
 * write. A frame at the sentence's opening is already outside the span (stance.ts); a heading's "Still to do:" is taken
 * off; a span denied by the sentence after it ("This was not done.") is whole. A predicate at the end is taken off,
 * and denies its own clause after a semicolon (outside brackets and code) or a conjunction before a subject of its
 * own: "foo.go: retry added; the docs were not written" and "…, and the docs are pending" deny the docs, "A was not
 * done; B was not done" both; a predicate of a state (its commit, run, push)
 * denies no write. A pending phrase inside the sentence ("foo.go: retry added, tests still to do") puts its own clause
 * off, not the file's, and is not read.
 */
function mattersOf(line: string, start: number, end: number): Matter[] {
  const span = line.slice(start, end);
  if (WRITE_DENIED_END.test(span)) {
    const matters: Matter[] = [];
    // Where the clauses no predicate has been said of yet begin.
    let open = 0;
    for (const [from, to] of clauses(span)) {
      const ending = WRITE_DENIED_END.exec(span.slice(from, to));
      if (!ending) continue;
      // A conjunction before a subject of its own starts the predicate's clause ("… and the dashboard tests are
      // pending").
      let own = from;
      for (const conjoined of span.slice(from, from + ending.index).matchAll(CONJOINED_SUBJECT))
        own = from + conjoined.index + conjoined[0].length;
      // After a semicolon or a conjunction, the predicate is its clause's own only where what stands before it is
      // a noun phrase, its subject ("; the docs were not written", "and the dashboard tests are pending"); after a
      // clause with a verb of its own ("…; the checkpoint is then written as before was not done", "… and a failure
      // only prints a warning was not done") it has no subject there and is said of the clauses before it too, as
      // stance.ts reads the whole sentence.
      if (own > 0 && !NOUN_PHRASE.test(span.slice(own, from + ending.index))) own = open;
      if (/\S/.test(span.slice(own, from + ending.index)))
        matters.push({ text: span.slice(own, from + ending.index), start: start + own, end: start + to });
      open = to + 1;
    }
    return matters;
  }
  if (STATE_DENIED_END.test(span)) return [];
  const leadIn = PENDING_LEAD_IN.exec(span);
  const whole = { text: span, start, end };
  if (leadIn) return [{ ...whole, text: span.slice(leadIn[0].length) }];
  // Opened by its frame ("It is false that", "The user never asked for"): the span starts after it.
  if (start > 0 && /\S/.test(line.slice(0, start)) && !/[.!?]\s*$/.test(line.slice(0, start))) return [whole];
  // Denied by the sentence after it.
  if (DENIES_BEFORE.test(line.slice(end))) return [whole];
  return [];
}

/** The clauses of a text between its semicolons outside brackets and code spans, as `[start, end)`. */
function clauses(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let depth = 0;
  let from = 0;
  let code = false;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (character === '`') code = !code;
    else if (code) continue;
    else if (character === '(' || character === '[' || character === '{') depth++;
    else if ((character === ')' || character === ']' || character === '}') && depth > 0) depth--;
    else if (character === ';' && depth === 0) {
      found.push([from, at]);
      from = at + 1;
    }
  }
  found.push([from, text.length]);
  return found;
}

/**
 * Whether `verbs` (a global pattern) says something of the file `name` (lowercase) in `sentence` (lowercase): the
 * file the subject before a match in its clause ("foo.go was not changed", "foo.go (new) was never written"; not
 * "tests for foo.go were not written", which names the tests), or the object right after it ("did not touch
 * `foo.go`").
 */
function saidOfFile(sentence: string, name: string, verbs: RegExp): boolean {
  verbs.lastIndex = 0;
  for (let verb = verbs.exec(sentence); verb !== null; verb = verbs.exec(sentence)) {
    const before = sentence.lastIndexOf(name, verb.index);
    if (
      before >= 0 &&
      SUBJECT_TO_VERB.test(sentence.slice(before + name.length, verb.index)) &&
      !PREPOSITION_BEFORE.test(sentence.slice(Math.max(0, before - 40), before))
    )
      return true;
    const after = sentence.slice(verb.index + verb[0].length).replace(BEFORE_FILE, '');
    if (after.startsWith(name)) return true;
  }
  return false;
}

const framedSets = new WeakMap<TextIndex, Denial[]>();

/** The denials of a text that have a frame (not a negated write), read once per text. */
function framedOf(index: TextIndex): Denial[] {
  let framed = framedSets.get(index);
  if (!framed) framedSets.set(index, (framed = denialsOf(index).filter((denial) => !denial.negatedWrite)));
  return framed;
}

const matters = new WeakMap<TextIndex, Map<string, TextIndex>>();
const rests = new WeakMap<TextIndex, TextIndex>();

/**
 * An index of what some denials say, the denials of one line of the text on one line (a line's sentences state a
 * fact together, as the text's own line does), made once per text and set of lines.
 */
function matterIndex(index: TextIndex, denied: readonly Denial[]): TextIndex {
  const lines = new Map<number, string[]>();
  for (const denial of denied) {
    const matters = lines.get(denial.line) ?? [];
    matters.push(denial.matter.trim());
    lines.set(denial.line, matters);
  }
  const text = [...lines.values()].map((matters) => matters.join(' ')).join('\n');
  let byText = matters.get(index);
  if (!byText) matters.set(index, (byText = new Map()));
  let found = byText.get(text);
  if (!found) byText.set(text, (found = createMatcher(text)));
  return found;
}

/** An index of a text without any of its sentences that deny a write (blanked, its lines kept), made once per text. */
function restIndex(index: TextIndex): TextIndex {
  let rest = rests.get(index);
  if (rest) return rest;
  const lines = [...textLines(index)];
  for (const denial of denialsOf(index)) {
    const line = lines[denial.line]!;
    lines[denial.line] =
      line.slice(0, denial.start) + ' '.repeat(denial.end - denial.start) + line.slice(denial.end);
  }
  rest = createMatcher(lines.join('\n'));
  rests.set(index, rest);
  return rest;
}

/**
 * An artifact's outcome where a sentence naming its file denies the write (see the module's comment): contradicted,
 * unless the text keeps it outside such sentences (`read` of the text without them, as `outcome` was read); `outcome`,
 * the text's own, elsewhere. `readMatter` reads the probe in what the denials say, as probe-recall.ts reads it with no
 * half for its subject's mention: kept whole or in part there, it is what they deny.
 */
export function deniedArtifactOutcome(
  index: TextIndex,
  probe: Probe,
  outcome: ProbeOutcome,
  read: (text: TextIndex) => ProbeOutcome,
  readMatter: (text: TextIndex) => ProbeOutcome,
): ProbeOutcome {
  if (outcome === 'contradicted' || probe.kind !== 'artifact' || probe.file === undefined) return outcome;
  const all = denialsOf(index);
  if (all.length === 0) return outcome;
  const name = fileName(probe.file).toLowerCase();
  const named = index.has(name) ? all.filter((denial) => denial.lower.includes(name)) : [];
  // The framed denials of the lines whose denials name the file.
  const lines = new Set(named.map((denial) => denial.line));
  const framed = framedOf(index).filter((denial) => lines.has(denial.line));
  // Named in the sentence, the file is denied what the sentence says of it (kept in part there); not named, only
  // the whole fact read there is (a statement of the change kept whole, as a sentence may restate it).
  const denies =
    named.some((denial) => saidOfFile(denial.lower, name, denial.negatedWrite ? NEGATED_WRITE : WRITE)) ||
    (framed.length > 0 && keeps(readMatter(matterIndex(index, framed)))) ||
    (framedOf(index).length > 0 && readMatter(matterIndex(index, framedOf(index))) === 'matched');
  if (!denies) return outcome;
  return outcome === 'matched' && read(restIndex(index)) === 'matched' ? 'matched' : 'contradicted';
}

/** Whether an outcome keeps a probe, whole or in part. */
const keeps = (outcome: ProbeOutcome): boolean => outcome === 'matched' || outcome === 'partial';
