/**
 * An artifact kept by the agent's own words for its change: a line of the summary names the file as written (its
 * extension too) and says, in the file's clause or in what follows it up to the next file the line names, one word of
 * prose the agent used for what it did to that file (derive/told-changes.ts): "cleanup.go DeleteShadowBranches: loop
 * DeleteBranchCLI -> deleted[]/failed[]" for the agent's "Replaced `RemoveReference` loop with `DeleteBranchCLI`",
 * where the file's facet is its commit's title. A path list says no word of it,
 * an identifier bag only names, and a word said of the file denied or still to do says nothing done; nor does a file
 * named with a line number (a compiler's or grep's line), or the same words pasted after each line of a list.
 */
import { pastedLines } from './change-words.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms, type MeaningTerm } from './meaning.ts';
import type { Probe } from './probes.ts';
import { stanceAt } from './stance.ts';
import { textLines } from './text-lines.ts';

/** A probe's told words read as terms, with its file's name as written. */
type ToldReading = { name: string; terms: Set<string> };

const readings = new WeakMap<Probe, ToldReading | null>();

/** The told words of an artifact probe read once (every strategy is scored on the same probe). */
function readTold(probe: Probe): ToldReading | null {
  let reading = readings.get(probe);
  if (reading !== undefined) return reading;
  reading = null;
  const name = fileNameOf(probe);
  if (name !== undefined && probe.told !== undefined) {
    const terms = new Set(probe.told.flatMap((word) => meaningTerms(word).map((term) => term.term)));
    if (terms.size > 0) reading = { name, terms };
  }
  readings.set(probe, reading);
  return reading;
}

// A file's name as a line writes it: a path or a name with an extension of small letters (`.gitignore` too; not a
// dotted name of code, `repo.Reference`).
const FILE = /(?:[\p{L}\p{N}_@/~-][\p{L}\p{N}_.@/~-]*)?\.[a-z][a-z0-9]{0,9}(?![\p{L}\p{N}_])/gu;
// What ends a clause before a file's name: a clause's punctuation, a sentence's end or a dash.
const CLAUSE_BREAK = /[,;:()[\]{}|]|[.!?](?=\s)|\s[-–—]\s/g;
// A word of prose between two files (no name: `deleteShadowBranch` is one): "a.go and b.go: …", "a.go Save + b.go
// Load: …" tell both by the words after the second.
const PROSE_WORD = /(?:^|[\s(])[a-z]{3,}(?=[\s,.;:)]|$)/;
// A file's name followed by a line number: a location in a compiler's, a test's, grep's or a review's output
// ("path cmd/cli/sessions_fix.go line 289 author Copilot").
const LOCATION = /^(?::\d|\(\d|#L\d|,?\s+(?:line|l\.)\s*\d)/i;
// The marks that close a name's quoting or emphasis.
const CLOSING = /^[`*'")\]]*/;
// What may stand before a file's name that opens its line: a bullet, a number, marks, a path's folders.
const LABEL = /^[\s\-*+•·.>#|✔✓\d)(`'"[\]]*(?:[\p{L}\p{N}_.@~-]*\/)*$/u;
// A sentence's end.
const SENTENCE_END = /[.!?](?=\s|$)/;
// Inline code: a name or a command, not words said of the file.
const CODE_SPAN = /`[^`]*`/g;
// A quoted message or literal (`err containing "not found" => nil`): its words are the message's, not said of the file.
const QUOTED = /"[^"]{0,60}"|“[^”]{0,60}”/g;
// A tool call or its output rendered as JSON (a kept tail's `Bash {"command": …}`): no account of a change.
const JSON_LINE = /\{\s*"[\w-]+"\s*:/;
// The most words of a heading between a file's name and the colon that ends it (see {@link aspectHeading}).
const HEADING_WITHIN = 6;
// How many words after the file's name are read as said of it: in a clause, and in an item the name opens.
const TOLD_WITHIN = 30;
const ITEM_WITHIN = 80;

/**
 * What `line` says of the file named at [start, end): its clause before the name, then what follows up to the next
 * file named, the sentence's end (not on a line the name opens: the item is the file's) or {@link TOLD_WITHIN} words; nothing after a name that is an item of a list of
 * names ("…, tail_wrapper.sh, wired session-end …" says "wired" of none of them). Quoted messages are left out, and
 * inline code too unless `keepNames` and it holds one name.
 */
function toldAbout(
  line: string,
  start: number,
  end: number,
  files: ReadonlyArray<{ at: number; end: number }>,
  keepNames: boolean,
): string {
  const before = line.slice(0, start);
  let from = 0;
  for (const found of before.matchAll(CLAUSE_BREAK)) from = found.index + found[0].length;
  // Nor the words of another file named before it in the clause ("./docs/SETUP.md ./.gitignore ./README.md").
  for (const file of files) if (file.at < start && file.end <= start) from = Math.max(from, file.end);
  const head = listHead(line, start, files);
  const closed = end + CLOSING.exec(line.slice(end))![0].length;
  let to = line.length;
  for (const { at: file } of files) {
    if (file < closed) continue;
    // A file listed beside this one with no word between ("a.go + b.go: …", "a.go, b.go (…)") shares its words.
    if (!PROSE_WORD.test(line.slice(closed, file).replace(/\b(?:and|or)\b/g, ''))) continue;
    to = file;
    break;
  }
  let after = line.slice(closed, to);
  // A line the file's name opens is its item: its sentences are all said of the file, up to the next file named.
  const label = LABEL.test(before);
  // After a comma the name is an item of a list, unless it opens its line and the comma leads to the part of the file
  // the item is about ("cleanup.go, DeleteShadowBranches: each branch goes through DeleteBranchCLI …").
  if (after.trimStart().startsWith(',') && !(label && aspectHeading(after))) after = '';
  const stop = label ? null : SENTENCE_END.exec(after);
  if (stop) after = after.slice(0, stop.index);
  after = after
    .split(/\s+/)
    .slice(0, (label ? ITEM_WITHIN : TOLD_WITHIN) + 1)
    .join(' ');
  // A name of code in backticks is still a name said of the file (`DeleteBranchCLI`); a command is not.
  const code = (span: string) => (keepNames && !/\s/.test(span) ? span.slice(1, -1) : ' ');
  return `${head}${before.slice(from)}${line.slice(start, closed)}${after.replace(CODE_SPAN, code).replace(QUOTED, ' ')}`;
}

/**
 * Whether what follows a file's name (`, …`) is a heading of the part of the file an item tells of, ended by a colon:
 * a name or a few words, a parenthesis of a signature too ("manual_commit_reset.go, Reset(): …", "wingman.go,
 * commands and types: …"), with no file's name and no second comma. An identifier bag's "root.go, newWingmanCmd,
 * runWingman" and a list of files have none.
 */
function aspectHeading(after: string): boolean {
  const colon = after.indexOf(':');
  if (colon < 0) return false;
  const heading = after
    .slice(after.indexOf(',') + 1, colon)
    .replace(/\([^()]*\)/g, ' ')
    .trim();
  if (heading === '' || /[,;]|[.!?]\s/.test(heading) || filesOn(heading) > 0) return false;
  return heading.split(/\s+/).length <= HEADING_WITHIN && !after.slice(colon).startsWith('://');
}

/**
 * The clause a parenthesised list hangs from, where the file at `start` is an item of it: "mdLinkUrl token end-to-end
 * (theme.ts, tui MarkdownTheme.linkUrl, both jsons, test-themes, theme.md)" says the change of each item. Empty when
 * the file is in no open parenthesis, the parenthesis holds no comma (a file's own note: "x.go (dead code)"), or a
 * file's name stands in the clause before it (then the clause is that file's).
 */
function listHead(line: string, start: number, files: ReadonlyArray<{ at: number; end: number }>): string {
  const before = line.slice(0, start);
  const open = before.lastIndexOf('(');
  if (open < 0 || before.includes(')', open)) return '';
  const close = line.indexOf(')', start);
  if (!line.slice(open, close < 0 ? undefined : close).includes(',')) return '';
  let from = 0;
  for (const found of before.slice(0, open).matchAll(CLAUSE_BREAK)) from = found.index + found[0].length;
  if (files.some((file) => file.at >= from && file.at < open)) return '';
  return `${before.slice(from, open)} `;
}

/** How many names of files a line writes (a path or a name with an extension). */
export function filesOn(line: string): number {
  return [...line.matchAll(FILE)].length;
}

/** Whether the name at [start, end) stands inside a span of inline code that holds more than a name (a command). */
function inCommand(line: string, start: number, end: number): boolean {
  for (const span of line.matchAll(CODE_SPAN))
    if (span.index < start && span.index + span[0].length > end) return /\s/.test(span[0]);
  return false;
}

/**
 * Where a line writes a file's name (given in lower case): whole, or the last part of a path, not a piece of a longer name
 * ("theme.md" of "dark-theme.md").
 */
export function writtenAt(line: string, name: string): number[] {
  const lower = line.toLowerCase();
  // A name with no extension ("pre-commit", "Justfile") is also a word: it names the file as a path's last part.
  const bare = !/\.[a-z]/i.test(name.slice(1));
  const starts: number[] = [];
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const before = lower[at - 1];
    const after = lower[at + name.length];
    if (
      (bare ? before === '/' : before === undefined || !/[\p{L}\p{N}_.-]/u.test(before)) &&
      (after === undefined || !/[\p{L}\p{N}_]/u.test(after))
    )
      starts.push(at);
  }
  return starts;
}

// The term a negation reads as (meaning.ts).
const NEGATION = 'not';

/**
 * Whether a negation stands after a term in its clause ("loop replaced, not done"; "the loop is not there"): a word
 * of the change followed by its denial says the change is not made.
 */
export function deniedLater(terms: readonly MeaningTerm[], at: number): boolean {
  const clause = terms[at]!.clause;
  for (let after = at + 1; after < terms.length && terms[after]!.clause === clause; after++)
    if (terms[after]!.term === NEGATION) return true;
  return false;
}

/**
 * What each line of a text that names the file `name` (as written, any case) says of it (see {@link toldAbout}):
 * not on a line pasted alike after each item of a list, a JSON line, a name with a line number after it or a name
 * inside a command. `keepNames` keeps a name of code written in backticks.
 */
export function* saidOfFile(text: TextIndex, fileName: string, keepNames = false): Generator<string> {
  const name = fileName.toLowerCase();
  if (!text.text().toLowerCase().includes(name)) return;
  const lines = textLines(text);
  const pasted = pastedLines(text.meaning());
  for (let number = 0; number < lines.length; number++) {
    const line = lines[number]!;
    if (pasted.has(number) || !line.toLowerCase().includes(name) || JSON_LINE.test(line)) continue;
    const files = [...line.matchAll(FILE)].map((match) => ({
      at: match.index,
      end: match.index + match[0].length,
    }));
    let stance: ReturnType<typeof stanceAt> | undefined;
    for (const start of writtenAt(line, name)) {
      const end = start + name.length;
      if (LOCATION.test(line.slice(end)) || inCommand(line, start, end)) continue;
      // A file named in a sentence that denies itself or puts its matter as still to do ("It is false that x.go …",
      // "… is still to do"): what is said of it there is not done (the part read below may leave that frame out).
      stance ??= stanceAt(line);
      const framed = stance(start);
      if (framed === 'denied' || framed === 'pending') continue;
      yield toldAbout(line, start, end, files, keepNames);
    }
  }
}

/** The name of the file an artifact probe describes, as a path's last part, or undefined. */
export function fileNameOf(probe: Probe): string | undefined {
  if (probe.kind !== 'artifact' || probe.file === undefined) return undefined;
  const name = probe.file.slice(probe.file.lastIndexOf('/') + 1);
  return name === '' ? undefined : name;
}

/** Whether a text keeps an artifact probe by the agent's own words for its change (see the module's comment). */
export function statesToldChange(text: TextIndex, probe: Probe): boolean {
  const reading = readTold(probe);
  if (reading === null) return false;
  for (const said of saidOfFile(text, reading.name)) {
    const terms = meaningTerms(said);
    if (
      terms.some(
        (term, at) =>
          reading.terms.has(term.term) &&
          !term.name &&
          !term.negated &&
          !term.inRun &&
          !term.pending &&
          !deniedLater(terms, at),
      )
    )
      return true;
  }
  return false;
}
