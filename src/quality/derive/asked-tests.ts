/**
 * A test asked for and not written (docs/derived-probes.md, "What has not happened"): a step of the user's plan or a
 * finding of a subagent's review that says to add a test of a named function ("Add tests for `ComputeTranscriptPath()`
 * in each agent implementation"), with no later write to a test file that names the function. A state of absence:
 * the span runs from the first event at or after the ask to the last event before the cut, and a write to a test
 * file naming the function denies it (absence.ts).
 */
import type { Message } from '../../session/types.ts';
import { toolCallsOf } from '../../session/types.ts';
import { messageText } from '../../session/grep-lines.ts';
import { toolCallsLine } from '../../session/transcript.ts';
import { writesTestOf } from '../absence.ts';
import { eventOfResult, isEvent, restingEvent } from './absences.ts';
import type { DraftProbe } from './draft.ts';

// The tools that run a subagent: its result is the subagent's own report, a review among them.
const SUBAGENT_TOOLS: ReadonlySet<string> = new Set(['Task', 'Agent']);
// Where an item of a plan or a review starts: a list marker, a heading, a bold numbered heading.
const ITEM_START = /^\s*(?:[-*+]\s|\d+[.)]\s|#{1,6}\s|\*\*\d+[.)])/;
// A test asked for, put as a step to take: "Add tests for", "Write a unit test", "**Recommendation**: Add a test that".
const ASKS_TEST =
  /(?:^|[.:]\s+|^\s*(?:[-*+]|\d+[.)])\s+|\*\*\s*)(?:Add|Write|Create)\s+(?:an?\s+|more\s+|new\s+)?(?:unit\s+|integration\s+|e2e\s+|regression\s+)?tests?\b/m;
// A function named in code quotes: a name of code (a capital inside, an underscore), not a path, a word or a command.
const NAMED_CODE = /`([A-Za-z_][A-Za-z0-9_]*[a-z0-9][A-Z_][A-Za-z0-9_]*)(?:\(\))?`/g;

// How a summary says a test was not written (with the function's name and a test word beside it).
export const NOT_WRITTEN = [
  'not written',
  'not yet written',
  'not been written',
  'never written',
  'nobody has written',
  'no one has written',
  'not added',
  'not yet added',
  'not been added',
  'never added',
  'not done',
  'not yet done',
  'not been done',
  'still to do',
  'still to be written',
  'still to write',
  'still to add',
  'still missing',
  'still open',
  'still pending',
  'not started',
  'left to do',
  'were skipped',
  'was skipped',
];
// How a summary calls the test.
const TEST_WORDS = ['test', 'tests', 'unit test', 'unit tests', 'tested'];
// How a summary says the test was written: the state's opposite, said of the function.
const WRITTEN = [
  'has tests',
  'has a test',
  'has unit tests',
  'is tested',
  'is covered',
  'covered by tests',
  'test written',
  'tests written',
  'test added',
  'tests added',
  'tested',
];

/** One ask: the function to test, the message it is in, and the ask's own words. */
type Ask = { name: string; messageIndex: number; item: string };

/** The items of a plan or a review: each from a line that starts one to the next. */
function itemsOf(text: string): string[] {
  const items: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (ITEM_START.test(line) && current.length > 0) {
      items.push(current.join('\n'));
      current = [];
    }
    current.push(line);
  }
  if (current.length > 0) items.push(current.join('\n'));
  return items;
}

/** Whether the message is a plan's or a review's: the user's, or a subagent's report. */
function isPlanOrReview(messages: readonly Message[], at: number): boolean {
  const message = messages[at]!;
  if (message.role === 'user') return true;
  if (message.role !== 'toolResult') return false;
  const event = eventOfResult(messages, at);
  const call =
    event < 0 ? undefined : toolCallsOf(messages[event]!).find((one) => one.id === message.toolCallId);
  return call !== undefined && SUBAGENT_TOOLS.has(call.name);
}

/** The tests the session's plans and reviews ask for, each of one named function. */
function asks(messages: readonly Message[]): Ask[] {
  const found: Ask[] = [];
  for (let at = 0; at < messages.length; at++) {
    if (!isPlanOrReview(messages, at)) continue;
    // Most plans and reviews ask for no test: the whole text is tested before it is split into items.
    const text = messageText(messages[at]!);
    if (!ASKS_TEST.test(text)) continue;
    for (const item of itemsOf(text)) {
      if (!ASKS_TEST.test(item)) continue;
      const names = new Set([...item.matchAll(NAMED_CODE)].map((match) => match[1]!));
      // One function: an item naming several is a section of a plan, which a test of one does not answer.
      if (names.size === 1) found.push({ name: [...names][0]!, messageIndex: at, item });
    }
  }
  return found;
}

/** The first event at or after message `from` (calls whose result follows), as an index; -1 when none. */
function eventFrom(messages: readonly Message[], from: number): number {
  for (let at = from; at < messages.length; at++) if (isEvent(messages, at)) return at;
  return -1;
}

/** The last event of the messages, as an index; -1 when none. */
function lastEvent(messages: readonly Message[]): number {
  for (let at = messages.length - 1; at >= 0; at--) if (isEvent(messages, at)) return at;
  return -1;
}

/**
 * The tests asked for and not written at the cut: for each ask, the span from the first event at or after it (for a
 * review, the call that ran the subagent) to the last event, with no write to a test file naming the function.
 */
export function askedTestProbes(messages: readonly Message[]): DraftProbe[] {
  const asked = asks(messages);
  if (asked.length === 0) return [];
  const last = lastEvent(messages);
  const probes: DraftProbe[] = [];
  const seen = new Set<string>();
  for (const ask of asked) {
    if (seen.has(ask.name)) continue;
    seen.add(ask.name);
    const from = eventFrom(
      messages,
      messages[ask.messageIndex]!.role === 'toolResult'
        ? eventOfResult(messages, ask.messageIndex)
        : ask.messageIndex,
    );
    if (from < 0 || last < from) continue;
    let written = false;
    for (let at = from; at <= last && !written; at++) {
      const line = toolCallsLine(messages[at]!);
      written = line !== undefined && writesTestOf(line, ask.name);
    }
    if (written) continue;
    // The ask's own words of a test not there ("there are no direct unit tests") are the transcript's, not a
    // summary's telling of the state: a copy of the review keeps nothing by them.
    const own = ask.item.toLowerCase();
    const statement = `A test of ${ask.name} was asked for and has not been written`;
    probes.push({
      kind: 'state',
      messageIndex: last,
      question: `Has the test of ${ask.name} that was asked for been written?`,
      answer: `${statement}: "${ask.item.trim().split('\n')[0]!.slice(0, 200)}"; no test file naming ${ask.name} was written since.`,
      facets: [[ask.name], TEST_WORDS, NOT_WRITTEN.filter((spelling) => !own.includes(spelling))],
      statement,
      opposite: { subject: [ask.name], said: WRITTEN, within: 'clause', own: NOT_WRITTEN },
      absence: {
        denies: 'test',
        names: ask.name,
        since: restingEvent(messages, from)!,
        restsOn: restingEvent(messages, last)!,
      },
    });
  }
  return probes;
}
