/**
 * The requirements a user lists in a request ("Page filters:\n- Date range filter\n- Label filter (one or many)\n…"):
 * each list is a constraint the work must meet, stated with the line that heads it. A long request (a pasted plan or
 * ticket) is left to the task and its rules: its lists are the plan's steps, not the user's requirements.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, proseOf } from './phrases.ts';

// A list item of the user's prose, and the most a request holds to be typed rather than pasted.
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/;
const MAX_REQUEST_CHARS = 1500;
const MIN_ITEMS = 2;
const MAX_ITEMS = 8;
const STATEMENT_CHARS = 240;
// How a step of a plan opens: a verb of doing.
const STEP =
  /^(?:edit|change|replace|run|add|remove|delete|create|update|fix|write|move|rename|open|read|make|implement|install|check|test|use|commit|push|deploy|refactor)\b/i;

/** What the user typed of a prompt: after an editor's context header (Codex in VS Code), when there is one. */
function typed(text: string): string {
  return text.replace(/^[\s\S]*?#+\s*My request for \w+:\s*/, '');
}

/** The lists of a request's prose: the line before each (its heading) and its items. */
export function requestLists(prose: string): Array<{ heading: string; items: string[] }> {
  const lists: Array<{ heading: string; items: string[] }> = [];
  let current: { heading: string; items: string[] } | undefined;
  let previous = '';
  for (const line of prose.split('\n')) {
    const item = ITEM.exec(line)?.[1];
    if (item) {
      current ??= { heading: previous.replace(/:$/, '').trim(), items: [] };
      current.items.push(item.replace(/\*\*|`/g, ''));
      continue;
    }
    if (current) lists.push(current);
    current = undefined;
    if (line.trim().length > 0) previous = line.trim();
  }
  if (current) lists.push(current);
  return lists.filter(
    (list) =>
      list.items.length >= MIN_ITEMS &&
      list.items.length <= MAX_ITEMS &&
      // A list of steps ("Edit a.txt, change …", "Run the tests") is work to do, not what the work must meet.
      list.items.filter((item) => STEP.test(item)).length * 2 <= list.items.length,
  );
}

/** One constraint per list of requirements in a typed request, with its heading. */
export function specListProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  messages.forEach((message, messageIndex) => {
    if (!isPrompt(message)) return;
    const prose = proseOf(typed(contentText(message.content)));
    if (prose.length > MAX_REQUEST_CHARS) return;
    for (const { heading, items } of requestLists(prose)) {
      const phrase = items.map((item) => keyPhrase(item, 4)).find((found) => found !== undefined);
      if (!phrase) continue;
      const said = clipWords(`${heading ? `${heading}: ` : ''}${items.join(', ')}`, STATEMENT_CHARS);
      probes.push({
        kind: 'constraint',
        messageIndex,
        question: `What did the user list${heading ? ` under "${clipWords(heading, 60)}"` : ''}?`,
        answer: `The user listed: ${said}`,
        facets: [[phrase]],
        statement: said,
      });
    }
  });
  return probes;
}
