/** Provider specs (`extractive`, `openai:<model>`, `anthropic:<model>`) → providers, and the middleware in front of them in order. */
import { InputError } from '../errors.ts';
import type { Tokenizer } from '../tokens.ts';
import { batchMiddleware, type BatchOptions } from './batch.ts';
import { cacheMiddleware, DEFAULT_CACHE_DIRECTORY } from './cache.ts';
import { type CassetteRecorder, recordMiddleware, replayMiddleware } from './cassette.ts';
import { applyMiddleware, type ProviderMiddleware } from './middleware.ts';
import { modelInfo } from './models.ts';
import type { SdkProviderOptions } from './sdk-provider.ts';
import { PROVIDER_TABLE, type ProviderEntry, providerEntry } from './registry.ts';
import type { Provider } from './types.ts';

/** Retries the SDKs make after a first attempt fails with 429, 408, 409, 5xx, a timeout or a lost connection. */
export const DEFAULT_RETRIES = 2;
/** Per-attempt timeout: the SDKs' own default (10 minutes), room for a long summary from a slow local model. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** What `createProvider` and `wrapProvider` take (the run passes one bag to both). */
export type ProviderOptions = {
  /** Counts usage when a server reports none. */
  tokenizer: Tokenizer;
  /** An OpenAI- or Anthropic-compatible server; default: `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`, then the vendor. */
  baseUrl?: string;
  retries?: number;
  timeoutMs?: number;
  /** Whether a missing API key is an error; default: yes, unless replaying (a cassette needs no key). */
  requireKey?: boolean;
  /** The response cache directory, `false` for none; default {@link DEFAULT_CACHE_DIRECTORY}. */
  cacheDirectory?: string | false;
  /** Record every answer into this cassette (a recorder when several providers of a run share one). */
  record?: string | CassetteRecorder;
  /** Answer only from this cassette. */
  replay?: string;
  /** Where keys and base URLs are read from (tests pass their own). */
  environment?: NodeJS.ProcessEnv;
  /** Mark the stable prefix for the API's prompt cache (Anthropic `cache_control`); default true (`--no-prompt-cache`). */
  promptCache?: boolean;
  /** Send the calls through the vendor's batch service (`--batch`); absent: each call on its own. */
  batch?: BatchOptions;
};

/** A parsed spec: the provider's table entry and, for the SDK providers, the model (which may itself contain `:`). */
export type ProviderSpec = { entry: ProviderEntry; model: string };

const AVAILABLE = PROVIDER_TABLE.map((entry) => entry.spec).join(', ');

/** Splits a spec on its first colon: `openai:qwen2.5:7b` is model `qwen2.5:7b` of `openai`. */
export function parseProviderSpec(spec: string): ProviderSpec {
  const colon = spec.indexOf(':');
  const id = colon === -1 ? spec : spec.slice(0, colon);
  const model = colon === -1 ? '' : spec.slice(colon + 1);
  const entry = providerEntry(id);
  if (entry && !entry.takesModel) {
    if (model) throw new InputError(`provider '${id}' takes no model; use -p ${id}`);
    return { entry, model: '' };
  }
  if (entry?.takesModel) {
    if (!model)
      throw new InputError(
        `provider '${id}' needs a model: ${id}:<model> (e.g. ${id}:${entry.exampleModel})`,
      );
    return { entry, model };
  }
  const guess = PROVIDER_TABLE.find((candidate) => modelInfo(candidate.id, spec));
  const hint = guess ? ` (did you mean ${guess.id}:${spec}?)` : '';
  throw new InputError(`unknown provider '${id}'; available: ${AVAILABLE}${hint}`);
}

/** Sent when no key is needed (a local server, a replay): the SDKs refuse to start without one. */
const PLACEHOLDER_KEY = 'not-needed';

/**
 * The provider a spec names. Checks everything before any work: the spec, the key (a missing key
 * is an {@link InputError} naming the variable), the base URL, retries and timeout.
 */
export function createProvider(spec: string, options: ProviderOptions): Provider {
  const { entry, model } = parseProviderSpec(spec);
  if (!entry.takesModel) return entry.create({ tokenizer: options.tokenizer });
  const environment = options.environment ?? process.env;
  const baseUrl = checkedBaseUrl(options.baseUrl ?? (environment[entry.baseUrlVariable] || undefined));
  const requireKey = options.requireKey ?? !options.replay;
  let apiKey = environment[entry.keyVariable]?.trim();
  if (!apiKey) {
    // Ollama, vLLM, llama.cpp and LM Studio on this machine or the local network take no key.
    if (requireKey && !(baseUrl && isLocalServer(baseUrl))) {
      throw new InputError(`${entry.keyVariable} is not set; export it or use -p extractive`);
    }
    apiKey = PLACEHOLDER_KEY;
  }
  return entry.create({
    model,
    apiKey,
    baseUrl,
    retries: checkedInteger('--retries', options.retries ?? DEFAULT_RETRIES, 0),
    timeoutMs: checkedInteger('--timeout', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
    tokenizer: options.tokenizer,
    contextWindow: modelInfo(entry.id, model)?.contextWindow,
    promptCache: options.promptCache ?? true,
  } satisfies SdkProviderOptions);
}

/**
 * The layers in front of a provider, outermost first, the one place their order is decided:
 *
 * 1. a cassette replayed (`--replay`) answers alone: no cache, no batch, no network;
 * 2. else a cassette recorded (`--record`), outside the cache, so cache hits are recorded too;
 * 3. the response cache (`--cache-dir`, unless `--no-cache`), outside the batch, so only misses are batched and every
 *    batch answer is stored; never in front of the extractive baseline: it answers faster than a disk read, and a
 *    "cached" mark on it would only blur the report;
 * 4. the batch service (`--batch`), next to the provider.
 */
export function providerMiddleware(
  provider: Pick<Provider, 'isLanguageModel'>,
  options: Pick<ProviderOptions, 'cacheDirectory' | 'record' | 'replay' | 'batch'>,
): ProviderMiddleware[] {
  if (options.record && options.replay) throw new InputError('--record and --replay cannot be used together');
  if (options.batch && options.replay) throw new InputError('--batch and --replay cannot be used together');
  if (options.replay) return [replayMiddleware(options.replay)];
  return [
    ...(options.record ? [recordMiddleware(options.record)] : []),
    ...(options.cacheDirectory !== false && provider.isLanguageModel
      ? [cacheMiddleware({ directory: options.cacheDirectory ?? DEFAULT_CACHE_DIRECTORY })]
      : []),
    ...(options.batch ? [batchMiddleware(options.batch)] : []),
  ];
}

/** The provider with the layers `providerMiddleware` puts in front of it. */
export function wrapProvider(
  provider: Provider,
  options: Pick<ProviderOptions, 'cacheDirectory' | 'record' | 'replay' | 'batch'>,
): Provider {
  return applyMiddleware(provider, providerMiddleware(provider, options));
}

function checkedBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new InputError(`--base-url '${baseUrl}' is not an http(s) URL (e.g. http://localhost:11434/v1)`);
  }
  return baseUrl;
}

function checkedInteger(flag: string, value: number, minimum: number): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new InputError(`${flag} must be an integer of at least ${minimum}, not ${value}`);
  }
  return value;
}

/** Loopback, private-network and `.local` hosts: where keyless model servers run. */
export function isLocalServer(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (['localhost', '0.0.0.0', '::1', 'host.docker.internal'].includes(host)) return true;
  if (host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return false;
  const [first, second] = octets as [number, number, number, number];
  return (
    first === 127 ||
    first === 10 ||
    (first === 192 && second === 168) ||
    (first === 172 && second >= 16 && second <= 31)
  );
}
