/**
 * The names a file's edits put in: the identifiers of code in what the edits added that the text they replaced does
 * not hold, the file's own name left out. A handoff in short tells a file's change by them ("manual_commit_migration.go:
 * old shadow br deleted w/ DeleteBranchCLI", "root.go: registers newWingmanCmd") where the file's probe took its facet
 * from a commit title or the agent's narration.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { Salience } from './salience.ts';

/** An identifier as code writes it: camelCase, snake_case, PascalCase of two words or more. */
export const CODE_NAME =
  /\b(?:[a-z]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)\b/g;

// The most names kept for one file, those the session says most: a file written whole (a migration, a new module)
// adds dozens, and a handoff names the ones the work was about.
const ADDED_NAMES = 20;

/** What one edit call wrote to a file and the text it replaced. */
type Written = { added: string; removed: string };

/** Lines of text, each also in lower case (read once for every file of a session). */
export type Lines = { lines: readonly string[]; lower: readonly string[] };

/** `text`'s lines, as {@link addedNamesOf} reads them. */
export function linesOf(text: string): Lines {
  const lines = text.split('\n');
  return { lines, lower: lines.map((line) => line.toLowerCase()) };
}

/** The names written on the lines that name the file. */
function namesBeside(beside: Lines, file: string): Set<string> {
  const name = file.toLowerCase();
  const names = new Set<string>();
  beside.lower.forEach((line, at) => {
    if (line.includes(name)) for (const found of beside.lines[at]!.match(CODE_NAME) ?? []) names.add(found);
  });
  return names;
}

/**
 * The names the edits of the file at `path` put in: in an edit's added text and in no replaced text of any of them
 * (a name an edit moved or kept is no change), not the file's own name, nor one that `beside` (the user's messages
 * and the tools' output) writes on a line naming the file: a plan's "`sessions_fix.go` … can call
 * `strategy.DeleteBranchCLI()`" asks for the change (the reader counts it half), and git's "e9f6de7 WP14 Create
 * main-new.ts and cli-new.ts using AgentSession" is a line of output any copy of it keeps. Most said in the session
 * first, at most {@link ADDED_NAMES}; undefined when there are none.
 */
export function addedNamesOf(
  changes: readonly Written[],
  path: string,
  salience: Salience,
  beside: Lines,
): string[] | undefined {
  const { own, added, replaced } = namesOfEdits(changes, path);
  const requested = namesBeside(beside, fileName(path));
  return mostSaid(
    [...added].filter((name) => !replaced.has(name) && !requested.has(name) && name.toLowerCase() !== own),
    salience,
  );
}

/**
 * The names the edits of the file at `path` took out: in an edit's replaced text and in no added text of any of them
 * (a name moved or kept is no removal), not the file's own name. A handoff tells a removal by the name with a removal
 * word beside its file ("session/state.go: TranscriptPath field removed"), which added names cannot hold. The user's
 * plan may name them beside the file ("state.go - Remove `TranscriptPath` field"): added-name.ts reads a removal only
 * said done, never a request. Most said in the session first, at most {@link ADDED_NAMES}; undefined when none.
 */
export function removedNamesOf(
  changes: readonly Written[],
  path: string,
  salience: Salience,
): string[] | undefined {
  const { own, added, replaced } = namesOfEdits(changes, path);
  return mostSaid(
    [...replaced].filter((name) => !added.has(name) && name.toLowerCase() !== own),
    salience,
  );
}

/** The names a file's edits wrote and replaced, and the file's own name (its base name without extension, lower case). */
function namesOfEdits(
  changes: readonly Written[],
  path: string,
): { own: string; added: ReadonlySet<string>; replaced: ReadonlySet<string> } {
  return {
    own: fileName(path)
      .replace(/\.[^.]*$/, '')
      .toLowerCase(),
    added: new Set(changes.flatMap((change) => change.added.match(CODE_NAME) ?? [])),
    replaced: new Set(changes.flatMap((change) => change.removed.match(CODE_NAME) ?? [])),
  };
}

/** The names most said in the session first, at most {@link ADDED_NAMES}; undefined when none. */
function mostSaid(names: string[], salience: Salience): string[] | undefined {
  names.sort((a, b) => salience(b) - salience(a));
  return names.length > 0 ? names.slice(0, ADDED_NAMES) : undefined;
}
