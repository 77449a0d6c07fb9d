/**
 * A summarization request's input tokens as `countRequest` counts them, its conversation counted once per text: the
 * calls of a session's strategies send the same slices (replayed-conversation-facts.ts), and each prompt was counted
 * whole, every block of its conversation looked up again. The tokenizer's count of a text is the sum of its blocks',
 * cut after a line break before `[`, `<` or `#` (tokens.ts, blockCounter: no piece of either encoding's pre-tokenizer
 * runs across such a cut), so the prompt is cut where the first of its conversation's blocks to follow a line break in
 * the conversation's own text opens, and where the conversation ends, and the part between is counted once per
 * conversation.
 */
import { countRequest, type Tokenizer } from '../tokens.ts';
import { digestOf } from '../text/hashed-pieces.ts';
import { recentMap } from '../text/text-cache.ts';

/**
 * A request's conversation: its text, where it starts in the prompt, and the key its reading is remembered by
 * (a digest of its text; undefined when its reading is not remembered, and its count is then keyed here).
 */
export type PromptConversation = { text: string; at: number; key: string | undefined };

type Counter = Pick<Tokenizer, 'count' | 'estimate'>;

// The counts of conversations from their first cut on, by the key of the conversation, with the count that made
// each (a process may count with more than one tokenizer); aged with the other text caches.
const counted = recentMap<string, { count: Counter['count']; tokens: number }>(2_000);

const LINE_BREAK = 10;
const OPEN_BRACKET = 91; // [
const LESS_THAN = 60; // <
const HASH = 35; // #

/** `countRequest(tokenizer, request)`, the part of `conversation` between two cuts counted once per conversation. */
export function countRequestTokens(
  tokenizer: Counter,
  request: { system: string; prompt: string },
  conversation: PromptConversation,
): number {
  const { prompt } = request;
  const { text, at } = conversation;
  // An estimate (characters ÷ 4, rounded up) does not add up over the parts of a text.
  if (tokenizer.estimate || at < 0 || text.length === 0) return countRequest(tokenizer, request);
  const end = at + text.length;
  const from = firstCut(text);
  const endsAtCut =
    text.charCodeAt(text.length - 1) === LINE_BREAK &&
    (end === prompt.length || opensBlock(prompt.charCodeAt(end)));
  if (from < 0 || !endsAtCut) return countRequest(tokenizer, request);
  // A conversation read each time (a long session's whole transcript) has no key of its reading; its count has one:
  // the strategies that send the whole transcript send the same text, whose blocks were looked up again in each.
  const key = conversation.key ?? digestOf('sha1', text, 'base64');
  let known = counted.get(key);
  if (known === undefined || known.count !== tokenizer.count) {
    known = { count: tokenizer.count, tokens: tokenizer.count(text.slice(from)) };
    counted.set(key, known);
  }
  return (
    tokenizer.count(request.system) +
    tokenizer.count(prompt.slice(0, at + from)) +
    known.tokens +
    (end < prompt.length ? tokenizer.count(prompt.slice(end)) : 0)
  );
}

/** Where the first block of `text` to follow a line break in it starts (after its line break), or -1. */
function firstCut(text: string): number {
  for (let at = text.indexOf('\n'); at >= 0 && at + 1 < text.length; at = text.indexOf('\n', at + 1))
    if (opensBlock(text.charCodeAt(at + 1))) return at + 1;
  return -1;
}

/** Whether a line opening with this character starts a block of the tokenizer's count (see the module comment). */
function opensBlock(code: number): boolean {
  return code === OPEN_BRACKET || code === LESS_THAN || code === HASH;
}
