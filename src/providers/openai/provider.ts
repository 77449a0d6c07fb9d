/** `openai:<model>`: chat completions through the openai SDK, for OpenAI and any compatible server. */
import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
} from 'openai/resources/chat/completions';
import { ProviderError } from '../../errors.ts';
import { type CallFault, messageFromBody } from '../faults.ts';
import { createSdkProvider, lazyModule, type SdkAdapter, type SdkProviderOptions } from '../sdk-provider.ts';
import { countGenerateRequest } from '../text-form.ts';
import type { GenerateRequest, Generation, Provider } from '../types.ts';
import { openAIBatch } from './batch.ts';
import { openAIAnswerBlocks, openAIMessages, openAIStopReason, openAITools } from './messages.ts';
import { isOpenAIContextOverflow } from './overflow.ts';
import { openAIUsage } from './usage.ts';

/**
 * OpenAI's reasoning families (o1, o3, o4-mini, gpt-5…) reject `max_tokens` and any temperature
 * but the default; gateways may prefix the vendor (`openai/o3`).
 */
export function isReasoningModel(model: string): boolean {
  return /(?:^|\/)(?:o\d|gpt-5)(?:$|[-.:])/.test(model);
}

/** The chat-completions body for one request: temperature 0 where the model allows it; tools only when offered. */
function openAIRequestBody(model: string, request: GenerateRequest): ChatCompletionCreateParamsNonStreaming {
  const messages = openAIMessages(request.system, request.messages);
  const tools = request.tools && request.tools.length > 0 ? { tools: openAITools(request.tools) } : {};
  return isReasoningModel(model)
    ? { model, messages, max_completion_tokens: request.maxTokens, ...tools }
    : { model, messages, max_tokens: request.maxTokens, temperature: 0, ...tools };
}

type OpenAISdk = typeof import('openai');

// Loaded on the first call: a run on the offline provider never pays its ~300 ms import.
const loadSdk = lazyModule(() => import('openai'));

/** A provider for `openai:<model>`: what the OpenAI SDK does differently, in the shared SDK provider shell. */
export function createOpenAIProvider(options: SdkProviderOptions): Provider {
  const adapter: SdkAdapter<OpenAISdk, OpenAI, ChatCompletion> = {
    id: 'openai',
    loadSdk,
    createClient: (sdk, settings) => new sdk.default(settings),
    send: (client, request, transport) =>
      client.chat.completions.create(openAIRequestBody(options.model, request), transport),
    generation: (response, request) => generationFrom(response, request, options, `openai:${options.model}`),
    describeFault,
    defaultBaseUrl: 'https://api.openai.com/v1',
    batch: openAIBatch((request) => openAIRequestBody(options.model, request)),
  };
  return createSdkProvider(adapter, options);
}

function generationFrom(
  response: ChatCompletion,
  request: GenerateRequest,
  options: SdkProviderOptions,
  name: string,
): Omit<Generation, 'attempts'> {
  const choice = response.choices?.[0];
  const content = openAIAnswerBlocks(choice?.message, name);
  const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  if (text.trim() === '' && !content.some((block) => block.type === 'toolCall')) {
    throw emptyAnswer(name, choice, options.model);
  }
  const answer = {
    text,
    content,
    stopReason: openAIStopReason(choice?.finish_reason),
    model: response.model || options.model,
  };
  const usage = openAIUsage(response.usage);
  if (usage) return { ...answer, usage, usageSource: 'api' };
  const input = countGenerateRequest(options.tokenizer, request);
  return { ...answer, usage: { input, output: options.tokenizer.count(text) }, usageSource: 'tokenizer' };
}

function emptyAnswer(name: string, choice: ChatCompletion.Choice | undefined, model: string): ProviderError {
  const reasons: string[] = [];
  if (!choice) reasons.push('no choices');
  else reasons.push(`finish_reason: ${choice.finish_reason}`);
  if (choice?.message?.refusal) reasons.push(`refusal: ${choice.message.refusal}`);
  if (choice?.finish_reason === 'length' && isReasoningModel(model)) {
    reasons.push('reasoning models spend max_completion_tokens on reasoning before any text');
  }
  return new ProviderError(`${name}: empty answer (${reasons.join('; ')})`, { retryable: false });
}

function describeFault(sdk: OpenAISdk, error: unknown, errorBody: string | undefined): CallFault {
  if (error instanceof sdk.APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof sdk.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof sdk.APIConnectionError) return { kind: 'connection', message: error.message };
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    const inner = error.error as { message?: unknown } | undefined;
    // vLLM and some gateways put the message at the top level, where the SDK does not look.
    const message =
      (typeof inner?.message === 'string' ? inner.message : undefined) ??
      messageFromBody(errorBody) ??
      error.message;
    const fault = {
      status: error.status,
      message,
      code: typeof error.code === 'string' ? error.code : null,
      type: typeof error.type === 'string' ? error.type : null,
    };
    return { kind: isOpenAIContextOverflow(fault) ? 'overflow' : 'status', ...fault };
  }
  return { kind: 'other' };
}
