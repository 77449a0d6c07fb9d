/**
 * How OpenAI and the servers that speak its chat completions (vLLM, llama.cpp, Ollama, LM Studio) say a
 * prompt does not fit the model's context window. Each pattern has a real answer in
 * {@link OPENAI_OVERFLOW_EXAMPLES}, and the conformance suite sends each one through the SDK.
 */
import type { StatusFault } from '../faults.ts';

/** Real overflow answers, with where each was seen: the error body and the HTTP status. */
export const OPENAI_OVERFLOW_EXAMPLES: ReadonlyArray<{ seenAt: string; status: number; body: unknown }> = [
  {
    // OpenAI: the code says it, and the message.
    seenAt: 'https://github.com/crewAIInc/crewAI-examples/issues/121',
    status: 400,
    body: {
      error: {
        message:
          "This model's maximum context length is 8192 tokens. However, your messages resulted in 8227 tokens. Please reduce the length of the messages.",
        type: 'invalid_request_error',
        param: 'messages',
        code: 'context_length_exceeded',
      },
    },
  },
  {
    // OpenAI (older wording, counting the completion too), here with the code left out as some gateways do.
    seenAt: 'https://github.com/conghaonet/hao_chatgpt/issues/4',
    status: 400,
    body: {
      error: {
        message:
          "This model's maximum context length is 4097 tokens. However, you requested 4268 tokens (4012 in the messages, 256 in the completion). Please reduce the length of the messages or completion.",
        type: 'invalid_request_error',
      },
    },
  },
  {
    // llama.cpp's llama-server: its own error type, the status 400 (500 in its first versions).
    seenAt: 'https://github.com/oobabooga/textgen/issues/7257',
    status: 400,
    body: {
      error: {
        code: 400,
        message:
          'the request exceeds the available context size. try increasing the context size or enable context shift',
        type: 'exceed_context_size_error',
        n_prompt_tokens: 14429,
        n_ctx: 8192,
      },
    },
  },
];

/** The wordings: OpenAI and vLLM ("maximum context length"), llama.cpp ("exceeds the available context size"), Ollama and LM Studio ("context length"). */
const OVERFLOW_PATTERN =
  /context[_ ]length|context (?:size|window|limit)|maximum context|prompt is too long|too many tokens|input is too long/i;

/** Codes and types that mean the same, where a server sets one. */
const OVERFLOW_CODES = new Set(['context_length_exceeded', 'exceed_context_size_error']);

/** True when an error answer of an OpenAI-compatible server says the prompt exceeded the context window. */
export function isOpenAIContextOverflow(fault: StatusFault): boolean {
  if (fault.status === 413) return true;
  if (fault.status < 400) return false;
  // llama.cpp first sent its overflow type with status 500: the type decides, whatever the status.
  if (OVERFLOW_CODES.has(fault.code ?? '') || OVERFLOW_CODES.has(fault.type ?? '')) return true;
  return fault.status < 500 && OVERFLOW_PATTERN.test(fault.message);
}
