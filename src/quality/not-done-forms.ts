/**
 * The words that say a doing was not done or is still to come, written before it: "were not switched", "did not
 * add", "never pushed", "has not been committed", "not yet run", "still need to deploy", "is yet to be merged",
 * "remains to be pushed". A file's change (undone-in-other-words.ts) and a state of done work (state-not-done.ts) are
 * both read as denied by them; a present negation ("does not call", "never blocks") and "no longer" tell what the code
 * now does, and are none of these.
 */

/**
 * The pattern's source (flags `iu`), up to the doing's first word: "never" only before a past form, and not after a
 * copula ("is never retried" tells what the code does).
 */
export const NOT_DONE_BEFORE_SOURCE =
  "(?:\\b(?:was|were|has|have|had)(?:n't|\\s+not|\\s+never)(?:\\s+(?:yet|been|ever|actually|really))*|\\bdid(?:n't|\\s+not)(?:\\s+(?:yet|ever|actually|really|be|been))*|(?<!\\b(?:is|are|be)\\s+)\\bnever(?:\\s+been)?(?=\\s+[a-z]+(?:ed|en|ne|wn|ght|ote|ade|ept|ent|ilt|ung|ook)\\b)|\\bnot\\s+(?:been\\s+)?yet(?:\\s+been)?|\\bstill\\s+(?:needs?|ha(?:s|ve)|has\\s+yet|have\\s+yet)\\s+to(?:\\s+be)?|\\b(?:is|are)\\s+(?:still\\s+)?yet\\s+to(?:\\s+be)?|\\bremains?\\s+to\\s+be)";
