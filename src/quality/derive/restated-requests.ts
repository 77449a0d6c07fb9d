/**
 * A request as the agent restated it: the sentences of its first full answer to the request that say the request's
 * subject in the agent's own words ("**Your proposal:** One shadow branch: `entire/<hash>` (no suffixes)"; "Two panel
 * bars stacked at the top"). A handoff writer names the request as the session named it, not always in the user's
 * words, so a task probe is also kept by a statement of one of these (probe-recall.ts), read as strictly as its own
 * statement: half its terms on one line, a third of its content in prose.
 */
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { meaningTerms, readStatement } from '../meaning.ts';
import { PROBE_STATEMENT_THRESHOLDS } from '../probe-recall.ts';
import { statementLabel, type StatementIndex } from '../statement-match.ts';
import { agentText } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { proseOf, sentencesOf, wordsOf } from './phrases.ts';
import { requestGoals } from './request-goals.ts';

// The least prose a reply has to be the agent's answer to the request, not a step ("Let me read the file first.").
const MIN_ANSWER_WORDS = 40;
// A prompt of fewer words is a go-ahead or a reaction, not the next request.
const MIN_REQUEST_WORDS = 6;
// The answer's opening, where the agent says back what was asked before it reports what it found or plans.
const OPENING_SENTENCES = 8;
// A sentence of fewer words names too little to restate a request.
const MIN_SENTENCE_WORDS = 6;
// The request's own content terms a restatement says: its subject, not a sentence about something else.
const MIN_SHARED_TERMS = 2;
// Content terms of its own a restatement says besides them: the request in other words, not a short report of a
// result in the session's common words ("Full file read 85 lines total" for "the following file read operations").
const MIN_OWN_TERMS = 3;
// Sentences about the agent's next step, not the request ("Let me check …", "I'll read …", "Now I …").
const STEP =
  /^(?:(?:now|ok(?:ay)?|first|next|great|perfect|good)[,!.]?\s+)*(?:let me|let's|i'll|i will|i need|i see|i can|now i)\b/i;

/** The content terms a text says in prose (not names). */
function proseTerms(text: string): Set<string> {
  return new Set(
    meaningTerms(text)
      .filter((term) => !term.name)
      .map((term) => term.term),
  );
}

/**
 * The agent's restatements of the request at `at`: the sentences of the opening of its first answer of
 * {@link MIN_ANSWER_WORDS} words or more, before the user's next request and before it first changes a file (an
 * answer after the work began reports the work, not the request), that say two of the request's content terms in
 * prose and three of their own, are no step of the agent's, and that the lines `grep` keeps (request openings, error
 * lines) do not state.
 */
export function restatementsOf(
  messages: readonly Message[],
  at: number,
  tricks: { grep: () => StatementIndex },
  changedAt: ReadonlySet<number> = new Set(),
): string[] {
  const request = messages[at];
  if (!request || !isPrompt(request)) return [];
  const own = proseTerms(contentText(request.content));
  for (let index = at + 1; index < messages.length; index++) {
    const message = messages[index]!;
    if (isPrompt(message) && wordsOf(contentText(message.content)).length >= MIN_REQUEST_WORDS) return [];
    const prose = proseOf(agentText(message));
    if (wordsOf(prose).length < MIN_ANSWER_WORDS) {
      if (changedAt.has(index)) return [];
      continue;
    }
    return sentencesOf(prose)
      .slice(0, OPENING_SENTENCES)
      .map((sentence) => wordsOf(sentence.replace(/^[-*\d.)\s]+/, '')).join(' '))
      .filter((sentence) => wordsOf(sentence).length >= MIN_SENTENCE_WORDS && !STEP.test(sentence))
      .filter((sentence) => {
        const terms = [...proseTerms(sentence)];
        const shared = terms.filter((term) => own.has(term)).length;
        return shared >= MIN_SHARED_TERMS && terms.length - shared >= MIN_OWN_TERMS;
      })
      .filter((sentence) => {
        const label = statementLabel(tricks.grep(), readStatement(sentence), PROBE_STATEMENT_THRESHOLDS);
        return label !== 'kept' && label !== 'contradicted';
      });
  }
  return [];
}

/**
 * Task drafts with the agent's restatements of their request and the request's own sentences that say what to make
 * (request-goals.ts) as `restatements`, where there are any.
 */
export function withRestatements(
  drafts: readonly DraftProbe[],
  messages: readonly Message[],
  operations: readonly FileOperation[],
  tricks: { grep: () => StatementIndex },
): DraftProbe[] {
  const changedAt = new Set(
    operations.filter((operation) => operation.kind !== 'read').map((operation) => operation.messageIndex),
  );
  // The request's goals restate the request's own probe, the first task at its message, not a second one taken from
  // one of its sentences ("Create an issue metrics endpoint …" beside "Create a page that shows label counts …").
  const goalsGiven = new Set<number>();
  return drafts.map((draft) => {
    if (draft.kind !== 'task') return draft;
    const first = !goalsGiven.has(draft.messageIndex);
    goalsGiven.add(draft.messageIndex);
    const restatements = [
      ...restatementsOf(messages, draft.messageIndex, tricks, changedAt),
      ...(first ? requestGoals(messages, draft.messageIndex, tricks) : []),
    ];
    return restatements.length > 0 ? { ...draft, restatements } : draft;
  });
}
