/**
 * Well-known dotfiles: files a line names by a dot and a word alone (`.gitignore`, `.env`), with no folder or
 * extension to tell them from prose. paths.ts reads them as paths, meaning.ts as a file's name.
 */

/** The dotfiles, written with their dot, in lower case. */
export const DOTFILES: ReadonlySet<string> = new Set(
  `.env .gitignore .gitattributes .gitmodules .npmrc .nvmrc .yarnrc .editorconfig .prettierrc
  .eslintrc .babelrc .dockerignore .bashrc .zshrc .profile .mailmap`.split(/\s+/),
);

// What may stand before a dotfile's dot: nothing (the text's start), a space, an opening bracket or quote, a path's
// slash or a home's tilde. Not a glob's `*` (`*.env` matches files ending so) nor another dot (`...env`).
const BEFORE_DOT = /[\s([{"'`/~]/u;

/**
 * Whether the word at `start` of `text` is a well-known dotfile written with its dot (`.gitignore`, `~/.bashrc`):
 * the dot right before it, opening a token, and the word one of {@link DOTFILES}.
 */
export function isDotFileAt(text: string, start: number, word: string): boolean {
  if (start < 1 || text.charCodeAt(start - 1) !== 46) return false;
  if (start >= 2 && !BEFORE_DOT.test(text[start - 2]!)) return false;
  return DOTFILES.has(`.${word.toLowerCase()}`);
}
