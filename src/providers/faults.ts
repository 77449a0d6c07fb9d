/** Turns a failed SDK call into our errors: aborted, context overflow, or a provider error with status. */
import { AbortedError, ContextOverflowError, ProviderError } from '../errors.ts';
import { redactUrlSecrets } from './url-secrets.ts';

/** An error answer with an HTTP status, as the SDK adapters read it. */
export type StatusFault = { status: number; message: string; code?: string | null; type?: string | null };

/**
 * A failed call as both SDK adapters describe it, whatever the SDK's own error classes. Each adapter decides
 * which error answers mean the prompt does not fit (`overflow`), from its own API's wording
 * (`<provider>/overflow.ts`).
 */
export type CallFault =
  | { kind: 'aborted' }
  | { kind: 'timeout' }
  | { kind: 'connection'; message: string }
  | ({ kind: 'status' | 'overflow' } & StatusFault)
  | { kind: 'other' };

/** Statuses worth another try later: timeouts, lock conflicts, rate limits, server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** What the call is, for messages: `openai:gpt-4.1-mini`, where it went, and how many HTTP attempts it made. */
export type CallDescription = { name: string; baseUrl?: string; attempts: number; signal?: AbortSignal };

/** Our error for a failed call; unknown errors (bugs, not faults) are returned as they are. */
export function toBenchError(fault: CallFault, cause: unknown, call: CallDescription): unknown {
  const tries = call.attempts > 1 ? ` after ${call.attempts} attempts` : '';
  if (fault.kind === 'aborted' || call.signal?.aborted) {
    return new AbortedError(`${call.name}: request aborted`, { cause });
  }
  switch (fault.kind) {
    case 'timeout':
      return new ProviderError(`${call.name}: request timed out${tries} (raise --timeout or --retries)`, {
        retryable: true,
        cause,
      });
    case 'connection':
      // The URL first: an unreachable local server is most often a wrong port or a server not started.
      const where = call.baseUrl ? ` to ${redactUrlSecrets(call.baseUrl)}` : '';
      return new ProviderError(`${call.name}: could not connect${where}${tries}: ${fault.message}`, {
        retryable: true,
        cause,
      });
    case 'overflow':
      return new ContextOverflowError(
        `${call.name}: the prompt does not fit the model's context window (HTTP ${fault.status}: ${fault.message})`,
        { status: fault.status, cause },
      );
    case 'status':
      return new ProviderError(`${call.name}: HTTP ${fault.status}${tries}: ${fault.message}`, {
        status: fault.status,
        retryable: isRetryableStatus(fault.status),
        cause,
      });
    case 'other':
      return cause;
  }
}

/** The error message inside a server's JSON error body (`{error: {message}}`, `{message}`, `{error: "…"}`). */
export function messageFromBody(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as { error?: unknown; message?: unknown; detail?: unknown };
    const error = record.error;
    if (typeof error === 'string') return error;
    if (
      typeof error === 'object' &&
      error !== null &&
      typeof (error as { message?: unknown }).message === 'string'
    ) {
      return (error as { message: string }).message;
    }
    if (typeof record.message === 'string') return record.message;
    if (typeof record.detail === 'string') return record.detail;
    return undefined;
  } catch {
    return body.trim() || undefined;
  }
}
