/**
 * The text helpers of derivation: the prose of a user message (pasted code and logs aside), its sentences,
 * and short key phrases a summary that keeps the fact would repeat word for word.
 */

const STOPWORDS = new Set(
  `a an the this that these those it its it's i i'm i'd me my we us our you your he she they them their
  and or but so if then than as at by for from in into of on onto to with without about over under up down out
  is are was were be been being am do does did done have has had can could would should will shall may might must
  not no yes ok okay alright also just only very really quite too more most some any all each every other such
  what which who whom whose when where why how there here now again still even maybe please let let's lets
  want need like think feel know see look make get got go going gonna wanna thing things stuff way well
  don't doesn't didn't won't can't isn't aren't wasn't weren't never always instead
  btw right yeah yep hey yo sure iiuc imo afaik lol pls thx thanks hmm
  shit fuck fucking fucked damn crap dumb stupid mess bunch lot lots kinda sorta basically actually literally
  pretty super totally big good bad nice cool real ugh`
    .split(/\s+/)
    .filter(Boolean),
);

// A line of pasted code, a log, a prompt or a diff: not the user's prose. Typed prose starts at the margin.
const NOT_PROSE =
  /^\s+\S|^['"]?[/~]\S*\/|^[+-]\d|^(?:[$>➜#%]|at\s|\d+\s*[|:→]|\d+\s{2,}|[{}[\]<>()]|\/\/|\/\*|[+-]{2,3}\s|import\s|export\s|const\s|let\s|function\s|return\s|if\s*\(|\w+\(.*\)\s*[;{]?\s*$)|[{};]\s*$|=>|→|\\n|":\s|\s=\s|^\S+\.\w+:\d+/;
const FENCE = /^\s*(?:`{3,}|~{3,})/;

/** The user's own lines of a message: fenced blocks and lines that look like code, logs or diffs dropped. */
export function proseOf(text: string): string {
  const kept: string[] = [];
  let fenced = false;
  // Whether the line before was kept prose whose sentence goes on (no end mark, no colon).
  let open = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      open = false;
      continue;
    }
    // A prompt box wraps a long line and indents what follows ("… is VERY\n  slow. It looks …"): an indented line
    // that goes on with an unfinished sentence of prose is that sentence, not pasted code.
    const wrapped = open && /^ {1,3}\S/.test(line) && !NOT_PROSE.test(line.trim());
    const letters = line.replace(/[^\p{L}]/gu, '').length;
    if (fenced || (!wrapped && NOT_PROSE.test(line)) || letters < line.trim().length * 0.5) {
      open = false;
      continue;
    }
    if (wrapped) kept[kept.length - 1] += ` ${line.trim()}`;
    else kept.push(line.trim());
    open = !/[.!?:]$/.test(line.trim());
  }
  return kept.join('\n').trim();
}

/**
 * A prompt's lines as typed, before an editor's prompt box wrapped them: a line the box broke at a space it kept
 * ("…createService.ts. ⏎  Use inspiration …") runs on into the indented line after it, sentence end or not.
 */
export function unwrapPromptBox(text: string): string {
  return text.replace(/(\S)[ \t]+\n {1,3}(?=\S)/g, '$1 ');
}

/**
 * Sentences of prose, in order: split at `.`, `!`, `?` before a space (closing quotes, brackets and emphasis after it
 * are the sentence's: 'is **not** “build on Phoenix.” It is …'), and at line breaks.
 */
export function sentencesOf(prose: string): string[] {
  return prose
    .split(/(?<=[.!?][”"’')\]*_]*)\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/** The words of a text, quotes and Markdown marks around them removed. */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/^[*_`"'“‘(«]+|[*_`"'”’)».,!?;:]+$/g, ''))
    .filter((word) => word.length > 0);
}

// A function word with its verb or "is" contracted onto it ("we'll", "that's", "they've", "there’s"); a noun's
// possessive ("user's") is a content word.
const CONTRACTION = /^(\p{L}+)['’](?:ll|s|re|ve|d|m)$/u;

/** Whether a word carries meaning on its own (not a stopword or a contracted one, has a letter or digit). */
export function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  const contracted = CONTRACTION.exec(lower)?.[1];
  return (
    /[\p{L}\p{N}]/u.test(word) &&
    !STOPWORDS.has(lower) &&
    !(contracted !== undefined && STOPWORDS.has(contracted)) &&
    word.length > 1
  );
}

/** A word that names something specific: an identifier, a number, a capitalized or long word. */
function weight(word: string): number {
  if (!isContentWord(word)) return 0;
  let score = 1;
  if (/\d|[A-Z].*[A-Z]|[a-z][A-Z]|[_.\/-]\w/.test(word)) score += 1;
  if (word.length >= 7) score += 0.5;
  return score;
}

// Where a phrase may not run across: punctuation that ends a clause.
const CLAUSE_BREAK = /[,;:()[\]{}"“”!?]|\s[-–—]\s|\.(?=\s|$)|\s(?:and|but|or|so|because|then)\s/i;

/** The clauses of a text, each a run of words a summary could repeat together. */
export function clausesOf(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/** A word that names a file, a path or a mention (`@src/a.ts`): measured by file recall, never part of a phrase. */
export function isPathWord(word: string): boolean {
  return /[/\\]|^@|\.[a-z]{1,5}$/i.test(word) && !/^\d+(?:\.\d+)*$/.test(word);
}

/** A window of words that starts and ends on a content word, or undefined. */
function trimmed(words: readonly string[]): string[] | undefined {
  let start = 0;
  let end = words.length;
  while (start < end && !isContentWord(words[start]!)) start++;
  while (end > start && !isContentWord(words[end - 1]!)) end--;
  return end - start >= 2 ? words.slice(start, end) : undefined;
}

/**
 * The most telling run of 2 to `maxWords` words in a text, within one clause, starting and ending on a content
 * word, every word one `accept` takes: specific words (identifiers, numbers, long words) count most, stopwords and
 * length cost a little.
 */
export function keyPhrase(
  text: string,
  maxWords = 4,
  accept: (word: string) => boolean = () => true,
): string | undefined {
  let best: { phrase: string; score: number } | undefined;
  for (const clause of clausesOf(text)) {
    const words = wordsOf(clause);
    for (let start = 0; start < words.length; start++) {
      if (!isContentWord(words[start]!) || !accept(words[start]!)) continue;
      for (let length = 2; length <= maxWords && start + length <= words.length; length++) {
        const window = words.slice(start, start + length);
        if (window.some(isPathWord) || !accept(window[window.length - 1]!)) break;
        if (!isContentWord(window[window.length - 1]!)) continue;
        const stops = window.filter((word) => !isContentWord(word)).length;
        const score = window.reduce((sum, word) => sum + weight(word), 0) - 0.5 * stops - 0.2 * (length - 2);
        if (!best || score > best.score) best = { phrase: window.join(' '), score };
      }
    }
  }
  return best?.phrase;
}

/** The words right after a position, up to `maxWords`, cut at the clause's end and trimmed to content words. */
export function phraseAfter(text: string, maxWords = 5): string | undefined {
  const clause = clausesOf(text)[0] ?? '';
  const words = trimmed(wordsOf(clause).slice(0, maxWords));
  return words?.join(' ');
}

/** A text cut to `max` characters at a word edge, with `…` when cut. */
export function clipWords(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max);
  const edge = cut.lastIndexOf(' ');
  return `${(edge > max / 2 ? cut.slice(0, edge) : cut).trim()}…`;
}
