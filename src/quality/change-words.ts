/**
 * An artifact kept by what its edits wrote: a line of the summary names the file (as written, or by its name without
 * the extension as a word: "Footer" for footer.ts) and states, close to the name or in the list that line leads in
 * to, two or more distinct words or numbers the edits wrote ("footer: pwd/stats dim; ctx% warning >70, error >90" for
 * the new lines of footer.ts). A path list or an identifier bag states none of them (a name is not a word said of the
 * file), nor does a path with its line and column, words pasted alike beside several names, or a sentence that
 * denies the file or the words.
 */
import type { TextIndex } from './match.ts';
import { meaningTerms, saidOtherwise, type MeaningIndex } from './meaning.ts';
import { namePositions } from './other-words.ts';
import type { Probe } from './probes.ts';
import { inRepeatedRun } from './repeated-description.ts';
import { textLines } from './text-lines.ts';

/** Distinct words of the change a line must state beside the file's name. */
export const CHANGE_WORDS_STATED = 2;

/** How far from the file's name the change's words may stand, in terms, on its line. */
const CHANGE_WITHIN = 25;

/** A probe's change read as terms: its file's names as term runs, and its words' terms. */
type ChangeReading = {
  names: Array<{ terms: string[]; written: boolean; spelling: string }>;
  words: Set<string>;
};

const readings = new WeakMap<Probe, ChangeReading | null>();

/** The change of an artifact probe read once (every strategy is scored on the same probe). */
function readChange(probe: Probe): ChangeReading | null {
  let reading = readings.get(probe);
  if (reading !== undefined) return reading;
  reading = null;
  if (probe.kind === 'artifact' && probe.file !== undefined && probe.change !== undefined) {
    const file = probe.file.slice(probe.file.lastIndexOf('/') + 1);
    const names = [{ terms: meaningTerms(file).map((term) => term.term), written: true, spelling: file }];
    const stem = probe.change.stem;
    if (stem !== undefined)
      names.push({ terms: meaningTerms(stem).map((term) => term.term), written: false, spelling: stem });
    const words = new Set(probe.change.words.flatMap((word) => meaningTerms(word).map((term) => term.term)));
    reading = { names: names.filter((name) => name.terms.length > 0), words };
  }
  readings.set(probe, reading);
  return reading;
}

/** Where a text names a file by its stem as a word or a name: its terms in a row, not denied. */
function stemPositions(index: MeaningIndex, terms: readonly string[]): number[] {
  return (index.positions.get(terms[0]!)?.all ?? []).filter((start) =>
    terms.every((term, offset) => {
      const at = index.at(start + offset);
      // Not a piece of a longer name ("theme" of `dark-theme.md`), nor an item of a run of names.
      return at !== undefined && at.term === term && !at.negated && !at.part && !at.inRun;
    }),
  );
}

const pastedSets = new WeakMap<MeaningIndex, Set<number>>();

/**
 * The lines whose prose is word for word another line's (the same words pasted after each file of a list: "…: dim
 * warning colour"): they say nothing of the name beside them. Read once per text.
 */
export function pastedLines(index: MeaningIndex): Set<number> {
  let pasted = pastedSets.get(index);
  if (pasted) return pasted;
  const prose = new Map<number, string[]>();
  for (let position = 0; position < index.length; position++) {
    if (index.nameAt(position)) continue;
    const line = index.lineAt(position);
    const terms = prose.get(line) ?? [];
    terms.push(index.at(position)!.term);
    prose.set(line, terms);
  }
  const lines = new Map<string, number[]>();
  for (const [line, terms] of prose) {
    const key = terms.join(' ');
    lines.set(key, [...(lines.get(key) ?? []), line]);
  }
  pasted = new Set([...lines.values()].filter((same) => same.length > 1).flat());
  pastedSets.set(index, pasted);
  return pasted;
}

/**
 * Whether a line holds a file's name as written, its extension too: the meaning terms drop it (`theme.md` and
 * `theme.ts` are one term), and another file of the same name is another file.
 */
function writtenOn(line: string | undefined, file: string): boolean {
  if (line === undefined) return false;
  const lower = line.toLowerCase();
  const name = file.toLowerCase();
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const after = lower[at + name.length];
    if (after === undefined || !/[\p{L}\p{N}_]/u.test(after)) return true;
  }
  return false;
}

/**
 * Whether a line names another file of the stem's name ("footer.md" beside footer.ts's stem "footer"), or a folder of
 * it ("transcript_tail_adapter/tail_f.ex" is another file).
 */
function namesOtherFile(line: string | undefined, stem: string, file: string): boolean {
  if (line === undefined) return false;
  const own = file.slice(file.lastIndexOf('/') + 1).toLowerCase();
  const lower = line.toLowerCase();
  if (lower.includes(`${stem.toLowerCase()}/`)) return true;
  const name = `${stem.toLowerCase()}.`;
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const extension = /^[\p{L}\p{N}]+/u.exec(lower.slice(at + name.length))?.[0];
    if (extension !== undefined && `${name}${extension}` !== own) return true;
  }
  return false;
}

// A line that leads in to what follows it ("- .github/workflows/generate-markdown.yml (\"Generate …\"):"), and the
// indent of a line.
const LEADS_IN = /^\s*(?:[-*+]|\d+[.)])\s.*:\s*$/;
const INDENT = /^\s*/;
// An item of a list.
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
// The most terms of a nested list read as said of the file its lead-in names.
const NESTED_TERMS = 200;

/**
 * The last line of the list nested under a list item that names a file and leads in to it (ends with a colon): each
 * item indented deeper than the lead-in, up to a line that is no such item; the line itself when it leads in to none.
 */
function nestedUnder(lines: readonly string[], line: number): number {
  const lead = lines[line];
  if (lead === undefined || !LEADS_IN.test(lead)) return line;
  const indent = INDENT.exec(lead)![0].length;
  let last = line;
  while (last + 1 < lines.length) {
    const next = lines[last + 1]!;
    if (!ITEM.test(next) || INDENT.exec(next)![0].length <= indent) break;
    last++;
  }
  return last;
}

// The term a negation reads as (meaning.ts).
const NEGATION = 'not';

/**
 * Whether a negation stands anywhere before a position on its line ("- it was not changed to dim, warning above 70"):
 * an item under a file's name that denies the change of the file its subject stands for denies all it lists, past
 * the clause and the few terms a negation's own reach covers.
 */
function deniedOnLine(index: MeaningIndex, position: number): boolean {
  const line = index.lineAt(position);
  for (let before = position - 1; before >= 0 && index.lineAt(before) === line; before--)
    if (index.at(before)!.term === NEGATION) return true;
  return false;
}

/** Whether a text keeps an artifact probe by what its edits wrote (see the module's comment). */
export function statesChange(text: TextIndex, probe: Probe): boolean {
  const reading = readChange(probe);
  if (reading === null) return false;
  const index = text.meaning();
  for (const name of reading.names) {
    const starts = (
      name.written ? namePositions(index, name.spelling) : stemPositions(index, name.terms)
    ).filter((start) =>
      name.written
        ? writtenOn(textLines(text)[index.lineAt(start)], name.spelling)
        : !namesOtherFile(textLines(text)[index.lineAt(start)], name.spelling, probe.file!),
    );
    for (const start of starts) {
      const end = start + name.terms.length;
      const line = index.lineAt(start);
      // A file named inside a run of names ("pane_id active_registry.ex handle_info session pane") is one name of a
      // bag, and the words after the run are said of none of them.
      if (pastedLines(index).has(line) || index.at(start)!.inRun) continue;
      // A path's line and column ("footer.ts:90:5", "footer.ts(90,5)") are no numbers of its change.
      let after = end;
      while (after < index.length && /^\d+$/.test(index.at(after)!.term) && index.lineAt(after) === line)
        after++;
      const stated = new Set<string>();
      const from = Math.max(0, start - CHANGE_WITHIN);
      // A file named on a line that leads in to a nested list ("- generate-markdown.yml:" over "  - on pushes to
      // main …") is told by the list's items too: a handoff writes a file's description under its name.
      const last = nestedUnder(textLines(text), line);
      const to = Math.min(index.length, end + (last > line ? NESTED_TERMS : CHANGE_WITHIN));
      for (let position = from; position < to; position++) {
        const at = index.lineAt(position);
        if (position >= start && position < after) continue;
        if (
          at === line ? position >= end + CHANGE_WITHIN : at < line || at > last || pastedLines(index).has(at)
        )
          continue;
        const term = index.at(position)!;
        // Not a word denied, nor one of a sentence that denies itself or puts its matter as still to do (stance.ts).
        if (!reading.words.has(term.term) || stated.has(term.term) || saidOtherwise(term) || term.inRun)
          continue;
        // A word of a name is the name's (a bag of identifiers); a number stands on its own.
        if (term.name && !(/^\d+$/.test(term.term) && !term.part)) continue;
        if (inRepeatedRun(index, position) || (at !== line && deniedOnLine(index, position))) continue;
        stated.add(term.term);
      }
      if (stated.size >= CHANGE_WORDS_STATED) return true;
    }
  }
  return false;
}
