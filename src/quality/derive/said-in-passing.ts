/**
 * A rule the user sets in passing, in words no rule marker carries, which a careful reader still lists: a condition of
 * cost on something asked ("this is an edge case, so maybe only if there is an easy fix" → "edge cases only if
 * cheap"). "only if" alone is no rule (requests.ts reads "only" before "if" as an aside); with a word of cost it limits
 * the work on what the clause before it names.
 */
import { keyPhrase } from './phrases.ts';

// A condition of cost ("only if there is an easy fix", "but only when it's cheap"), with the word of cost.
const COST_CONDITION =
  /\bonly\s+(?:if|when)\s+(?:there(?:['’]s|\s+is)\s+|it(?:['’]s|\s+is)\s+|that(?:['’]s|\s+is)\s+)?(?:an?\s+)?(easy|cheap|simple|quick|trivial|small)\b/i;
const COST_WORDS = ['easy', 'cheap', 'simple', 'quick', 'trivial', 'small'];
// What stands between the subject's clause and the condition: "…, so maybe only if", "… — but only when".
const CONDITION_LEAD = /[,;:–—-]?\s*(?:(?:so|but|and|then)\s+)?(?:maybe\s+|probably\s+|perhaps\s+)?$/i;

/**
 * A condition of cost on what the clause before it names ("this is an edge case, so maybe only if there is an easy
 * fix"): that subject's key phrase, and the ways a handoff puts the condition (any word of cost: "only if cheap",
 * "when that is cheap"); undefined where no clause before it in the sentence names something.
 */
export function costCondition(
  sentence: string,
): { said: string; subject: string; conditions: string[] } | undefined {
  const found = COST_CONDITION.exec(sentence);
  if (!found) return undefined;
  const before = sentence.slice(0, found.index).replace(CONDITION_LEAD, '');
  const clause = before.split(/[.;:!?]\s+|,\s*/).at(-1) ?? '';
  const subject = keyPhrase(clause);
  if (!subject) return undefined;
  const conditions = COST_WORDS.flatMap((cost) => [
    `only if ${cost}`,
    `only when ${cost}`,
    `if it is ${cost}`,
    `when it is ${cost}`,
    `when that is ${cost}`,
    `${cost} fix`,
  ]);
  return { said: sentence.trim(), subject, conditions };
}
