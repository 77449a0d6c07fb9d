/**
 * The piece of a summary nearest a lost fact: what a reviewer reads beside "lost `webhook-decision`" to see
 * whether the summary dropped the fact or says it another way. Lexical (shared words), not a judgement.
 */

import { contentWords } from '../text/content-words.ts';

/** Longest quote shown; a summary line can run for a paragraph. */
const MAXIMUM_LENGTH = 120;

// A word is a content word of three letters or more (the stop words of `text/content-words.ts`), with
// the dot or dash that ends a sentence or clause taken off: "retries." and "retries" are one word.
function wordsOf(text: string): Set<string> {
  return new Set(
    contentWords(text)
      .map((word) => word.replace(/^[.-]+|[.-]+$/g, ''))
      .filter((word) => word.length >= 3),
  );
}

/**
 * The sentence or line of `summary` that shares the most words with `answer` (the shorter on a tie), clipped
 * to 120 characters around them; null when no piece shares two words (one, for a one-word answer).
 */
export function nearestText(summary: string, answer: string): string | null {
  const wanted = wordsOf(answer);
  if (wanted.size === 0) return null;
  let best: { text: string; score: number } | null = null;
  for (const line of summary.split('\n')) {
    for (const piece of line.split(/(?<=[.!?;])\s+/)) {
      const text = piece.replace(/^[\s#>*-]+/, '').trim();
      if (text === '') continue;
      let score = 0;
      for (const word of wordsOf(text)) if (wanted.has(word)) score++;
      // One shared word ("before", a module name) is chance; a piece about the fact shares a few.
      if (score < Math.min(2, wanted.size)) continue;
      if (!best || score > best.score || (score === best.score && text.length < best.text.length))
        best = { text, score };
    }
  }
  return best ? clip(best.text, wanted) : null;
}

/** At most {@link MAXIMUM_LENGTH} characters, starting a little before the first wanted word. */
function clip(text: string, wanted: ReadonlySet<string>): string {
  if (text.length <= MAXIMUM_LENGTH) return text;
  const lower = text.toLowerCase();
  const first = Math.min(
    ...[...wanted].map((word) => lower.indexOf(word)).filter((index) => index >= 0),
    text.length,
  );
  const start = Math.max(0, Math.min(first - 20, text.length - MAXIMUM_LENGTH));
  const clipped = text.slice(start, start + MAXIMUM_LENGTH).trim();
  return `${start > 0 ? '…' : ''}${clipped}${start + MAXIMUM_LENGTH < text.length ? '…' : ''}`;
}
