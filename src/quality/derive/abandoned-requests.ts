/**
 * A request the user dropped (docs/derived-probes.md#live-facts-and-history): the user stopped the agent's work on it
 * ("[Request interrupted by user]") and at once asked for something else, no word of it shared with the request or
 * its follow-ups ("use lenovo-legion-linux cli to increase my fan speed", its follow-up, the interruption, then
 * "change my power mode to max performance with dGPU"). A reader lists such a request as history, not as the goal.
 */
import type { Message } from '../../session/types.ts';
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
  // Where the user interrupted, found once: most sessions have none, and a task with none after it is not dropped,
  // so no prompt's terms are read for it (reading every later prompt per task cost seconds at 1 M tokens).
  const interruptions: number[] = [];
  for (let index = 0; index < cut; index += 1) {
    const message = messages[index];
    if (message && isPrompt(message) && INTERRUPTED.test(contentText(message.content)))
      interruptions.push(index);
  }
  if (interruptions.length === 0) return new Set();
  const terms = new Map<number, Set<string>>();
  const termsAt = (index: number): Set<string> => {
    let known = terms.get(index);
    if (known === undefined) {
      const message = messages[index]!;
      known = isPrompt(message)
        ? new Set(meaningTerms(contentText(message.content)).map((term) => term.term))
        : new Set<string>();
      terms.set(index, known);
    }
    return known;
  };
  return new Set(
    tasks.filter((task) => {
      const stopped = interruptions.find((index) => index > task);
      return stopped !== undefined && abandoned(messages, task, stopped, cut, termsAt);
    }),
  );
}

function abandoned(
  messages: readonly Message[],
  task: number,
  stopped: number,
  cut: number,
  termsAt: (index: number) => Set<string>,
): boolean {
  if (!isPrompt(messages[task]!)) return false;
  const thread = new Set(termsAt(task));
  // A follow-up before the interruption is part of the request's work ("legion_cli maximumfanspeed-status").
  for (let index = task + 1; index < stopped; index += 1)
    if (isPrompt(messages[index]!)) for (const term of termsAt(index)) thread.add(term);
  for (let index = stopped + 1; index < cut; index += 1) {
    const message = messages[index]!;
    if (!isPrompt(message) || INTERRUPTED.test(contentText(message.content))) continue;
    // A question or a go-ahead after the interruption ("where we at?") asks for nothing instead.
    const terms = termsAt(index);
    if (contentText(message.content).trim().endsWith('?') || terms.size < MIN_REQUEST_TERMS) return false;
    return ![...terms].some((term) => thread.has(term));
  }
  return false;
}
