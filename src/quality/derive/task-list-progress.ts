/**
 * How far the agent's numbered task list has got (Claude Code's `TaskCreate`/`TaskUpdate`/`TaskList`, task-list.ts):
 * which items are completed and which are still open at the cut ("#1–#9, #11 and #12 are completed; #10 is still
 * pending"). A careful reader reports it as the state of the plan, beside the next step that names the open item's
 * work: a handoff that tells done work as pending, or the open item as done, gets the work wrong.
 */
import type { Message } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords } from './phrases.ts';
import { taskList, type TaskItem } from './task-list.ts';

// At most this many open items: a list mostly still to do is a plan, not progress a reader reports item by item.
const MOST_OPEN = 3;
// At least this many items: one or two are a step, not a list.
const FEWEST_ITEMS = 3;

/** Numbers as ranges of consecutive ones, in order: [1…9, 11, 12] → "#1–#9, #11 and #12". */
export function numberRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let at = 0; at < sorted.length;) {
    let end = at;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    // Two in a row are two items ("#11 and #12"), three or more a range.
    if (end - at >= 2) ranges.push(`#${sorted[at]}–#${sorted[end]}`);
    else for (let item = at; item <= end; item++) ranges.push(`#${sorted[item]}`);
    at = end + 1;
  }
  return ranges.length <= 1 ? (ranges[0] ?? '') : `${ranges.slice(0, -1).join(', ')} and ${ranges.at(-1)}`;
}

/** How a summary says an item is still open: "#10 is still pending", "only #10 open", "#10 remains". */
function openSpellings(id: string): string[] {
  return [
    `#${id} [pending]`,
    `#${id} [in_progress]`,
    `#${id} left`,
    `#${id} remains`,
    `#${id} is the only`,
    `only #${id}`,
    ...['pending', 'open', 'in progress', 'to do'].flatMap((word) => [
      `#${id} ${word}`,
      `#${id} is ${word}`,
      `#${id} still ${word}`,
      `#${id} is still ${word}`,
    ]),
  ];
}

/**
 * The task list's progress at the end of the messages, as one state probe: its completed items by number, its open
 * ones by number and subject. Its facet is an open item said to be open; none when the list has no item done, more than
 * a few open, or items with no number.
 */
export function taskListProgressProbe(messages: readonly Message[]): DraftProbe | undefined {
  const list = taskList(messages);
  if (!list || list.items.length < FEWEST_ITEMS || list.items.some((item) => !/^\d+$/.test(item.id)))
    return undefined;
  const done = list.items.filter((item) => item.status === 'completed');
  const open = list.items.filter((item) => item.status !== 'completed');
  if (done.length === 0 || open.length === 0 || open.length > MOST_OPEN) return undefined;
  const byNumber = (items: readonly TaskItem[]) => items.map((item) => Number(item.id));
  const openNames = open.map((item) => `#${item.id} ${clipWords(item.subject, 80)}`).join('; ');
  // Not "completed; … still pending": "still" beside a word of its opposite reads as the statement turned round.
  const statement = `Task list: ${numberRanges(byNumber(done))} done, ${numberRanges(byNumber(open))} left to do`;
  return {
    kind: 'state',
    messageIndex: list.messageIndex,
    question: 'Which items of the task list are completed, and which are still open?',
    answer: `${statement} (${openNames}).`,
    facets: [open.flatMap((item) => openSpellings(item.id))],
    statement,
  };
}
