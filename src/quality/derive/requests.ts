/**
 * Probes from what the user wrote: each request that started work (the task as the user stated it), the last
 * open request, the constraints and preferences they set (must, never, don't, always, only, instead, without),
 * and the numbers they gave.
 */
import type { Message } from '../../session/types.ts';
import { typedRequest } from '../../session/editor-prompt-header.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { createMatcher } from '../match.ts';
import { FACET_WINDOW_WORDS, withinWindow } from '../probe-recall.ts';
import type { DraftProbe } from './draft.ts';
import { ruleAlternative } from './rule-alternatives.ts';
import type { RuleAlternative } from '../probes.ts';
import { withoutCorrected } from './corrected-requests.ts';
import { leaveToAsk } from './leave-to-ask.ts';
import { READ_WHOLE_SPELLINGS, readWholeHabit, testFirstHabit } from './work-habits.ts';
import { costCondition } from './said-in-passing.ts';
import { describesFault, faultLines } from './fault-descriptions.ts';
import { ticketGoal, ticketOf, titlePairs, type Ticket } from './tickets.ts';
import { RULES_OUT, specSections } from './claimed-ticket-spec.ts';
import { SALIENT_MESSAGES, type Salience } from './salience.ts';
import { handedTitle } from './handed-title.ts';
import { pullRequestSpellings } from './pull-request-verbs.ts';
import {
  clausesOf,
  clipWords,
  isContentWord,
  isPathWord,
  keyPhrase,
  phraseAfter,
  proseOf,
  sentencesOf,
  wordsOf,
} from './phrases.ts';

/** The user's own words in a message, with where they are. */
type Request = {
  messageIndex: number;
  prose: string;
  sentences: string[];
  startedWork: boolean;
  /** What `grep` keeps of it: its first sentence or line as written, clipped. */
  opening: string;
  /** The ticket it points at, as the agent fetched it ("Work on bead spotter-4te" → `bd show spotter-4te`). */
  ticket?: Ticket;
  /** The title of a document its opening hands over (handed-title.ts): a second spelling of what the opening asks. */
  title?: string;
};

// What `grep` keeps of a request: its first sentence, up to 200 characters. A task probe needs more than that.
const GREP_OPENING_CHARS = 200;
const MIN_REQUEST_WORDS = 6;
// How far after the opening a task's detail may stand (the two facets must fit in one window).
const MAX_DETAIL_GAP_WORDS = 20;

const CONSTRAINT_MARKER =
  /\b(?:must(?:n't| not)?|i(?:['’]d| would) (?:like|prefer|rather)|never|don't|do not|doesn't|does not|shouldn't|should not|always|only|instead of|instead|without|avoid|make sure|when you(?:'re| are) done|until|for the rest of (?:this|the) session|from now on|going forward|(?:we|you)(?:'ll| will| can| should| must| need to| have to)? (?:keep|stay|remain|start with)|(?:i think )?we should(?!\s+(?:be|have|not)\b)|better not to)\b|^(?:keep|leave|delete|remove|(?:work|stay) (?:on|in) (?:the )?(?:branch|main|master)|create a branch|continue|read)\b/gi;

// Markers of when, after what is asked ("… when you're done", "… until every test passes").
const TRAILING_MARKER = /^(?:when you|until|for the rest|from now|going forward)/i;

// A sentence that grants leave rather than sets the work: a rule in it is about that one optional step.
const PERMISSION =
  /\b(?:you can|you could|you may|feel free|if you (?:need|want|like)|if needed|if necessary)\b/i;

// A rule put as what we will keep or start with ("We can keep the REST client", "We should start with packages/x"):
// its object, article and all, is what the rule keeps.
const KEEP_RULE = /^(?:we|you)\b/i;
// What the user holds the work to, put as what we should do ("I think we should start relatively fresh from main
// branch", "…, but I think we should signal and log"): a rule of the work as "must" is, read like a keep rule (it opens
// a clause, and its object is the rule). Not an expectation ("we should be good to go") nor a regret ("we should have
// asked").
const SHOULD_RULE = /^(?:i think )?we should$/i;
// What stands before a rule that opens a clause: nothing, a clause mark, or a joining word.
const CLAUSE_OPENS = /(?:^|[,;:(]|\b(?:and|but|so|then|also))\s*$/i;

// A preference put as what the user would like, prefer or rather have ("I’d like the option to overlay AI usage"); a
// request ("I'd like you to fix …", "I'd like to see …", "I'd rather you asked") or an aside ("I'd prefer if …") is
// no such rule.
const WANTS = /^i(?:['’]d| would) /i;
const NOT_WANTED = /^\s+(?:you|to|if|that|it|this|we|some|one)\b/i;

// Imperatives of one action, not of how to work: a rule only with a marker of when after them.
const ONE_OFF = /^(?:delete|remove)$/i;

// How a file is to be read, which makes "read X" a rule of the work.
const READ_MANNER = /\b(?:in full|fully|completely|entirely|whole|carefully|thoroughly|first|before)\b/i;

// Reading a file whole (the habit's spellings are work-habits.ts').
const READ_WHOLE = /\b(?:in full|fully|completely|entirely|whole)\b/i;

// Markers that open an imperative at the start of a sentence or clause.
const IMPERATIVE = /^(?:keep|leave|delete|remove)$/i;

const NOT_A_RULE =
  /^\s+(?:t?h?ink|tink|know|see|get|understand|care|remember|mind|one|two|a|an|the|thing|way|once|now|because|if|when)\b/i;

// A relative pronoun right before a marker: the clause it opens describes the thing before it.
const DESCRIBING_CLAUSE = /\b(?:that|which|who)\s+$/i;
const NEGATION_MARKER = /^(?:never|don't|do not|doesn't|does not)$/i;

// "only" of time or degree is no limit ("I've only recently started seeing this", "it only just broke").
const ONLY_ASIDE = /^\s+(?:recently|just|ever|lately|started|been|sometimes|occasionally|rarely|happens?)\b/i;

// What should not happen is an expectation about a fault, not a rule of the work ("shouldn't happen in normal use").
const SHOULD_ASIDE = /^\s+(?:happen|occur|matter|be\s+(?:possible|needed|necessary|an issue|a problem))\b/i;

// A sentence that reports what the user sees: what a thing does not do there is a fault found, and the sentence sets
// no rule ("It looks like it does not optimistically update and loads all data instead of …", "ok, i think the
// component doesn't adhere to the invariant that …").
const REPORT_FRAME =
  /^(?:(?:ok(?:ay)?|so|hm+|well|yeah|also|and|but)[,\s]+)*(?:(?:i|we)\s+(?:think|noticed|see|found|guess|suspect)|(?:it\s+)?(?:looks|seems)(?:\s+like)?|apparently)\b/i;
const DESCRIBES = /\b(?:doesn't|does not|doesn’t)\b/i;

// A sentence that passes on what someone else reported: its words say what happened to them, so a marker in it is no
// rule of the work ("We got a report that this popped up after running a few prompts without touching any other
// session", "A user reported that it only fails on Windows").
const RELAYED_REPORT =
  /^(?:(?:ok(?:ay)?|so|well|also|and|but|btw)[,\s]+)*(?:(?:we|i)(?:['’]ve| have)?\s+(?:got|gotten|received|had|heard)\s+(?:(?:a|an|some|several|multiple|two|three|\d+)\s+)?(?:(?:bug|user|customer)\s+)?reports?\b|(?:a|one|some|several)\s+(?:users?|customers?|testers?|people)\s+(?:reported|report|complained|told us)\b|(?:it\s+)?(?:was|has been|got)\s+reported\b)/i;

// A command the user ran in the agent's shell (pi's `!ls`), handed to the model as a user message.
const USER_SHELL = /^\s*\[User ran a shell command\]/;

/**
 * The user's requests: prompts with prose, and whether the agent went to work on each (a tool call before the next);
 * one the user sent again corrected is the corrected one (corrected-requests.ts).
 */
export function userRequests(messages: readonly Message[]): Request[] {
  const requests: Request[] = [];
  messages.forEach((message, index) => {
    if (isPrompt(message)) {
      // A command the user ran in the agent's shell asks for nothing: its output is no request.
      if (USER_SHELL.test(contentText(message.content))) return;
      const text = typedRequest(contentText(message.content));
      const prose = proseOf(text);
      const opening = (text.trim().split(/\n|(?<=[.!?])\s/)[0] ?? '').slice(0, GREP_OPENING_CHARS);
      const sentences = sentencesOf(prose);
      const title = handedTitle(text);
      if (prose)
        requests.push({
          messageIndex: index,
          prose,
          sentences,
          startedWork: false,
          opening,
          ...(title === undefined ? {} : { title }),
        });
      return;
    }
    const last = requests[requests.length - 1];
    if (last && toolCallsOf(message).length > 0) last.startedWork = true;
  });
  for (const request of requests) {
    const ticket = ticketOf(messages, request);
    if (ticket) request.ticket = ticket;
  }
  return withoutCorrected(requests);
}

// A question about the work rather than a request for it ("why does…?", "is this…?"); "can we…?" asks for work.
const QUESTION =
  /^(?:[\w\s]{0,20}[:,]\s*)?(?:why|what|how|where|when|which|who|is|are|was|were|does|do|did|will|isn't|aren't|has|have)\b[^?]*\?$/i;

/** Whether a sentence sets a constraint (its detail belongs to a constraint probe, not to the task's). */
function isConstraintSentence(sentence: string): boolean {
  return new RegExp(CONSTRAINT_MARKER.source, 'i').test(sentence);
}

/**
 * The task facets of a request: a phrase of its opening and one of its detail beyond what `grep` keeps (the first
 * sentence, clipped), from a sentence that is not a constraint. Undefined for a one-line request or a question.
 */
function taskFacets(
  request: Request,
  openings: string,
  committed: readonly string[] = [],
): { facets: string[][]; sentences: string[] } | undefined {
  const [opening, ...rest] = request.sentences;
  if (!opening || wordsOf(request.prose).length < MIN_REQUEST_WORDS) return undefined;
  if (rest.length === 0 && opening.length <= GREP_OPENING_CHARS) return undefined;
  if (QUESTION.test(opening)) return undefined;
  const tail = opening.length > GREP_OPENING_CHARS ? [opening.slice(GREP_OPENING_CHARS)] : [];
  const sentences = [opening.slice(0, GREP_OPENING_CHARS), ...tail, ...rest];
  // The first sentence that names something (an opening of file mentions alone names nothing), then the
  // nearest detail after it that is not a constraint, close enough for one summary sentence to hold both.
  const first = sentences.findIndex((sentence) => keyPhrase(sentence) !== undefined);
  if (first < 0) return undefined;
  let gap = 0;
  for (const detail of sentences.slice(first + 1)) {
    const phrase = !isConstraintSentence(detail) && !QUESTION.test(detail) ? keyPhrase(detail) : undefined;
    const lead = keyPhrase(sentences[first]!)!;
    const distinct = phrase !== undefined && !overlaps(lead, phrase);
    const facets = distinct
      ? withTitle(request, first, [pullRequestSpellings(lead), pullRequestSpellings(phrase)], committed)
      : [];
    // Stated together in the request, and not in the list of every request's opening (what grep keeps).
    if (distinct && statesTogether(request.prose, facets) && !statesTogether(openings, facets)) {
      return { facets, sentences: [first === 0 ? opening : sentences[first]!, detail] };
    }
    gap += wordsOf(detail).length;
    if (gap > MAX_DETAIL_GAP_WORDS) break;
  }
  return undefined;
}

/** The task facet of a request's opening alone: its key phrase, when it names something and asks no question. */
function openingFacets(
  request: Request,
  committed: readonly string[] = [],
): { facets: string[][]; sentences: string[] } | undefined {
  // An exclamation before the request ("help! soph made a bunch of stacked PRs …") opens it without saying it.
  const first = request.sentences.slice(0, 2).find((sentence) => !EXCLAMATION.test(sentence));
  if (!first || QUESTION.test(first) || wordsOf(request.prose).length < MIN_REQUEST_WORDS) return undefined;
  const lead = keyPhrase(first.slice(0, GREP_OPENING_CHARS));
  const at = request.sentences.indexOf(first);
  return lead
    ? { facets: withTitle(request, at, [pullRequestSpellings(lead)], committed), sentences: [first] }
    : undefined;
}

/**
 * A task's facets with the title of the document its opening hands over ("Implement the following plan:" + "# Remove
 * transcript_path Storage …") as a spelling of each: a handoff that names the work by its title states it whole, as
 * one that says the opening's phrase with its detail does. Only where the lead phrase is the opening's, and not where
 * a commit's subject holds the title's phrase (the agent named a commit after the plan): there the title says the
 * commit was made, which the commit's own probe states, and any list of commit lines would keep the task.
 */
function withTitle(
  request: Request,
  at: number,
  facets: string[][],
  committed: readonly string[],
): string[][] {
  const titled = at === 0 && request.title !== undefined ? keyPhrase(request.title) : undefined;
  if (
    titled === undefined ||
    facets.some((spellings) => spellings.some((spelling) => overlaps(titled, spelling))) ||
    committed.some((subject) => overlaps(plainWords(subject), titled))
  )
    return facets;
  return facets.map((spellings) => [...spellings, titled]);
}

// A sentence of one or two words ending in "!": a call for attention, not the request.
const EXCLAMATION = /^\W*\w+(?:\s+\w+)?\W*!$/;

/** A text's words as a phrase reads them: code quotes and runs of spaces gone ("Fix `entire clean`" → "Fix entire clean"). */
function plainWords(text: string): string {
  return wordsOf(text.replace(/`/g, '')).join(' ');
}

/** Whether one phrase holds the other (two facets that are one). */
function overlaps(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x.includes(y) || y.includes(x);
}

/** Whether a text states all facets within one probe window (else no summary quoting it could keep the probe). */
function statesTogether(text: string, facets: string[][]): boolean {
  const index = createMatcher(text);
  return withinWindow(
    facets.map((spellings) => spellings.flatMap((spelling) => index.occurrences(spelling))),
    FACET_WINDOW_WORDS,
  );
}

// A sentence that only asks to read some files first ("alright, read @src/main.ts @src/tui.ts in full."): the files
// are what the work is about; the reading is how to start, which no summary of the work repeats.
const READ_FIRST =
  /^(?:(?:alright|all right|ok(?:ay)?|so|now|first|please),?\s+)*read\s+((?:@?[\w./-]+\.\w+(?:\s*,\s*|\s+(?:and\s+)?))*@?[\w./-]+\.\w+)\s*(?:in full|fully|completely|entirely|first)?[\s.;:!]*$/i;

/** The files a sentence that only asks to read them names (see {@link READ_FIRST}), else undefined. */
function readFirstFiles(sentence: string): string | undefined {
  const files = READ_FIRST.exec(sentence.trim())?.[1];
  return files
    ?.replace(/@/g, '')
    .replace(/\s*,\s*|\s+and\s+/g, ' ')
    .trim();
}

// Sentences of a request a task statement takes, and the least of the session's own words they must hold.
const STATEMENT_SENTENCES = 2;
const MIN_STATEMENT_WORDS = 4;
// A sentence worth taking holds this many of the session's words; two taken together stay one summary sentence long.
const MIN_SENTENCE_WORDS = 3;
const MAX_STATEMENT_WORDS = 30;

/** Whether a word of a request is part of the session's matter: a path, or a word other messages use too. */
function isSalient(word: string, salience: Salience): boolean {
  return isPathWord(word) || salience(word) >= SALIENT_MESSAGES;
}

/**
 * What a request asks for in plain words, for matching by meaning: the sentences beyond what `grep` keeps (the
 * opening) that hold most of the words the session comes back to (not asides, fillers or typos). Undefined when
 * that says too little, or when the openings `grep` keeps already state it, read as a summary's context is read
 * (one line at a time: grep keeps each opening on a line of its own).
 */
function taskStatement(
  request: Request,
  salience: Salience,
): { statement: string; sentences: string[] } | undefined {
  // The opening too: what grep keeps of a request is still the request, and the headline weighs kinds, not facts.
  // A sentence that only asks to read files first is no candidate; its files head the statement.
  const readFirst = request.sentences.flatMap((sentence) => readFirstFiles(sentence) ?? []);
  const candidates = request.sentences.filter(
    (sentence) =>
      !isConstraintSentence(sentence) && !QUESTION.test(sentence) && readFirstFiles(sentence) === undefined,
  );
  const scored = candidates.map((sentence, order) => {
    const words = wordsOf(sentence);
    const content = words.filter(isContentWord);
    const salient = new Set(
      content.filter((word) => isSalient(word, salience)).map((word) => word.toLowerCase()),
    ).size;
    // Dense in the session's own words first: a long sentence of asides holds many words and says little.
    return { sentence, order, words: words.length, salient, density: salient / Math.max(content.length, 1) };
  });
  const ranked = [...scored]
    .filter((candidate) => candidate.salient >= MIN_SENTENCE_WORDS)
    .sort((a, b) => b.density - a.density || a.order - b.order);
  const chosen = ranked
    .filter((_, index) => index === 0 || ranked[0]!.words + ranked[index]!.words <= MAX_STATEMENT_WORDS)
    .slice(0, STATEMENT_SENTENCES)
    .sort((a, b) => a.order - b.order);
  if (chosen.reduce((sum, candidate) => sum + candidate.salient, 0) < MIN_STATEMENT_WORDS) return undefined;
  const said = chosen.map(({ sentence }) => sentence).join(' ');
  const statement = readFirst.length > 0 ? `${readFirst.join(' ')}: ${said}` : said;
  return { statement, sentences: chosen.map(({ sentence }) => sentence) };
}

/**
 * The task of a request that points at a ticket, as the ticket states it: its id with a phrase of its title, and in
 * plain words its title and the first sentence of its description that is not a rule.
 */
function ticketTask(
  ticket: Ticket | undefined,
): { facets: string[][]; sentences: string[]; said: { statement: string; sentences: string[] } } | undefined {
  const title = ticket ? keyPhrase(ticket.title) : undefined;
  if (!ticket || !title) return undefined;
  const goal = ticketGoal(ticket, isConstraintSentence);
  const sentences = [ticket.title, ...(goal ? [goal] : [])];
  return {
    facets: [[ticket.id], [...new Set([title, ...titlePairs(ticket.title, ticket.childTitles)])]],
    sentences,
    // The ticket by its id, as a reader lists the work ("the bd epic spotter-fum (…)", "Linear ENT-108: …").
    said: {
      statement: `${ticket.id}: ${clipWords(sentences.join(' — '), TICKET_STATEMENT_CHARS)}`,
      sentences,
    },
  };
}

// A ticket's task statement: its title and goal, about two summary sentences.
const TICKET_STATEMENT_CHARS = 240;

/** Task probes (requests that started work); the last open request is the next step unless a plan moved on since. */
export function taskProbes(
  requests: readonly Request[],
  salience: Salience = () => SALIENT_MESSAGES,
  planFrom = -1,
  committed: readonly string[] = [],
): DraftProbe[] {
  const openings = requests.map((request) => request.opening).join('\n');
  // The overall task: the first request the agent went to work on is a fact even when no detail of it stands
  // beside its opening (a request whose details are its rules), named by its opening's key phrase.
  // A first request the agent answered before working ("help me do soph's stacked PRs in order", then "start with
  // #89") is still the session's goal when the work came on its next requests.
  const working = requests.findIndex((request) => request.startedWork);
  const opening = requests
    .slice(0, working + 1)
    .find(
      (request) =>
        !request.ticket && wordsOf(request.prose).filter(isContentWord).length >= MIN_CURRENT_WORDS,
    );
  const overall = working < 0 ? undefined : opening;
  const withDetail = requests.flatMap((request) => {
    const ticket = ticketTask(request.ticket);
    if (ticket) return [{ request, ...ticket }];
    const task =
      taskFacets(request, openings, committed) ??
      (request === overall ? openingFacets(request, committed) : undefined);
    return task ? [{ request, ...task, said: taskStatement(request, salience) }] : [];
  });
  // The last request is the open one only when there was work before it; a lone request is the task.
  const latest = withDetail.length > 1 ? withDetail[withDetail.length - 1] : undefined;
  const last = latest && latest.request.messageIndex > planFrom ? latest : undefined;
  return withDetail
    .filter(({ request }) => request.startedWork || request === last?.request || request === overall)
    .map(({ request, facets, sentences, said }) => {
      // The sentences the facets come from and those the statement takes, in the request's order.
      const quoted = [...new Set([...sentences, ...(said?.sentences ?? [])])]
        .sort((a, b) => request.prose.indexOf(a) - request.prose.indexOf(b))
        .map((sentence) => `"${clipWords(sentence, 200)}"`)
        .join(' … ');
      const opening = clipWords(sentences[0]!, 60);
      const statement = said ? { statement: said.statement } : {};
      return request === last?.request
        ? {
            // The request being worked on is a task, as a reader files it; the next step is the agent's plan's.
            kind: 'task' as const,
            messageIndex: request.messageIndex,
            question: `What is the user's latest request, the one still being worked on ("${opening}"), with its details?`,
            answer: `The latest request: ${quoted}`,
            facets,
            ...statement,
          }
        : {
            kind: 'task' as const,
            messageIndex: request.messageIndex,
            question: `What did the user ask for in the request that begins "${opening}", with its details?`,
            answer: `The user asked: ${quoted}`,
            facets,
            ...statement,
          };
    });
}

// What a request is that asks for nothing new: a go-ahead, a thanks, a reaction ("ok", "wow, it works", "continue").
const APPROVAL =
  /^(?:ok(?:ay)?|alright|yes|yep|sure|great|good|nice|perfect|thanks|thank you|wow|cool|lgtm|looks good|go ahead|go on|continue|proceed|do it|sounds good|can leave it)\b[^?]{0,40}$/i;
// The least a current request says, in content words, to be the work in hand.
const MIN_CURRENT_WORDS = 3;

/**
 * The request being worked on at the cut: the user's last prompt that asks for something (not a go-ahead or a
 * reaction), as the user put it. It is a fact whatever else is known: what the user asked last is what a successor
 * must carry on with. Undefined when it is the session's first request (the task probe states it) or says too little.
 */
export function currentRequestProbe(
  requests: readonly Request[],
  taskAt: ReadonlySet<number>,
): DraftProbe | undefined {
  const current = currentRequest(requests);
  if (!current || current === requests[0] || taskAt.has(current.messageIndex)) return undefined;
  const phrase = keyPhrase(current.prose, 4, isMatterWord) ?? keyPhrase(current.prose);
  if (!phrase) return undefined;
  const said = clipWords(
    current.sentences.slice(0, STATEMENT_SENTENCES + 1).join(' '),
    CURRENT_STATEMENT_CHARS,
  );
  return {
    kind: 'task',
    messageIndex: current.messageIndex,
    question: `What is the user's current request, the one being worked on?`,
    answer: `The user's current request: "${clipWords(current.prose, 300)}"`,
    facets: [pullRequestSpellings(phrase)],
    statement: said,
  };
}

// A request that only points the agent at something to read ("read README.md that details everything", "look at the
// docs first"): context for the request before it, which is still the work in hand. One that asks for more ("look at
// the failing test and fix it") is a request of its own.
const READ_POINTER = /^(?:please\s+)?(?:read|re-?read|look at|have a look at)\s(?:[^.!?\n]|\.(?=\S))*[.!]?$/i;
const ASKS_MORE = /\b(?:and|then|but|to|fix|change|update|add|make|write|remove|use)\b/i;

/** Whether a request only points at something to read (its words after the verb ask for nothing more, nor how). */
function isReadPointer(prose: string): boolean {
  // How to read it ("in full", "carefully") makes it a rule of the work, which the request stands for.
  return (
    READ_POINTER.test(prose) &&
    !READ_MANNER.test(prose) &&
    !ASKS_MORE.test(prose.replace(/^(?:please\s+)?\S+(?:\s+at)?\s/i, ''))
  );
}

/**
 * The user's last request that asks for something: not a go-ahead or a reaction, nor a pointer at something to read
 * when a request came before it, and saying enough.
 */
function currentRequest(requests: readonly Request[]): Request | undefined {
  return [...requests]
    .reverse()
    .find(
      (request) =>
        !APPROVAL.test(request.prose.trim()) &&
        !(request !== requests[0] && isReadPointer(request.prose.trim())) &&
        wordsOf(request.prose).filter(isContentWord).length >= MIN_CURRENT_WORDS,
    );
}

/**
 * Where the session's requests stand, by message: the first request the agent went to work on (the overall task is
 * at or before it) and the request being worked on (the user's last that asks for something).
 */
export function requestMarks(messages: readonly Message[]): { firstWorked?: number; current?: number } {
  const requests = userRequests(messages);
  const firstWorked = requests.find((request) => request.startedWork)?.messageIndex;
  const current = currentRequest(requests)?.messageIndex;
  return {
    ...(firstWorked === undefined ? {} : { firstWorked }),
    ...(current === undefined ? {} : { current }),
  };
}

// Words of how a request is put, not of what it asks for: its order and pace ("first", "before continuing"), a verb
// that stands for any work ("tackle", "handle"), a hedge ("possibly"). A paraphrase says the thing asked for.
const REQUEST_TALK = new Set(
  (
    'tackle handle first before after then continue continuing possibly probably maybe again back little while ' +
    'carefully quickly now soon later next already'
  ).split(' '),
);

/** Whether a word of a request names its matter, not how it is asked. */
function isMatterWord(word: string): boolean {
  return !REQUEST_TALK.has(word.toLowerCase());
}

// A current request's statement: about two summary sentences.
const CURRENT_STATEMENT_CHARS = 240;

/** One probe per constraint or preference the user stated: the words right after the marker. */
export function constraintProbes(requests: readonly Request[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  for (const request of requests) {
    const opening = clipWords(request.sentences[0]!, 60);
    // A rule the user said in `said`, asked of as `what` about the request.
    const saidRule = (
      what: string,
      said: string,
      facets: string[][],
      lifted?: string[],
      alternative?: RuleAlternative,
    ): DraftProbe => ({
      kind: 'constraint',
      messageIndex: request.messageIndex,
      question: `In the request that begins "${opening}", ${what}?`,
      answer: `The user said: "${said}"`,
      facets,
      ...(lifted ? { contradictions: lifted } : {}),
      statement: said,
      ...(alternative ? { alternative } : {}),
    });
    const faults = faultLines(request.prose);
    for (const sentence of request.sentences) {
      // A plan's diagnosis says what the code does now ("`logging.Init()` is never called"), not how to work.
      if (describesFault(sentence, faults)) continue;
      for (const match of rulesIn(sentence)) {
        const said = clauseAround(sentence, match.start, match.end);
        const what = `what did the user ${constraintVerb(match.marker)}`;
        // What the rule allows instead may stand in the sentence's next clause ("…; continue with highlight.js").
        const alternative = ruleAlternative(sentence, match.phrase);
        probes.push(saidRule(what, said, [match.spellings ?? [match.phrase]], match.lifted, alternative));
      }
      // "you need to read X in full", "write the test first": habits of the work the user requires, whatever the
      // sentence opens with (work-habits.ts).
      for (const [habit, what] of [
        [readWholeHabit(sentence), 'how did the user want files read'],
        [testFirstHabit(sentence), 'when did the user want the test written'],
      ] as const)
        if (habit) probes.push(saidRule(what, habit.said, [habit.spellings]));
      // "… this is an edge case, so maybe only if there is an easy fix": a condition said in passing
      // (said-in-passing.ts).
      const cost = costCondition(sentence);
      if (cost) {
        const what = `on what condition did the user want ${cost.subject} handled`;
        probes.push(saidRule(what, cost.said, [[cost.subject], cost.conditions]));
      }
      const leave = leaveToAsk(sentence);
      if (leave) probes.push(saidRule('may the agent ask the user questions', leave.said, [leave.spellings]));
    }
    if (request.ticket) probes.push(...ticketConstraints(request.ticket, request.messageIndex));
  }
  return probes;
}

// Where a further rule of one sentence may start: a clause after a bracket, a semicolon, a dash or a "but"
// ("Delete the Python files when you're done (but keep the Justfile - update it to run Rust tests instead)").
const NEXT_CLAUSE = /\s*(?:[(;]|\s[-–—]\s|,?\s+but\s)\s*(?:but\s+|and\s+|also\s+)?/gi;

/** Every rule a sentence sets, one per clause: the first, then the first of each later clause. */
function rulesIn(sentence: string): Array<NonNullable<ReturnType<typeof ruleIn>>> {
  const rules: Array<NonNullable<ReturnType<typeof ruleIn>>> = [];
  const first = ruleIn(sentence);
  if (!first) return rules;
  rules.push(first);
  let from = first.end;
  for (const boundary of sentence.matchAll(NEXT_CLAUSE)) {
    const start = boundary.index + boundary[0].length;
    if (boundary.index < from) continue;
    const rule = ruleIn(sentence.slice(start));
    if (!rule) continue;
    const shifted = { ...rule, start: rule.start + start, end: rule.end + start };
    rules.push(shifted);
    from = shifted.end;
  }
  return rules;
}

// A request put as a question ("btw, can we make it so we keep the old code around?"): it asks for the rule.
const POLITE_REQUEST = /^(?:[\w\s]{0,12}[,:]\s*)?(?:can|could) we (?!tell|explain|see|check|confirm)\b/i;

/**
 * The first rule a sentence sets: its marker, the words right after it, and where they stand. Not in a question,
 * an opinion or a count ("i don't think …", "only one file left"), or a rule for the leave a sentence grants ("you
 * can look up the log if you need to (don't read the full file!)").
 */
function ruleIn(
  sentence: string,
):
  | { marker: string; phrase: string; spellings?: string[]; lifted?: string[]; start: number; end: number }
  | undefined {
  if (sentence.endsWith('?') && !POLITE_REQUEST.test(sentence)) return undefined;
  if (REPORT_FRAME.test(sentence.trimStart()) && DESCRIBES.test(sentence)) return undefined;
  if (RELAYED_REPORT.test(sentence.trimStart())) return undefined;
  // A marker at the start reads the sentence as it begins: an imperative ("Keep the Justfile").
  for (const match of sentence.trimStart().matchAll(CONSTRAINT_MARKER)) {
    const rest = sentence.slice(match.index + match[0].length);
    // An imperative's object may open with an article ("keep the Justfile"); after another marker an article reads
    // as a count or an aside ("only a few left").
    const keepRule = KEEP_RULE.test(match[0]) || SHOULD_RULE.test(match[0]);
    // "… moved to dirs we can keep later": a clause about a thing, not a rule, unless it opens a clause.
    if (keepRule && !CLAUSE_OPENS.test(sentence.trimStart().slice(0, match.index))) continue;
    // "we keep getting errors" says what goes on happening, not what to keep.
    if (keepRule && /^\s+\w+ing\b/i.test(rest)) continue;
    // "I'd like the option to …": a thing wanted, article and all; "I'd like you to …" or "I'd like to …" is a request.
    const wanted = WANTS.test(match[0]);
    if (wanted && NOT_WANTED.test(rest)) continue;
    const imperative = (match.index === 0 && IMPERATIVE.test(match[0])) || keepRule || wanted;
    if ((!imperative && NOT_A_RULE.test(rest)) || PERMISSION.test(sentence.slice(0, match.index))) continue;
    // "timestamps that don't match the actual readings": a negation in a relative clause says what the thing before it
    // does, a fault described, not a rule of the agent's work.
    if (DESCRIBING_CLAUSE.test(sentence.slice(0, match.index)) && NEGATION_MARKER.test(match[0])) continue;
    if (/^only$/i.test(match[0]) && ONLY_ASIDE.test(rest)) continue;
    // "delete the file", "remove the nord.json": an action asked for once, done when the agent does it; put for later
    // ("Delete the Python files when you're done") the marker of when sets the rule.
    if (ONE_OFF.test(match[0])) continue;
    // "read README.md that details everything" points at a file once; "read X in full" says how to work.
    if (/^read$/i.test(match[0]) && !READ_MANNER.test(rest)) continue;
    if (/^(?:shouldn't|should not)$/i.test(match[0]) && SHOULD_ASIDE.test(rest)) continue;
    // "Delete the Python files when you're done": what is asked stands before a marker of when.
    if (TRAILING_MARKER.test(match[0])) {
      const before = sentence.slice(0, match.index);
      const clauseStart =
        Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('('), -1) + 1;
      const words = wordsOf(before.slice(clauseStart)).slice(-5);
      const phrase = words.length >= 2 ? phraseAfter(words.join(' ')) : undefined;
      if (!phrase) continue;
      const start = sentence.lastIndexOf(phrase, match.index);
      return { marker: match[0].toLowerCase(), phrase, start, end: match.index + match[0].length };
    }
    // "continue" its clause ends on is a go-ahead: the words after the comma are another clause ("continue, network
    // should be better now" sets no rule; "instead, use X" does, the rule being the clause after it).
    if (/^continue$/i.test(match[0]) && CLAUSE_ENDS_HERE.test(rest)) continue;
    // An imperative's one-word object is said with its verb ("keep the Justfile"); a negated verb that ends its
    // clause is the rule whole ("…, don't commit.").
    const forbidden = phraseAfter(rest) ? undefined : loneForbiddenVerb(match[0], rest);
    if (forbidden) {
      const end = match.index + match[0].length + rest.indexOf(forbidden.verb) + forbidden.verb.length;
      return {
        marker: match[0].toLowerCase(),
        phrase: forbidden.spellings[0]!,
        spellings: forbidden.spellings,
        lifted: forbidden.lifted,
        start: match.index,
        end,
      };
    }
    // What we should do is the words after the marker, or no rule: the sentence's opening ("the overriding directive is
    // …") says why, not what.
    const after = SHOULD_RULE.test(match[0])
      ? shouldObject(rest)
      : (phraseAfter(rest) ?? (imperative ? phraseAfter(sentence) : goOnUntil(sentence, match.index, rest)));
    const phrase = after && withoutTrailingAdverb(after);
    if (!phrase) continue;
    const phraseAt = sentence.indexOf(phrase, match.index);
    const end = (phraseAt < 0 ? match.index + match[0].length : phraseAt) + phrase.length;
    // "read X in full" is a habit of the work said of one file: a handoff keeps it said of files ("read a file
    // entirely before touching it", "Read whole files before editing").
    const habit = /^read$/i.test(match[0]) && READ_WHOLE.test(rest) ? READ_WHOLE_SPELLINGS : [];
    return {
      marker: match[0].toLowerCase(),
      phrase,
      ...(habit.length > 0 ? { spellings: [phrase, ...habit] } : {}),
      start: match.index,
      end,
    };
  }
  return undefined;
}

// Where what we should do ends: a clause mark, an ellipsis, a sentence end or a dash; not "and", which joins two acts
// of one rule ("we should signal and log").
const SHOULD_OBJECT_END =
  /[,;:()[\]"“”!?]|\.{2,}|\.(?=\s|$)|\s[-–—]\s|\s(?:but|so|because|then|if|though)\s/i;
const SHOULD_OBJECT_WORDS = 5;

/** The words of what we should do, up to its clause's end, from its first content word to its last (two or more). */
function shouldObject(rest: string): string | undefined {
  // A code span is one word of the object, its brackets and marks its own ("display `[an0n]`"), closed or not.
  const masked = rest.replace(/`[^`]*(?:`|$)/g, (span) => span.replace(/\S/g, 'x'));
  const end = masked.search(SHOULD_OBJECT_END);
  const words = wordsOf(end < 0 ? rest : rest.slice(0, end)).slice(0, SHOULD_OBJECT_WORDS);
  const first = words.findIndex(isContentWord);
  const last = words.findLastIndex(isContentWord);
  return first >= 0 && last > first ? words.slice(first, last + 1).join(' ') : undefined;
}

// A clause's end right after a marker: a comma, a semicolon or a full stop, then words.
const CLAUSE_ENDS_HERE = /^\s*[,;.]\s/;

// Words after a rule's object that say where or when, not what ("keep the old code around", "… anymore").
const TRAILING_ADVERB = /\s+(?:around|anymore|again|here|there|now|too|either|please)$/i;

/** A rule's phrase without an adverb at its end, while two words are left ("old code around" → "old code"). */
function withoutTrailingAdverb(phrase: string): string {
  const shorter = phrase.replace(TRAILING_ADVERB, '');
  return wordsOf(shorter).length >= 2 ? shorter : phrase;
}

// Going on to an end the sentence names ("continue until all are done", "keep going until the suite passes").
const UNTIL_END = /^\s+until\s+\S/i;
// Words of such a rule a summary quotes together.
const GO_ON_WORDS = 6;

/**
 * A rule to go on until an end ("continue until all are done"): the whole clause, since the end it names is often
 * words a phrase leaves out ("all", "done"). Only where the marker opens the sentence.
 */
function goOnUntil(sentence: string, at: number, rest: string): string | undefined {
  // `at` is where the marker stands in the sentence without its leading spaces.
  if (at !== 0 || !UNTIL_END.test(rest)) return undefined;
  const clause = clausesOf(sentence.trim())[0] ?? '';
  const words = wordsOf(clause).slice(0, GO_ON_WORDS);
  return words.length >= 3 ? words.join(' ') : undefined;
}

// A marker that forbids what follows it.
const FORBIDS = /^(?:must(?:n't| not)|never|don't|do not|shouldn't|should not)$/i;
// The verb a forbidding marker ends its clause with ("don't commit.", "do not push!", "never merge"), as a word.
const LONE_VERB = /^\s+([a-z]{3,})\s*(?:[.!;,)]|$)/i;

/**
 * A rule that forbids one action and says nothing more ("Write the plan to a file, don't commit."): the verb with its
 * negation, as a summary states it ("do not commit", "no commit unless asked").
 */
function loneForbiddenVerb(
  marker: string,
  rest: string,
): { verb: string; spellings: string[]; lifted: string[] } | undefined {
  const verb = FORBIDS.test(marker) ? LONE_VERB.exec(rest)?.[1] : undefined;
  if (!verb || !isContentWord(verb) || NOT_A_RULE.test(` ${verb}`) || TALK_VERB.test(verb)) return undefined;
  const lower = verb.toLowerCase();
  const spellings = [`${marker.toLowerCase()} ${lower}`, ...FORBIDDING.map((words) => `${words} ${lower}`)];
  return { verb, spellings: [...new Set(spellings)], lifted: LIFTED.map((put) => put(lower)) };
}

// How a summary states a forbidding rule lifted: the action allowed ("free to commit", "commit freely").
const LIFTED: ReadonlyArray<(verb: string) => string> = [
  (verb) => `${verb} freely`,
  (verb) => `free to ${verb}`,
  (verb) => `allowed to ${verb}`,
  (verb) => `may ${verb} without asking`,
];

// Verbs of talk, not of the work: "don't worry", "that should never happen"; and of going on with it, whose object
// the sentence leaves to the conversation ("then we still should not continue"): no act a summary can name.
const TALK_VERB =
  /^(?:worry|bother|panic|hesitate|apologi[sz]e|stress|rush|happen|occur|exist|matter|continue|proceed)$/i;
// How a summary forbids an action: "do not commit", "never commit", "no commit unless asked".
const FORBIDDING = ["don't", 'do not', 'not', 'never', 'no'];

/**
 * The rules a ticket states, each a whole line of its list ("Do not use ash_opentelemetry; use opentelemetry_ash"):
 * the user's sentences run on, so their rule is the clause around the marker, but a ticket's line is one rule.
 */
function ticketConstraints(ticket: Ticket, messageIndex: number): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const traps = trapLines(ticket.lines ?? []);
  for (const sentence of ticket.sentences) {
    const match = ruleIn(sentence);
    if (!match) continue;
    // A trap's "X instead of Y" names Y as the way to go: read as a rule ("X instead of Y") it is backwards.
    if (/instead/i.test(match.marker) && traps.some((trap) => trap.includes(plainLine(sentence)))) continue;
    const said = clipWords(sentence, 240);
    probes.push({
      kind: 'constraint',
      messageIndex,
      question: `In the ticket ${ticket.id} ("${clipWords(ticket.title, 60)}"), what does it ${constraintVerb(match.marker)}?`,
      answer: `The ticket says: "${said}"`,
      facets: [[match.phrase]],
      statement: said,
    });
  }
  // A list its heading rules out ("No-gos", "Non-goals", "Out of scope") holds rules whatever their words ("No
  // database schema migration"): the heading is their marker. One rule of the whole list, as a reader lists it; the
  // lines the sentence reader took already ("Do not add …") are not read twice.
  for (const { heading, items } of specSections(ticket.lines ?? [])) {
    if (!RULES_OUT.test(heading)) continue;
    const unread = items.filter((item) => !ruleIn(item)).map(slashedWordsAsChoice);
    const opening = unread.length > 0 ? negatedOpening(unread[0]!) : undefined;
    const phrase = opening ? opening.phrase : unread.length > 0 ? keyPhrase(unread[0]!, 4) : undefined;
    if (!phrase) continue;
    const said = clipWords(`${heading}: ${unread.join('; ')}`, 240);
    probes.push({
      kind: 'constraint',
      messageIndex,
      question: `In the ticket ${ticket.id} ("${clipWords(ticket.title, 60)}"), what does it rule out?`,
      answer: `The ticket says: "${said}"`,
      facets: [[phrase]],
      // What the line rules out, said plainly ("order notes get a new route"), is the rule reversed.
      ...(opening ? { contradictions: [opening.ruledOut] } : {}),
      statement: said,
    });
  }
  return probes;
}

// The heading of a ticket's traps (Shape Up's "Rabbit holes"), and any heading: a Markdown one or a line of its own
// ending in a colon.
const TRAPS_HEADING = /^\s*(?:#+\s*)?(?:\*\*)?rabbit[ -]?holes?(?:\*\*)?\s*:?\s*$/i;
const HEADING_LINE = /^\s*(?:#+\s|\*\*[^*]+\*\*\s*:?\s*$|[^-*•\d\s][^.]*:\s*$)/;

/**
 * The lines a ticket lists under "Rabbit holes": each names a trap the work should steer clear of, written as the
 * trap itself ("Keeping separate transcript templates in sync instead of extracting a shared component"), so its
 * marker words ("instead", "only") describe the trap, and the line read as a rule states it backwards.
 */
function trapLines(lines: readonly string[]): string[] {
  const traps: string[] = [];
  let under = false;
  for (const line of lines) {
    if (TRAPS_HEADING.test(line)) under = true;
    else if (HEADING_LINE.test(line)) under = false;
    else if (under && line.trim().length > 0) traps.push(plainLine(line));
  }
  return traps;
}

/** A line or sentence without its list mark, emphasis and code marks, its spaces as one. */
function plainLine(text: string): string {
  return text
    .replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+/, '')
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// A line that opens with its negation, and the words of it a summary repeats with the negation ("no new route").
const NEGATED_OPENING = /^(?:no|not|never|without)\s+/i;
const NEGATED_WORDS = 3;

/**
 * The negation a line opens with and the words after it in its first clause: as one phrase (what a summary repeats),
 * and the words alone (what the line rules out); undefined when it opens with none.
 */
function negatedOpening(line: string): { phrase: string; ruledOut: string } | undefined {
  const negation = NEGATED_OPENING.exec(line)?.[0];
  if (!negation) return undefined;
  const words = wordsOf(clausesOf(line.slice(negation.length))[0] ?? '').slice(0, NEGATED_WORDS);
  // Up to its last content word: "new route or" rules out a new route.
  while (words.length > 0 && !isContentWord(words.at(-1)!)) words.pop();
  if (words.length < 2) return undefined;
  return { phrase: `${negation.trim().toLowerCase()} ${words.join(' ')}`, ruledOut: words.join(' ') };
}

/**
 * Two words joined by a slash as the choice they write ("route/page" → "route or page"): read as one name, the
 * negation before them would not reach them, and a summary's "no new route or page" would read as denying the line.
 */
function slashedWordsAsChoice(line: string): string {
  return line.replace(/(?<![\w./-])([A-Za-z]+)\/([A-Za-z]+)(?![\w./-])/g, '$1 or $2');
}

/** What a constraint marker asks of the agent, for the question. */
function constraintVerb(marker: string): string {
  if (/instead/.test(marker)) return 'want done instead';
  if (/never|n't|not|avoid|without/.test(marker)) return 'rule out or say not to do';
  if (/only/.test(marker)) return 'limit the work to';
  if (/like|prefer|rather/.test(marker)) return 'prefer';
  return 'require';
}

/** The part of a sentence around `[start, end)` up to the nearest clause marks, so an answer quotes one fact. */
function clauseAround(sentence: string, start: number, end: number): string {
  const before = sentence.slice(0, start);
  const from = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.lastIndexOf('('), -1) + 1;
  const after = sentence.slice(end).search(/[,;()]/);
  return clipWords(sentence.slice(from, after < 0 ? undefined : end + after), 240);
}

// A number the user gave, with a unit or percent; not part of a name, a version, a date or a path.
const NUMBER = /(?<![\w./:#@$-])\d+(?:[.,]\d+)?(?:\s?%|\s?(?:ms|s|k|K|m|M|GB|MB|KB|x))?(?![\w./:-]|\.\d)/g;

// Verbs that say what to do with a labelled number ("use port 8080"), not what it belongs to.
const ACTION_VERBS =
  /^(?:use|run|runs|set|keep|start|make|add|put|bind|listen|listens|serve|serves|expose|open|move|switch|change|give|pass|call|try|bump|raise|lower|limit)$/i;

/**
 * What a labelled number belongs to: the nearest word naming something before its label in the same clause
 * ("the api on port 8080" → `api`), so that the same number given to another service is not the same fact.
 */
function subjectBefore(text: string, label: string): string | undefined {
  const labelAt = text.lastIndexOf(label);
  const head = labelAt < 0 ? text : text.slice(0, labelAt);
  const clauseStart = Math.max(
    ...[...head.matchAll(/[,;:()]|\s(?:and|but|or|then)\s/gi)].map((found) => found.index + found[0].length),
    0,
  );
  const words = wordsOf(head.slice(clauseStart)).slice(-3).reverse();
  return words.find(
    (word) => isContentWord(word) && /^[\p{L}][\p{L}\p{N}_-]{2,}$/u.test(word) && !ACTION_VERBS.test(word),
  );
}

// What a web server answers with its status code ("404 page not found", "HTTP 502", "status 500").
const STATUS_AFTER =
  /^\s*(?:page\s+)?(?:not found|error|forbidden|unauthori[sz]ed|bad (?:request|gateway)|internal server error|service unavailable|gateway time-?out|too many requests)\b/i;
const STATUS_BEFORE = /\b(?:http|status|error|code)\s*:?\s*$/i;

/**
 * Whether a number is a status code the user quotes from a fault ("404 page not found"): the error's, which the
 * request reporting it states, not a value the user gave the work.
 */
function isStatusCode(sentence: string, at: number, number: string): boolean {
  if (!/^[1-5]\d\d$/.test(number)) return false;
  return STATUS_AFTER.test(sentence.slice(at + number.length)) || STATUS_BEFORE.test(sentence.slice(0, at));
}

// The word of a line's place in a file ("line 232", "lines 40"): a number after it says where the code is.
const LINE_WORD = /^lines?$/i;

/**
 * Whether a number is a place in a file ("Remove from struct initialization (line 232)"): a plan or a request cites
 * where the code stands, which the edit moves and no handoff repeats; it is no value the user gave the work.
 */
function isLinePlace(before: string | undefined, unit: boolean): boolean {
  return !unit && before !== undefined && LINE_WORD.test(before);
}

/**
 * One probe per number the user gave, with the word it measures ("100% coverage", "port 8080") and, for a
 * labelled number, what it belongs to ("api" and "port 8080").
 */
export function numberProbes(requests: readonly Request[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    for (const sentence of request.sentences) {
      if (sentence.endsWith('?')) continue;
      for (const match of sentence.matchAll(NUMBER)) {
        const number = match[0].replace(/\s+/g, ' ');
        if (isStatusCode(sentence, match.index, number)) continue;
        const after = wordsOf(sentence.slice(match.index + match[0].length)).slice(0, 1);
        const before = wordsOf(sentence.slice(0, match.index)).slice(-1);
        // The word it measures follows in the same clause ("8081, redis" measures nothing in redis).
        const unit =
          after[0] &&
          /^\s*\p{L}/u.test(sentence.slice(match.index + match[0].length)) &&
          /^[\p{L}]{3,}$/u.test(after[0]) &&
          !/^(?:and|the|for|with|but|because|since|then|or|so)$/i.test(after[0]);
        if (isLinePlace(before[0], Boolean(unit))) continue;
        const phrase = unit
          ? `${number} ${after[0]}`
          : before[0] &&
              /^[\p{L}]{3,}$/u.test(before[0]) &&
              isContentWord(before[0]) &&
              !/ly$/i.test(before[0])
            ? `${before[0]} ${number}`
            : undefined;
        if (!phrase || seen.has(phrase.toLowerCase())) continue;
        seen.add(phrase.toLowerCase());
        const subject = unit ? undefined : subjectBefore(sentence.slice(0, match.index), before[0]!);
        probes.push({
          kind: 'number',
          messageIndex: request.messageIndex,
          question: `What number did the user give for ${unit ? after[0] : [subject, before[0]].filter(Boolean).join(' ')}, and in what context?`,
          answer: `The user said: "${clauseAround(sentence, match.index, match.index + match[0].length)}"`,
          facets: subject ? [[subject], [phrase]] : [[phrase]],
        });
      }
    }
  }
  return probes;
}
