/** The running context of a replayed session: its messages with their transcript positions, as a session a strategy reads. */
import type { FileOperation, Message, Session, UserMessage } from '../session/types.ts';

/** One message of the running context and its transcript index (undefined for a summary or an altered copy). */
export type ContextEntry = { message: Message; origin: number | undefined };

/** How the agent hands a summary to the model after compacting (pi's wording): a user message before the rest. */
export const SUMMARY_PREAMBLE =
  'The conversation history before this point was compacted into the following summary:';

/** The previous summary as the first message of the context, for strategies that summarize afresh. */
export function summaryMessage(summary: string): UserMessage {
  return { role: 'user', content: `${SUMMARY_PREAMBLE}\n\n<summary>\n${summary}\n</summary>` };
}

/** The transcript's file operations grouped by the message that made them. */
export function operationsByMessage(session: Session): Map<number, FileOperation[]> {
  const byMessage = new Map<number, FileOperation[]>();
  for (const operation of session.fileOperations) {
    const list = byMessage.get(operation.messageIndex) ?? [];
    list.push(operation);
    byMessage.set(operation.messageIndex, list);
  }
  return byMessage;
}

/**
 * Context entries as a session of their own: file operations and sources follow each message from its
 * transcript position; recorded compactions are hidden, so nothing reads the agent's own summaries.
 */
export function contextSession(
  base: Session,
  entries: readonly ContextEntry[],
  operations: ReadonlyMap<number, readonly FileOperation[]>,
): Session {
  const fileOperations = entries.flatMap((entry, messageIndex) =>
    entry.origin === undefined
      ? []
      : (operations.get(entry.origin) ?? []).map((operation) => ({ ...operation, messageIndex })),
  );
  return {
    ...base,
    messages: entries.map((entry) => entry.message),
    sources: entries.map((entry) =>
      entry.origin === undefined ? { line: 0 } : (base.sources[entry.origin] ?? { line: 0 }),
    ),
    fileOperations,
    compactions: [],
  };
}

/** The transcript indices of messages a strategy kept, found by identity among the entries it was given. */
export function entriesOf(kept: readonly Message[], given: readonly ContextEntry[]): ContextEntry[] {
  const origins = new Map(given.map((entry) => [entry.message, entry.origin]));
  return kept.map((message) => ({ message, origin: origins.get(message) }));
}
