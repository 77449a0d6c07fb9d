/**
 * Claude Code's task tools as a to-do list: `TaskCreate` adds an item (its id is in the result, "Task #3 created
 * successfully: …", else the next number), `TaskUpdate` sets an item's status or subject by `taskId`, and what `TaskList` prints replaces what was known
 * (subagents update tasks out of the transcript's sight). The list at
 * the end of the messages is what the agent's plan says is done, in progress and pending.
 */
import type { Message } from '../../session/types.ts';
import { contentText, toolCallsOf } from '../../session/types.ts';

// An item as TaskList prints it: "#6 [completed] Update display formatting for summaries".
const LISTED_ITEM = /^#(\d+) \[(\w+)\] (.+)$/gm;

/** One item of the task list. */
export type TaskItem = { id: string; subject: string; description?: string; status: string };

/** The task list the messages leave, with the message where it last changed; none when no task tool was called. */
export function taskList(
  messages: readonly Message[],
): { items: TaskItem[]; messageIndex: number } | undefined {
  const items = new Map<string, TaskItem>();
  const created = new Map<string, TaskItem>();
  const listed = new Set<string>();
  let changedAt = -1;
  messages.forEach((message, index) => {
    if (message.role === 'toolResult') {
      const text = contentText(message.content);
      if (listed.has(message.toolCallId)) {
        // What TaskList shows is the list as it is, with what subagents changed out of sight.
        for (const [, id = '', status = '', subject = ''] of text.matchAll(LISTED_ITEM))
          items.set(id, { ...items.get(id), id, subject: subject.trim(), status });
        changedAt = index;
        return;
      }
      const item = created.get(message.toolCallId);
      const id = /\bTask #(\d+) created\b/.exec(text)?.[1];
      if (item && id && id !== item.id) {
        items.delete(item.id);
        items.set(id, { ...item, id });
      }
      return;
    }
    for (const call of toolCallsOf(message)) {
      const input = call.arguments;
      if (call.name === 'TaskList') listed.add(call.id);
      else if (call.name === 'TaskCreate' && typeof input['subject'] === 'string') {
        const item: TaskItem = {
          id: String(items.size + 1),
          subject: input['subject'],
          ...(typeof input['description'] === 'string' ? { description: input['description'] } : {}),
          status: 'pending',
        };
        items.set(item.id, item);
        created.set(call.id, item);
        changedAt = index;
      } else if (call.name === 'TaskUpdate' && input['taskId'] !== undefined) {
        const item = items.get(String(input['taskId']));
        if (!item) continue;
        if (typeof input['status'] === 'string') item.status = input['status'];
        if (typeof input['subject'] === 'string') item.subject = input['subject'];
        changedAt = index;
      }
    }
  });
  if (changedAt < 0) return undefined;
  return { items: [...items.values()].filter((item) => item.status !== 'deleted'), messageIndex: changedAt };
}
