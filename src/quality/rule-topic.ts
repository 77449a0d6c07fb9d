/**
 * A rule or a choice named by its topic: "the user has views on who does the merging", "the epic sets rules about
 * shared code and the highlighter", "a few design points were settled: where the summaries are kept, …". The
 * yardstick's reader counts such a sentence half kept for each rule or decision whose topic it names ("a hint a
 * careful reader could follow": the successor knows there is a rule about merging, not what it says). Only a
 * phrase that says a rule or choice exists about something introduces topics; the words after it, to the end of the
 * sentence, are the topics. A topic list that names specifics (a name, a path, a number) is a statement, read as one,
 * not a hint; one that denies or puts as pending is no hint either, nor is a frame that says there is no such rule
 * ("has no views on"). A text that names more words as topics than a handoff does, or lists bare words as topics, is a
 * bag of words and names none.
 */
import { memoized, termSet } from './clause-reading.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms } from './meaning.ts';
import type { Probe } from './probes.ts';
import { SENTENCE_REACH, stanceSpans } from './stance.ts';

// A phrase that says a rule or a choice exists about what follows it: a noun of rule or choice and the word that
// hangs its topic on it ("views on", "rules about", "conventions on", "a rule that concerns"), a word of caring
// ("cares about", "particular about"), or a verb of settling ending in a colon ("discussed and settled: …").
const TOPIC_FRAME =
  /\b(?:(?:views?|opinions?|rules?|conventions?|guidance|guidelines?|conditions?|choices?|decisions?|preferences?|say|design points?)(?:\s+[\p{L}]+){0,3}?\s+(?:on|about|over|regarding|concerning|as to|(?:that|which)\s+concerns?)|(?:cares?|particular|picky|strict|firm)\s+about|(?:settled|agreed|decided|chosen|ground rules)\s*:)\s+/giu;
// Where a topic list ends: its sentence's end, a clause that starts another statement, or a list item.
const TOPIC_END = /[.!?;](?=\s|$)|\s[-–—]\s|\s\*\s|\s\d{1,2}[.)]\s/;
// A topic list longer than this is no list of topics (a sentence gone on without its stop): it names nothing.
const TOPIC_CHARS = 300;
// A word before the topics that says there is no such rule or care: "has no views on", "does not care about".
const DENIED_FRAME = /\b(?:no|not|never|none|nothing|without|neither|nor|cannot)\b|n['’]t\b/u;
// A text that names more topic words than a handoff names by topic is a bag of frames, not an account of the facts,
// and names no topic; a list naming more words than a handoff's names nothing. The yardstick's summaries name at most
// 36 words so, at most 25 in one list; a bag names every word of the session, in one list or one sentence per word.
const MAX_TOPIC_TERMS = 48;
const MAX_LIST_TERMS = 30;
// A topic is a phrase ("who does the merging", "how errors should be treated", "code style"); a text whose topic
// lists name more than this many items of one bare word ("string, number, homebrew, …", or "cares about string."
// sentence by sentence) lists words, not topics, and names none. The yardstick's summaries name at most 2 so.
const MAX_BARE_ITEMS = 4;
// A list's items, and one that is a single word (with its article, if any).
const LIST_ITEM = /,\s*|\s+(?:and|or|plus)\s+/u;
const BARE_ITEM = /^(?:(?:the|a|an|its|their|his|her|our)\s+)?[\p{L}\p{N}_'’-]+$/u;

// A phrase that says what the work is about: its subject ("the session is about", "the work is on", "their most recent
// message is about"), the agent at it ("is working through", "is in the middle of", "is implementing"), or the user
// asking ("the user wants", "the user asked for", "the latest message asks for").
const TASK_FRAME =
  /\b(?:(?:session|work|job|task|goal|ticket|epic|request|focus|message)\s+(?:is|was)\s+(?:about|on|to)|(?:is|are|was|were)\s+(?:working\s+(?:on|through)|in the middle of|implementing)|(?:user|they|he|she)\s+(?:wants?|asked for|asks for)|(?:message|request)\s+asks?\s+(?:for|about))\s+/giu;

/** The kinds whose fact is a rule or a choice, whose topic a topic list names. */
const RULE_KINDS: ReadonlySet<string> = new Set(['constraint', 'preference', 'decision']);

const words = memoized(() => ({
  // What derivation writes around a rule or a choice ("The user rejected …", "Chosen: …, instead of …",
  // "CLAUDE.md: …"), and the words of a rule itself ("must", "always"): they name no topic.
  framing: termSet(
    'user agent asked rejected declined offer offered chose chosen choice choices proposed instead current request ' +
      'said answered claude agents md architecture constraint constraints rule rules must should always never ' +
      'option options approach fix applied yet done now only need needs first continue',
  ),
  // Words said of any work or file: they name no topic either.
  generic: termSet(
    'change update edit modify make made work task job part file files related relevant code source project ' +
      'repository configuration hold holds contain contains new use add get set run thing',
  ),
}));

/** The prose terms a text names as topics: of rules and choices, and of the work itself. */
export type NamedTopics = { rules: ReadonlySet<string>; task: ReadonlySet<string> };

const topicsOf = new WeakMap<TextIndex, NamedTopics>();

/**
 * The prose terms a text names as topics: the words after each frame to the end of its sentence, where the sentence
 * is neither denied nor pending and the list names no specifics (no name or number) and denies nothing.
 */
export function namedTopics(index: TextIndex): NamedTopics {
  let topics = topicsOf.get(index);
  if (!topics) {
    const rules = topicsAfter(index.normalized, TOPIC_FRAME);
    const task = topicsAfter(index.normalized, TASK_FRAME);
    const named = new Set([...rules.terms, ...task.terms]);
    topics =
      named.size > MAX_TOPIC_TERMS || rules.bare + task.bare > MAX_BARE_ITEMS
        ? { rules: new Set(), task: new Set() }
        : { rules: rules.terms, task: task.terms };
    topicsOf.set(index, topics);
  }
  return topics;
}

/** The prose terms of the topic lists that `frame` opens in `text`, and how many of their items are a bare word. */
function topicsAfter(text: string, frame: RegExp): { terms: Set<string>; bare: number } {
  const found = new Set<string>();
  let bare = 0;
  for (const opened of text.matchAll(frame)) {
    const start = opened.index + opened[0].length;
    const rest = text.slice(start, start + TOPIC_CHARS);
    const stop = rest.search(TOPIC_END);
    if (stop < 0 && start + TOPIC_CHARS < text.length) continue;
    const list = stop < 0 ? rest : rest.slice(0, stop);
    // The sentence from its start to the list's end: a denying or pending frame anywhere in it takes the list.
    const before = text.slice(Math.max(0, opened.index - SENTENCE_REACH), opened.index);
    const opening = before.slice(
      Math.max(0, ...[...before.matchAll(/[.!?;](?=\s)/g)].map((end) => end.index + 1)),
    );
    if (DENIED_FRAME.test(`${opening}${opened[0]}`)) continue;
    if (stanceSpans(`${opening}${opened[0]}${list}.`).length > 0) continue;
    const terms = meaningTerms(list);
    if (
      terms.length === 0 ||
      terms.length > MAX_LIST_TERMS ||
      terms.some((term) => term.name || term.negated)
    )
      continue;
    for (const term of terms) found.add(term.term);
    bare += list.split(LIST_ITEM).filter((item) => BARE_ITEM.test(item.trim())).length;
  }
  return { terms: found, bare };
}

/**
 * Whether a text names the topic of a probe in a topic list ({@link namedTopics}): a rule's or a choice's among the
 * topics of rules, the task's among the work's; by a word of the probe's statement (the task's answer, when grep's
 * lines took its statement) that is neither derivation's framing nor a word said of any work, written in prose there.
 */
export function mentionsTopic(index: TextIndex, probe: Probe): boolean {
  const rule = RULE_KINDS.has(probe.kind);
  if (!rule && probe.kind !== 'task') return false;
  const said = rule ? probe.statement : (probe.statement ?? probe.answer);
  if (said === undefined) return false;
  const topics = rule ? namedTopics(index).rules : namedTopics(index).task;
  if (topics.size === 0) return false;
  const { framing, generic } = words();
  return meaningTerms(said).some(
    (term) =>
      !term.name &&
      term.term.length >= 3 &&
      !framing.has(term.term) &&
      !generic.has(term.term) &&
      topics.has(term.term),
  );
}
