/**
 * An artifact kept in other words: its file named, and in the same clause, in prose, a word of what the edits made
 * of it ("the plan lives in docs/refactor.md" keeps refactor.md's "Coding Agent Refactoring Plan"). A path list or an
 * identifier bag names the file but says nothing of it, so it keeps nothing; nor do words any file may be said to
 * hold ("source code", "configuration"), or the same words pasted after each file of a list.
 */
import { fileName } from '../session/normalise-path.ts';
import { memoized, perClause as perClauseOf, termSet } from './clause-reading.ts';
import { meaningTerms, saidOtherwise, type MeaningIndex, type MeaningTerm } from './meaning.ts';
import type { Probe } from './probes.ts';
import { opensId } from './id-prefix.ts';
import { inRepeatedRun, isRepeatedDescription } from './repeated-description.ts';
import { isWriteReport } from './write-report.ts';

/**
 * The word lists this module reads, as terms: made on first use, not as the module loads (folding words builds the
 * synonym table, which a compare's first call need not wait for).
 */
const wordTerms = memoized(() => ({
  // Words any description of an edit has: they say that the file changed, not what it now is ("created" says
  // more: the file is the agent's).
  edit: termSet('change update edit modify file commit work package now new'),
  // Words any file of any project may be said to be or hold: they place the file in the work, not what it holds
  // ("holds relevant project source code and its configuration" describes every file alike).
  generic: termSet('code source project repository configuration relevant related hold contain'),
  // Words that say a file was made or finished: they tell an artifact the agent created ("Done and committed:
  // print-mode.ts, rpc-mode.ts"), whose probe says no more than that it was made.
  made: termSet('created finished committed written built'),
  changed: termSet('changed updated edited modified fixed'),
  // Words that say a thing went away or failed: a clause with one does not say what the file now holds. A shell's
  // "Exit code 1" opening a failed command's output is such a word too.
  notHeld: termSet('remove delete drop revert rename error fail undefined warning missing denied crash exit'),
}));

/** How far from the file's name the word that describes it may stand, in terms, within its clause. */
const DESCRIBED_WITHIN = 12;

/** The terms of the clause the term at `at` is in (a clause's terms stand together). */
function clauseOf(index: MeaningIndex, at: number): readonly MeaningTerm[] {
  const clause = index.clauseAt(at);
  let from = at;
  while (from > 0 && index.clauseAt(from - 1) === clause) from--;
  let to = at;
  while (to + 1 < index.length && index.clauseAt(to + 1) === clause) to++;
  return index.slice(from, to + 1);
}

// Terms read as words pasted alike beside other names (repeated-description.ts `inRepeatedRun`): they say nothing of
// the name beside them, though a negation or a word of failure among them still counts.
const pasted = new WeakSet<MeaningTerm>();

/** The term at a position, marked when it is one of the words pasted alike beside other names. */
function termAt(index: MeaningIndex, position: number): MeaningTerm {
  const term = index.at(position)!;
  if (inRepeatedRun(index, position)) pasted.add(term);
  return term;
}

/**
 * The terms of the clause the term at `at` is in, the words pasted beside other names marked ({@link termAt}); beside
 * a file's stem of `length` terms, neither its words nor a word of a token of several (a bag of stems' next item).
 */
function clauseSaying(index: MeaningIndex, at: number, length = 0): readonly MeaningTerm[] {
  const clause = index.clauseAt(at);
  let from = at;
  while (from > 0 && index.clauseAt(from - 1) === clause) from--;
  const terms: MeaningTerm[] = [];
  for (let position = from; position < index.length && index.clauseAt(position) === clause; position++) {
    const alone =
      index.at(position)!.opens === true && (index.at(position + 1)?.opens ?? position + 1 === index.length);
    if (length === 0 || ((position < at || position >= at + length) && alone))
      terms.push(termAt(index, position));
  }
  return terms;
}

/** A test of the clause of a term, each clause tested once (clause-reading.ts). */
function perClause(
  index: MeaningIndex,
  test: (terms: readonly MeaningTerm[]) => boolean,
): (position: number) => boolean {
  return perClauseOf(index, clauseOf, test);
}

/** A clause test: it holds one of `words` (a change: "updated in a new commit"; a word that takes a thing back). */
const holding =
  (words: ReadonlySet<string>) =>
  (terms: readonly MeaningTerm[]): boolean =>
    terms.some((term) => words.has(term.term));

/** How far back a list item looks for the clause its list hangs from, in terms (a list of a few dozen items). */
const LEAD_IN_WITHIN = 400;

/**
 * The terms of an artifact's file name, the prose terms of what its probe says of it, and the terms of each
 * definition it names (`session_status_badge`, `createToolCall`).
 */
type ArtifactReading = { name: string[]; described: Set<string>; made: boolean; definitions: string[][] };

// A definition's name as written: snake_case or camelCase, a word of letters first.
const DEFINITION =
  /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b/g;

/** Prose terms a clause needs to say something of a definition it names (a bag of names says nothing). */
const PROSE_TERMS = 2;

/**
 * Prose terms the words after a definition on its line need to tell it when its own clause does not: one more, since
 * an identifier bag's hyphenated items read as prose (`system-reminder`, `non-negative`).
 */
const PROSE_TERMS_AFTER = 3;

// The names an artifact probe's answer says the edits added: "(it added `a`, `b`)".
const ADDED = /\(it added ([^)]*)\)\s*$/;

const readings = new WeakMap<Probe, ArtifactReading | null>();

/** Whether `terms` stand in a row within `whole`. */
function within(terms: readonly string[], whole: readonly string[]): boolean {
  return whole.some((_, at) => terms.every((term, offset) => whole[at + offset] === term));
}

/** The file name and description of an artifact probe, or null when the probe is no artifact or says nothing. */
function readArtifact(probe: Probe): ArtifactReading | null {
  let reading = readings.get(probe);
  if (reading !== undefined) return reading;
  reading = null;
  if (probe.kind === 'artifact' && probe.file !== undefined) {
    const { edit, generic } = wordTerms();
    const file = fileName(probe.file);
    const name = meaningTerms(file).map((term) => term.term);
    // The statement is "name: what"; without one, the facets that are not the file say what it is.
    const description =
      probe.statement ??
      probe.facets
        .flat()
        .filter((spelling) => !spelling.includes(file))
        .join('\n');
    const described = new Set(
      meaningTerms(description)
        .filter(
          (term) =>
            !term.name &&
            !term.negated &&
            !edit.has(term.term) &&
            !generic.has(term.term) &&
            !name.includes(term.term),
        )
        .map((term) => term.term),
    );
    const listed = ADDED.exec(probe.answer)?.[1] ?? '';
    const definitions = [...new Set(`${probe.statement ?? ''}\n${listed}`.match(DEFINITION) ?? [])]
      .filter((spelling) => !file.includes(spelling))
      .map((spelling) => meaningTerms(spelling).map((term) => term.term))
      // The file's own name spelled as an identifier (`InteractiveMode` of interactive-mode.ts) is no definition in it.
      // A definition holding the file's name (`EntireSettings` of settings.go) names the file wherever it is named.
      .filter((terms) => terms.length >= 2 && !within(terms, name) && !within(name, terms));
    if (name.length > 0 && described.size > 0)
      reading = {
        name,
        described,
        made: [...described].some((term) => wordTerms().made.has(term)),
        definitions,
      };
  }
  readings.set(probe, reading);
  return reading;
}

/**
 * Whether the `length` name terms at `start` are a whole name, not words of a longer one: `ValidateSessionID` names no
 * validators.go, nor `pathSafeRegex` a file path.ts (an identifier bag's split words name every file they spell).
 */
function wholeName(index: MeaningIndex, start: number, length: number): boolean {
  return index.at(start)?.joined !== true && index.at(start + length)?.joined !== true;
}

/** Whether the `length` (≥ 2) prose terms at `at` are one hyphenated word: "tui-renderer" of tui-renderer.ts. */
function stemWritten(index: MeaningIndex, at: number, length: number): boolean {
  if (length < 2) return false;
  for (let offset = 1; offset < length; offset++) if (index.at(at + offset)!.opens === true) return false;
  const [from, to] = tokenBounds(index, at, length);
  return from === at && to === at + length;
}

/** The first and the after-last position of the token (as written between spaces) that holds the term at `at`. */
function tokenBounds(index: MeaningIndex, at: number, length: number): [number, number] {
  let from = at;
  while (from > 0 && index.at(from)!.opens !== true) from--;
  let to = at + length;
  while (to < index.length && index.clauseAt(to) === index.clauseAt(at) && index.at(to)!.opens !== true) to++;
  return [from, to];
}

/**
 * Where the `length` name terms at `at` are an item of a run of names (meaning.ts `inRun`: "hook_event
 * get_req_header hook_script … session paths"), the positions of the words right beside that item's token (before
 * it and after it, up to the next name or the clause's edge): all that a run's item has said of it. Undefined where
 * the name is no item of a run, as a sentence or a terse note names things.
 */
function besideInRun(index: MeaningIndex, at: number, length: number): number[] | undefined {
  const [from, to] = tokenBounds(index, at, length);
  if (index.at(from)!.inRun !== true) return undefined;
  const clause = index.clauseAt(at);
  const prose = (position: number) =>
    position >= 0 &&
    position < index.length &&
    index.clauseAt(position) === clause &&
    !index.nameAt(position);
  const beside: number[] = [];
  for (let position = from - 1; prose(position); position--) beside.push(position);
  for (let position = to; prose(position); position++) beside.push(position);
  return beside;
}

/** The terms that describe an artifact probe's change (prose of its statement, not its file's name nor edit words). */
export function describingTerms(probe: Probe): ReadonlySet<string> | undefined {
  return readArtifact(probe)?.described;
}

/**
 * Whether a text names an artifact's file (its name's terms in a row, as a name: a path or an identifier) with a word
 * of its description close by in the same clause, in prose and not denied, nor in a sentence denied or pending (a list
 * item is a clause of its own: "src/retry.ts, attempts, sleep" describes nothing), in the clause after it when it
 * labels one ("mix.exs: six new deps"), or in the clause its list hangs from ("Created: a.ts, b.ts"). A file the agent
 * created is also told by saying it was made or finished ("… was not done" reads its "done" under its "not"). On a
 * line that tells one of its definitions, the file must be named whole ({@link wholeName}): a bag's line
 * "pathSafeRegex ValidateSessionID … session paths" tells a definition with any two words and names validators.go only
 * by a split word of `ValidateSessionID`.
 */
export function describesArtifact(index: MeaningIndex, probe: Probe): boolean {
  const reading = readArtifact(probe);
  if (!reading) return false;
  // The lines where a definition is told, found once: a long kept tail names a file and a word thousands of times.
  let toldLines: Set<number> | undefined;
  const words = wordTerms();
  const notHeld = perClause(index, holding(words.notHeld));
  const changed = perClause(index, holding(words.changed));
  // A tool's report of its write names the file and says nothing of it (write-report.ts).
  const report = perClause(index, isWriteReport);
  const [first, ...rest] = reading.name;
  const starts = index.positions.get(first!)?.all ?? [];
  return starts.some((start) => {
    const named = rest.every((term, offset) => {
      const at = index.at(start + offset + 1);
      return at !== undefined && at.term === term && at.name;
    });
    if (!named || !index.at(start)!.name) return false;
    // A file of one word is not named by the prefix of an id (`spotter-a0y.1` names no spotter.css).
    if (reading.name.length === 1 && opensId(index, start)) return false;
    const { clause, leadIn, leadInFrom, gloss } = index.at(start)!;
    const tells = (position: number) => {
      const term = index.at(position)!;
      if (term.name || saidOtherwise(term)) return false;
      // Words pasted alike beside other names say nothing of this one, nor does a tool's report of its write.
      if (inRepeatedRun(index, position) || report(position)) return false;
      if (reading.described.has(term.term))
        return !notHeld(position) && !isRepeatedDescription(index, position);
      return reading.made && words.made.has(term.term) && !changed(position);
    };
    const from = Math.max(0, start - DESCRIBED_WITHIN);
    const to = Math.min(index.length - 1, start + reading.name.length + DESCRIBED_WITHIN);
    // An item of a run of names is told only by the words right beside it, and only when named whole: the words
    // after "hook_event get_req_header … post_session_end" are said of the last name, if of any.
    const beside = besideInRun(index, start, reading.name.length);
    const whole = beside === undefined || wholeName(index, start, reading.name.length);
    for (let position = from; position <= to; position++) {
      const at = index.clauseAt(position);
      const own = at === clause && (beside === undefined || (whole && beside.includes(position)));
      // A name that labels the clause after its colon is told by that clause ("mix.exs: six new deps").
      if ((own || at === gloss) && tells(position)) return true;
    }
    toldLines ??= new Set(reading.definitions.flatMap((definition) => definitionLines(index, definition)));
    if (toldLines.has(index.lineAt(start)) && wholeName(index, start, reading.name.length)) return true;
    // An item of a list is told by the clause the list hangs from ("Created: a.ts, b.ts").
    if (leadIn === undefined) return false;
    const stop = Math.max(0, start - LEAD_IN_WITHIN);
    const first = leadInFrom ?? leadIn;
    for (let position = start - 1; position >= stop && index.clauseAt(position) >= first; position--) {
      const at = index.clauseAt(position);
      if (at <= leadIn && tells(position)) return true;
    }
    return false;
  });
}

/**
 * Whether a text names an artifact's file (as {@link describesArtifact} finds it, and whole: no split word of a
 * longer identifier) in a clause that says something of it in prose: two prose terms, none denied, none saying it went
 * away or failed, in its own clause or the one its colon labels ("runtime.exs: reads the exporter from
 * OTEL_EXPORTER"). It says what the file now is in
 * other words than the probe's, so the reader counts it half kept ("a new helper module"); a path list, an identifier
 * bag, an error line naming the file, or words the text says alike of other files (repeated-description.ts) say
 * nothing of it.
 */
export function namesArtifactInProse(index: MeaningIndex, probe: Probe): boolean {
  const reading = readArtifact(probe);
  if (!reading) return false;
  const says = perClauseOf(index, clauseSaying, saysSomething);
  const report = perClause(index, isWriteReport);
  // The same words said of other files on other lines are a gloss pasted after each (repeated-description.ts), and
  // a tool's report of its write says nothing of what the file holds (write-report.ts).
  const tells = (position: number) =>
    says(position) && !report(position) && !isRepeatedDescription(index, position);
  const [first, ...rest] = reading.name;
  return (index.positions.get(first!)?.all ?? []).some((start) => {
    if (!rest.every((term, offset) => index.at(start + offset + 1)?.term === term)) return false;
    const stem = !index.at(start)!.name;
    if (stem && !stemWritten(index, start, reading.name.length)) return false;
    if (!wholeName(index, start, reading.name.length)) return false;
    if (stem)
      return (
        saysSomething(clauseSaying(index, start, reading.name.length)) &&
        !report(start) &&
        !isRepeatedDescription(index, start)
      );
    if (reading.name.length === 1 && opensId(index, start)) return false;
    // An item of a run of names says only what the words right beside it say.
    const beside = besideInRun(index, start, reading.name.length);
    if (
      beside === undefined ? tells(start) : saysSomething(beside.map((position) => termAt(index, position)))
    )
      return true;
    const { gloss } = index.at(start)!;
    if (gloss === undefined) return false;
    // The clause the colon labels starts after the name's own clause ("mix.exs: six new deps"). A name followed by a
    // comma is not read with the clauses after it: in an identifier bag those are the next identifiers, and a
    // hyphenated one ("pytest-cov") reads as prose.
    for (let position = start + reading.name.length; position < index.length; position++) {
      const term = index.at(position)!;
      if (term.clause > gloss) return false;
      if (term.clause === gloss) return tells(position);
    }
    return false;
  });
}

/**
 * The lines that name a definition (its terms in a row, as a name) where it is said something of in prose: two prose
 * terms, none denied, none saying it went away or failed, in its own clause ("PaneListLive: … a Status column renders
 * the new session_status_badge/1 component") or within a few terms after it on its line, as a terse note writes a
 * definition as a call with its prose after it ("GetOrCreateEntireSessionID (today-dated; same ID after Save)"). A
 * list of names has no prose, and an error line says the definition failed.
 */
function definitionLines(index: MeaningIndex, definition: readonly string[]): number[] {
  const [first, ...rest] = definition;
  const tells = perClauseOf(index, clauseSaying, saysSomething);
  return (index.positions.get(first!)?.all ?? []).flatMap((at) => {
    const term = index.at(at)!;
    if (!term.name || !rest.every((next, offset) => index.at(at + offset + 1)?.term === next)) return [];
    // An item of a run of names is told only by the words right beside it.
    const beside = besideInRun(index, at, definition.length);
    if (beside !== undefined)
      return saysSomething(beside.map((position) => termAt(index, position))) ? [term.line] : [];
    return tells(at) ||
      saysSomething(lineTermsNear(index, at, definition.length), PROSE_TERMS_AFTER, index.clauseAt(at))
      ? [term.line]
      : [];
  });
}

/**
 * The terms of the clause of the `length` terms at `at` and those after it on their line, up to
 * {@link DESCRIBED_WITHIN} after them: a note's prose follows what it tells ("Name (what it does)", "Name = what"); a
 * list's items before a name are other names.
 */
function lineTermsNear(index: MeaningIndex, at: number, length: number): MeaningTerm[] {
  const line = index.lineAt(at);
  const terms: MeaningTerm[] = [];
  const to = Math.min(index.length - 1, at + length - 1 + DESCRIBED_WITHIN);
  // The name's own clause is read whole (a clause that says it is undefined or gone tells nothing after it), from at
  // most as far back as the window reaches after it: a clause of a long kept tail is not walked for each name in it.
  let from = at;
  const stop = Math.max(0, at - DESCRIBED_WITHIN);
  while (from > stop && index.clauseAt(from - 1) === index.clauseAt(at)) from--;
  for (let position = from; position <= to; position++)
    if (index.lineAt(position) === line) terms.push(termAt(index, position));
  return terms;
}

/**
 * Whether a clause has `least` prose terms (two unless told), none denied (nor of a sentence denied or pending), none
 * saying a thing went away or failed. Read from a name's own clause on (`own`, its number), a word saying it failed
 * after that clause ends what is read instead: the description is said before it ("TailF = Port on tail_wrapper.sh
 * (traps TERM/HUP/INT) → {:error, :file_not_found} if no file"); an error line names its file before any prose.
 */
function saysSomething(terms: readonly MeaningTerm[], least = PROSE_TERMS, own?: number): boolean {
  const { notHeld, edit, generic } = wordTerms();
  let prose = 0;
  for (const term of terms) {
    if (term.name) continue;
    if (saidOtherwise(term)) return false;
    if (notHeld.has(term.term)) {
      if (own === undefined || term.clause === own) return false;
      break;
    }
    if (!edit.has(term.term) && !generic.has(term.term) && !pasted.has(term)) prose++;
  }
  return prose >= least;
}
