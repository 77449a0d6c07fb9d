/**
 * Counts the HTTP attempts the SDK makes for each call. The SDKs retry inside one method call and
 * do not report how often; a `fetch` wrapper sees every attempt, and a per-call header tells it
 * which call an attempt belongs to, so concurrent calls never mix their counts.
 */
import { randomUUID } from 'node:crypto';

/** The SDKs' `fetch` option type (both SDKs use this shape). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Internal: marks which call an attempt belongs to; removed before the request leaves. */
const CALL_HEADER = 'x-compaction-bench-call';

/** Error bodies beyond this are cut: enough to recognise an overflow message, never a whole page. */
const ERROR_BODY_CHARACTERS = 2000;

/** What one call saw on the wire. */
export type CallAttempts = {
  /** Headers to pass with the SDK request so its attempts are counted here. */
  headers: Record<string, string>;
  /** HTTP attempts made so far. */
  count(): number;
  /** The body of the last non-2xx answer, for messages the SDK could not parse. */
  lastErrorBody(): string | undefined;
  /** Forget the call. */
  end(): void;
};

/** A counting `fetch` for an SDK client, and a way to start counting one call. */
export type AttemptCounter = {
  fetch: Fetch;
  /** Starts counting one call; `onSent` is told each time one of its attempts is handed to the network. */
  start(onSent?: () => void): CallAttempts;
};

type CallState = { attempts: number; errorBody?: string; onSent?: (() => void) | undefined };

/** Wraps `baseFetch` so every attempt is counted against the call whose header it carries. */
export function createAttemptCounter(baseFetch: Fetch = globalThis.fetch): AttemptCounter {
  const calls = new Map<string, CallState>();

  const countingFetch: Fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const id = headers.get(CALL_HEADER);
    const state = id === null ? undefined : calls.get(id);
    if (id === null) return baseFetch(input, init);
    headers.delete(CALL_HEADER);
    if (state) state.attempts++;
    state?.onSent?.();
    const response = await baseFetch(input, { ...init, headers });
    if (!response.ok && state) {
      // A clone, so the SDK still reads (or cancels) the original body as usual.
      state.errorBody = (await response.clone().text()).slice(0, ERROR_BODY_CHARACTERS);
    }
    return response;
  };

  return {
    fetch: countingFetch,
    start(onSent) {
      const id = randomUUID();
      const state: CallState = { attempts: 0, onSent };
      calls.set(id, state);
      return {
        headers: { [CALL_HEADER]: id },
        count: () => state.attempts,
        lastErrorBody: () => state.errorBody,
        end: () => calls.delete(id),
      };
    },
  };
}
