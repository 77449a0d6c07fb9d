/**
 * The next step in the agent's own words, where no plan tool holds it: the "Next steps" (or "Remaining") part of the
 * report it gave since the user's latest prompt ("### Next Steps ⏎ - spotter-4te.4: Enable opentelemetry_ash …"), or,
 * when the cut falls while a call is still running, what the agent said it was doing with it ("Now run fmt, lint, and
 * tests:"). A reader hands both over as what comes next.
 */
import type { Message } from '../../session/types.ts';
import { isPrompt, toolCallsOf } from '../../session/types.ts';
import { agentText } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase } from './phrases.ts';

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
  if (running === undefined) return [];
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
