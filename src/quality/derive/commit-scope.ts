/**
 * Which files a commit took in, as far as the shell says: the paths `git add` staged since the commit before (the
 * whole tree when it staged everything), and the folder the commit ran in (`cd ~/repo && git commit …`). A file the
 * agent wrote elsewhere (`/tmp/export.py`, `~/.gitignore_global`) or left out of an explicit `git add` is not in it,
 * so the commit's subject says nothing of that file.
 */

/** What is known of the files a commit took: none of the two means it may have taken any. */
export type CommitScope = {
  /** The folder the commit ran in, as the command wrote it (`~/M-Claude-Code`, `/srv/app`, `web`). */
  directory?: string;
  /** The paths and folders `git add` staged since the commit before, when it named them (not `-A`, `.`, `-u`). */
  paths?: string[];
};

// `git add` and what it is given up to the command's end; `cd <dir> &&` before a command; `git -C <dir>`.
const GIT_ADD = /\bgit\s+add\s+([^;&|\n]*)/g;
const CHANGE_FOLDER = /^\s*cd\s+("[^"]+"|'[^']+'|\S+)\s*&&/;
const GIT_FOLDER = /\bgit\s+-C\s+("[^"]+"|'[^']+'|\S+)/;
// What stages the whole tree: `git add -A`, `--all`, `-u`, `.`, `*`, and `git commit -a`.
const STAGES_ALL = /^(?:-A|--all|-u|--update|\.|\.\/|\*|:\/)$/;
const COMMIT_ALL = /\bgit\s+commit\b[^\n]*?\s(?:-a\w*|--all)\b/;

/** What a shell command stages: the paths `git add` names, `all` when it stages the tree, nothing without a `git add`. */
export function stagedBy(command: string): string[] | 'all' {
  const paths: string[] = [];
  for (const [, given] of command.matchAll(GIT_ADD)) {
    for (const word of given!.split(/\s+/)) {
      const argument = unquoted(word);
      if (STAGES_ALL.test(argument)) return 'all';
      if (argument !== '' && !argument.startsWith('-')) paths.push(argument);
    }
  }
  return COMMIT_ALL.test(command) ? 'all' : paths;
}

/** The folder a command runs in when it says so (`cd x && …`, `git -C x`). */
export function folderOf(command: string): string | undefined {
  const folder = CHANGE_FOLDER.exec(command)?.[1] ?? GIT_FOLDER.exec(command)?.[1];
  return folder === undefined ? undefined : unquoted(folder).replace(/\/+$/, '');
}

/**
 * Whether a command's argument names this file: the path itself, or its end from a folder on (a relative path,
 * `~/x`); `rm transcripts-markdown/.gitignore` is not the `.gitignore` at the repository's root.
 */
export function namesPath(argument: string, path: string): boolean {
  const target = relative(unquoted(argument));
  return target !== '' && !target.startsWith('-') && (path === target || path.endsWith(`/${target}`));
}

/** Whether a commit of this scope may have taken the file at `path` (a file the shell says nothing against). */
export function takes(scope: CommitScope, path: string): boolean {
  if (scope.directory !== undefined && path.startsWith('/') && !within(path, scope.directory)) return false;
  return (
    scope.paths === undefined || scope.paths.some((staged) => namesPath(staged, path) || within(path, staged))
  );
}

/** Whether a path lies in a folder as a command wrote it (absolute, from home, or relative to where it ran). */
function within(path: string, folder: string): boolean {
  if (folder.startsWith('/')) return path.startsWith(`${folder.replace(/\/+$/, '')}/`);
  const inner = relative(folder).replace(/\/+$/, '');
  return inner === '' || inner === '.' || path.startsWith(`${inner}/`) || path.includes(`/${inner}/`);
}

/** A path without its `./` or `~/` opening. */
function relative(path: string): string {
  return path.replace(/^(?:\.\/|~\/)/, '');
}

/** A shell word without the quotes around it. */
function unquoted(word: string): string {
  return word.replace(/^(['"])(.*)\1$/, '$2');
}
