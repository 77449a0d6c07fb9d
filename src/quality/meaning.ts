/**
 * Meaning matching, as far as a lexical matcher goes: a text read as a sequence of terms, where inflections share
 * a stem (Porter2: `moved`, `moving` → `move`), common synonyms and abbreviations read as one (`relocate` = `move`,
 * `end-to-end` = `e2e`, `don't` = `never` = `not`), number words are digits, and an identifier reads as its words
 * (`AgentSession` = `agent session`). Each term remembers whether it came from prose or from a name (an
 * identifier, a path, a number), and whether a negation stands just before it in its clause.
 *
 * A statement (a fact in a reader's words) is then looked for as the share of its terms a text states close
 * together: its names anywhere, its content words only in prose, so that a bag of identifiers or paths does not
 * pass for what they mean.
 */
import stem from 'wink-porter2-stemmer';
import { NUMBER_WORDS, PHRASES, STOP_WORDS, SYNONYMS } from './meaning-words.ts';

/** One term of a text. */
export type MeaningTerm = {
  /** The folded term: a stem, a synonym group's stem, a digit string or a file name. */
  term: string;
  /** From a name (identifier, path, number) rather than from prose. */
  name: boolean;
  /** A negation stands within a few terms before it in its clause. */
  negated: boolean;
};

// Extensions that make a dotted word a file name (`main.ts`), not a member access (`session.messages`).
const FILE_EXTENSIONS = new Set(
  (
    'ts tsx js jsx mjs cjs json jsonl md css scss html htm py rs go java rb ex exs heex eex toml yaml yml txt sh ' +
    'lock sql c h cc cpp hpp swift kt cs php vue svelte xml csv ini cfg env gz zip log'
  ).split(' '),
);
// A clause ends at these; a dot or comma only before a space (so `v1.2` and `main.ts` stay words).
const CLAUSE_END = /[;:!?\n()[\]{}|]|[.,](?=\s|$)|\s[-–—]\s/u;
const RAW_TOKEN = /[\p{L}\p{N}_$]+(?:[./\\@#-][\p{L}\p{N}_$]+)*/gu;
const CONTRACTED_NOT = /n['’]t(?![\p{L}])/giu;
// How many terms after a negation it reaches.
const NEGATION_REACH = 3;
const NEGATION_TERM = 'not';

const foldedWords = new Map<string, string>();
let synonymOf: Map<string, string> | undefined;

/** The term a lowercase prose word reads as (memoized: a transcript repeats its words). */
function foldWord(word: string): string {
  let folded = foldedWords.get(word);
  if (folded === undefined) {
    synonymOf ??= synonymTable();
    const number = NUMBER_WORDS.get(word);
    const stemmed = number ?? stem(word);
    folded = synonymOf.get(word) ?? synonymOf.get(stemmed) ?? stemmed;
    foldedWords.set(word, folded);
  }
  return folded;
}

function synonymTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const group of SYNONYMS) {
    const canonical = stem(group[0]!);
    for (const word of group) {
      table.set(word, canonical);
      table.set(stem(word), canonical);
    }
  }
  return table;
}

/** Words of an identifier: `AgentSession` → agent, session; `run_print_mode` → run, print, mode. */
function identifierWords(token: string): string[] {
  return token
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[_$\s]+/u)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

type Word = { word: string; name: boolean; folded?: string };

/** The words of one raw token, each marked as prose or name. */
function tokenWords(token: string): Word[] {
  if (/^\d+(?:\.\d+)?$/u.test(token)) return [{ word: token, name: true, folded: token }];
  const lower = token.toLowerCase();
  const extension = /\.([a-z0-9]{1,6})$/.exec(lower)?.[1];
  if (token.includes('/') || token.includes('\\') || (extension && FILE_EXTENSIONS.has(extension))) {
    const base = lower.split(/[/\\]/).filter(Boolean).pop() ?? lower;
    return [{ word: base, name: true, folded: base }];
  }
  if (/[./@#-]/.test(token)) return token.split(/[./@#-]+/).flatMap((part) => tokenWords(part));
  if (/\p{L}/u.test(token) && /\p{N}/u.test(token) && !synonymOf?.has(lower) && lower !== 'e2e')
    return [{ word: lower, name: true, folded: lower }];
  if (token.includes('_') || token.includes('$') || /\p{Ll}\p{Lu}|\p{Lu}{2,}\p{Ll}/u.test(token))
    return identifierWords(token).map((word) => ({ word, name: true }));
  return [{ word: lower, name: false }];
}

/** The terms of one clause, phrases folded and function words dropped. */
function clauseTerms(clause: string, terms: MeaningTerm[]): void {
  const words: Word[] = [];
  for (const match of clause.replace(CONTRACTED_NOT, ' not').matchAll(RAW_TOKEN))
    words.push(...tokenWords(match[0]));
  let negationLeft = 0;
  for (let index = 0; index < words.length; index++) {
    const current = words[index]!;
    let term: string | undefined;
    if (!current.name) {
      const phrase = PHRASES.find(([sequence]) =>
        sequence.every((word, offset) => words[index + offset]?.word === word && !words[index + offset]!.name),
      );
      if (phrase) {
        term = phrase[1];
        index += phrase[0].length - 1;
      }
    }
    if (term === undefined) {
      if (!current.name && STOP_WORDS.has(current.word) && !NUMBER_WORDS.has(current.word)) continue;
      term = current.folded ?? foldWord(current.word);
    }
    if (term === NEGATION_TERM) {
      terms.push({ term, name: false, negated: false });
      negationLeft = NEGATION_REACH;
      continue;
    }
    terms.push({ term, name: current.name, negated: negationLeft > 0 });
    if (negationLeft > 0) negationLeft--;
  }
}

/** A text as meaning terms, in order (see the module comment). */
export function meaningTerms(text: string): MeaningTerm[] {
  const terms: MeaningTerm[] = [];
  for (const clause of text.normalize('NFKC').split(CLAUSE_END)) {
    if (clause.trim().length > 0) clauseTerms(clause, terms);
  }
  return terms;
}

/** A text's terms indexed once for many statements. */
export type MeaningIndex = {
  terms: readonly MeaningTerm[];
  /** Positions of each term: every one, and those from prose. */
  positions: ReadonlyMap<string, { all: number[]; prose: number[] }>;
};

/** Indexes a text's meaning terms. */
export function indexMeaning(text: string): MeaningIndex {
  const terms = meaningTerms(text);
  const positions = new Map<string, { all: number[]; prose: number[] }>();
  terms.forEach((term, position) => {
    let entry = positions.get(term.term);
    if (!entry) {
      entry = { all: [], prose: [] };
      positions.set(term.term, entry);
    }
    entry.all.push(position);
    if (!term.name) entry.prose.push(position);
  });
  return { terms, positions };
}

/** A statement read once: its distinct terms (names and content words) and its numbers. */
export type StatementReading = {
  terms: ReadonlyArray<{ term: string; name: boolean; negated: boolean }>;
  numbers: ReadonlySet<string>;
};

/** Reads a statement: its distinct terms, a negation kept as the `not` term. */
export function readStatement(statement: string): StatementReading {
  const seen = new Map<string, { term: string; name: boolean; negated: boolean }>();
  for (const term of meaningTerms(statement)) {
    const known = seen.get(term.term);
    // A term written both as a name and in prose is a name (it may be matched either way).
    if (known) known.name ||= term.name;
    else seen.set(term.term, { ...term });
  }
  const terms = [...seen.values()];
  return {
    terms,
    numbers: new Set(terms.filter((term) => /^\d+(?:\.\d+)?$/.test(term.term)).map((term) => term.term)),
  };
}

/** How much of a statement a text states in its best window. */
export type StatementCoverage = {
  /** Share of the statement's terms stated together (0–1). */
  share: number;
  /** Share of its content (prose) terms among them; null when it has none. */
  contentShare: number | null;
  /** In that window, a term of the statement negated the other way, or another number where its number belongs. */
  opposed: boolean;
};

/**
 * The best window of `window` terms for a statement: the largest share of its terms stated in it (names anywhere,
 * content words in prose), with whether that window opposes it.
 */
export function statementCoverage(
  index: MeaningIndex,
  reading: StatementReading,
  window: number,
): StatementCoverage {
  const contentTotal = reading.terms.filter((term) => !term.name).length;
  const hits: Array<{ position: number; term: number }> = [];
  reading.terms.forEach((term, termIndex) => {
    const entry = index.positions.get(term.term);
    if (!entry) return;
    for (const position of term.name ? entry.all : entry.prose) hits.push({ position, term: termIndex });
  });
  if (reading.terms.length === 0 || hits.length === 0)
    return { share: 0, contentShare: contentTotal === 0 ? null : 0, opposed: false };
  hits.sort((a, b) => a.position - b.position);
  const counts = new Array<number>(reading.terms.length).fill(0);
  let covered = 0;
  let contentCovered = 0;
  let best = { covered: -1, content: 0, start: 0, end: 0 };
  let left = 0;
  for (let right = 0; right < hits.length; right++) {
    const hit = hits[right]!;
    if (counts[hit.term]++ === 0) {
      covered++;
      if (!reading.terms[hit.term]!.name) contentCovered++;
    }
    while (hit.position - hits[left]!.position >= window) {
      const leaving = hits[left++]!;
      if (--counts[leaving.term]! === 0) {
        covered--;
        if (!reading.terms[leaving.term]!.name) contentCovered--;
      }
    }
    if (covered > best.covered)
      best = { covered, content: contentCovered, start: hits[left]!.position, end: hit.position };
  }
  return {
    share: best.covered / reading.terms.length,
    contentShare: contentTotal === 0 ? null : best.content / contentTotal,
    opposed: isOpposed(index, reading, best.start, best.end),
  };
}

/** Whether a window negates a term the statement affirms (or affirms one it negates), or puts another number in. */
function isOpposed(index: MeaningIndex, reading: StatementReading, start: number, end: number): boolean {
  const window = index.terms.slice(start, end + 1);
  const statementNegates = reading.terms.some((term) => term.term === NEGATION_TERM);
  for (const term of reading.terms) {
    if (term.name || term.term === NEGATION_TERM) continue;
    const found = window.filter((candidate) => candidate.term === term.term && !candidate.name);
    if (found.length > 0 && !statementNegates && found.every((candidate) => candidate.negated)) return true;
  }
  if (reading.numbers.size === 0) return false;
  const windowNumbers = window.filter((term) => /^\d+(?:\.\d+)?$/.test(term.term)).map((term) => term.term);
  const missing = [...reading.numbers].some((number) => !windowNumbers.includes(number));
  return missing && windowNumbers.some((number) => !reading.numbers.has(number));
}
