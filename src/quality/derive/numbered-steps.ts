/**
 * The next steps of the agent's own numbered list while it works through it by number: since the user's latest prompt
 * the agent listed what it would do ("1. … 2. Stale docstring on `DeleteShadowBranches` … 3. Log level getter not set
 * …", "Let me fix the actionable ones (1, 2, 3)") and then took the items up by their numbers as bold headings
 * ("**Fix 1: `discardSession` idempotency**"). At the cut the items it has not taken up, and the one it took up last
 * while it has said nothing since (its turn still running), are not done: a reader hands each over as a step to do.
 */
import type { Message } from '../../session/types.ts';
import { isPrompt, toolCallsOf } from '../../session/types.ts';
import { agentText } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { plainPhrase } from './artifacts.ts';
import { clipWords } from './phrases.ts';

// A numbered list item: "1. …", "2) …".
const NUMBERED_ITEM = /^\s*(\d{1,2})[.)]\s+(.+)$/gm;
// The agent taking an item up by its number, as a bold heading of its step: "**Fix 1: …**", "**Step 2** —". A number in
// prose ("let's continue with task 2 - …") may be another list's (a task tool's).
const TAKEN_UP = /\*\*(?:fix|step|item|task|part|point)\s+#?(\d{1,2})\b\s*(?:\*\*\s*)?[:.—–-]/gi;
// The items the agent says it will do, by number, in the list's message: "the actionable ones (1, 2, 3)".
const CHOSEN = /\((\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})+)\)/;
// About one summary sentence.
const STATEMENT_CHARS = 160;

/**
 * An item's own words: its bold label ("**Copilot #2785477259** —"), a lead-in before a colon and what follows its first
 * sentence left out.
 */
function itemWords(item: string): string {
  const unlabelled = item.replace(/^\s*\*\*[^*]+\*\*\s*(?:[—–:-]\s*)?/, '');
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(unlabelled)?.[1] ?? unlabelled;
  // A lead-in before a colon ("Both flag the same real bug: …") says whose finding it is; what follows says the step.
  const lead = sentence.indexOf(': ');
  return (lead > 0 ? sentence.slice(lead + 2) : sentence)
    .replace(/\*\*|`/g, '')
    .replace(/[.;,]+\s*$/, '')
    .trim();
}

/** The next-step probes of the numbered items not yet taken up at the end of these messages. */
export function numberedStepProbes(messages: readonly Message[]): DraftProbe[] {
  const latestPrompt = messages.findLastIndex(isPrompt);
  let list: { index: number; items: Map<number, string>; chosen?: Set<number> } | undefined;
  let taken = new Set<number>();
  // The item the agent took up last, while it has said nothing since (only calls): it is at that step.
  let current: number | undefined;
  for (let index = latestPrompt + 1; index < messages.length; index++) {
    const text = agentText(messages[index]!);
    if (text.trim() === '') continue;
    const matches = [...text.matchAll(NUMBERED_ITEM)];
    const items = new Map(matches.map(([, number, item]) => [Number(number), item!]));
    // A new list of two items or more, numbered from 1, is the plan from here on.
    if (items.size >= 2 && items.has(1) && items.has(2)) {
      const last = matches.at(-1)!;
      const chosen = CHOSEN.exec(text.slice(last.index + last[0].length))?.[1];
      list = {
        index,
        items,
        ...(chosen ? { chosen: new Set(chosen.match(/\d+/g)!.map(Number)) } : {}),
      };
      taken = new Set();
      current = undefined;
      continue;
    }
    if (!list) continue;
    const numbers = [...text.matchAll(TAKEN_UP)].map(([, number]) => Number(number));
    for (const number of numbers) taken.add(number);
    current = numbers.at(-1);
  }
  if (!list || ![...taken].some((number) => list!.items.has(number))) return [];
  const found = list;
  // Once the agent handed back (the history ends on its words, no call), the item it was at is done.
  const last = messages.at(-1)!;
  const handedBack = last.role === 'assistant' && toolCallsOf(last).length === 0;
  // Items may be taken up out of order ("Fix 1 + Fix 5", then "Fix 6"): an item is open until taken up.
  const open = [...found.items].filter(
    ([number]) =>
      (!taken.has(number) || (number === current && !handedBack)) &&
      (found.chosen === undefined || found.chosen.has(number)),
  );
  return open.flatMap(([number, item]) => {
    const words = itemWords(item);
    // The item's first plain words ("Log level getter not set"): a name in the facet is kept by a bag of the session's
    // names, and so are the parts of one ("Log level getter" of `SetLogLevelGetter`).
    const phrase = plainPhrase(words, 6);
    if (!phrase) return [];
    const said = clipWords(words, STATEMENT_CHARS);
    return [
      {
        kind: 'next-step' as const,
        messageIndex: found.index,
        question: `Which step of the agent's numbered list (item ${number}) is still to do?`,
        answer: `Item ${number} of the agent's list is not begun yet: ${said}`,
        facets: [[phrase]],
        statement: `Next: ${said}`,
      },
    ];
  });
}
