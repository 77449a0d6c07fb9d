/**
 * The next step in the agent's own words, where no plan tool holds it: the "Next steps" (or "Remaining") part of the
 * report it gave since the user's latest prompt ("### Next Steps ⏎ - spotter-4te.4: Enable opentelemetry_ash …"), or,
 * when the cut falls while a call is still running, what the agent said it was doing with it ("Now run fmt, lint, and
 * tests:"); or, when the cut falls in the turn the user's go-ahead opened ("yes"), before the agent handed back, the
 * work it said it would do on it ("I'll move the validators to `checkpoint` to break the cycle"). A reader hands each
 * over as what comes next.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { approves } from './agreements.ts';
import { agentText } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, phraseAfter } from './phrases.ts';

// A heading or a bold or plain lead-in that opens the part of a report saying what is left.
const NEXT_HEADING =
  /^\s*(?:#{1,6}\s*|\*\*)?(?:next steps?|remaining(?: work| tasks| steps)?|still to do|what'?s left|left to do|to do next)\b[^\n]*$/im;
// A list item: a bullet or a number.
const LIST_ITEM = /^\s*(?:[-*•]|\d+[.)])\s+(.+)$/;
// The narration of a call ("Now run fmt, lint, and tests:", "Next, I'll rebuild the image", "Let me commit and push:").
const NARRATION =
  /(?:^|[.!]\s+)(?:now|next|then)?,?\s*(?:let me|let's|i'll|i will|i need to|we need to)?\s*((?:run|rerun|re-run|build|rebuild|test|commit|push|deploy|install|fix|add|update|move|write|create|remove|delete|rename|refactor|finish|implement|merge|rebase|release|restart|format)\b[^.!?\n:]*)/i;
// About one summary sentence.
const STATEMENT_CHARS = 200;

/** The items of the "Next steps" part of a report: its list items (or its first line of prose), at most a few. */
function nextItems(text: string): string[] | undefined {
  const heading = NEXT_HEADING.exec(text);
  if (!heading) return undefined;
  const after = text.slice(heading.index + heading[0].length).split('\n');
  const items: string[] = [];
  for (const line of after) {
    if (/^\s*#{1,6}\s/.test(line) && items.length > 0) break;
    const item = LIST_ITEM.exec(line)?.[1];
    if (item)
      items.push(
        item
          .replace(/\*\*/g, '')
          .replace(/[.;,]+\s*$/, '')
          .trim(),
      );
    else if (items.length > 0 && line.trim() === '') break;
  }
  if (items.length > 0) return items;
  // A lead-in without a list ("Next steps: wire the hook and rerun the suite").
  const inline = /:\s*(\S.*)$/.exec(heading[0].replace(/\*\*/g, ''))?.[1];
  return inline ? [inline] : undefined;
}

/** The next step the agent's report or its running call states at the end of these messages, if any. */
export function statedNextProbes(messages: readonly Message[]): DraftProbe[] {
  const latestPrompt = messages.findLastIndex(isPrompt);
  // The report: the agent's latest message since the prompt with a part saying what is left.
  for (let index = messages.length - 1; index > latestPrompt; index--) {
    const items = nextItems(agentText(messages[index]!).trim());
    if (!items) continue;
    const said = clipWords(items.join('; '), STATEMENT_CHARS);
    const phrase = keyPhrase(items[0]!);
    if (!phrase) break;
    return [
      {
        kind: 'next-step',
        messageIndex: index,
        question: "What does the agent's report say is left to do?",
        answer: `Next, by the agent's report: ${said}`,
        facets: [[phrase]],
        statement: `Next: ${said}`,
      },
    ];
  }
  const running = runningCall(messages, latestPrompt);
  if (running === undefined) return approvedWorkProbes(messages, latestPrompt);
  const narration = NARRATION.exec(agentText(messages[running]!).trim())?.[1]?.trim();
  const phrase = narration ? keyPhrase(narration) : undefined;
  if (!narration || !phrase) return [];
  return [
    {
      kind: 'next-step',
      messageIndex: running,
      question: 'What was the agent doing when the history ends?',
      answer: `The agent had just started to ${narration}, and its result was not in yet.`,
      facets: [[phrase]],
      statement: `Next: ${narration}, and see that it passes`,
    },
  ];
}

/**
 * The work the user's latest prompt approved, while the agent is still at it: the prompt is a go-ahead ("yes", "go
 * ahead"), the agent has not handed back since (the history ends on a call or its result), and its first message
 * after the go-ahead says what it does ("I'll move the validators to `checkpoint` package to break the circular
 * dependency"). What it set out to do is unfinished at the cut: "Next: finish what the user approved: move the
 * validators …". A go-ahead's turn is one piece of work; a "continue" over many tickets is none (its first words are
 * long done), and a turn the agent closed with a report has its next step there or none.
 */
function approvedWorkProbes(messages: readonly Message[], latestPrompt: number): DraftProbe[] {
  const prompt = messages[latestPrompt];
  if (!prompt || !isPrompt(prompt) || !approves(contentText(prompt.content))) return [];
  const last = messages.at(-1)!;
  const handedBack = last.role === 'assistant' && toolCallsOf(last).length === 0;
  if (handedBack) return [];
  const first = messages.findIndex(
    (message, index) =>
      index > latestPrompt && message.role === 'assistant' && agentText(message).trim() !== '',
  );
  if (first < 0) return [];
  const narration = NARRATION.exec(agentText(messages[first]!).trim())?.[1]?.trim();
  // Led by its verb ("move the validators"): the approved proposal's decision names the same thing by its most
  // telling words, and the step is the doing of it.
  const phrase = narration ? phraseAfter(narration, 3) : undefined;
  if (!narration || !phrase || phrase.split(' ').length < 2) return [];
  const said = clipWords(narration, STATEMENT_CHARS);
  return [
    {
      kind: 'next-step',
      messageIndex: first,
      question: "What was the agent doing, on the user's go-ahead, when the history ends?",
      answer: `On the user's go-ahead the agent set out to ${said}, and had not handed back yet.`,
      facets: [[phrase]],
      statement: `Next: finish what the user approved: ${said}`,
    },
  ];
}

/** The message of a call still running at the end (its result comes after), since the user's latest prompt. */
function runningCall(messages: readonly Message[], latestPrompt: number): number | undefined {
  const answered = new Set(
    messages.flatMap((message) => (message.role === 'toolResult' ? [message.toolCallId] : [])),
  );
  for (let index = messages.length - 1; index > latestPrompt; index--) {
    const calls = toolCallsOf(messages[index]!);
    if (calls.length === 0) continue;
    return calls.some((call) => !answered.has(call.id)) ? index : undefined;
  }
  return undefined;
}
