/**
 * The user's leave to ask them questions ("You can ask me questions if you need clarification.", "feel free to ask
 * me if anything is unclear"): a standing rule of how the work goes, which a sentence granting leave otherwise sets
 * none of (requests.ts reads no rule in it).
 */

// Leave to ask the user, with what a summary keeps of it: asking questions, or clarifying ones.
const LEAVE_TO_ASK =
  /\b(?:you (?:can|may|could)|feel free to|don't hesitate to|do not hesitate to)\s+ask\s+(?:me|us)\b[^.!?;]*/i;
const SPELLINGS = ['ask questions', 'clarifying questions', 'ask for clarification', 'ask the user'];

/** The clause granting leave to ask the user, and the facet's spellings; undefined when the sentence grants none. */
export function leaveToAsk(sentence: string): { said: string; spellings: string[] } | undefined {
  const found = LEAVE_TO_ASK.exec(sentence);
  if (!found) return undefined;
  // The user's own words first ("ask me questions"), which the transcript states as the facet must be.
  const asked = /\bask\s+(?:me|us)(?:\s+(?:some|any|a few))?\s+\w+/i.exec(found[0])?.[0];
  return { said: found[0].trim(), spellings: [...(asked ? [asked] : []), ...SPELLINGS] };
}
