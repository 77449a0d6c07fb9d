/** File paths named in free text, and which of a summary's paths the transcript never mentions. */
import { DOTFILES } from './dot-files.ts';
import type { TextIndex } from './match.ts';
import { pathSpellings } from './probes.ts';
import type { Scorer, WrittenPaths } from './types.ts';
import { codePointTest } from '../text/character-class.ts';
import { memoizeByDigest, memoizeByText, ownCopy } from '../text/text-cache.ts';

const words = (text: string) => new Set(text.split(/\s+/));

/** Extensions that make a bare name a file name (`README.md`); a name with any other extension is not a path. */
export const FILE_EXTENSIONS: ReadonlySet<string> =
  words(`ts tsx mts cts js jsx mjs cjs json jsonc jsonl json5
  md mdx markdown txt rst adoc yml yaml toml ini cfg conf lock log csv tsv xml html htm css scss sass less styl vue
  svelte astro py pyi ipynb rb go mod sum rs java kt kts scala groovy gradle c h cc cpp cxx hpp hh cs swift mm php
  pl lua dart ex exs erl elm clj hs ml sh bash zsh fish ps1 bat cmd sql prisma graphql gql proto tf tfvars hcl nix
  dockerfile properties plist svg png jpg jpeg gif webp ico pdf wasm zip gz tgz tar patch diff snap bak sqlite
  sqlite3 pem crt`);

// Well-known files without an extension (and the dotfiles of dot-files.ts, files even when named alone).
// Every one ends in "file": a token is read as a path only with a dot, a slash or that ending (TOKEN below).
const BARE_FILE_NAMES = words(
  'makefile dockerfile containerfile procfile gemfile rakefile jenkinsfile vagrantfile justfile',
);
// Product and library names written like files ("Node.js", "decimal.js"): not paths when they stand alone.
const PRODUCT_NAMES =
  words(`node.js next.js nuxt.js vue.js react.js express.js three.js chart.js d3.js ember.js
  backbone.js angular.js alpine.js p5.js moment.js deno.js bun.js solid.js decimal.js big.js bignumber.js
  highlight.js pdf.js`);

// `console.log`, `process.env`: member access in code, not a file.
const CODE_RECEIVER = /^(?:this|self|console|process|window|document|globalthis)\./;

const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`)\]]*|\bwww\.[^\s<>"'`)\]]*/gi;
// A token: a whole run of these characters (read by pathTokens).
const TOKEN_CHARACTER = /^[\p{L}\p{N}_.~@/-]$/u;
// A token cut off by these was part of something bigger (`${dir}/a.ts`, `app/[id]/page.tsx`): not a path of its own.
const CUT_BEFORE = new Set([']', '}', ')', '$', '%', '\\']);

/** Whether one cleaned token looks like a file path. */
function isPathLike(token: string): boolean {
  if (/[^/]@/.test(token)) return false; // an e-mail address or `pkg@1.2.3`; `@scope/pkg/x.js` is fine
  const segments = token.split('/').filter((segment) => segment.length > 0);
  const name = token.endsWith('/') ? '' : (segments[segments.length - 1] ?? '');
  const hasSeparator = token.includes('/');
  if (segments.length === 0) return false;
  if (segments.every((segment) => /^[\d.~-]+$/.test(segment))) return false; // 1/2, 2024/01/02, ../..
  const lowerName = name.toLowerCase();
  if (!hasSeparator) {
    if (PRODUCT_NAMES.has(lowerName) || CODE_RECEIVER.test(lowerName)) return false;
    if (DOTFILES.has(lowerName) || lowerName.startsWith('.env.')) return true;
    if (BARE_FILE_NAMES.has(lowerName)) return true;
  }
  if (name.startsWith('.') && hasSeparator && /^\.[\p{L}\p{N}_]/u.test(name)) return true; // dir/.env
  // `.eslintrc.json` is a file name, `.d.ts` is an extension.
  const extension = /^(?:\.[\p{L}\p{N}_-]{2,}|[^.]*[\p{L}\p{N}_][^/]*)\.([\p{L}\p{N}]+)$/u
    .exec(name)?.[1]
    ?.toLowerCase();
  if (extension && FILE_EXTENSIONS.has(extension)) return true;
  if (!hasSeparator) return false;
  if (/^(?:\/|\.\.?\/|~\/)/.test(token)) {
    // An absolute path needs two segments (`/tmp` or a `/compact` command is not one); `./x` and `~/x` need one.
    const minimum = token.startsWith('/')
      ? 2
      : 1 + segments.filter((segment) => /^[.~]+$/.test(segment)).length;
    return segments.length >= minimum;
  }
  // A relative directory path: `src/billing/` or `src/billing/rates`, but not `and/or` or `client/server`.
  return segments.length >= 3 || (token.endsWith('/') && segments.length >= 2);
}

const GLOB_BEFORE = /[\p{L}\p{N}_./{-]/u;
const GLOB_AFTER = /^(?:[\p{L}\p{N}_/{]|\.[\p{L}\p{N}_])/u;

/**
 * Whether the token at `[start, end)` touches a glob star of a pattern (`invoice-*.ts`, `src/*.test.ts`) rather
 * than the Markdown bold around a path (`**src/a.ts**`).
 */
function isGlobFragment(text: string, start: number, end: number): boolean {
  let before = start;
  while (text[before - 1] === '*') before--;
  if (before < start && GLOB_BEFORE.test(text[before - 1] ?? ' ')) return true;
  // `*-schema.ts`, `*.test.ts`: a star then a separator starts a pattern, not a name.
  if (before < start && /[-.]/.test(text[start] ?? '')) return true;
  let after = end;
  while (text[after] === '*') after++;
  return after > end && GLOB_AFTER.test(text.slice(after, after + 2));
}

/**
 * Trims what surrounds a path in prose and tool output: sentence dots and dashes after it; an ellipsis before it,
 * with the `/` after one (`git diff --stat` shortens `docs/changes/index.md` to `.../changes/index.md`); and the
 * line number grep puts after a file name on a context line (`notes.md-127-`).
 */
function cleanToken(token: string): string {
  const trimmed = token
    .replace(/[.-]+$/, '')
    .replace(/^\.{3,}\/?/, '')
    .replace(/^-+/, '');
  const grepContext = /^(.+\.([\p{L}\p{N}]+))-\d+$/u.exec(trimmed);
  return grepContext && FILE_EXTENSIONS.has(grepContext[2]!.toLowerCase()) ? grepContext[1]! : trimmed;
}

/**
 * File-path-like tokens in `text`, distinct, in order of first appearance, as written: tokens with a known file
 * extension (`README.md`, `src/billing/tax.ts`), absolute and `./`, `../`, `~/` paths, and relative directory
 * paths of three segments or ending in `/`. Never URLs, e-mail addresses, version numbers, dates or `e.g.`.
 */
export function extractPaths(text: string): string[] {
  // No path or URL spans a line, and what is read around a token stops at a line's edge: a text's paths are its
  // lines' (a long text's, its blocks' between blank lines), in order. Contexts share their lines and messages
  // (the strategies of a session compact it to mostly the same lines), and each is read once.
  const long = text.length >= BLOCK_READ_CHARS;
  const paths = new Set<string>();
  const separator = long ? '\n\n' : '\n';
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf(separator, start);
    if (end < 0) end = text.length;
    const piece = text.slice(start, end);
    for (const path of long ? blockPaths(piece) : linePaths(piece)) paths.add(path);
    start = end + separator.length;
  }
  return [...paths];
}

// Texts this long (a kept tail, a whole transcript) are read block by block; shorter ones line by line.
const BLOCK_READ_CHARS = 1 << 16;
// Blocks a generation remembers: a long session's messages.
const blockPaths = memoizeByDigest((block) => pathsInText(block).map(ownCopy), 100_000);
// Lines a generation remembers: the lines of a session's summaries.
const linePaths = memoizeByText(pathsInText, 20_000, 'run');

/** {@link extractPaths} of one text, read whole. */
function pathsInText(text: string): string[] {
  const withoutUrls = text.replace(URL, (url) => ' '.repeat(url.length));
  const paths = new Set<string>();
  for (const match of pathTokens(withoutUrls)) {
    const before = withoutUrls[match.index - 1];
    if (before !== undefined && CUT_BEFORE.has(before)) continue;
    if (isGlobFragment(withoutUrls, match.index, match.index + match[0].length)) continue;
    // `…/changes/index.md`: the path after an ellipsis is relative, not absolute.
    const token = cleanToken(before === '…' ? match[0].replace(/^\/+/, '') : match[0]);
    // `res.json()`, `router.patch(…)`: a call, not a file (but `tax.ts(12,5)` is a compiler's file position).
    const after = withoutUrls.slice(match.index + match[0].length, match.index + match[0].length + 2);
    if (after.startsWith('(') && !token.includes('/') && !/\d/.test(after[1] ?? '')) continue;
    if (token.length > 0 && isPathLike(token)) paths.add(token);
  }
  return [...paths];
}

// Whether a code point is a token character: every character of a text is read, so looked up rather than matched.
const isTokenCodePoint = codePointTest(TOKEN_CHARACTER);

/** Whether `text[start, end)` ends in "file", in any case of its letters. */
function endsInFile(text: string, start: number, end: number): boolean {
  return (
    end - start >= 4 &&
    (text.charCodeAt(end - 4) | 32) === 102 &&
    (text.charCodeAt(end - 3) | 32) === 105 &&
    (text.charCodeAt(end - 2) | 32) === 108 &&
    (text.charCodeAt(end - 1) | 32) === 101
  );
}

/**
 * The tokens of a text (whole runs of token characters, read by code point as a Unicode pattern reads them) that can
 * name a path: with a dot or a slash, or a well-known file name. Most tokens are plain words: they are stepped over
 * without a string or a match of their own, which reading every token with a pattern made.
 */
function pathTokens(text: string): Array<{ index: number; 0: string }> {
  const tokens: Array<{ index: number; 0: string }> = [];
  let start = -1;
  let marked = false;
  const close = (end: number) => {
    // A word of plain letters is a path only as a well-known file name, each of which ends in "file".
    if (!marked && !endsInFile(text, start, end)) return;
    const token = text.slice(start, end);
    if (marked || BARE_FILE_NAMES.has(token.toLowerCase())) tokens.push({ index: start, 0: token });
  };
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    let codePoint = code;
    let width = 1;
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        codePoint = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    if (isTokenCodePoint(codePoint)) {
      if (start < 0) {
        start = index;
        marked = false;
      }
      if (code === 46 || code === 47) marked = true;
    } else if (start >= 0) {
      close(index);
      start = -1;
    }
    index += width;
  }
  if (start >= 0) close(text.length);
  return tokens;
}

/**
 * A transcript as the invented-paths check reads it: its text, the text indexed for matching, the paths it names
 * ({@link namedPathKeys}; read from `text` when not given), and the lines that write a path as the summary does
 * (written-paths.ts), asked first when given. The paths and the index are read only for a path those lines do not
 * tell: most of a summary's paths are written in its transcript as they are, and reading every path of a transcript,
 * or indexing it, costs more than scoring a summary.
 */
export type TranscriptTexts = {
  readonly text: string;
  readonly index: TextIndex;
  readonly paths?: ReadonlySet<string>;
  readonly written?: WrittenPaths;
};

// The paths each transcript names, read once per transcript given without them (and only when needed).
const transcriptPaths = new WeakMap<TranscriptTexts, ReadonlySet<string>>();

function pathsOf(transcript: TranscriptTexts): ReadonlySet<string> {
  if (transcript.paths) return transcript.paths;
  let paths = transcriptPaths.get(transcript);
  if (!paths) {
    paths = namedPathKeys(transcript.text);
    transcriptPaths.set(transcript, paths);
  }
  return paths;
}

/** The paths a text names ({@link extractPaths}), lowercased and without a leading `./`, as summaries' are compared. */
export function namedPathKeys(text: string): Set<string> {
  return new Set(extractPaths(text).map(pathKey));
}

const pathKey = (path: string) => path.toLowerCase().replace(/^\.\//, '');

/**
 * Whether one line of a text (a whole line: no line break in it) names `path` as {@link namedPathKeys} of the whole
 * text reads it: a text's paths are its lines' ({@link extractPaths}).
 */
export function lineNamesPath(line: string, path: string): boolean {
  const key = pathKey(path);
  return linePaths(line).some((named) => pathKey(named) === key);
}

/**
 * The paths a summary names that appear nowhere in the transcript. A path is present when the transcript names
 * it the same way (as the same extraction reads the transcript, so the transcript itself never invents one), or
 * when it, without a leading `./` or `~/`, or relative to `cwd` when absolute, matches the transcript with the
 * matching rules (a relative path is present when it ends a transcript path at a `/`).
 */
export function findInventedPaths(
  summaryText: string,
  transcript: TranscriptTexts,
  cwd: string | undefined,
): string[] {
  // Told by the lines that write it first, then named as written: the index is asked only about the rest.
  return extractPaths(summaryText).filter((path) => {
    const spellings = presentSpellings(path, cwd);
    if (transcript.written?.present(path, spellings)) return false;
    return !pathsOf(transcript).has(pathKey(path)) && !transcript.index.hasAny(spellings);
  });
}

/**
 * The spellings under which a summary's path counts as named by the transcript: {@link pathSpellings}, and a home
 * path's part after `~/` as a relative path (the home directory is unknown: `~/shop/a.ts` names `/work/shop/a.ts`).
 */
function presentSpellings(path: string, cwd: string | undefined): readonly string[] {
  const spellings = pathSpellings(path, cwd);
  return path.startsWith('~/') && path.length > 2 ? [...spellings, path.slice(2)] : spellings;
}

/** The invented-paths scorer. */
export const scoreInventedPaths: Scorer = (input, texts) => ({
  // The transcript names its own paths as the same extraction reads them: reading 14 M characters again at 4 M tokens
  // (and the transcript's paths, if no other context asks for them) found none.
  inventedPaths: texts.isTranscript
    ? []
    : findInventedPaths(
        input.text,
        {
          // Read only when needed: the transcript is rendered, and indexed, only then.
          get text() {
            return input.transcriptText;
          },
          get index() {
            return texts.transcript;
          },
          get paths() {
            return input.transcriptPaths;
          },
          written: input.transcriptWrittenPaths,
        },
        input.cwd,
      ),
});
