/** `anthropic:<model>`: the messages API through @anthropic-ai/sdk. */
import type Anthropic from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { ProviderError } from '../../errors.ts';
import { type CallFault, messageFromBody } from '../faults.ts';
import { createSdkProvider, lazyModule, type SdkAdapter, type SdkProviderOptions } from '../sdk-provider.ts';
import { countGenerateRequest } from '../text-form.ts';
import type { GenerateRequest, Generation, Provider } from '../types.ts';
import { anthropicBatch } from './batch.ts';
import { cachedSystem, withCachedPrefix } from './cache-control.ts';
import { anthropicAnswerBlocks, anthropicMessages, anthropicStopReason, anthropicTools } from './messages.ts';
import { isAnthropicContextOverflow } from './overflow.ts';
import { anthropicUsage } from './usage.ts';

/**
 * The messages body for one request. `max_tokens` is required. No temperature: this SDK major sends
 * `anthropic-version: 2026-10-21`, which rejects every sampling parameter (and the SDK's types no
 * longer have them), so repeatable Claude runs come from the cache and cassettes instead.
 */
function anthropicRequestBody(
  model: string,
  request: GenerateRequest,
  promptCache: boolean,
): MessageCreateParamsNonStreaming {
  const messages = anthropicMessages(request.messages);
  // The API rejects an empty system text; no system prompt is the same thing.
  const system = request.system ? { system: request.system } : {};
  const tools = request.tools && request.tools.length > 0 ? { tools: anthropicTools(request.tools) } : {};
  if (!promptCache) return { model, max_tokens: request.maxTokens, ...system, messages, ...tools };
  return {
    model,
    max_tokens: request.maxTokens,
    ...(request.system ? { system: cachedSystem(request.system) } : {}),
    messages: withCachedPrefix(messages, request.stablePrefixLength ?? 0),
    ...tools,
  };
}

type AnthropicSdk = typeof import('@anthropic-ai/sdk');

// Loaded on the first call: a run on the offline provider never pays its ~500 ms import.
const loadSdk = lazyModule(() => import('@anthropic-ai/sdk'));

/** A provider for `anthropic:<model>`: what the Anthropic SDK does differently, in the shared SDK provider shell. */
export function createAnthropicProvider(options: SdkProviderOptions): Provider {
  const adapter: SdkAdapter<AnthropicSdk, Anthropic, Message> = {
    id: 'anthropic',
    loadSdk,
    // An explicit timeout also skips the SDK's refusal of long non-streaming requests, which
    // guesses from max_tokens alone; ours stay far below it (at most 0.8 × 16384 output tokens).
    createClient: (sdk, settings) => new sdk.default(settings),
    send: (client, request, transport) =>
      client.messages.create(
        anthropicRequestBody(options.model, request, options.promptCache ?? true),
        transport,
      ),
    generation: (response, request) =>
      generationFrom(response, request, options, `anthropic:${options.model}`),
    describeFault,
    defaultBaseUrl: 'https://api.anthropic.com',
    batch: anthropicBatch((request) =>
      anthropicRequestBody(options.model, request, options.promptCache ?? true),
    ),
  };
  return createSdkProvider(adapter, options);
}

function generationFrom(
  response: Message,
  request: GenerateRequest,
  options: SdkProviderOptions,
  name: string,
): Omit<Generation, 'attempts'> {
  const content = anthropicAnswerBlocks(response.content ?? []);
  const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  if (text.trim() === '' && !content.some((block) => block.type === 'toolCall')) {
    throw new ProviderError(`${name}: empty answer (stop_reason: ${response.stop_reason})`, {
      retryable: false,
    });
  }
  const answer = {
    text,
    content,
    stopReason: anthropicStopReason(response.stop_reason),
    model: response.model || options.model,
  };
  const usage = anthropicUsage(response.usage);
  if (usage) return { ...answer, usage, usageSource: 'api' };
  const input = countGenerateRequest(options.tokenizer, request);
  return { ...answer, usage: { input, output: options.tokenizer.count(text) }, usageSource: 'tokenizer' };
}

function describeFault(sdk: AnthropicSdk, error: unknown, errorBody: string | undefined): CallFault {
  if (error instanceof sdk.APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof sdk.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof sdk.APIConnectionError) return { kind: 'connection', message: error.message };
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const fault = {
      status: error.status,
      message: error.apiMessage ?? messageFromBody(errorBody) ?? error.message,
      type: typeof error.type === 'string' ? error.type : null,
    };
    return { kind: isAnthropicContextOverflow(fault) ? 'overflow' : 'status', ...fault };
  }
  return { kind: 'other' };
}
