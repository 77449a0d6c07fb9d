/**
 * The attack's bag of tool result heads as the unit tests build it (attacks-real-sessions.test.ts reads each real
 * session's the same way): the first eight words of each tool result, a line each, each line ended by a full stop.
 */
import { contentText, type Session } from '../../src/session/types.ts';

/** The first eight words of each tool result of `session`, a line each, each ended by a full stop. */
export function resultHeadsBag(session: Pick<Session, 'messages'>): string {
  return session.messages
    .filter((message) => message.role === 'toolResult')
    .map(
      (message) =>
        `${(contentText(message.content).match(/[\p{L}\p{N}_'’./-]+/gu) ?? []).slice(0, 8).join(' ')}.`,
    )
    .join('\n');
}
