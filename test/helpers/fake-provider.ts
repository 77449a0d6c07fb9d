/** A scripted in-process provider for strategy and runner tests: records requests, answers after a delay. */
import { generateThroughText } from '../../src/providers/text-form.ts';
import type {
  Completion,
  CompletionRequest,
  GenerateRequest,
  Generation,
  Provider,
} from '../../src/providers/types.ts';

/** A recorded request with when it started and ended (ms since the provider was made). */
export type RecordedRequest = CompletionRequest & { startedAt: number; endedAt: number };

/** Options of {@link fakeProvider}. */
export type FakeOptions = {
  /** The answer to a request; by default `summary #N` with the request's first line. */
  answer?: (request: CompletionRequest, index: number) => string | Promise<string>;
  delayMs?: number;
};

/** A provider whose answers and timing a test controls. */
export function fakeProvider(
  options: FakeOptions = {},
): Provider & { requests: RecordedRequest[]; maxInFlight: number } {
  const origin = performance.now();
  let inFlight = 0;
  const provider = {
    id: 'fake',
    model: 'fake-1',
    isLanguageModel: true,
    requests: [] as RecordedRequest[],
    maxInFlight: 0,
    async complete(request: CompletionRequest): Promise<Completion> {
      const record: RecordedRequest = { ...request, startedAt: performance.now() - origin, endedAt: 0 };
      const index = provider.requests.push(record) - 1;
      inFlight++;
      provider.maxInFlight = Math.max(provider.maxInFlight, inFlight);
      try {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const text = options.answer ? await options.answer(request, index) : `summary #${index + 1}`;
        return {
          text,
          usage: { input: request.prompt.length, output: text.length },
          usageSource: 'api',
          model: 'fake-1',
        };
      } finally {
        inFlight--;
        record.endedAt = performance.now() - origin;
      }
    },
    // Messages are read as the rendered prompt, like the extractive provider: requests record that prompt.
    generate(request: GenerateRequest): Promise<Generation> {
      return generateThroughText((textRequest) => provider.complete(textRequest))(request);
    },
  };
  return provider;
}
