/**
 * Which words are rare in a session: a term's document frequency over the session's messages before the cut. A word
 * the session uses in few of its messages ("Anthropic", "EACCES") tells one thing said in it from another; a word of
 * every other message ("checkpoint", "summary", "first") tells nothing, however few facts at a cut write it. The
 * coverage join reads it (coverage.ts): rarity within a cut's handful of facts marks any two words of a small cut.
 */
import { meaningTerms } from '../quality/meaning.ts';

/** A term is rare when at most this share of the session's messages holds it: one message in ten. */
const RARE_SHARE = 0.1;
// Under this many messages a document frequency tells nothing: every word is in one message or two of them.
const MIN_MESSAGES = 20;

/** Whether a term is rare in a session; null when the session is too short to tell. */
export type SessionRarity = ((term: string) => boolean) | null;

/** Reads the rarity of each term over the texts of a session's messages (meaning terms, names included). */
export function sessionRarity(messages: readonly string[]): SessionRarity {
  if (messages.length < MIN_MESSAGES) return null;
  const documents = new Map<string, number>();
  for (const text of messages)
    for (const term of new Set(meaningTerms(text).map((item) => item.term)))
      documents.set(term, (documents.get(term) ?? 0) + 1);
  const most = RARE_SHARE * messages.length;
  return (term) => (documents.get(term) ?? 0) <= most;
}
