/**
 * How the Anthropic messages API says a prompt does not fit the model's context window. Each pattern has a
 * real answer in {@link ANTHROPIC_OVERFLOW_EXAMPLES}, and the conformance suite sends each one through the SDK.
 */
import type { StatusFault } from '../faults.ts';

/** Real overflow answers, with where each was seen: the error body and the HTTP status. */
export const ANTHROPIC_OVERFLOW_EXAMPLES: ReadonlyArray<{ seenAt: string; status: number; body: unknown }> = [
  {
    // The prompt alone is over the window.
    seenAt: 'https://github.com/earendil-works/pi/issues/102',
    status: 400,
    body: {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 219898 tokens > 200000 maximum' },
      request_id: 'req_011CVjxiYzEFcAQC4Fk87zw2',
    },
  },
  {
    // The prompt fits, but not with max_tokens on top.
    seenAt: 'https://github.com/docker/docker-agent/issues/569',
    status: 400,
    body: {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message:
          'input length and `max_tokens` exceed context limit: 178959 + 64000 > 200000, decrease input length or `max_tokens` and try again',
      },
      request_id: 'req_011CUB2XUHWkFnQzxcKBbjpF',
    },
  },
  {
    // The request body is over the API's byte limit (32 MB), before any token is counted.
    seenAt: 'https://docs.anthropic.com/en/api/errors',
    status: 413,
    body: {
      type: 'error',
      error: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
    },
  },
];

/** "prompt is too long", "exceed context limit"; "maximum context length" from compatible servers (vLLM). */
const OVERFLOW_PATTERN =
  /prompt is too long|exceed(?:s|ed)? (?:the )?context (?:limit|window)|maximum context length/i;

/** True when an error answer of the messages API says the prompt exceeded the context window. */
export function isAnthropicContextOverflow(fault: StatusFault): boolean {
  if (fault.status === 413 || fault.type === 'request_too_large') return true;
  if (fault.status < 400 || fault.status >= 500) return false;
  return OVERFLOW_PATTERN.test(fault.message);
}
