/** The OpenAI Batch API for `--batch`: the requests uploaded as a JSONL file, one batch on it, the output and error files read back. */
import type OpenAI from 'openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { SdkBatchAdapter } from '../sdk-provider.ts';
import type { GenerateRequest } from '../types.ts';

type OpenAISdk = typeof import('openai');

const ENDPOINT = '/v1/chat/completions';
/** Statuses after which no request of the batch changes any more. */
const FINAL_STATUSES = new Set(['completed', 'failed', 'expired', 'cancelled']);

/** One line of a batch's output or error file. */
type OutputLine = {
  custom_id: string;
  response: { status_code: number; body: unknown } | null;
  error: { code?: string | null; message?: string | null } | null;
};

/** The OpenAI batch service, each request sent as `body(request)` (the chat-completions body a direct call sends). */
export function openAIBatch(
  body: (request: GenerateRequest) => unknown,
): SdkBatchAdapter<OpenAISdk, OpenAI, ChatCompletion> {
  return {
    // The Batch API's limits: 50,000 requests and a 200 MB input file per batch.
    limits: { requests: 50_000, bytes: 200 * 1024 * 1024 },
    entry: (customId, request) => ({
      custom_id: customId,
      method: 'POST',
      url: ENDPOINT,
      body: body(request),
    }),
    async submit(sdk, client, entries) {
      const jsonl = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
      const file = await client.files.create({
        file: await sdk.toFile(Buffer.from(jsonl, 'utf8'), 'compaction-bench-batch.jsonl'),
        purpose: 'batch',
      });
      const batch = await client.batches.create({
        input_file_id: file.id,
        endpoint: ENDPOINT,
        completion_window: '24h',
      });
      return batch.id;
    },
    async status(client, id) {
      const batch = await client.batches.retrieve(id);
      const counts = batch.request_counts;
      return {
        id,
        state: batch.status,
        ended: FINAL_STATUSES.has(batch.status),
        total: counts?.total ?? 0,
        succeeded: counts?.completed ?? 0,
        failed: counts?.failed ?? 0,
      };
    },
    async results(client, id) {
      const batch = await client.batches.retrieve(id);
      const files = [batch.output_file_id, batch.error_file_id].filter((file): file is string => !!file);
      const results = [];
      for (const file of files) {
        const text = await (await client.files.content(file)).text();
        for (const line of text.split('\n')) {
          if (line.trim() === '') continue;
          const parsed = JSON.parse(line) as OutputLine;
          const response = parsed.response;
          if (response && response.status_code < 400) {
            results.push({ customId: parsed.custom_id, response: response.body as ChatCompletion });
          } else {
            results.push({ customId: parsed.custom_id, failure: failureOf(parsed, batch.status) });
          }
        }
      }
      return results;
    },
  };
}

/** Why a line has no answer: the request expired with the batch, or the error the API gave. */
function failureOf(line: OutputLine, status: string): string {
  if (line.error?.code === 'batch_expired') return 'request expired before the batch completed';
  const body = line.response?.body as { error?: { message?: string } } | undefined;
  const message = body?.error?.message ?? line.error?.message ?? `batch ${status}`;
  const code = line.response ? `status ${line.response.status_code}: ` : '';
  return `request errored (${code}${message})`;
}
