/** The provider interface (docs/providers.md): one method, an options bag carrying the abort signal. */

/** One completion request. */
export type CompletionRequest = {
  system: string;
  prompt: string;
  /** Most output tokens the answer may have. */
  maxTokens: number;
  /** Which run of `--runs` asks (1-based): a later run is a fresh sample, cached and recorded apart. */
  sample?: number;
  signal?: AbortSignal;
};

/** Token usage of one call. */
export type Usage = {
  input: number;
  output: number;
  /** Input tokens the API served from its prompt cache, where it reports them. */
  cachedInput?: number;
};

/** Which counter produced a usage figure: the API's own report, or our tokenizer. */
export type UsageSource = 'api' | 'tokenizer';

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
   * Loads what the first call would (the SDK, and a connection unless `connect` is false) before the run's clock
   * starts.
   */
  warmUp?(options?: { connect?: boolean }): Promise<void>;
  complete(request: CompletionRequest): Promise<Completion>;
  /** Flushes what a wrapper holds (a cassette being recorded); called once when the run ends. */
  close?(): Promise<void>;
};
