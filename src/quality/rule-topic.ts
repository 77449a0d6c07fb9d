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
// sentence by sentence) lists words, not topics, and names none. Words that make no phrase (articles, pronouns,
// fillers) leave an item bare: "the bash these" and "the tests then" are one word each. The yardstick's summaries name
// at most 2 so ("who does the merging", "fixes").
const MAX_BARE_ITEMS = 4;
// A list's items, and one that is a single word (with its article, if any).
const LIST_ITEM = /,\s*|\s+(?:and|or|plus)\s+/u;
const BARE_ITEM = /^(?:(?:the|a|an|its|their|his|her|our)\s+)?[\p{L}\p{N}_'’-]+$/u;

// A phrase that says what the work is about: its subject ("the session is about", "the work is on", "their most recent
// message is about"), the agent at it ("is working through", "is in the middle of", "is implementing"), or the user
// asking ("the user wants", "the user asked for", "the latest message asks for").
const TASK_FRAME =
  /\b(?:(?:session|work|job|task|goal|ticket|epic|request|focus|message)\s+(?:is|was)\s+(?:about|on|to)|(?:is|are|was|were)\s+(?:working\s+(?:on|through)|in the middle of|implementing)|(?:user|they|he|she)\s+(?:wants?|asked for|asks for)|(?:message|request)\s+asks?\s+(?:for|about))\s+/giu;

// A topic item put as an indirect question: "how errors should be treated", "which branch to work on", "and on who
// gets to run changes" (after the list's "and" or the frame's preposition said again), the question opening it.
const OPENS_QUESTION =
  /^(?:(?:and|or|also|on|about|over|regarding|as to)\s+)*(?:how|where|what|which|who|whom|whose|when|whether|why)\s+\S+\s+\S+/iu;

/** The kinds whose fact is a rule or a choice, whose topic a topic list names. */
const RULE_KINDS: ReadonlySet<string> = new Set(['constraint', 'preference', 'decision']);

const words = memoized(() => ({
  // What derivation writes around a rule or a choice ("The user rejected …", "Chosen: …, instead of …",
  // "CLAUDE.md: …"), and the words of a rule itself ("must", "always"): they name no topic.
  framing: termSet(
    'user agent asked rejected declined offer offered chose chosen choice choices proposed instead current request ' +
      'said answered claude agents md architecture constraint constraints rule rules must should always never ' +
      'option options approach fix applied yet done now only need needs first continue doesnt dont didnt isnt wasnt cant wont seem seems',
  ),
  // Words said of any work or file: they name no topic either.
  generic: termSet(
    'change update edit modify make made work task job part file files related relevant code source project ' +
      'repository configuration hold holds contain contains new use add get set run thing',
  ),
}));

/** The prose terms a text names as topics: of rules and choices, and of the work itself. */
export type NamedTopics = { rules: readonly TopicItem[]; task: readonly TopicItem[] };

/** One item of a topic list ("who does the merging"): its text and its prose terms. */
export type TopicItem = { text: string; terms: ReadonlySet<string> };

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
    const named = new Set([...rules.items, ...task.items].flatMap((item) => [...item.terms]));
    topics =
      named.size > MAX_TOPIC_TERMS || rules.bare + task.bare > MAX_BARE_ITEMS
        ? { rules: [], task: [] }
        : { rules: rules.items, task: task.items };
    topicsOf.set(index, topics);
  }
  return topics;
}

/** The prose terms of the topic lists that `frame` opens in `text`, and how many of their items are a bare word. */
function topicsAfter(text: string, frame: RegExp): { items: TopicItem[]; bare: number } {
  const found: TopicItem[] = [];
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
    if (stanceSpans(`${opening}${opened[0]}${list}.`).some((span) => span.stance !== 'affirmed')) continue;
    const terms = meaningTerms(list);
    if (
      terms.length === 0 ||
      terms.length > MAX_LIST_TERMS ||
      terms.some((term) => term.name || term.negated)
    )
      continue;
    const items = list.split(LIST_ITEM).map((item) => item.trim());
    for (const item of items) {
      const itemTerms = new Set(meaningTerms(item).map((term) => term.term));
      if (itemTerms.size > 0) found.push({ text: item, terms: itemTerms });
      if (BARE_ITEM.test(item) || itemTerms.size === 1) bare++;
    }
  }
  return { items: found, bare };
}

/**
 * Whether a text names the topic of a probe in a topic list ({@link namedTopics}): a rule's or a choice's among the
 * topics of rules, the task's among the work's. One item of a list must name the fact's own subject: a word of its
 * statement (the task's answer, when grep's lines took its statement) that is also a word of one of its facets (what
 * a paraphrase must keep), with more than half of that facet's telling words in the item ("who does the merging" for
 * a facet "merge"), or half of them when every other telling word of the item is the statement's too ("testing" for
 * "e2e tests"); or, for a rule or a choice, an item put as a question whose every telling word is the statement's. An item holding a facet's one word of two beside a word the fact does not say ("the annotations
 * color" for "Terminal Annotations", "the message test" for "mix test") names nothing: the words of a bag in pairs.
 */
export function mentionsTopic(index: TextIndex, probe: Probe): boolean {
  const rule = RULE_KINDS.has(probe.kind);
  if (!rule && probe.kind !== 'task') return false;
  const said = rule ? probe.statement : (probe.statement ?? probe.answer);
  if (said === undefined) return false;
  const topics = rule ? namedTopics(index).rules : namedTopics(index).task;
  if (topics.length === 0) return false;
  const own = tellingTerms(said);
  const facets = facetTerms(probe);
  return topics.some((item) => {
    const terms = [...item.terms].filter(telling);
    // A rule or a choice named by its subject as a question without its answer ("how regenerating an existing
    // summary works" for "Add --force flag to regenerate, instead of silently skip (show existing summary)"), every
    // telling word of the item one of its statement's: its facets are what was chosen, which the question leaves out.
    // A bag's pairs of words ("the string number", "the when session") ask nothing: the question opens the item.
    if (rule && OPENS_QUESTION.test(item.text) && terms.length > 0 && terms.every((term) => own.has(term)))
      return true;
    // An item that is itself an indirect question ("how confident I should be before stating causes" for "it doesn't
    // mean the stop hook caused it") names the rule it asks about by one word of what the rule keeps: the question
    // is the subject, its other words the reader's, not the fact's. Only a question that opens the item: a bag's
    // pairs ("the what session") ask nothing.
    if (rule && OPENS_QUESTION.test(item.text) && terms.some((term) => own.has(term) && facets.all.has(term)))
      return true;
    if (!terms.some((term) => own.has(term) && facets.all.has(term))) return false;
    // Most of a facet, or half of it when the item says nothing the fact does not ("testing" for "e2e tests"):
    // one word of a two-word facet beside a word of something else ("the annotations color") names no subject.
    const foreign = terms.some((term) => !own.has(term));
    return facets.spellings.some((spelled) => {
      const held = spelled.filter((term) => item.terms.has(term)).length;
      return held > 0 && (held * 2 > spelled.length || (held * 2 === spelled.length && !foreign));
    });
  });
}

/** Whether a term can name a topic: a word of three letters or more that is neither framing, generic nor a number. */
function telling(term: string): boolean {
  const { framing, generic } = words();
  return term.length >= 3 && !framing.has(term) && !generic.has(term) && !/^\d/u.test(term);
}

/** The telling prose terms of a text (names left out). */
function tellingTerms(text: string): Set<string> {
  return new Set(
    meaningTerms(text)
      .filter((term) => !term.name && telling(term.term))
      .map((term) => term.term),
  );
}

const facetTermsOf = new WeakMap<Probe, { all: Set<string>; spellings: string[][] }>();

/** Every term of a probe's facets, and each spelling's telling prose terms (spellings with none left out). */
function facetTerms(probe: Probe): { all: Set<string>; spellings: string[][] } {
  let found = facetTermsOf.get(probe);
  if (!found) {
    const spellings = probe.facets.flat();
    found = {
      all: new Set(spellings.flatMap((spelling) => meaningTerms(spelling).map((term) => term.term))),
      spellings: spellings.map((spelling) => [...tellingTerms(spelling)]).filter((terms) => terms.length > 0),
    };
    facetTermsOf.set(probe, found);
  }
  return found;
}
