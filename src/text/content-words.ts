/**
 * The content words of a text: what the offline summarizer focuses on and what the suite's nearest-quote
 * search compares. Neutral: neither owns it, so a summarizer and what reads its output share no code.
 */

const STOP_WORDS = new Set(
  'the and for with that this from into about what which when where should would could only more most some such them then than also just make sure keep focus on in of to a an is are be it as or by at'.split(
    ' ',
  ),
);

/** Distinct content words of a focus text (three letters or more, no stop words), lowercased. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_./-]{3,}/gu) ?? [];
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word)))];
}
