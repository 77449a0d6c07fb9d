/**
 * A request the user dropped (docs/derived-probes.md#live-facts-and-history): the user stopped the agent's work on it
 * ("[Request interrupted by user]") and at once asked for something else, no word of it shared with the request or
 * its follow-ups ("use lenovo-legion-linux cli to increase my fan speed", its follow-up, the interruption, then
 * "change my power mode to max performance with dGPU"). A reader lists such a request as history, not as the goal.
 */
import type { Message, UserMessage } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { meaningTerms } from '../meaning.ts';

// Claude Code's note that the user stopped the agent (Esc, or a tool call refused).
const INTERRUPTED = /^\s*\[Request interrupted by user(?: for tool use)?\]\s*$/;

// The least a prompt says, in content terms, to ask for a thing of its own (as a current request must).
const MIN_REQUEST_TERMS = 3;

/** The tasks (by message) whose work the user interrupted before asking, next, for another thing. */
export function abandonedRequests(
  messages: readonly Message[],
  tasks: readonly number[],
  cut: number,
): Set<number> {
  return new Set(tasks.filter((task) => abandoned(messages, task, cut)));
}

function abandoned(messages: readonly Message[], task: number, cut: number): boolean {
  const request = messages[task];
  if (!request || !isPrompt(request)) return false;
  const thread = termsOf(request);
  let interrupted = false;
  for (let index = task + 1; index < cut; index += 1) {
    const message = messages[index]!;
    if (!isPrompt(message)) continue;
    if (INTERRUPTED.test(contentText(message.content))) {
      interrupted = true;
      continue;
    }
    const terms = termsOf(message);
    if (!interrupted) {
      // A follow-up before the interruption is part of the request's work ("legion_cli maximumfanspeed-status").
      for (const term of terms) thread.add(term);
      continue;
    }
    // A question or a go-ahead after the interruption ("where we at?") asks for nothing instead.
    const text = contentText(message.content).trim();
    if (text.endsWith('?') || terms.size < MIN_REQUEST_TERMS) return false;
    return ![...terms].some((term) => thread.has(term));
  }
  return false;
}

function termsOf(message: UserMessage): Set<string> {
  return new Set(meaningTerms(contentText(message.content)).map((term) => term.term));
}
