/**
 * A command written once with its last word listed: "mise run fmt / lint / test", "pnpm --filter app lint | test |
 * check-types", "mix compile/test/credo", "each run as pnpm --filter app <script>: check-types, lint, test" name
 * `mise run lint`, `pnpm --filter app check-types` and `mix test` each, as a careful reader reads a terse note
 * (docs/quality.md, "A command with its last word listed").
 */
import { canonicalText, type Occurrence, type TextIndex } from './match.ts';
import { escapeRegExp } from '../text/regexp.ts';
import { memoizeByText } from '../text/text-cache.ts';

// A command's last word: a script, a task or a subcommand (`check-types`, `test:integration`), no path.
const LAST_WORD = /^[\p{L}\p{N}_][\p{L}\p{N}_:-]*$/u;
// Programs that run a project's scripts, tasks or subcommands by name: the runs a note lists by their last word.
const RUNNERS: ReadonlySet<string> = new Set(
  'npm pnpm yarn bun npx deno mise just make mix go cargo uv poetry gradle bundle rake dotnet'.split(' '),
);
// One item of the list: a word, an aside in brackets after it allowed ("fmt (gofmt) · lint (golangci-lint)").
const ITEM = String.raw`[\p{L}\p{N}_][\p{L}\p{N}_:-]*(?:\s*\([^()\n]{0,60}\))?`;
// What separates two items: a mark of a list, or "or" / "and" ("lint, test and check-types"); never a space alone,
// which runs a command into the words after it ("mise run fmt before commit").
const SEPARATOR = String.raw`\s*[|/,·+]\s*|\s+(?:or|and)\s+`;
// A placeholder for the listed part, a colon before the list ("pnpm --filter app <script>: check-types, lint").
const PLACEHOLDER = String.raw`\s*<[^<>\n]{1,24}>\s*:\s*`;
// How far the listed word may stand from the command in the canonical text (a list of a few words and asides).
const LIST_CHARACTERS = 160;

/**
 * Whether a spelling is a command a program runs by name (`npm run build`, `mise run lint`, `go test`): a runner and
 * one word or more after it. Such a command is written as run, not said in other words (other-words.ts).
 */
export function isCommandSpelling(spelling: string): boolean {
  const words = canonicalText(spelling).split(' ');
  return words.length >= 2 && RUNNERS.has(words[0]!);
}

/** A command spelling's written part and last word. */
type CommandParts = { head: string; last: string };

// What each spelling reads as, read once per process while in use: a probe's spellings are asked about in every
// context scored, and each asking folded the spelling again (a cache look-up) and split it. NOT_A_COMMAND stands for
// none (a cache's miss is undefined).
const NOT_A_COMMAND: CommandParts = { head: '', last: '' };
const partsOf = memoizeByText((spelling) => readCommandParts(spelling) ?? NOT_A_COMMAND, 20_000, 'run');

/** A command spelling read as its written part and its last word, or undefined when it is no such command. */
function commandParts(spelling: string): CommandParts | undefined {
  const parts = partsOf(spelling);
  return parts === NOT_A_COMMAND ? undefined : parts;
}

/** {@link commandParts}, read afresh. */
function readCommandParts(spelling: string): CommandParts | undefined {
  const words = canonicalText(spelling).split(' ');
  // Two words before the last at least: a program and what it runs ("mix test" alone is a program and one word).
  if (words.length < 3 || !RUNNERS.has(words[0]!)) return undefined;
  const last = words.at(-1)!;
  if (!LAST_WORD.test(last)) return undefined;
  return { head: words.slice(0, -1).join(' '), last };
}

/** A line as the list is read in it: lower case, code and emphasis marks dropped, pipes kept (the matcher drops them). */
function foldLine(line: string): string {
  return line.normalize('NFKC').toLowerCase().replace(/[`*]/g, '').replace(/\s+/g, ' ');
}

/** Whether a line writes the command's written part, then a list of two items or more holding its last word. */
function listsOnLine(line: string, head: string, last: string): boolean {
  const word = escapeRegExp(last);
  const after = String.raw`(?![\p{L}\p{N}_:-])`;
  const listed = String.raw`(?:${ITEM}(?:${SEPARATOR}))*${word}${after}(?:\s*\([^()\n]{0,60}\))?`;
  const pattern = new RegExp(
    String.raw`(?<![\p{L}\p{N}_-])${escapeRegExp(head)}(?:${PLACEHOLDER}${listed}|\s+${listed}(?:${SEPARATOR})${ITEM}|\s+(?:${ITEM}(?:${SEPARATOR}))+${word}${after})`,
    'u',
  );
  return pattern.test(line);
}

/**
 * Where a text writes a command (a probe's spelling of three words or more, run by a program that runs scripts, tasks
 * or subcommands by name) with its last word in a list after the words before it: each place the words before it are
 * followed, within their sentence, by the last word, on a text where some line writes that list. The occurrence spans
 * both, so its negation and stance are read over the list.
 */
export function listedCommandOccurrences(index: TextIndex, spelling: string): Occurrence[] {
  const parts = commandParts(spelling);
  if (!parts || !index.has(parts.head)) return [];
  const { head, last } = parts;
  const word = new RegExp(String.raw`(?<![\p{L}\p{N}_:-])${escapeRegExp(last)}(?![\p{L}\p{N}_:-])`, 'u');
  const spans: Array<{ start: number; end: number }> = [];
  for (const occurrence of index.occurrences(head)) {
    const following = index.slice(occurrence.end, occurrence.end + LIST_CHARACTERS);
    // Within its sentence: a full stop before a space, a semicolon, "!" or "?" ends the list.
    const at = word.exec(following.split(/[.;!?](?:\s|$)/u)[0]!);
    if (at) spans.push({ start: occurrence.start, end: occurrence.end + at.index + last.length });
  }
  // The list's marks are read on the text's own lines (the matcher folds a pipe into a space), once a place is found.
  if (spans.length === 0 || !listedOnSomeLine(index.text(), head, last)) return [];
  return spans.flatMap(({ start, end }) =>
    index
      .find(new RegExp(escapeRegExp(index.slice(start, end)), 'gu'))
      .filter((match) => match.start === start),
  );
}

/** Whether a line of a text writes the command's words before its last one, then a list holding the last word. */
function listedOnSomeLine(text: string, head: string, last: string): boolean {
  const program = head.split(' ')[0]!;
  return text
    .split('\n')
    .some((line) => line.toLowerCase().includes(program) && listsOnLine(foldLine(line), head, last));
}
