/**
 * The sentences of a request that say what to make: the goal (an object to build, change, remove or fix: "Create an
 * issue metrics endpoint …", "Can we simplify this and speed it up?", "I'd like the option to overlay AI usage"),
 * told apart from how to work (a rule, a routine step, a command to run, a quality bar, a permission: "Don't stop until
 * all functions are ported", "Run bd show … to see the issue details", "You can ask me questions") and from what only
 * sets the scene (a report of a problem, a question, a description of the code). A handoff names the request by its
 * goal in words of its own, so a task probe is also kept by a statement of one of these (restated-requests.ts reads
 * them with the agent's restatements); the rules and routine steps are what a bag or a vague note keeps too.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { readStatement } from '../meaning.ts';
import { PROBE_STATEMENT_THRESHOLDS } from '../probe-recall.ts';
import { statementLabel, type StatementIndex } from '../statement-match.ts';
import { proseOf, sentencesOf, wordsOf } from './phrases.ts';

// The request's sentences read (as D151 scanned them): its opening part, where a request says what it asks.
const GOAL_SENTENCES = 12;
// A sentence of fewer words names too little to be a statement of the task.
const MIN_SENTENCE_WORDS = 6;

// Verbs that make, change, remove or fix a thing (the base form that opens an imperative clause).
const MAKE_VERBS = new Set(
  `add build create implement write port migrate convert refactor rewrite restructure redesign fix repair remove
  delete drop replace rename move update change modify edit make simplify speed improve extract split support
  enable introduce generate design untangle optimize unify transform wire expose deprecate upgrade draft propose
  provide`.split(/\s+/),
);
// Verbs of how the work goes: a step to take, a check to run, something to read ("Run bd show …", "read … in full",
// "Start with the first ready task", "Use `git branch -D` via the CLI"). A request to tell or explain asks a question.
const WORK_VERBS = new Set(
  `run read check look review evaluate start continue ask test commit push pull verify use follow keep stop wait try
  see call do go think ultrathink investigate analyze analyse study`.split(/\s+/),
);
// Phrasal verbs: of making ("come up with a plan"), of a step ("have a look at …").
const PHRASAL_MAKE = /^come up with\b/i;
const PHRASAL_STEP = /^have a look\b/i;
// What stands before the verb of a request without changing what it asks ("Can you …", "I want you to …", "so we
// could …"): politeness, a modal asking, a first person's want of the act, a sequencing word.
const FRAME =
  /^(?:(?:please|kindly|also|then|and|so|now|first|next|just|finally|maybe|perhaps|ok(?:ay)?|alright|let'?s|let us|go ahead and|(?:can|could|would|will|shall) (?:you|we)|(?:you|we) (?:can|could|should|need to|have to|must|will)|we['’]ll|you['’]ll|i(?:['’]d| would) like (?:you |us )?to|i (?:want|need) (?:you |us )?to|(?:we|you) want to)\s+)+/i;
// A first person wanting a thing, not an act ("I want a complete history of our chats", "I'd like the option to …",
// "i'm especially interested in code sharing between the different run modes").
const WANTS_THING =
  /^i(?: want| need|['’]d like| would like) (?:a|an|the|some|one|two|three|\d+)\s|^i(?:['’]m| am) (?:\w+ly )?interested in\s/i;
// A sentence that is a rule of the work, not its goal: a must, an order or bound ("until", "when you're done",
// "before …ing"), a permission, or a clause that forbids ("don't …", "can we not …", "we should not …"). A negation
// that reports ("`logging.Init()` is never called", "doesn't work with packed refs") is no rule.
const RULE =
  /\b(?:must|always|make sure|ensure|until|when you(?:['’]re| are) done|before \w+ing|feel free|if you need|if needed|if necessary|you (?:can|may) ask)\b|(?:^|[,;:]\s*)(?:please\s+)?(?:don['’]t|do not|never|avoid)\b|\b(?:can|could|should) (?:we|you) not\b|\b(?:we|you) (?:should|must|shall)(?: not|n['’]t)\b/i;
// Where a sentence's clauses part: a comma, a semicolon, a colon or a dash, and a joining word ("and", "then", "so").
const CLAUSE_JOIN = /\s*(?:[,;:]\s*|\s[-–—]\s|\s)(?:and|then|so|and then|but)\s+|[,;:]\s+|\s[-–—]\s/i;

// A list item's marker ("- ", "2. ", "C) ").
const LIST_MARK = /^(?:[A-Za-z]\)\s*|[-*\d.)\s])+/;

/** The role of one sentence of a request: what to make, how to work, or neither (a scene, a question, a report). */
export type SentenceRole = 'make' | 'work' | 'scene';

/** A sentence's role, by its clauses' verbs: a clause opened (past its asking frame) by a verb of making. */
export function sentenceRole(sentence: string): SentenceRole {
  // A list marker and a bold label ("**Fix**:") are no words of the clause.
  const text = sentence
    .replace(LIST_MARK, '')
    .replace(/^\*\*[^*]+\*\*:?\s*/, '')
    .replace(/[*_`]/g, '')
    // A parenthesis is an aside (a list of fields, an example), not a clause of the sentence.
    .replace(/\([^()]*\)/g, '')
    .trim();
  if (RULE.test(text)) return 'work';
  let step = false;
  for (const clause of text.split(CLAUSE_JOIN)) {
    const bare = clause.replace(FRAME, '').trim();
    if (PHRASAL_MAKE.test(bare)) return 'make';
    if (WANTS_THING.test(clause.trim())) return 'make';
    const verb = wordsOf(bare)[0]?.toLowerCase();
    // A verb of making with an object after it ("Update all call sites", "speed it up"), not a bare word.
    if (verb !== undefined && MAKE_VERBS.has(verb) && wordsOf(bare).length >= 2) return 'make';
    if ((verb !== undefined && WORK_VERBS.has(verb)) || PHRASAL_STEP.test(bare)) step = true;
  }
  return step ? 'work' : 'scene';
}

/** The sentences of a request's prose that say what to make ({@link sentenceRole}), in order. */
export function goalSentences(request: string): string[] {
  return sentencesOf(proseOf(request))
    .filter((sentence) => wordsOf(sentence).length >= MIN_SENTENCE_WORDS)
    .slice(0, GOAL_SENTENCES)
    .filter((sentence) => sentenceRole(sentence) === 'make')
    .map((sentence) => wordsOf(sentence.replace(LIST_MARK, '')).join(' '));
}

/**
 * The goal sentences ({@link goalSentences}) of the request at `at` that the lines `grep` keeps (request openings,
 * error lines) do not state: each a second statement of the task, which grep's own summary is not given by them.
 */
export function requestGoals(
  messages: readonly Message[],
  at: number,
  tricks: { grep: () => StatementIndex },
): string[] {
  const request = messages[at];
  if (!request || !isPrompt(request)) return [];
  return goalSentences(contentText(request.content)).filter((sentence) => {
    const label = statementLabel(tricks.grep(), readStatement(sentence), PROBE_STATEMENT_THRESHOLDS);
    return label !== 'kept' && label !== 'contradicted';
  });
}
