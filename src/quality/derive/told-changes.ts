/**
 * The agent's own words for what it did to a file: its words before each edit of the file, and each line of its later
 * text that names the file ("| `strategy/cleanup.go` | `DeleteShadowBranches()` | Replaced `RemoveReference` loop with
 * `DeleteBranchCLI` |"), as plain words: what a handoff writes beside the file's name when it tells the change in short
 * ("cleanup.go DeleteShadowBranches: loop DeleteBranchCLI -> deleted[]/failed[]"), whatever commit title or narration
 * the file's probe took its facet from.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { Message } from '../../session/types.ts';
import { meaningTerms } from '../meaning.ts';
import { filesOn, writtenAt } from '../told-change.ts';
import { isContentWord, wordsOf } from './phrases.ts';
import type { Salience } from './salience.ts';

// Words any account of an edit or of a file has ("Now let me update the file", "Good, that compiles"): they say an
// edit happened, not what it did; nor do the words an edit tool's report or a cheap trick's gloss write beside a path
// ("has been updated successfully", "updated as part of the work on this feature").
const ANY_EDIT_WORDS = new Set(
  (
    'add added adds adding remove removed removes removing update updated updates updating change changed changes ' +
    'changing edit edited edits editing fix fixed fixes fixing make made makes apply applied create created creates ' +
    'creating write wrote written writes replace replaced replaces replacing use used uses using call calls called ' +
    'import imports imported file files code line lines new now first next let need needs needed done also just ' +
    'still then good great perfect okay successfully success following work task part feature related relevant ' +
    'project source configuration hold holds contain contains read look see view find found check checked ' +
    'instead already again right sure want some this that these those there here what which'
  ).split(' '),
);
let anyEdit: Set<string> | undefined;
/** The words any account has, as terms: "relative" is "related" folded. Folded on first use. */
const anyEditTerms = (): Set<string> =>
  (anyEdit ??= new Set([...ANY_EDIT_WORDS].flatMap((word) => meaningTerms(word).map((term) => term.term))));
// A word of prose as an account writes it: letters only, no inner capital (an identifier is a name a bag holds).
const PLAIN_WORD = /^[A-Za-z][a-z]{2,}$/;
// Inline code and fenced blocks: names and commands, not the agent's words.
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
// How much of a line naming the file is read: about a table row or a list item.
const LINE_CHARS = 400;
// A line naming this many files or more is a list or a tree of them ("├── cli.ts, main.ts, main-new.ts  # Entry
// points"), no account of one file's change.
const LISTED_FILES = 3;
// The agent's words before an edit nearest the call: a long narration's opening is about earlier work.
const NARRATION_CHARS = 600;

/**
 * The plain words of an account (its code left out), lowercase, in order; not those it denies ("`repo` is no longer
 * needed": what the file no longer does is no word of what it now does).
 */
function plainWords(text: string): string[] {
  const prose = text.replace(CODE, ' ');
  const denied = new Set(
    meaningTerms(prose)
      .filter((term) => term.negated)
      .map((term) => term.term),
  );
  return wordsOf(prose)
    .filter((word) => PLAIN_WORD.test(word) && isContentWord(word))
    .map((word) => word.toLowerCase())
    .filter((word) => !ANY_EDIT_WORDS.has(word) && !denied.has(meaningTerms(word)[0]?.term ?? word));
}

const foldedUserWords = new WeakMap<ReadonlySet<string>, Set<string>>();

/** The user's words as terms ("spawner" and "spawners" are one), folded once per session. */
function userTerms(words: ReadonlySet<string>): Set<string> {
  let terms = foldedUserWords.get(words);
  if (!terms) {
    terms = new Set([...words].flatMap((word) => meaningTerms(word).map((term) => term.term)));
    foldedUserWords.set(words, terms);
  }
  return terms;
}

/** The text an assistant message shows (no reasoning, no tool call). */
function shownText(message: Message): string {
  if (message.role !== 'assistant') return '';
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** What reading the agent's words for a file needs besides the messages (see {@link toldWordsOf}). */
export type ToldContext = {
  /** The message of the file's first edit: the agent's lines naming the file are read from there on. */
  from: number;
  /** The agent's words before each edit of the file. */
  narrations: readonly string[];
  /** Whether a word is common to the whole session. */
  common: (word: string) => boolean;
  /** The words of the user's messages. */
  userWords: () => ReadonlySet<string>;
  salience: Salience;
  /** What the file's edits wrote (the probe's `change` words): read by change-words.ts, two at least. */
  written: readonly string[];
};

// The most words of the agent's told of one file, its rarest: a file the agent discussed at length (a hook it
// debugged) gathers the words of the discussion, not of the change.
const TOLD_WORDS = 20;

/**
 * The agent's words for what it did to the file at `path`: the plain words of its words before each edit and of each
 * line of its text from the first edit on that names the file (not a list of three files or more), without the
 * session's common words, the words of the file's own name, those the user's messages use (the request is not the
 * account of it) and those the edits wrote (one of them alone is not enough: change-words.ts reads two); the rarest
 * {@link TOLD_WORDS}, or undefined when there are none.
 */
export function toldWordsOf(
  messages: readonly Message[],
  path: string,
  context: ToldContext,
): string[] | undefined {
  const name = fileName(path);
  const own = new Set(meaningTerms(name).map((term) => term.term));
  const written = new Set(context.written.flatMap((word) => meaningTerms(word).map((term) => term.term)));
  const accounts = context.narrations.map((narration) => narration.slice(-NARRATION_CHARS));
  for (const message of messages.slice(context.from)) {
    const text = shownText(message);
    if (!text.toLowerCase().includes(name.toLowerCase())) continue;
    for (const line of text.split('\n'))
      if (writtenAt(line, name.toLowerCase()).length > 0 && filesOn(line) < LISTED_FILES)
        accounts.push(line.slice(0, LINE_CHARS));
  }
  const byTerm = new Map<string, string>();
  for (const word of accounts.flatMap(plainWords)) {
    if (context.common(word)) continue;
    const terms = meaningTerms(word);
    const term = terms[0]?.term;
    if (term === undefined || terms.length !== 1 || byTerm.has(term)) continue;
    if (
      own.has(term) ||
      written.has(term) ||
      anyEditTerms().has(term) ||
      userTerms(context.userWords()).has(term)
    )
      continue;
    byTerm.set(term, word);
  }
  const words = [...byTerm.values()].sort((a, b) => context.salience(a) - context.salience(b));
  return words.length > 0 ? words.slice(0, TOLD_WORDS) : undefined;
}
