/**
 * Choices the user made between options the agent offered: a pick among labelled options ("A) … B) … C) …", "1. …
 * 2. …") answered by a reply that names one ("C)", "I think B)", "yes do option 1") is a decision, with the options
 * not taken as the rejected alternatives; the answers to the agent's questionnaire (Claude Code's AskUserQuestion) are
 * the user's preferences (constraints: the headline counts a preference as one). Both are what a reader lists and a successor must not ask again or undo.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { renderMessage } from '../../session/transcript.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import { createMatcher, type TextIndex } from '../match.ts';
import { meaningTerms, phrasePositions } from '../meaning.ts';
import { GENERIC_WORDS, KIND_WORDS } from '../meaning-words.ts';
import type { DraftProbe } from './draft.ts';
import { isFiller } from './facet-words.ts';
import { clausesOf, clipWords, isContentWord, keyPhrase, proseOf, sentencesOf, wordsOf } from './phrases.ts';

/** One option the agent offered: its label and what it says. */
type Option = { label: string; text: string };

// A line that offers an option: "**A) Store …**", "1. **Keep it in `strategy`**", "| **B) Pre-extract** | …",
// "Option 2: …", "- C) Add a `--force` flag". The label is one letter A-E or one digit.
const OPTION_LINE =
  /^\s*(?:\|\s*)?(?:[-*]\s+)?(?:\*\*|__)?(?:#{1,4}\s*)?(?:option\s+)?([A-Ea-e]|[1-9])(?:\)|\.|:)(?:\*\*)?\s+(.+?)\s*$/i;

// A reply that picks an option: the label at the start ("C)", "I think B), let's …", "yes do option 1", "1 - keep
// building"), or "option N" / "go with N" anywhere. A bare letter needs its bracket ("A) is fine"), since "a" is a word.
const PICK_AT_START =
  /^\s*(?:(?:i think|i'd say|i'd go with|i prefer|let's do|let's go with|let's|go with|yes,?|ok,?|okay,?|sure,?)\s+)*(?:(?:do|use|take|pick)\s+)?(?:option\s+([A-Ea-e1-9])\b|([A-Ea-e])\)|([1-9])(?:\)|\s*[-–,:]|\.?\s*$))/i;
const PICK_ANYWHERE = /\b(?:option|go with|let's do|choose|pick)\s+\(?([A-Ea-e1-9])\b\)?/i;

// A line that asks the user to choose: a question, or a request for a choice put without a question mark ("Do you
// want the summary to be based on:").
const ASKS =
  /\?|\b(?:do you want|would you like|which (?:one|option|approach)|(?:do|would) you prefer|should we)\b/i;

// How a labelled question opens: it asks about something rather than offering a course to take.
const LABELLED_QUESTION =
  /^(?:are|is|was|were|should|shall|can|could|will|would|what|which|who|how|why|where|when|have|has|(?:do|does|did)\s+(?:you|we|i|it|they|this|that|these|those)\b)/i;

// An option that offers none of the others: the user's own answer.
const CATCH_ALL = /^(?:something else|other|anything else|none of (?:the above|these)|neither)\b/i;

// Options a pick chooses among: at least two, in one message.
const MIN_OPTIONS = 2;
// Words of an option's text a statement quotes.
const OPTION_CHARS = 160;
const REJECTED_CHARS = 70;

/**
 * The options an assistant message offers and then asks about (a question after them): those of each label series
 * (letters, digits) with two or more distinct labels. A reply's label says which series it picks from.
 */
export function offeredOptions(message: Message): Option[] {
  if (message.role !== 'assistant') return [];
  const text = message.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n')
    .replace(/```[\s\S]*?```/g, '\n');
  const options: Option[] = [];
  let lastOptionAt = -1;
  const lines = text.split('\n');
  lines.forEach((line, at) => {
    const match = OPTION_LINE.exec(line);
    if (!match) return;
    const body = optionText(match[2]!);
    // A labelled question ("**A) Are these 4 fields correct?**") asks; it offers nothing to choose. An option put
    // as what the agent would do ("Would you like me to: 1. Continue building the monitor?") is still an option.
    if (!body || (body.endsWith('?') && LABELLED_QUESTION.test(body))) return;
    const label = match[1]!.toUpperCase();
    // A label seen before starts a new list of its series: the options asked about are the last list, not a
    // numbered list of findings above them.
    const restart = options.findIndex((option) => option.label === label);
    if (restart >= 0) {
      const digit = /\d/.test(label);
      const others = options.filter((option) => /\d/.test(option.label) !== digit);
      options.length = 0;
      options.push(...others);
    }
    options.push({ label, text: body });
    lastOptionAt = at;
  });
  // Options are offered when the message asks about them; a numbered list of findings asks nothing.
  const asks = lines.some((line) => !OPTION_LINE.test(line) && ASKS.test(line));
  if (lastOptionAt < 0 || !asks) return [];
  const letters = options.filter((option) => /[A-E]/.test(option.label));
  const digits = options.filter((option) => /\d/.test(option.label));
  return [...(letters.length >= MIN_OPTIONS ? letters : []), ...(digits.length >= MIN_OPTIONS ? digits : [])];
}

// The agent's verdict on the option it offers, a mark and what follows it ("✅ BEST FIT", "⭐ recommended"): its
// judgement, not the option, which a handoff names by what it is ("GetOrCreate → session pkg").
const VERDICT = /\s*[✅✔✓⭐🏆👍]\uFE0F?.*$/u;
// A unit of code named by its folder ("session/ package"): the unit's name, as a handoff writes it ("session pkg").
const FOLDER_UNIT = /([\p{L}\p{N}_-]+)\/(?=\s+(?:package|module|crate)\b)/giu;

/** An option line's words, markdown, table cells after the first and the agent's verdict left out. */
function optionText(raw: string): string {
  const firstCell = raw.split('|')[0]!;
  return firstCell
    .replace(/\*\*|__|`/g, '')
    .replace(VERDICT, '')
    .replace(FOLDER_UNIT, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

// Words of the reply's detail a statement quotes.
const DETAIL_CHARS = 200;

/** A reply's words after the pick: its first sentence past the label, when they say more than a go-ahead. */
function replyDetail(reply: string): string {
  const start = PICK_AT_START.exec(reply.trim());
  const rest = start ? reply.trim().slice(start[0].length) : reply;
  const words = rest.replace(/^[\s,.;:!)\-–]+/, '').replace(/^(?:is fine|sounds good|please)[,.!]?\s*/i, '');
  // Its first sentence: what follows is often the next request ("For the first cut, can we …").
  const first = sentencesOf(words)[0] ?? '';
  return first.split(/\s+/).length >= 4 ? first : '';
}

// An option that begins the work proposed, and says nothing of what it is.
const GO_AHEAD =
  /^(?:(?:start|begin)\s+(?:implementing|implementation|building|coding|working|work)\b|(?:proceed|go ahead)(?:\s+with\s+(?:the\s+)?(?:implementation|plan))?[.!?]?$)/i;

/** The label a user's reply picks, or undefined when it picks none. */
export function pickedLabel(reply: string): string | undefined {
  const text = reply.trim();
  const start = PICK_AT_START.exec(text);
  const label = start ? (start[1] ?? start[2] ?? start[3]) : PICK_ANYWHERE.exec(text)?.[1];
  return label?.toUpperCase();
}

/**
 * One decision per user reply that picks one of the options the agent offered last (no other prompt between):
 * the option taken, with the ones not taken as what was rejected.
 */
export function optionChoiceProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const session = sessionWords(messages);
  let offered: Option[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role === 'assistant') {
      const options = offeredOptions(message);
      if (options.length > 0) offered = options;
      return;
    }
    if (!isPrompt(message)) return;
    const options = offered;
    offered = [];
    if (options.length === 0) return;
    // A bare label ("1", "B)") is no prose, and is the whole reply.
    const typed = contentText(message.content);
    const reply = proseOf(typed) || typed.trim();
    const label = pickedLabel(reply);
    const chosen = options.find((option) => option.label === label);
    // Picking the catch-all ("Something else?") chooses none of the options: the reply is a request of its own. An
    // option that only says to begin the work proposed ("Start implementing the applet (Phase 1)?") is the go-ahead,
    // as a reply "start implementing" is: it chooses no content of the work.
    if (!chosen || CATCH_ALL.test(chosen.text) || GO_AHEAD.test(chosen.text)) return;
    const phrase = keyPhrase(chosen.text, 4);
    if (!phrase) return;
    // The options not taken are those of the chosen one's series (letters or digits).
    const series = options.filter((option) => /\d/.test(option.label) === /\d/.test(chosen.label));
    const rejected = series.filter((option) => option !== chosen && !CATCH_ALL.test(option.text));
    const chosenText = clipWords(chosen.text, OPTION_CHARS);
    // What the reply adds to the pick ("I think B), let's start with all user prompts and key tool actions").
    const detail = clipWords(replyDetail(reply), DETAIL_CHARS);
    const rejectedText = rejected.map((option) => clipWords(option.text, REJECTED_CHARS)).join('; ');
    probes.push({
      kind: 'decision',
      messageIndex,
      question: `Of the options the agent offered (${series.map((option) => option.label).join(', ')}), which did the user choose, and over what?`,
      answer: `The user chose ${chosen.label}: "${chosenText}" (instead of ${rejectedText})`,
      facets: [[phrase]],
      wordPairs: labelPairs(
        chosen.text,
        rejected.map((option) => option.text),
        session,
      ),
      statement: `Chosen: ${chosenText}, instead of ${rejectedText}${detail ? `; with: ${detail}` : ''}`,
    });
  });
  return probes;
}

// Words said of any work ("add the new fields to the existing code"), of an option as offered ("(Recommended)"), or
// of what kind of thing a name beside them is ("the --force flag", "the CommittedMetadata struct"): two of them
// together, or one beside a name, tell which option was taken no more than the one word or the name does.
const NOT_TELLING: ReadonlySet<string> = new Set([
  ...GENERIC_WORDS,
  ...KIND_WORDS,
  ...'new existing current add use get set run thing same time recommended option flag flags'.split(' '),
]);

/** What a label's pairs are checked against: the user's own words, and the session's text with its names. */
export type SessionWords = { user: () => TextIndex; text: () => string; output: () => string };

/** The session's words, each read when first asked. */
export function sessionWords(messages: readonly Message[]): SessionWords {
  let user: TextIndex | undefined;
  let text: string | undefined;
  let output: string | undefined;
  return {
    user: () =>
      (user ??= createMatcher(
        messages.flatMap((message) => (isPrompt(message) ? [contentText(message.content)] : [])).join('\n'),
      )),
    text: () =>
      (text ??= messages
        .map((message) => renderMessage(message, { toolResultChars: Number.POSITIVE_INFINITY }))
        .join('\n')),
    output: () =>
      (output ??= messages
        .flatMap((message) => (message.role === 'toolResult' ? [contentText(message.content)] : []))
        .join('\n')),
  };
}

/**
 * An option's label said in other words: two telling words of one clause of it, close together in any order and
 * inflection (meaning.ts: "only with an explicit --force on regenerating" of "Add --force flag to regenerate"). A
 * handoff tells the pick by what it does, not by the label's phrase. One word of the pair must be one no option not
 * taken says (two words the rejected options share tell no pick apart: "add battery" is in the option "First fix
 * your panel setup - add battery applet" too). Left out: a pair the user's own words state (the user's messages
 * copied verbatim would keep the pick by it, and derivation drops a result they keep), a pair the session writes
 * as one name (`power-monitor`, `CosmicPanel`: a path list holds it), and a pair a tool's output writes side by side
 * (a Go file's `package session`: the first lines of the tool results hold it).
 */
export function labelPairs(label: string, rejected: readonly string[], session: SessionWords): string[] {
  // The agent's mark on its own option ("✅ BEST FIT", "⭐ Recommended") rates it; it says nothing of what it does.
  return clausePairs(label.split(/\p{So}/u)[0]!, rejected, false).filter((pair) => unsaidPair(pair, session));
}

// Words that only join a point's parts ("run prisma db pull in CI after Supabase migrations"): beside a content word
// they tell nothing of the point.
const JOINING_WORDS: ReadonlySet<string> = new Set(
  'after before until once while unless whereas although though against through within across alongside into onto via during under over per since'.split(
    ' ',
  ),
);

/**
 * A point of a proposal said in other words (agreements.ts), as a pick is by its label: two telling words that stand
 * next to each other among the telling words of one of its clauses ("seed fixtures" of "seed fixtures mirroring
 * existing mocks", said "with seeded fixtures"), one of them a word no other point says. A point is longer than a
 * label, so only each next two, and no joining word; left out as for a label, and also a pair `before` (the session
 * up to the proposal) states by meaning anywhere: what the proposal adds, not the matter the session was already
 * about (read code holds "Result<T, Error>" beside its types, a plan step "data access patterns": lines of the tools'
 * output or of the agent's narration would keep the point).
 */
export function pointPairs(
  point: string,
  others: readonly string[],
  session: SessionWords,
  before: TextIndex,
): string[] {
  return clausePairs(point, others, true).filter(
    (pair) =>
      !pair.split(' ').some((word) => JOINING_WORDS.has(word.toLowerCase())) &&
      unsaidPair(pair, session) &&
      phrasePositions(before.meaning(), pair, true).length === 0,
  );
}

/**
 * Pairs of telling words of each clause of a text, every two (`nextOnly` false) or each next two, one of them a word
 * the `others` do not say.
 */
function clausePairs(text: string, others: readonly string[], nextOnly: boolean): string[] {
  const notTaken = new Set(meaningTerms(others.join('\n')).map((term) => term.term));
  const tells = (word: string) => meaningTerms(word).some((term) => !notTaken.has(term.term));
  const pairs = new Set<string>();
  for (const clause of clausesOf(text)) {
    const words = [
      ...new Set(
        wordsOf(clause)
          .map((word) => word.replace(/\/+$/, ''))
          .filter(
            (word) =>
              isContentWord(word) && !NOT_TELLING.has(word.toLowerCase()) && !isFiller(word.toLowerCase()),
          ),
      ),
    ];
    words.forEach((word, at) =>
      words.slice(at + 1, nextOnly ? at + 2 : undefined).forEach((other) => {
        if (tells(word) || tells(other)) pairs.add(`${word} ${other}`);
      }),
    );
  }
  return [...pairs];
}

/** Whether no cheap copy states a pair: the user's words, a name of the session, a tool's output side by side. */
function unsaidPair(pair: string, session: SessionWords): boolean {
  const [first, second] = pair.split(' ').map((word) => escapeRegExp(word.replace(/^-+/, ''))) as [
    string,
    string,
  ];
  const asName = new RegExp(`${first}[-_.]?${second}|${second}[-_.]?${first}`, 'i');
  const inOutput = new RegExp(`\\b(?:${first}\\W{1,3}${second}|${second}\\W{1,3}${first})\\b`, 'i');
  const user = session.user();
  return (
    !asName.test(session.text()) &&
    !inOutput.test(session.output()) &&
    !user.hasAny([pair]) &&
    phrasePositions(user.meaning(), pair).length === 0
  );
}

// What Claude Code's AskUserQuestion tool returns: `"question"="answer"` pairs.
const ANSWERED = /^User has answered your questions?:/;
const ANSWER_PAIR = /"([^"]+)"="([^"]+)"/g;

/** One preference per answered questionnaire: the user's answers, each with its question's subject. */
export function answeredQuestionProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'toolResult') return;
    const text = contentText(message.content).trim();
    if (!ANSWERED.test(text)) return;
    const answers = [...text.matchAll(ANSWER_PAIR)].map((match) => ({
      question: match[1]!,
      answer: match[2]!.replace(/\s*\((?:recommended)\)/i, '').trim(),
    }));
    const facets = answers.flatMap(({ answer }) => {
      const phrase = keyPhrase(answer, 4);
      return phrase ? [[phrase]] : [];
    });
    if (facets.length === 0) return;
    const said = answers.map(({ answer }) => answer).join('; ');
    probes.push({
      kind: 'constraint',
      messageIndex,
      question: `What did the user answer to the agent's questions (${clipWords(answers.map(({ question }) => question).join(' / '), 120)})?`,
      answer: `The user's answers: ${answers.map(({ question, answer }) => `${clipWords(question, 80)} → ${answer}`).join('; ')}`,
      facets: facets.slice(0, 2),
      statement: `The user's choices: ${clipWords(said, 240)}`,
    });
  });
  return probes;
}
