/**
 * How much a session makes of a word: the number of its messages that use it. A word the session comes back to names
 * what the work is about; one written once is an aside, a filler or a typo ("implementatino"), which a faithful
 * summary has no reason to repeat.
 */
import type { Message } from '../../session/types.ts';
import { renderMessage } from '../../session/transcript.ts';

/** The number of messages that use a word (lowercase). */
export type Salience = (word: string) => number;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'’-]*/gu;

/** Counts, once per session, how many messages use each word. */
export function sessionSalience(messages: readonly Message[]): Salience {
  const counts = new Map<string, number>();
  for (const message of messages) {
    const text = renderMessage(message, { toolResultChars: Number.POSITIVE_INFINITY }).toLowerCase();
    for (const word of new Set(text.match(WORD) ?? [])) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return (word) => counts.get(word.toLowerCase()) ?? 0;
}

/** Words of a session's own matter: used in at least this many messages (the one that says it and another). */
export const SALIENT_MESSAGES = 2;
