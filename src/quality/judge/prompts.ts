/** The two prompts of the LLM judge: answer a probe's question from the summary alone, then grade that answer. */

/** What the judge answers when the summary does not hold the fact. */
export const UNKNOWN_ANSWER = 'unknown';

/** Output budget of an answer call: a sentence, a name, a path. */
export const ANSWER_MAX_TOKENS = 300;
/** Output budget of a grade call: a score and one line of reason. */
export const GRADE_MAX_TOKENS = 200;

/** System prompt of the answer call. */
export const ANSWER_SYSTEM = [
  'You answer questions about a coding-agent session.',
  'All you know of the session is the summary you are given: use nothing else, and do not guess.',
  'Answer briefly: one sentence, or just the name, path, value or error asked for.',
  `If the summary does not say, answer exactly: ${UNKNOWN_ANSWER}`,
].join('\n');

/** The answer call's prompt: the summary first (the long part), then the question. */
export function answerPrompt(summary: string, question: string): string {
  return [
    summaryPart(summary),
    `Question: ${question}`,
    '',
    `Answer briefly, from the summary alone. If the summary does not say, answer exactly: ${UNKNOWN_ANSWER}`,
  ].join('\n');
}

/** Characters of {@link answerPrompt} every probe of one summary shares: the summary block, a prompt-cache prefix. */
export function answerPromptPrefixLength(summary: string): number {
  return summaryPart(summary).length + 1;
}

function summaryPart(summary: string): string {
  return ['<summary>', summary, '</summary>', ''].join('\n');
}

/** System prompt of the grade call. */
export const GRADE_SYSTEM = [
  'You grade a short answer to a question about a coding-agent session against the expected answer.',
  'Reply with one JSON object and nothing else.',
].join('\n');

/** The grade call's prompt: question, expected answer, given answer, the scale and the JSON shape. */
export function gradePrompt(question: string, expected: string, given: string): string {
  return [
    `Question: ${question}`,
    `Expected answer: ${expected}`,
    `Given answer: ${given.trim() || '(no answer)'}`,
    '',
    'Score how well the given answer states the fact of the expected answer:',
    '- 1: it states the expected fact; wording, paraphrase, and an equivalent name or path do not matter;',
    '- between 0 and 1: it states part of the fact, or the fact with a wrong detail;',
    `- 0: it is wrong, contradicts the expected answer, is missing, or says ${UNKNOWN_ANSWER}.`,
    '',
    'Reply with JSON only: {"score": <a number from 0 to 1>, "reason": "<one line: why>"}',
  ].join('\n');
}
