/**
 * An artifact kept by a name its edits put in, said of the file in prose: a line naming the file (its extension too)
 * with one of the names (derive/added-names.ts) in what it says of the file, among words of prose
 * ("manual_commit_migration.go: old shadow br deleted w/ DeleteBranchCLI, fail = warning only"). A list of names is
 * no account of a change: an identifier bag's line ("root.go newWingmanCmd runWingman … the session"), a name after a
 * comma, or one said denied, still to do or in a line pasted after each item keeps nothing (told-change.ts reads the
 * lines). A name the edits took out keeps the file where the line says it removed, done ("session/state.go:
 * TranscriptPath field removed"): not asked for ("Remove `TranscriptPath`"), still to come or denied.
 */
import { CODE_NAME } from './derive/added-names.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms } from './meaning.ts';
import type { Probe } from './probes.ts';
import { deniedLater, fileNameOf, saidOfFile, statesToldChange } from './told-change.ts';

// A word of prose: small letters, three or more, not a piece of a name or a path.
const PROSE = /(?<![\p{L}\p{N}_./-])[a-z]{3,}(?![\p{L}\p{N}_/-]|\.[\p{L}\p{N}])/gu;

/** Where `name` stands whole in `said` (a qualified `strategy.DeleteBranchCLI` too, not `liveTranscriptPath`). */
function standsAt(said: string, name: string): number[] {
  const at: number[] = [];
  for (let found = said.indexOf(name); found >= 0; found = said.indexOf(name, found + 1)) {
    const before = said[found - 1];
    const after = said[found + name.length];
    if (
      (before === undefined || !/[\p{L}\p{N}_]/u.test(before)) &&
      (after === undefined || !/[\p{L}\p{N}_]/u.test(after))
    )
      at.push(found);
  }
  return at;
}

/**
 * Whether the name at `at` of `said` is said as done: its first term neither denied, still to do, an item of a run of
 * names, nor followed by a negation in its clause.
 */
function saidDone(said: string, at: number): boolean {
  const before = meaningTerms(said.slice(0, at)).length;
  const terms = meaningTerms(said);
  const term = terms[before];
  return term !== undefined && !term.negated && !term.pending && !term.inRun && !deniedLater(terms, before);
}

/** Whether a text keeps an artifact probe by a name its edits put in, said of the file in prose. */
export function statesAddedName(text: TextIndex, probe: Probe): boolean {
  const file = fileNameOf(probe);
  if (file === undefined || probe.names === undefined) return false;
  for (const said of proseSaidOfFile(text, file))
    for (const name of probe.names) if (standsAt(said, name).some((at) => saidDone(said, at))) return true;
  return false;
}

// A removal said done: a past participle of taking out (not the request "remove", nor "to be removed").
const REMOVAL_DONE =
  /(?<![\p{L}\p{N}_-])(?:removed|deleted|dropped|gone|eliminated|stripped|taken out|ripped out)(?![\p{L}\p{N}_-])/giu;
// A removal put as still to come in its clause ("to be removed", "will be dropped", "should be gone").
const REMOVAL_PENDING =
  /(?:\b(?:to|will|shall|should|must|would|could|can|may|might|needs?)\s+(?:\w+\s+)?(?:be|get)\s+|\bto\s+)$/iu;
// What ends the clause a removal is said in.
const REMOVAL_CLAUSE = /[,;:()[\]{}|]|[.!?](?=\s|$)|\s[-–—]\s|->|=>|→/u;
// The most words between a taken-out name and its removal word.
const REMOVAL_WITHIN = 3;

/**
 * Whether the name at `at` of `said` (`length` long) is said taken out: a removal word said done in its clause at
 * most {@link REMOVAL_WITHIN} words from it, neither denied nor still to come, the name no item of a run of names.
 */
function saidRemoved(said: string, at: number, length: number): boolean {
  const before = meaningTerms(said.slice(0, at)).length;
  const terms = meaningTerms(said);
  const term = terms[before];
  if (term === undefined || term.negated || term.pending || term.inRun) return false;
  let from = 0;
  for (const found of said.slice(0, at).matchAll(new RegExp(REMOVAL_CLAUSE, 'gu')))
    from = found.index + found[0].length;
  const end = REMOVAL_CLAUSE.exec(said.slice(at + length));
  const to = end ? at + length + end.index : said.length;
  for (const found of said.slice(from, to).matchAll(REMOVAL_DONE)) {
    const start = from + found.index;
    const between = start < at ? said.slice(start + found[0].length, at) : said.slice(at + length, start);
    if (between.split(/\s+/).filter(Boolean).length > REMOVAL_WITHIN) continue;
    if (REMOVAL_PENDING.test(said.slice(from, start))) continue;
    // The removal word denied ("was not removed", "never dropped") says the name is still there.
    const removal = meaningTerms(said.slice(0, start)).length;
    const word = terms[removal];
    if (word === undefined || word.negated || word.pending || deniedLater(terms, removal)) continue;
    return true;
  }
  return false;
}

/** Whether a text keeps an artifact probe by a name its edits took out, said removed of the file in prose. */
export function statesRemovedName(text: TextIndex, probe: Probe): boolean {
  const file = fileNameOf(probe);
  if (file === undefined || probe.removed === undefined) return false;
  for (const said of proseSaidOfFile(text, file))
    for (const name of probe.removed)
      if (standsAt(said, name).some((at) => saidRemoved(said, at, name.length))) return true;
  return false;
}

/** What a text says of a file in prose: more names than words of prose is a list of names, not what was done to it. */
function* proseSaidOfFile(text: TextIndex, file: string): Generator<string> {
  for (const said of saidOfFile(text, file, true)) {
    const names = said.match(CODE_NAME)?.length ?? 0;
    const prose = said.match(PROSE)?.length ?? 0;
    if (prose > 0 && names <= prose) yield said;
  }
}

/**
 * Whether a line of the text says the artifact's change of its file in the note's own way: by a word the agent used
 * for it (told-change.ts), by a name its edits put in, or by one they took out said removed.
 */
export function saidOfItsFile(text: TextIndex, probe: Probe): boolean {
  return statesToldChange(text, probe) || statesAddedName(text, probe) || statesRemovedName(text, probe);
}
