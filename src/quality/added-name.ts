/**
 * An artifact kept by a name its edits put in, said of the file in prose: a line naming the file (its extension too)
 * with one of the names (derive/added-names.ts) in what it says of the file, among words of prose
 * ("manual_commit_migration.go: old shadow br deleted w/ DeleteBranchCLI, fail = warning only"). A list of names is
 * no account of a change: an identifier bag's line ("root.go newWingmanCmd runWingman … the session"), a name after a
 * comma, or one said denied, still to do or in a line pasted after each item keeps nothing (told-change.ts reads the
 * lines).
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
  for (const said of saidOfFile(text, file, true)) {
    // More names than words of prose: a list of names, not what was done to the file.
    const names = said.match(CODE_NAME)?.length ?? 0;
    const prose = said.match(PROSE)?.length ?? 0;
    if (prose === 0 || names > prose) continue;
    for (const name of probe.names) if (standsAt(said, name).some((at) => saidDone(said, at))) return true;
  }
  return false;
}

/**
 * Whether a line of the text says the artifact's change of its file in the note's own way: by a word the agent used
 * for it (told-change.ts) or by a name its edits put in.
 */
export function saidOfItsFile(text: TextIndex, probe: Probe): boolean {
  return statesToldChange(text, probe) || statesAddedName(text, probe);
}
