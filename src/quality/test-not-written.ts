/**
 * A test asked for, said not written (derive/asked-tests.ts): one sentence names the function, calls it a test and
 * says it not written ("ComputeTranscriptPath unit tests: not written", "NOT done: ComputeTranscriptPath unit tests").
 * The stance reading takes such a label or lead-in as a denial of what it names, which for this state is the state
 * itself; a frame that denies the whole sentence ("It is false that …", "… was not done." after it, "This was not done." next)
 * still denies it.
 */
import { escapeRegExp } from '../text/regexp.ts';
import type { TextIndex } from './match.ts';

// Where a sentence ends: its punctuation before a space, or a line's end.
const SENTENCE_END = /(?<=[.!?])\s+|\n+/;
// A frame that denies the whole sentence: "It is false that …", "Not true: …".
const DENYING_OPENING =
  /^\s*(?:[-*]\s+)?(?:it(?:'s| is| was)\s+(?:false|untrue|not true|not the case|wrong)\s+that|(?:false|untrue|not true)\s*:)/i;
// A predicate that denies the whole sentence after the state's own negation: "… has not been written was not done."
const DENYING_ENDING =
  /\b(?:was|were|is|are|has|have)(?:n't| not| never)(?: been)?\s+(?:done|true|the case|asked(?: for)?|requested)\s*[.!]?\s*$/i;
// A next sentence that denies the one before it by pointing back at it: "This was not done.", "That is false."
const DENIED_NEXT =
  /^\s*(?:this|that|it|none of (?:this|that|it|these|them))\s+(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been)?\s+\w+|(?:is|are|was|were)\s+(?:false|untrue)|never happened|did(?:n't| not) happen)\s*[.!]?\s*$/i;
// How a sentence calls a test.
const TEST_WORD = /\b(?:unit\s+|integration\s+)?tests?\b|\btested\b/i;

/** Whether a sentence of the text says the test of `name` not written, in one of `spellings`, and nothing denies it. */
export function saysTestNotWritten(index: TextIndex, name: string, spellings: readonly string[]): boolean {
  // Most texts never name the function: only those that do are split into sentences.
  if (!index.text().includes(name)) return false;
  const said = new RegExp(`(?:^|[^a-z])(?:${spellings.map(escapeRegExp).join('|')})(?![a-z])`, 'i');
  const named = new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(name)}(?![A-Za-z0-9_])`);
  const sentences = index.text().split(SENTENCE_END);
  return sentences.some(
    (sentence, at) =>
      !DENIED_NEXT.test(sentences[at + 1] ?? '') &&
      named.test(sentence) &&
      TEST_WORD.test(sentence.replace(named, ' ')) &&
      said.test(sentence) &&
      !DENYING_OPENING.test(sentence) &&
      !DENYING_ENDING.test(sentence),
  );
}
