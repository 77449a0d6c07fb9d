/** An answer as the cache and cassettes store it: keyed by what determines it, with its first latency. */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { Message } from '../session/types.ts';
import { textFormOf } from './text-form.ts';
import type { CompletionRequest, GenerateRequest, Generation, Provider } from './types.ts';

/** Bump when the key's inputs change, so old entries stop matching instead of answering wrongly. */
const KEY_VERSION = 1;

/**
 * SHA-256 of the provider, the model, the request fields that determine the answer and, for run k ≥ 2 of
 * `--runs`, the run number (each run is a fresh sample). Not the
 * base URL, the key or the signal: the same model behind another URL gives the same answer, and
 * credentials must never shape what is stored. A text request, or a message-shaped one that is its text form
 * (one plain-text user message, no tools), keeps the key text requests always had, so shipped cassettes and
 * caches still answer; any other conversation is keyed by its messages and tools in place of the prompt.
 */
export function requestKey(
  provider: Pick<Provider, 'id' | 'model'>,
  request: CompletionRequest | GenerateRequest,
): string {
  const fields = [
    KEY_VERSION,
    provider.id,
    provider.model,
    request.system,
    conversationOf(request),
    request.maxTokens,
  ];
  // Run k of --runs asks anew; run 1 keeps the key it always had, so a single run still hits the cache.
  const sample = request.sample ?? 1;
  const material = JSON.stringify(sample > 1 ? [...fields, sample] : fields);
  return createHash('sha256').update(material).digest('hex');
}

/**
 * Where the prompt goes in the key: the prompt of a text request or of a conversation that is its text form;
 * else an object (which no prompt string can hash like) of the messages and tools.
 */
function conversationOf(request: CompletionRequest | GenerateRequest): unknown {
  if ('prompt' in request) return request.prompt;
  const text = textFormOf(request);
  if (text) return text.prompt;
  return { messages: request.messages.map(keyedMessage), tools: request.tools ?? [] };
}

/** What of a message is sent to a model: not its timestamp, recorded usage or the model that wrote it. */
function keyedMessage(message: Message): unknown {
  switch (message.role) {
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      return { role: message.role, content: message.content, stopReason: message.stopReason };
    case 'toolResult':
      return {
        role: message.role,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        content: message.content,
        isError: message.isError,
      };
  }
}

const answerBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('toolCall'),
    id: z.string(),
    name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
  }),
]);

/** One stored answer (a cache file, a cassette line). */
export const storedAnswerSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hex key'),
  provider: z.string(),
  model: z.string(),
  /** Latency of the call that first produced the answer, in milliseconds. */
  ms: z.number().nonnegative(),
  completion: z.object({
    text: z.string(),
    usage: z.object({
      input: z.number().int().nonnegative(),
      output: z.number().int().nonnegative(),
      cachedInput: z.number().int().nonnegative().optional(),
      cacheWriteInput: z.number().int().nonnegative().optional(),
    }),
    usageSource: z.enum(['api', 'tokenizer']),
    model: z.string(),
    /** Absent in entries written before the message-shaped contract: those answered text only. */
    stopReason: z.enum(['stop', 'length', 'toolUse', 'refusal', 'other']).optional(),
    /** Stored only when the answer holds a tool call; otherwise the content is the text. */
    content: z.array(answerBlockSchema).optional(),
  }),
});

/** One stored answer. */
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

/**
 * Asks the provider and keeps what a store needs. The one timing outside the runner: a stored
 * answer must carry the latency it first cost, so a hit can report it. An answer that itself came
 * from a cache keeps the latency recorded then.
 */
export async function answerAndStore(
  provider: Provider,
  request: GenerateRequest,
  key: string,
): Promise<{ generation: Generation; stored: StoredAnswer }> {
  const started = performance.now();
  const generation = await provider.generate(request);
  const ms = generation.fromCache?.ms ?? Math.round(performance.now() - started);
  const { text, usage, usageSource, model, stopReason, content } = generation;
  const hasToolCall = content.some((block) => block.type === 'toolCall');
  return {
    generation,
    stored: {
      key,
      provider: provider.id,
      model: provider.model,
      ms,
      completion: { text, usage, usageSource, model, stopReason, ...(hasToolCall ? { content } : {}) },
    },
  };
}

/**
 * The generation a stored answer replays: no HTTP attempt, the recorded latency. An entry from before the
 * message-shaped contract has no stop reason: it was a text answer, replayed as `stop`.
 */
export function generationFromStore(stored: StoredAnswer): Generation {
  const { content, stopReason, ...completion } = stored.completion;
  return {
    ...completion,
    content: content ?? (completion.text === '' ? [] : [{ type: 'text', text: completion.text }]),
    stopReason: stopReason ?? 'stop',
    fromCache: { ms: stored.ms },
  };
}
