/**
 * A session made read-only before strategies run: every strategy of a run reads the same session object, so one
 * that edited a message in place would change what the strategies after it see (and what it is charged).
 * Freezing costs one walk over the session, far less than a copy per strategy.
 */
import type { Session } from './types.ts';

/** Freezes a session and everything it holds (messages, content blocks, tool arguments), and returns it. */
export function freezeSession(session: Session): Session {
  deepFreeze(session);
  return session;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  // A typed array cannot be frozen; sessions hold none, but a custom importer's might.
  if (ArrayBuffer.isView(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
