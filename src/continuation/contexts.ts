/**
 * The three contexts a model continues from at the cut: a strategy's (its summary, kept messages and the agent's
 * rehydration), Full (the uncompacted prefix: the ceiling) and Null (the last user message alone: the floor).
 */
import { isPrompt, type Message, type Session } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import type { Rehydration } from './rehydrate.ts';

/** The system prompt of every prediction: continue the session with one next step. */
export const CONTINUATION_SYSTEM =
  'You are a coding agent continuing a session in a software project. The conversation so far follows. Take your next step: call one of the tools, or answer in text if the work is done or you need to ask the user. Do not explain first.';

/** How a summary is handed to the model, as agents place it: a user message ahead of what was kept. */
export function summaryMessage(summary: string): Message {
  return {
    role: 'user',
    content: `The conversation before this point was compacted into the following summary:\n<summary>\n${summary}\n</summary>`,
  };
}

/** A strategy's context: the summary, the messages it kept, then the agent's attachments. */
export function strategyContext(
  summary: string,
  kept: readonly Message[],
  rehydration: Rehydration,
): Message[] {
  return [...(summary.trim() === '' ? [] : [summaryMessage(summary)]), ...kept, ...rehydration.messages];
}

/** Full: every message before the cut, or, past `maxTokens`, the newest that fit (the ceiling within the window). */
export function fullContext(
  session: Pick<Session, 'messages'>,
  cut: number,
  tokenizer: Pick<Tokenizer, 'countMessage'>,
  maxTokens = Number.POSITIVE_INFINITY,
): Message[] {
  const messages = session.messages.slice(0, cut);
  let tokens = 0;
  let start = messages.length;
  while (start > 0 && tokens + tokenizer.countMessage(messages[start - 1]!) <= maxTokens)
    tokens += tokenizer.countMessage(messages[--start]!);
  return messages.slice(start);
}

/** Null: the last thing the user asked before the cut, alone. */
export function nullContext(session: Pick<Session, 'messages'>, cut: number): Message[] {
  const last = session.messages.slice(0, cut).findLast(isPrompt);
  return last ? [last] : [];
}
