/**
 * The shell both SDK providers share: the SDK is imported on the first call (a run on the offline
 * provider never pays for it), one client per provider, HTTP attempts counted per call, and every
 * failure mapped to our errors. Each vendor file supplies only what differs.
 */
import { ProviderError } from '../errors.ts';
import type { Tokenizer } from '../tokens.ts';
import { createAttemptCounter } from './attempts.ts';
import { type CallFault, toBenchError } from './faults.ts';
import { withTextForm } from './text-form.ts';
import type { BatchApi, BatchStatus, GenerateRequest, Generation, Provider } from './types.ts';

/** What every SDK adapter is built from (the registry resolves key, URL and defaults). */
export type SdkProviderOptions = {
  model: string;
  apiKey: string;
  /** Undefined: the vendor's own API. */
  baseUrl?: string;
  /** Retries after the first attempt, done by the SDK (429, 408, 409, 5xx, timeouts, connection errors). */
  retries: number;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /** Counts usage when the server reports none. */
  tokenizer: Tokenizer;
  contextWindow?: number;
  /** Mark the stable prefix for the API's prompt cache where it takes marks (Anthropic); default true. */
  promptCache?: boolean;
};

/** Client settings common to both SDKs. */
export type ClientSettings = {
  apiKey: string;
  baseURL: string | undefined;
  maxRetries: number;
  timeout: number;
  fetch: typeof fetch;
};

/** What one vendor's SDK adapter supplies. */
export type SdkAdapter<Sdk, Client, Response> = {
  id: 'openai' | 'anthropic';
  loadSdk(): Promise<Sdk>;
  createClient(sdk: Sdk, settings: ClientSettings): Client;
  send(
    client: Client,
    request: GenerateRequest,
    transport: { signal: AbortSignal | undefined; headers: Record<string, string> },
  ): Promise<Response>;
  /** The answer as our generation; throws a ProviderError for an answer with neither text nor tool call. */
  generation(response: Response, request: GenerateRequest): Omit<Generation, 'attempts'>;
  describeFault(sdk: Sdk, error: unknown, errorBody: string | undefined): CallFault;
  /** The vendor's API, where a warm-up opens its connection when no base URL is given. */
  defaultBaseUrl: string;
  /** The vendor's batch service (`--batch`), where it has one. */
  batch?: SdkBatchAdapter<Sdk, Client, Response>;
};

/** What one vendor's batch service needs: its limits, its entry shape and its four calls, through the SDK. */
export type SdkBatchAdapter<Sdk, Client, Response> = {
  limits: BatchApi['limits'];
  entry(customId: string, request: GenerateRequest): unknown;
  submit(sdk: Sdk, client: Client, entries: readonly unknown[]): Promise<string>;
  status(client: Client, id: string): Promise<BatchStatus>;
  /** Each request's answer as the vendor sent it, or why it has none. */
  results(
    client: Client,
    id: string,
  ): Promise<Array<{ customId: string; response: Response } | { customId: string; failure: string }>>;
};

/** How long a warm-up may try to open a connection; a slow or closed network only costs this once. */
const WARM_UP_MS = 2000;
// The most connections warm-ups open in all: a run's first two rounds of calls at the default concurrency.
const MOST_WARM_CONNECTIONS = 16;

/** A provider for `<adapter.id>:<options.model>`. */
export function createSdkProvider<Sdk, Client, Response>(
  adapter: SdkAdapter<Sdk, Client, Response>,
  options: SdkProviderOptions,
): Provider {
  const counter = createAttemptCounter();
  let client: Client | undefined;
  const name = `${adapter.id}:${options.model}`;
  const clientOf = (sdk: Sdk) =>
    (client ??= adapter.createClient(sdk, {
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      maxRetries: options.retries,
      timeout: options.timeoutMs,
      fetch: counter.fetch,
    }));
  /** A batch call through the SDK, its failures mapped to our errors as a direct call's are. */
  const batchCall = async <Result>(call: (sdk: Sdk, client: Client) => Promise<Result>): Promise<Result> => {
    const sdk = await adapter.loadSdk();
    const attempts = counter.start();
    try {
      return await call(sdk, clientOf(sdk));
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw toBenchError(adapter.describeFault(sdk, error, attempts.lastErrorBody()), error, {
        name: `${name} batch`,
        baseUrl: options.baseUrl ?? adapter.defaultBaseUrl,
        attempts: attempts.count(),
        signal: undefined,
      });
    } finally {
      attempts.end();
    }
  };
  const vendorBatch = adapter.batch;
  const batch: BatchApi | undefined = vendorBatch && {
    limits: vendorBatch.limits,
    entry: vendorBatch.entry,
    submit: (entries) => batchCall((sdk, client) => vendorBatch.submit(sdk, client, entries)),
    status: (id) => batchCall((_sdk, client) => vendorBatch.status(client, id)),
    results: async (id) =>
      (await batchCall((_sdk, client) => vendorBatch.results(client, id))).map((result) =>
        'response' in result
          ? {
              customId: result.customId,
              answer: (request) => ({ ...adapter.generation(result.response, request), attempts: 1 }),
            }
          : result,
      ),
  };
  // Connections the warm-ups opened so far.
  let warmConnections = 0;
  return withTextForm({
    id: adapter.id,
    model: options.model,
    isLanguageModel: true,
    contextWindow: options.contextWindow,
    ...(batch ? { batch } : {}),
    async warmUp({ connect = true, connections = 1 } = {}) {
      clientOf(await adapter.loadSdk());
      if (!connect) return;
      const opening = Math.max(0, Math.min(connections, MOST_WARM_CONNECTIONS - warmConnections));
      warmConnections += opening;
      // Opens keep-alive connections the SDK's calls reuse, a request on each at once; any answer, or none, will do.
      // GET, read to its end: Node's fetch closes the connection after a HEAD (a server may send HEAD a body), so a
      // HEAD warmed none, and every call of the first round connected.
      await Promise.all(
        Array.from({ length: opening }, () =>
          fetch(options.baseUrl ?? adapter.defaultBaseUrl, { signal: AbortSignal.timeout(WARM_UP_MS) })
            .then((response) => response.arrayBuffer())
            .catch(() => undefined),
        ),
      );
    },
    async generate(request) {
      const sdk = await adapter.loadSdk();
      clientOf(sdk);
      const attempts = counter.start(request.onSent);
      try {
        const response = await adapter.send(clientOf(sdk), request, {
          signal: request.signal,
          headers: attempts.headers,
        });
        return { ...adapter.generation(response, request), attempts: attempts.count() };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw toBenchError(adapter.describeFault(sdk, error, attempts.lastErrorBody()), error, {
          name,
          baseUrl: options.baseUrl ?? adapter.defaultBaseUrl,
          attempts: attempts.count(),
          signal: request.signal,
        });
      } finally {
        attempts.end();
      }
    },
  });
}

/** Loads a module once, on first use. */
export function lazyModule<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loaded: Promise<Module> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
