/**
 * The provider interface (docs/providers.md): a message-shaped call (`generate`) and its text form (`complete`,
 * one user message), each with an options bag carrying the abort signal.
 */
import * as z from 'zod';
import type { Message, TextBlock, ToolCallBlock } from '../session/types.ts';

/** One completion request. */
export type CompletionRequest = {
  system: string;
  prompt: string;
  /** Most output tokens the answer may have. */
  maxTokens: number;
  /** Which run of `--runs` asks (1-based): a later run is a fresh sample, cached and recorded apart. */
  sample?: number;
  /** See {@link GenerateRequest.stablePrefixLength}: here, characters at the start of `prompt`. */
  stablePrefixLength?: number;
  signal?: AbortSignal;
  /** See {@link GenerateRequest.onSent}. */
  onSent?: () => void;
};

/** A tool the model may call: its arguments are described by a JSON Schema object. */
export type ToolDefinition = {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
};

/** One message-shaped request: the canonical session messages, and the tools the model may call. */
export type GenerateRequest = {
  system: string;
  messages: readonly Message[];
  /** None or empty: the model is offered no tool. */
  tools?: readonly ToolDefinition[];
  /** Most output tokens the answer may have. */
  maxTokens: number;
  /** Which run of `--runs` asks (1-based): a later run is a fresh sample, cached and recorded apart. */
  sample?: number;
  /**
   * How many characters at the start of the last user message's text other calls send too (the conversation
   * or summary blocks, before the instruction): where a prompt-cache breakpoint goes (docs/scale.md). It
   * changes no answer, so it is not part of the response-cache key.
   */
  stablePrefixLength?: number;
  signal?: AbortSignal;
  /**
   * Told each time the request (an attempt of it) leaves for the network, where a provider knows: the answer is due a
   * model's latency after that, not after the call started, which for a long prompt may be tens of ms earlier.
   */
  onSent?: () => void;
};

/**
 * Why the model stopped: it finished (`stop`), hit `maxTokens` (`length`), asked for tool calls (`toolUse`),
 * declined or was filtered (`refusal`), or a reason the API has and we do not map (`other`).
 */
export type StopReason = 'stop' | 'length' | 'toolUse' | 'refusal' | 'other';

/** What the model answered: text blocks and tool calls, in the order it gave them (thinking is not kept). */
export type AnswerBlock = TextBlock | ToolCallBlock;

/** Token usage of one call. */
export type Usage = {
  input: number;
  output: number;
  /** Input tokens the API served from its prompt cache, where it reports them. */
  cachedInput?: number;
  /** Input tokens the API wrote to its prompt cache (Anthropic bills them above the input price), where it reports them. */
  cacheWriteInput?: number;
};

/** Which counter produced a usage figure: the API's own report, or our tokenizer. */
export const usageSourceSchema = z.enum(['api', 'tokenizer']);

/** One of {@link usageSourceSchema}. */
export type UsageSource = z.infer<typeof usageSourceSchema>;

/** The answer to one request. */
export type Completion = {
  text: string;
  usage: Usage;
  usageSource: UsageSource;
  /** The model that answered, as the API names it. */
  model: string;
  /** HTTP attempts the SDK made (1 = no retry), where known. */
  attempts?: number;
  /** Set when a cache or cassette answered instead of the provider: the latency recorded with the answer. */
  fromCache?: { ms: number };
};

/** The answer to a message-shaped request: the completion, its content blocks and why the model stopped. */
export type Generation = Completion & {
  /** The text blocks (whose text is `text`, joined) and tool calls the model answered with. */
  content: AnswerBlock[];
  stopReason: StopReason;
};

/** A completion source: a real model behind an SDK, or the offline extractive summarizer. */
export type Provider = {
  /** `openai`, `anthropic`, `extractive`. */
  id: string;
  model: string;
  /** False for the non-LLM extractive baseline, so reports can say what produced the summaries. */
  isLanguageModel: boolean;
  /** The model's context window in tokens, when known. */
  contextWindow?: number;
  /** The same request always gets the same answer (the extractive stand-in): one sample says everything. */
  deterministic?: boolean;
  /**
   * Loads what the first call would (the SDK, and `connections` connections, one by default, unless `connect` is
   * false) before the run's clock starts; called again, opens more beside them.
   */
  warmUp?(options?: { connect?: boolean; connections?: number }): Promise<void>;
  /** Answers a conversation; tool calls come back as `toolCall` blocks (the extractive provider makes none). */
  generate(request: GenerateRequest): Promise<Generation>;
  /** The text form: `generate` with one user message holding `prompt`, no tools; the answer's text must not be empty. */
  complete(request: CompletionRequest): Promise<Completion>;
  /** Flushes what a wrapper holds (a cassette being recorded); called once when the run ends. */
  close?(): Promise<void>;
  /** The vendor's batch service, where it has one (`--batch`, providers/batch.ts). */
  batch?: BatchApi;
  /** Which price list its calls are billed at: `batch` behind `--batch`; default `standard`. */
  priceTier?: PriceTier;
};

/** A model's price list: the standard tier, or the batch services' discounted one (docs/scale.md). */
export type PriceTier = 'standard' | 'batch';

/** One batch's state as the vendor reports it, with its request counts. */
export type BatchStatus = {
  id: string;
  /** The vendor's own word (`validating`, `in_progress`, `completed`, `ended`…). */
  state: string;
  /** No request of it will change any more: its results can be fetched. */
  ended: boolean;
  total: number;
  succeeded: number;
  /** Errored, expired or cancelled requests. */
  failed: number;
};

/** One request's outcome in an ended batch: an answer (read against the request it answers), or why there is none. */
export type BatchResult =
  | { customId: string; answer: (request: GenerateRequest) => Generation }
  | { customId: string; failure: string };

/** A vendor's batch service: requests as batch entries, submitted, polled and read back by `custom_id`. */
export type BatchApi = {
  /** Most requests and bytes (of the entries as JSON) one batch may hold. */
  limits: { requests: number; bytes: number };
  /** The request as one entry of a batch, under `customId`. */
  entry(customId: string, request: GenerateRequest): unknown;
  /** Submits entries as one batch; resolves to its id. */
  submit(entries: readonly unknown[]): Promise<string>;
  status(id: string): Promise<BatchStatus>;
  /** Every result of an ended batch. */
  results(id: string): Promise<BatchResult[]>;
};
