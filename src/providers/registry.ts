/** Provider specs (`extractive`, `openai:<model>`, `anthropic:<model>`) → providers, with cache and cassettes in front. */
import { InputError } from '../errors.ts';
import type { Tokenizer } from '../tokens.ts';
import { createAnthropicProvider } from './anthropic.ts';
import { DEFAULT_CACHE_DIRECTORY, withCache } from './cache.ts';
import { type CassetteRecorder, withRecording, withReplay } from './cassette.ts';
import { createExtractiveProvider } from './extractive.ts';
import { modelInfo } from './models.ts';
import { createOpenAIProvider, type SdkProviderOptions } from './openai.ts';
import type { Provider } from './types.ts';

/** The providers `list` shows, one line each. */
export const PROVIDERS = [
  {
    spec: 'extractive',
    description: 'offline, deterministic, non-LLM extractive baseline (no key, no network)',
  },
  {
    spec: 'openai:<model>',
    description: 'OpenAI chat completions (OPENAI_API_KEY); any OpenAI-compatible server with --base-url',
  },
  {
    spec: 'anthropic:<model>',
    description: 'Anthropic messages API (ANTHROPIC_API_KEY); Anthropic-compatible servers with --base-url',
  },
] as const;

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
};

type ProviderId = 'extractive' | 'openai' | 'anthropic';

/** A parsed spec: the provider and, for the SDK providers, the model (which may itself contain `:`). */
export type ProviderSpec = { id: ProviderId; model: string };

const AVAILABLE = PROVIDERS.map((provider) => provider.spec).join(', ');

/** Splits a spec on its first colon: `openai:qwen2.5:7b` is model `qwen2.5:7b` of `openai`. */
export function parseProviderSpec(spec: string): ProviderSpec {
  const colon = spec.indexOf(':');
  const id = colon === -1 ? spec : spec.slice(0, colon);
  const model = colon === -1 ? '' : spec.slice(colon + 1);
  if (id === 'extractive') {
    if (model) throw new InputError(`provider 'extractive' takes no model; use -p extractive`);
    return { id, model: '' };
  }
  if (id === 'openai' || id === 'anthropic') {
    if (!model)
      throw new InputError(`provider '${id}' needs a model: ${id}:<model> (e.g. ${EXAMPLE_MODEL[id]})`);
    return { id, model };
  }
  const guess = (['openai', 'anthropic'] as const).find((vendor) => modelInfo(vendor, spec));
  const hint = guess ? ` (did you mean ${guess}:${spec}?)` : '';
  throw new InputError(`unknown provider '${id}'; available: ${AVAILABLE}${hint}`);
}

const EXAMPLE_MODEL = { openai: 'openai:gpt-4.1-mini', anthropic: 'anthropic:claude-haiku-4-5' };

/** Each SDK provider's key and base-URL variables (the SDKs' own names). */
const VARIABLES = {
  openai: { key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
} as const;

/** Sent when no key is needed (a local server, a replay): the SDKs refuse to start without one. */
const PLACEHOLDER_KEY = 'not-needed';

/**
 * The provider a spec names. Checks everything before any work: the spec, the key (a missing key
 * is an {@link InputError} naming the variable), the base URL, retries and timeout.
 */
export function createProvider(spec: string, options: ProviderOptions): Provider {
  const { id, model } = parseProviderSpec(spec);
  if (id === 'extractive') return createExtractiveProvider({ tokenizer: options.tokenizer });
  const environment = options.environment ?? process.env;
  const variables = VARIABLES[id];
  const baseUrl = checkedBaseUrl(options.baseUrl ?? (environment[variables.baseUrl] || undefined));
  const requireKey = options.requireKey ?? !options.replay;
  let apiKey = environment[variables.key]?.trim();
  if (!apiKey) {
    // Ollama, vLLM, llama.cpp and LM Studio on this machine or the local network take no key.
    if (requireKey && !(baseUrl && isLocalServer(baseUrl))) {
      throw new InputError(`${variables.key} is not set; export it or use -p extractive`);
    }
    apiKey = PLACEHOLDER_KEY;
  }
  const sdkOptions: SdkProviderOptions = {
    model,
    apiKey,
    baseUrl,
    retries: checkedInteger('--retries', options.retries ?? DEFAULT_RETRIES, 0),
    timeoutMs: checkedInteger('--timeout', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
    tokenizer: options.tokenizer,
    contextWindow: modelInfo(id, model)?.contextWindow,
  };
  return id === 'openai' ? createOpenAIProvider(sdkOptions) : createAnthropicProvider(sdkOptions);
}

/**
 * Puts the cache and cassettes in front of a provider. Replay answers from the cassette alone (no
 * network, no cache); recording sits outside the cache, so cache hits are recorded too. The
 * extractive baseline gets no cache: it answers faster than a disk read, and a "cached" mark on it
 * would only blur the report.
 */
export function wrapProvider(
  provider: Provider,
  options: Pick<ProviderOptions, 'cacheDirectory' | 'record' | 'replay'>,
): Provider {
  if (options.record && options.replay) throw new InputError('--record and --replay cannot be used together');
  if (options.replay) return withReplay(provider, options.replay);
  let wrapped = provider;
  if (options.cacheDirectory !== false && provider.isLanguageModel) {
    wrapped = withCache(wrapped, { directory: options.cacheDirectory ?? DEFAULT_CACHE_DIRECTORY });
  }
  if (options.record) wrapped = withRecording(wrapped, options.record);
  return wrapped;
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
