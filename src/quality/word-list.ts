/**
 * A word list on a line: three items or more, separated by commas, each a bare word or a short noun phrase ("cmd,
 * changed, commit, fix", "the commit fix, the logging leak", a "Keywords:" line, a tag cloud). Such a list names
 * things; it states nothing of one item with another, so meaning.ts reads the terms of two of its items as not
 * together (a term's own item still holds it). An item is bare when it is one to three words of letters (a hyphen or
 * an apostrophe inside, no capital but the first), after an opening "and", "or" or article, none of them a function word joining two terms
 * ("tests for the parser") and no noun with a participle after it ("tests passed" is a clause of its own); a sign of
 * code or a path (a dot, a slash, an underscore, a digit first, a bracket, a quote, `=`) or an acronym or a name in
 * mixed case makes an item a name, and a list of names (a path list, "a.go (X), b.go (Y)", "OpenAI, SDK, API") is no
 * word list. The clause before the first bare item joins the
 * list with its last word when that word is bare ("views on implement, the, following"): the frame is no item.
 */
import { IRREGULAR_PARTICIPLES, STOP_WORDS } from './meaning-words.ts';

/** The fewest items that make a word list: two bare words side by side are a pair ("lint, tests"), not a bag. */
const LIST_ITEMS = 3;
/** The most words a bare item has (after its opening "and" or article). */
const ITEM_WORDS = 3;

// A word, not a name: no capital after its first letter (an acronym, `OpenAI` or `thinkingLevel` names a thing).
const BARE_WORD = /^\p{L}[\p{Ll}\p{N}'’-]*$/u;
const OPENERS = new Set(['and', 'or', '&', 'the', 'a', 'an']);
const PARTICIPLE = new RegExp(`^[a-z]{2,}ed$|^(?:${IRREGULAR_PARTICIPLES.join('|')})$`);

/** A line's word lists: for each part that is an item, the part the list opens with; the parts whose last word opens one. */
export type WordLists = { items: ReadonlyMap<number, number>; leads: ReadonlySet<number> };

const NONE: WordLists = { items: new Map(), leads: new Set() };

/** Whether a clause's text is a bare item (see above). */
function isBareItem(text: string): boolean {
  const words = text.trim().split(/\s+/u).filter(Boolean);
  let from = 0;
  while (from < words.length - 1 && OPENERS.has(words[from]!.toLowerCase())) from++;
  const own = words.slice(from);
  if (own.length === 0 || own.length > ITEM_WORDS) return false;
  if (!own.every((word) => BARE_WORD.test(word))) return false;
  if (own.length === 1) return true;
  const lower = own.map((word) => word.toLowerCase());
  return !lower.some((word) => STOP_WORDS.has(word)) && !PARTICIPLE.test(lower[lower.length - 1]!);
}

/** Whether a clause's last word could be a list's first item: a bare word after words of its own. */
function endsInBareWord(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  const last = words[words.length - 1] ?? '';
  return words.length > 1 && BARE_WORD.test(last) && !STOP_WORDS.has(last.toLowerCase());
}

/**
 * The word lists of a line split by meaning.ts's clause ends (text at even indexes, the ends at odd): runs of bare
 * items joined by commas, with the clause before them when its last word is bare, {@link LIST_ITEMS} items or more.
 */
export function wordLists(parts: readonly string[]): WordLists {
  // Most lines hold no comma-separated run at all: nothing to read.
  if (parts.length < 2 * LIST_ITEMS - 1) return NONE;
  const items = new Map<number, number>();
  const leads = new Set<number>();
  let part = 0;
  while (part < parts.length) {
    if (!isBareItem(parts[part]!)) {
      part += 2;
      continue;
    }
    let end = part;
    while (end + 2 < parts.length && parts[end + 1]!.trim() === ',' && isBareItem(parts[end + 2]!)) end += 2;
    const lead =
      part >= 2 && parts[part - 1]!.trim() === ',' && endsInBareWord(parts[part - 2]!) ? part - 2 : undefined;
    const count = (end - part) / 2 + 1 + (lead === undefined ? 0 : 1);
    if (count >= LIST_ITEMS) {
      const first = lead ?? part;
      if (lead !== undefined) leads.add(lead);
      for (let item = part; item <= end; item += 2) items.set(item, first);
    }
    part = end + 2;
  }
  return items.size === 0 ? NONE : { items, leads };
}
