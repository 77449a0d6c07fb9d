/**
 * A loopback server that speaks OpenAI chat completions (`POST /v1/chat/completions`) and Anthropic
 * messages (`POST /v1/messages`), so tests and the bench point the real SDK clients at it. Each
 * request gets a scripted reply (text, tool calls, or a failure), in order or from a handler that reads the
 * request; the server records bodies, counts requests and those in flight, listens on 127.0.0.1 on a
 * random port and never keeps the process alive.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BatchRoutes, createBatchRoutes, type WireReply } from './loopback-batches.ts';
import type { RecordedRequest, Vendor } from './loopback-requests.ts';

export type { RecordedRequest, Vendor } from './loopback-requests.ts';

/** One tool call in a scripted answer; `arguments` is sent as the vendor encodes it (a JSON string for OpenAI). */
export type MockToolCall = { id?: string; name: string; arguments: Record<string, unknown> | string };

/** What the server does with one request, in vendor-neutral terms (rendered in the vendor's shape). */
export type MockReply =
  /**
   * A normal answer. `usage` is sent verbatim in the vendor's `usage` field (`null`: no usage at all); default:
   * counts from lengths. `truncated`: the answer stopped at the token limit (`length` / `max_tokens`).
   */
  | {
      kind: 'text';
      text: string;
      usage?: Record<string, unknown> | null;
      model?: string;
      truncated?: boolean;
    }
  /**
   * An answer asking for tool calls (`tool_calls` / `tool_use` blocks, stop reason `tool_calls` / `tool_use`),
   * after an optional text. Ids default to `call_<n>` (OpenAI) or `toolu_<n>` (Anthropic), n from 1.
   */
  | { kind: 'tool-calls'; calls: MockToolCall[]; text?: string; usage?: Record<string, unknown> | null }
  /** 429 asking the client to wait (`retry-after-ms`, default 5 ms, or `retry-after` seconds). */
  | { kind: 'rate-limit'; retryAfterMs?: number; retryAfterSeconds?: number }
  /** A server error (default 500), with a short `retry-after-ms` so retries stay fast. */
  | { kind: 'server-error'; status?: number }
  /** Waits `ms` before answering: past the client's timeout, this is a timeout. */
  | { kind: 'slow'; ms: number; text?: string }
  /** The vendor's own "prompt too long" answer; `shape: 'vllm'` is vLLM's top-level error object. */
  | { kind: 'context-overflow'; shape?: 'vendor' | 'vllm' | 'llama.cpp' }
  /** A 200 answer with no text. */
  | { kind: 'empty' }
  /** Any status and JSON body. */
  | { kind: 'raw'; status: number; body: unknown; headers?: Record<string, string> };

/** How the server behaves. */
export type MockServerOptions = {
  /** Replies used in order, one per request; when they run out, `reply` (or a default answer) takes over. */
  replies?: MockReply[];
  /** The reply for a request, once the queue is empty. */
  reply?: (request: RecordedRequest, index: number) => MockReply;
  /** Fixed latency before every reply, in ms (for the bench). */
  latencyMs?: number;
  /**
   * How long an idle connection stays open for the client's next request, in ms (default 100: a test's sockets must
   * not hold the process). The bench keeps them as an API does, for many seconds, so a connection the client opened
   * before its first call is still there for it.
   */
  keepAliveMs?: number;
  /**
   * Act as the vendors' prompt caches in the usage of answers without scripted usage: Anthropic reads and writes
   * at `cache_control` breakpoints, OpenAI reads the longest prefix an earlier request sent, in 128-token steps.
   * Neither caches a prefix under `minimumTokens` (default 1024, as both APIs). Tokens are characters / 4.
   */
  promptCache?: { minimumTokens?: number };
};

/** A running mock server. */
export type MockLlmServer = {
  /** Base URL for the OpenAI SDK (`…/v1`). */
  url: string;
  /** Base URL for the Anthropic SDK (it adds `/v1/messages` itself). */
  anthropicUrl: string;
  port: number;
  /** Every request to an API route (a POST to chat completions or messages), in order. */
  requests: RecordedRequest[];
  /** Every HTTP request of any method or path, in order: a pre-connect HEAD counts here, not in `requests`. */
  received: Array<{ method: string; path: string }>;
  /** How many API requests were answered or are being answered (`requests.length`). */
  readonly count: number;
  /** Most requests in flight at once so far. */
  readonly maxInFlight: number;
  /** Requests in flight now. */
  readonly inFlight: number;
  /** The batch endpoints (support/loopback-batches.ts): their control and every line submitted. */
  batches: Pick<BatchRoutes, 'control' | 'lines' | 'created'>;
  close(): Promise<void>;
};

/** Starts a mock server on 127.0.0.1 with a random port. */
export async function startMockLlmServer(options: MockServerOptions = {}): Promise<MockLlmServer> {
  const queue = [...(options.replies ?? [])];
  const requests: RecordedRequest[] = [];
  const received: Array<{ method: string; path: string }> = [];
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (ms <= 0) return resolve(!response.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!response.destroyed);
      }, ms);
      timer.unref();
      timers.add(timer);
      // The client gave up (timeout, abort): stop waiting, there is no one to answer.
      response.once('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  const promptCache = options.promptCache
    ? createPromptCache(options.promptCache.minimumTokens ?? 1024)
    : undefined;

  const replyTo = (recorded: RecordedRequest, index: number) =>
    queue.shift() ?? options.reply?.(recorded, index) ?? defaultReply(recorded);
  // A batch line is answered as a direct request would be, from the same replies.
  const batches = createBatchRoutes((recorded) =>
    wireReply(recorded.vendor, recorded, replyTo(recorded, -1), promptCache),
  );
  let baseUrl = '';

  const server = createServer(async (request, response) => {
    received.push({ method: request.method ?? '', path: request.url ?? '' });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.once('close', () => inFlight--);
    try {
      if (await batches.handle(request, response, baseUrl)) return;
      const vendor = vendorOf(request);
      if (!vendor || request.method !== 'POST') {
        send(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
        return;
      }
      const recorded: RecordedRequest = {
        vendor,
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(await readBody(request)),
      };
      requests.push(recorded);
      const reply = replyTo(recorded, requests.length - 1);
      const answering =
        (await wait(options.latencyMs ?? 0, response)) &&
        (reply.kind !== 'slow' || (await wait(reply.ms, response)));
      // The client left (timeout, abort): nobody is there to answer, so drop the connection now.
      if (!answering) return void response.destroy();
      respond(response, vendor, recorded, reply, promptCache);
    } catch (error) {
      if (!response.headersSent) send(response, 500, { error: { message: `mock server: ${String(error)}` } });
    }
  });
  // Keep-alive sockets would hold the process (and `close`) open for seconds after a test.
  server.keepAliveTimeout = options.keepAliveMs ?? 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    anthropicUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    received,
    get count() {
      return requests.length;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    batches,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function vendorOf(request: IncomingMessage): Vendor | undefined {
  const path = (request.url ?? '').split('?')[0];
  if (path === '/v1/chat/completions') return 'openai';
  if (path === '/v1/messages') return 'anthropic';
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8') || '{}';
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function defaultReply(request: RecordedRequest): MockReply {
  return { kind: 'text', text: `summary of a ${promptOf(request).length}-character prompt` };
}

/** The user text of a request, either vendor. */
export function promptOf(request: RecordedRequest): string {
  const messages: { role: string; content: unknown }[] = request.body.messages ?? [];
  const user = messages.filter((message) => message.role === 'user').at(-1);
  if (typeof user?.content === 'string') return user.content;
  // A prompt split at a prompt-cache breakpoint is still one text.
  const blocks = Array.isArray(user?.content)
    ? (user.content as Array<{ type?: string; text?: string }>)
    : [];
  if (blocks.length > 0 && blocks.every((block) => block.type === 'text'))
    return blocks.map((block) => block.text ?? '').join('');
  return JSON.stringify(user?.content ?? '');
}

/** The names of the tools a request offered, either vendor. */
export function offeredTools(request: RecordedRequest): string[] {
  const tools: Array<{ name?: string; function?: { name?: string } }> = request.body.tools ?? [];
  return tools.map((tool) => tool.function?.name ?? tool.name ?? '');
}

/** The tool results a request sent back, either vendor, in order: the call id and the text. */
export function sentToolResults(
  request: RecordedRequest,
): Array<{ id: string; text: string; isError: boolean }> {
  const messages: Array<{ role: string; content: unknown; tool_call_id?: string }> =
    request.body.messages ?? [];
  if (request.vendor === 'openai') {
    return messages
      .filter((message) => message.role === 'tool')
      .map((message) => ({ id: message.tool_call_id ?? '', text: String(message.content), isError: false }));
  }
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? message.content
          .filter((block: { type?: string }) => block.type === 'tool_result')
          .map((block: { tool_use_id: string; content?: unknown; is_error?: boolean }) => ({
            id: block.tool_use_id,
            text:
              typeof block.content === 'string'
                ? block.content
                : ((block.content as Array<{ text?: string }> | undefined) ?? [])
                    .map((part) => part.text ?? '')
                    .join(''),
            isError: block.is_error === true,
          }))
      : [],
  );
}

/** Usage counted from characters (4 per token) in the vendor's wire shape. */
function estimatedUsage(vendor: Vendor, request: RecordedRequest, text: string): Record<string, unknown> {
  const input = Math.ceil(JSON.stringify(request.body.messages ?? []).length / 4);
  const output = Math.max(1, Math.ceil(text.length / 4));
  return vendor === 'openai'
    ? { prompt_tokens: input, completion_tokens: output, total_tokens: input + output }
    : { input_tokens: input, output_tokens: output };
}

/** The vendors' prompt caches, as {@link MockServerOptions.promptCache} describes them. */
type PromptCache = { usage(request: RecordedRequest, text: string): Record<string, unknown> };

function createPromptCache(minimumTokens: number): PromptCache {
  const written = new Set<string>();
  const earlier: string[] = [];
  const tokens = (characters: number) => Math.ceil(characters / 4);
  return {
    usage(request, text) {
      const pieces = promptPieces(request);
      const whole = pieces.map((piece) => piece.text).join('');
      const input = tokens(whole.length);
      const output = Math.max(1, tokens(text.length));
      if (request.vendor === 'openai') {
        const common = Math.max(0, ...earlier.map((other) => commonPrefixLength(other, whole)));
        earlier.push(whole);
        const cached = tokens(common) >= minimumTokens ? Math.floor(tokens(common) / 128) * 128 : 0;
        return {
          prompt_tokens: input,
          completion_tokens: output,
          total_tokens: input + output,
          prompt_tokens_details: { cached_tokens: Math.min(cached, input) },
        };
      }
      // Each breakpoint's prefix: everything up to and including the marked block.
      const breakpoints: Array<{ key: string; tokens: number }> = [];
      let prefix = '';
      for (const piece of pieces) {
        prefix += piece.text;
        if (piece.marked && tokens(prefix.length) >= minimumTokens)
          breakpoints.push({ key: prefix, tokens: tokens(prefix.length) });
      }
      const read = breakpoints.filter((breakpoint) => written.has(breakpoint.key)).at(-1)?.tokens ?? 0;
      const last = breakpoints.at(-1);
      const write = last && !written.has(last.key) ? last.tokens - read : 0;
      for (const breakpoint of breakpoints) written.add(breakpoint.key);
      return {
        input_tokens: input - read - write,
        output_tokens: output,
        cache_read_input_tokens: read,
        cache_creation_input_tokens: write,
      };
    },
  };
}

/** The prompt as the model reads it, in order (model, tools, system, each message's blocks), with the blocks marked for caching. */
function promptPieces(request: RecordedRequest): Array<{ text: string; marked: boolean }> {
  const body = request.body;
  const piece = (value: unknown) => ({
    text: typeof value === 'string' ? value : JSON.stringify(value),
    marked: typeof value === 'object' && value !== null && 'cache_control' in value,
  });
  const pieces = [piece(`${body.model}`), piece(body.tools ?? [])];
  const system: unknown = body.system;
  if (Array.isArray(system)) pieces.push(...system.map(piece));
  else if (system !== undefined) pieces.push(piece(system));
  for (const message of (body.messages ?? []) as Array<{ role: string; content: unknown }>) {
    pieces.push(piece(message.role));
    if (Array.isArray(message.content)) pieces.push(...message.content.map(piece));
    else pieces.push(piece(message.content ?? ''));
  }
  return pieces;
}

function commonPrefixLength(first: string, second: string): number {
  const length = Math.min(first.length, second.length);
  let index = 0;
  while (index < length && first.charCodeAt(index) === second.charCodeAt(index)) index++;
  return index;
}

function respond(
  response: ServerResponse,
  vendor: Vendor,
  request: RecordedRequest,
  reply: MockReply,
  promptCache: PromptCache | undefined,
): void {
  const wire = wireReply(vendor, request, reply, promptCache);
  send(response, wire.status, wire.body, wire.headers);
}

/** The status, body and headers a reply is sent as (a batch line's answer is the same body). */
function wireReply(
  vendor: Vendor,
  request: RecordedRequest,
  reply: MockReply,
  promptCache: PromptCache | undefined,
): WireReply & { headers?: Record<string, string> } {
  const model = String(request.body.model ?? 'mock-model');
  switch (reply.kind) {
    case 'text':
    case 'slow': {
      const text = reply.text ?? 'a slow answer';
      const usage =
        reply.kind === 'text' && reply.usage !== undefined
          ? reply.usage
          : (promptCache?.usage(request, text) ?? estimatedUsage(vendor, request, text));
      const answerModel = (reply.kind === 'text' && reply.model) || model;
      const truncated = reply.kind === 'text' && reply.truncated === true;
      return { status: 200, body: answerBody(vendor, answerModel, text, usage, [], truncated) };
    }
    case 'tool-calls': {
      const text = reply.text ?? '';
      const usage =
        reply.usage !== undefined
          ? reply.usage
          : estimatedUsage(vendor, request, text + JSON.stringify(reply.calls));
      return { status: 200, body: answerBody(vendor, model, text, usage, reply.calls, false) };
    }
    case 'empty':
      return {
        status: 200,
        body: answerBody(vendor, model, '', estimatedUsage(vendor, request, ''), [], false),
      };
    case 'rate-limit': {
      const headers: Record<string, string> =
        reply.retryAfterSeconds !== undefined
          ? { 'retry-after': String(reply.retryAfterSeconds) }
          : { 'retry-after-ms': String(reply.retryAfterMs ?? 5) };
      return {
        status: 429,
        body: errorBody(vendor, 'rate_limit_error', 'Rate limit reached, please retry'),
        headers,
      };
    }
    case 'server-error':
      return {
        status: reply.status ?? 500,
        body: errorBody(vendor, 'api_error', 'Internal server error'),
        headers: { 'retry-after-ms': '5' },
      };
    case 'context-overflow':
      return { status: 400, body: overflowBody(vendor, reply.shape ?? 'vendor') };
    case 'raw':
      return { status: reply.status, body: reply.body, headers: reply.headers };
  }
}

function answerBody(
  vendor: Vendor,
  model: string,
  text: string,
  usage: Record<string, unknown> | null,
  calls: MockToolCall[],
  truncated: boolean,
): unknown {
  const encoded = (call: MockToolCall) =>
    typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
  if (vendor === 'openai') {
    const toolCalls = calls.map((call, index) => ({
      id: call.id ?? `call_${index + 1}`,
      type: 'function',
      function: { name: call.name, arguments: encoded(call) },
    }));
    return {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: calls.length > 0 && text === '' ? null : text,
            refusal: null,
            ...(calls.length > 0 ? { tool_calls: toolCalls } : {}),
          },
          finish_reason: calls.length > 0 ? 'tool_calls' : truncated ? 'length' : 'stop',
          logprobs: null,
        },
      ],
      ...(usage === null ? {} : { usage }),
    };
  }
  const toolUses = calls.map((call, index) => ({
    type: 'tool_use',
    id: call.id ?? `toolu_${index + 1}`,
    name: call.name,
    // The messages API always sends an object; a string here is a test of what a broken server might send.
    input: typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments,
  }));
  return {
    id: 'msg_mock',
    type: 'message',
    role: 'assistant',
    model,
    content: [...(text ? [{ type: 'text', text }] : []), ...toolUses],
    stop_reason: calls.length > 0 ? 'tool_use' : truncated ? 'max_tokens' : 'end_turn',
    stop_sequence: null,
    ...(usage === null ? {} : { usage }),
  };
}

function errorBody(vendor: Vendor, type: string, message: string): unknown {
  return vendor === 'openai'
    ? { error: { message, type, param: null, code: null } }
    : { type: 'error', error: { type, message } };
}

function overflowBody(vendor: Vendor, shape: 'vendor' | 'vllm' | 'llama.cpp'): unknown {
  if (shape === 'vllm') {
    return {
      object: 'error',
      message:
        "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (8000 in the messages, 1000 in the completion).",
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
  }
  if (shape === 'llama.cpp') {
    return {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
      },
    };
  }
  return vendor === 'openai'
    ? {
        error: {
          message:
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      }
    : {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'prompt is too long: 215000 tokens > 200000 maximum',
        },
      };
}

/** A loopback server that stops by itself when the test that started it ends. */
export async function serveForTest(
  test: { after(fn: () => unknown): void },
  options: MockServerOptions = {},
): Promise<MockLlmServer> {
  const server = await startMockLlmServer(options);
  test.after(() => server.close());
  return server;
}
