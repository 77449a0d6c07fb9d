/** The shapes of the Codex rollout items and events the reader parses (checked with zod, errors name the line). */
import * as z from 'zod';

const contentItemsSchema = z.array(z.looseObject({ type: z.string() }));
export const messageSchema = z.object({
  role: z.string(),
  content: z.union([z.string(), contentItemsSchema]),
});
const textPartsSchema = z.array(z.looseObject({ text: z.string().optional() })).nullish();
export const reasoningSchema = z.object({ summary: textPartsSchema, content: textPartsSchema });
export const functionCallSchema = z.object({
  name: z.string(),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
  call_id: z.string(),
});
export const customToolCallSchema = z.object({ name: z.string(), input: z.string(), call_id: z.string() });
export const localShellCallSchema = z.object({
  call_id: z.string().nullish(),
  id: z.string().nullish(),
  action: z.record(z.string(), z.unknown()),
});
export const webSearchCallSchema = z.object({
  id: z.string().nullish(),
  action: z.record(z.string(), z.unknown()).nullish(),
});
export const toolOutputSchema = z.object({ call_id: z.string(), output: z.unknown() });
export const sessionMetaSchema = z.object({
  id: z.string().optional(),
  cwd: z.string().optional(),
  cli_version: z.string().optional(),
  originator: z.string().optional(),
  model_provider: z.string().nullish(),
});
export const turnContextSchema = z.object({ model: z.string().optional() });
export const compactedSchema = z.object({ message: z.string().nullish() });
const tokenUsageSchema = z.object({
  input_tokens: z.number(),
  cached_input_tokens: z.number().optional(),
  output_tokens: z.number(),
  total_tokens: z.number().optional(),
});
export const tokenCountSchema = z.object({
  info: z.object({ last_token_usage: tokenUsageSchema.nullish() }).nullish(),
});
export const rolledBackSchema = z.object({ num_turns: z.number().int().min(0) });
