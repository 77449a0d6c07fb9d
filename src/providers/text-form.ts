/**
 * The text form of the message contract: `complete({ system, prompt })` is `generate` with one user message
 * holding the prompt and no tools. Strategies that only need text keep calling `complete`; every provider and
 * wrapper implements `generate` once and gets `complete` from here, so the two can never disagree.
 */
import { ProviderError } from '../errors.ts';
import type { Message } from '../session/types.ts';
import type { Tokenizer } from '../tokens.ts';
import { renderMessages } from '../session/transcript.ts';
import type { Completion, CompletionRequest, GenerateRequest, Generation, Provider } from './types.ts';

/** The message-shaped request a text request stands for: one user message holding the prompt. */
export function generateRequestOf(request: CompletionRequest): GenerateRequest {
  const { prompt, ...rest } = request;
  return { ...rest, messages: [{ role: 'user', content: prompt }] };
}

/** The text request a message-shaped one is, when it is one: a single plain-text user message and no tools. */
export function textFormOf(request: GenerateRequest): CompletionRequest | undefined {
  if (request.tools !== undefined && request.tools.length > 0) return undefined;
  const [message, ...more] = request.messages;
  if (more.length > 0 || message?.role !== 'user' || typeof message.content !== 'string') return undefined;
  const { messages: _messages, tools: _tools, ...rest } = request;
  return { ...rest, prompt: message.content };
}

/**
 * The messages as one prompt, the way a text-only reader (the extractive provider, the tokenizer fallback) sees
 * them: the prompt itself for the text form, else the transcript rendering every strategy uses, uncut.
 */
export function promptOfMessages(messages: readonly Message[]): string {
  const [message, ...more] = messages;
  if (more.length === 0 && message?.role === 'user' && typeof message.content === 'string')
    return message.content;
  return renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY });
}

/**
 * Input tokens of a request by our tokenizer, for a server that reports no usage and for `--context-window`:
 * the system prompt, the rendered messages and the tool definitions. The text form counts exactly as it
 * always did (system + prompt).
 */
export function countGenerateRequest(tokenizer: Pick<Tokenizer, 'count'>, request: GenerateRequest): number {
  const tools =
    request.tools && request.tools.length > 0 ? tokenizer.count(JSON.stringify(request.tools)) : 0;
  return tokenizer.count(request.system) + tokenizer.count(promptOfMessages(request.messages)) + tools;
}

/** The text answer of a generation; an answer with no text (only tool calls) is an error, never an empty summary. */
export function completionOf(generation: Generation, name: string): Completion {
  const { content, stopReason, ...completion } = generation;
  if (completion.text.trim() === '') {
    const calls = content.filter((block) => block.type === 'toolCall').length;
    throw new ProviderError(
      `${name}: empty answer (stop reason: ${stopReason}${calls > 0 ? `; ${calls} tool calls and no text` : ''})`,
      { retryable: false },
    );
  }
  return completion;
}

/** A provider whose `complete` is its own `generate` with the text request as one user message. */
export function withTextForm(provider: Omit<Provider, 'complete'>): Provider {
  const name = `${provider.id}:${provider.model}`;
  return {
    ...provider,
    complete: async (request) => completionOf(await provider.generate(generateRequestOf(request)), name),
  };
}

/**
 * A `generate` for a source that only reads text (the extractive summarizer, a test's scripted provider): the
 * messages are rendered as one prompt, tools are ignored, and the answer is its text with no tool call.
 */
export function generateThroughText(
  complete: (request: CompletionRequest) => Promise<Completion>,
): (request: GenerateRequest) => Promise<Generation> {
  return async (request) => {
    const { messages, tools: _tools, ...rest } = request;
    const completion = await complete({ ...rest, prompt: promptOfMessages(messages) });
    return {
      ...completion,
      content: completion.text === '' ? [] : [{ type: 'text', text: completion.text }],
      stopReason: 'stop',
    };
  };
}
