/**
 * The next step as the agent's own plan names it: the item in progress on its latest to-do list (Claude Code's
 * `TodoWrite`, Codex's `update_plan`), or the next part of a checklist file it ticks off as it works (`- [x]` items
 * under headings, rebuilt from the transcript's writes and edits). A plan names the next step only while it is
 * followed: written or ticked after the user's latest prompt, since a prompt may set other work. A list's last open
 * item that the agent's answer itself carries out ("Draft phased migration strategy"), in progress when the agent ended
 * its turn with that answer, is done: the answer is the draft, and the list was only left unticked.
 */
import { normalisePath } from '../../session/normalise-path.ts';
import { fileStateAt } from '../../session/file-state.ts';
import type { Message, Session } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase } from './phrases.ts';
import { taskList } from './task-list.ts';

/** What a plan is read from: the history before the cut, with its file operations. */
export type PlanSession = Pick<Session, 'messages'> & Partial<Pick<Session, 'fileOperations' | 'cwd'>>;

/**
 * The next step a plan names, and where the plan last changed; `last` when it is a to-do list's item in progress with
 * no item pending after it (the list's last open item).
 */
type NextStep = { messageIndex: number; title: string; detail?: string; source: string; last?: boolean };

// About one summary sentence: a heading and the line that says what its part is for.
const STATEMENT_CHARS = 200;
const TASK_LIST = 'task list';

/** The next-step probe of the plan the agent follows at the end of `session`, if it keeps one. */
export function planProbes(session: PlanSession): DraftProbe[] {
  const latestPrompt = session.messages.findLastIndex(isPrompt);
  const steps = [todoStep(session.messages), checklistStep(session)].filter(
    // A task list (TaskCreate) is kept across prompts: its pending items wait until done or deleted.
    (step): step is NextStep =>
      step !== undefined && (step.messageIndex > latestPrompt || step.source === TASK_LIST),
  );
  const step = steps.sort((a, b) => b.messageIndex - a.messageIndex)[0];
  if (step && answeredAtTurnEnd(step, session.messages)) return [];
  const phrase = step ? (keyPhrase(step.title) ?? keyPhrase(step.detail ?? '')) : undefined;
  if (!step || !phrase) return [];
  const said = clipWords([step.title, step.detail].filter(Boolean).join(': '), STATEMENT_CHARS);
  return [
    {
      kind: 'next-step',
      messageIndex: step.messageIndex,
      question: `What does the agent's ${step.source} say comes next?`,
      answer: `Next, by the agent's ${step.source}: "${said}"`,
      facets: [[phrase]],
      statement: said,
    },
  ];
}

type TodoItem = { text: string; status: string };

/** The items of a to-do list call: `TodoWrite`'s `todos` (content), `update_plan`'s `plan` (step). */
function todoItems(argumentsOf: Record<string, unknown>): TodoItem[] | undefined {
  const list = argumentsOf.todos ?? argumentsOf.plan;
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { content, step, status } = item as Record<string, unknown>;
    const text = typeof content === 'string' ? content : typeof step === 'string' ? step : undefined;
    return text && typeof status === 'string' ? [{ text, status }] : [];
  });
}

/**
 * The latest to-do list's item in progress, else its first pending one; none once every item is done. The list is
 * the last `TodoWrite` or `update_plan`, or the task list `TaskCreate` and `TaskUpdate` built, whichever changed last.
 */
function todoStep(messages: readonly Message[]): NextStep | undefined {
  const tasks = taskList(messages);
  const written = writtenTodoStep(messages);
  if (!tasks || (written && written.messageIndex > tasks.messageIndex)) return written;
  const next =
    tasks.items.find((item) => item.status === 'in_progress') ??
    tasks.items.find((item) => item.status === 'pending');
  return next
    ? {
        messageIndex: tasks.messageIndex,
        title: next.subject,
        source: TASK_LIST,
        last: isLastOpen(next, tasks.items),
      }
    : undefined;
}

/** Whether an item is in progress and no item of its list is pending. */
function isLastOpen(item: { status: string }, items: ReadonlyArray<{ status: string }>): boolean {
  return item.status === 'in_progress' && !items.some((other) => other.status === 'pending');
}

// A step the agent's answer itself carries out, by its opening verb: a draft, a proposal, a summary, a report, a
// recommendation written to the user, not work on files (a step naming a file is left out).
const ANSWER_STEP =
  /^(?:draft|drafting|propose|proposing|summari[sz]e|summari[sz]ing|report|reporting|recommend|recommending|outline|outlining|present|presenting|suggest|suggesting|answer|answering|write up|writing up)\b/i;
const NAMES_FILE = /[\w-]\.[A-Za-z]{1,5}\b|\//;

/**
 * Whether a plan's step is the list's last open item, one the agent's answer carries out, and the agent ended its turn
 * with an answer after the list last changed: the history before the cut ends with the agent's text, no tool called
 * in it (a turn cut short ends with a call or its result).
 */
function answeredAtTurnEnd(step: NextStep, messages: readonly Message[]): boolean {
  if (step.last !== true || !ANSWER_STEP.test(step.title.trim()) || NAMES_FILE.test(step.title)) return false;
  const last = messages.at(-1);
  return (
    last !== undefined &&
    messages.length - 1 > step.messageIndex &&
    last.role === 'assistant' &&
    toolCallsOf(last).length === 0 &&
    contentText(last.content.filter((block) => block.type === 'text')).trim().length > 0
  );
}

/** The next item of the latest `TodoWrite` or `update_plan` call. */
function writtenTodoStep(messages: readonly Message[]): NextStep | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    for (const call of toolCallsOf(messages[index]!).reverse()) {
      const items = todoItems(call.arguments);
      if (!items) continue;
      const next =
        items.find((item) => item.status === 'in_progress') ??
        items.find((item) => item.status === 'pending');
      return next
        ? { messageIndex: index, title: next.text, source: 'to-do list', last: isLastOpen(next, items) }
        : undefined;
    }
  }
  return undefined;
}

const PLAN_FILE = /\.(?:md|markdown|mdx|txt)$/i;
const OPEN_ITEM = /^\s*[-*+] \[ \]\s+(.*)$/;
const TICKED_ITEM = /^\s*[-*+] \[[xX]\]\s/;
const TICKED_ITEM_IN_TEXT = new RegExp(TICKED_ITEM.source, 'm');
const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*(?:```|~~~)/;

/**
 * The next part of the checklist file the agent ticked last: after its last ticked item, the first heading whose
 * items are all still open (the next work package), else the first open item.
 */
function checklistStep(session: PlanSession): NextStep | undefined {
  // Only Markdown files are rebuilt: a session's source files may be many and large, and hold no plan.
  const notes = (session.fileOperations ?? []).filter((operation) => PLAN_FILE.test(operation.path));
  if (notes.length === 0) return undefined;
  // Where each file was last written or edited: a read after the last tick does not move the plan on.
  const changed = new Map<string, number>();
  for (const operation of notes)
    if (operation.kind !== 'read')
      changed.set(normalisePath(operation.path, session.cwd), operation.messageIndex);
  const files = [...fileStateAt({ ...session, fileOperations: notes }, session.messages.length).values()]
    .filter(
      (file) =>
        changed.has(file.path) && file.content !== undefined && TICKED_ITEM_IN_TEXT.test(file.content),
    )
    .sort((a, b) => changed.get(b.path)! - changed.get(a.path)!);
  for (const file of files) {
    const step = nextPart(file.content!);
    if (step) return { messageIndex: changed.get(file.path)!, ...step, source: `checklist ${file.path}` };
  }
  return undefined;
}

/** What comes after a checklist's last ticked item: the next heading with only open items, else the next item. */
function nextPart(content: string): { title: string; detail?: string } | undefined {
  type Line = { text: string; heading?: string; open?: string; ticked: boolean };
  let fenced = false;
  const lines: Line[] = content.split('\n').map((text) => {
    if (FENCE.test(text)) fenced = !fenced;
    const heading = fenced ? undefined : HEADING.exec(text)?.[1];
    const open = fenced ? undefined : OPEN_ITEM.exec(text)?.[1];
    return { text, heading, open, ticked: !fenced && TICKED_ITEM.test(text) };
  });
  const lastTicked = lines.findLastIndex((line) => line.ticked);
  if (lastTicked < 0) return undefined;
  const after = lines.slice(lastTicked + 1);
  // The parts after the last ticked item, each a heading and the lines up to the next heading.
  const parts: Array<{ heading: string; lines: Line[] }> = [];
  for (const line of after) {
    if (line.heading !== undefined) parts.push({ heading: line.heading, lines: [] });
    else parts.at(-1)?.lines.push(line);
  }
  const next = parts.find(
    (part) => !part.lines.some((line) => line.ticked) && part.lines.some((line) => line.open !== undefined),
  );
  if (next) return { title: next.heading, detail: firstProse(next.lines) };
  const item = after.find((line) => line.open !== undefined);
  return item ? { title: item.open! } : undefined;
}

/** The first line of prose under a heading (a quoted summary counts), without its markup. */
function firstProse(lines: ReadonlyArray<{ text: string }>): string | undefined {
  for (const { text } of lines) {
    const plain = text
      .replace(/^\s*>\s?/, '')
      .replace(/[*_`]/g, '')
      .trim();
    if (plain && !/^[-|:]/.test(plain) && !/:$/.test(plain)) return plain;
  }
  return undefined;
}
