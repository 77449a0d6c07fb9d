/** Anthropic Message Batches for `--batch`: the requests as one batch, polled, and its results streamed back. */
import type Anthropic from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { SdkBatchAdapter } from '../sdk-provider.ts';
import type { GenerateRequest } from '../types.ts';

type AnthropicSdk = typeof import('@anthropic-ai/sdk');

/** The Anthropic batch service, each request sent as `params(request)` (the messages body a direct call sends). */
export function anthropicBatch(
  params: (request: GenerateRequest) => MessageCreateParamsNonStreaming,
): SdkBatchAdapter<AnthropicSdk, Anthropic, Message> {
  return {
    // Message Batches' limits: 100,000 requests or 256 MB per batch.
    limits: { requests: 100_000, bytes: 256 * 1024 * 1024 },
    entry: (customId, request) => ({ custom_id: customId, params: params(request) }),
    async submit(_sdk, client, entries) {
      const requests = entries as Array<{ custom_id: string; params: MessageCreateParamsNonStreaming }>;
      return (await client.messages.batches.create({ requests })).id;
    },
    async status(client, id) {
      const batch = await client.messages.batches.retrieve(id);
      const counts = batch.request_counts;
      const failed = counts.errored + counts.expired + counts.canceled;
      return {
        id,
        state: batch.processing_status,
        ended: batch.processing_status === 'ended',
        total: counts.processing + counts.succeeded + failed,
        succeeded: counts.succeeded,
        failed,
      };
    },
    async results(client, id) {
      const results = [];
      for await (const item of await client.messages.batches.results(id)) {
        const result = item.result;
        if (result.type === 'succeeded') {
          results.push({ customId: item.custom_id, response: result.message });
        } else if (result.type === 'errored') {
          const error = result.error.error as { type?: string; message?: string };
          results.push({
            customId: item.custom_id,
            failure: `request errored (${error.type ?? 'error'}: ${error.message ?? 'no message'})`,
          });
        } else {
          results.push({
            customId: item.custom_id,
            failure: `request ${result.type} before the batch ended`,
          });
        }
      }
      return results;
    },
  };
}
