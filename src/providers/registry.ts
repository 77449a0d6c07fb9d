/**
 * Every provider `-p` and `--judge` can name, one entry each: the spec parser, `list`, the secret scan,
 * error messages and `createProvider` all read this table. Adding a provider is one entry here and its
 * adapter folder (see docs/architecture.md).
 */
import { createExtractiveProvider } from './extractive.ts';
import { ANTHROPIC_MODELS } from './anthropic/models.ts';
import { createAnthropicProvider } from './anthropic/provider.ts';
import type { ModelInfo } from './model-info.ts';
import { OPENAI_MODELS } from './openai/models.ts';
import { createOpenAIProvider } from './openai/provider.ts';
import type { SdkProviderOptions } from './sdk-provider.ts';
import type { Provider } from './types.ts';
import type { Tokenizer } from '../tokens.ts';

/** A provider that calls no API: everything it needs is the tokenizer. */
export type LocalProviderEntry = {
  id: string;
  /** How `-p` names it, as `list` shows it. */
  spec: string;
  /** One line for `list`. */
  description: string;
  takesModel: false;
  create(options: { tokenizer: Tokenizer }): Provider;
};

/** A provider behind a vendor SDK: a model name, a key and a base URL from the environment. */
export type SdkProviderEntry = {
  id: string;
  spec: string;
  description: string;
  takesModel: true;
  /** A model to show in error messages and help (`gpt-4.1-mini`). */
  exampleModel: string;
  /** The environment variable holding the key; its value is never written to any file. */
  keyVariable: string;
  /** The SDK's own base-URL variable. */
  baseUrlVariable: string;
  /** Context windows and prices of well-known models, by name. */
  models: Readonly<Record<string, ModelInfo>>;
  create(options: SdkProviderOptions): Provider;
};

/** One row of the provider table. */
export type ProviderEntry = LocalProviderEntry | SdkProviderEntry;

/** The providers, in the order `list` shows them. */
export const PROVIDER_TABLE: readonly ProviderEntry[] = [
  {
    id: 'extractive',
    spec: 'extractive',
    description:
      'offline lexical stand-in, not a model (no key, no network): copies sentences verbatim to fill each budget, so rankings reflect budgets and structure',
    takesModel: false,
    create: createExtractiveProvider,
  },
  {
    id: 'openai',
    spec: 'openai:<model>',
    description: 'OpenAI chat completions (OPENAI_API_KEY); any OpenAI-compatible server with --base-url',
    takesModel: true,
    exampleModel: 'gpt-4.1-mini',
    keyVariable: 'OPENAI_API_KEY',
    baseUrlVariable: 'OPENAI_BASE_URL',
    models: OPENAI_MODELS,
    create: createOpenAIProvider,
  },
  {
    id: 'anthropic',
    spec: 'anthropic:<model>',
    description: 'Anthropic messages API (ANTHROPIC_API_KEY); Anthropic-compatible servers with --base-url',
    takesModel: true,
    exampleModel: 'claude-haiku-4-5',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    models: ANTHROPIC_MODELS,
    create: createAnthropicProvider,
  },
];

/** The table entry of a provider id, or undefined. */
export function providerEntry(id: string): ProviderEntry | undefined {
  return PROVIDER_TABLE.find((entry) => entry.id === id);
}

// The table is fixed, and the write guard and the redaction ask for these for every text they pass over (each
// stored prompt's parts, each rendering of a session's table, each block of a page): listed once, not per text.
const KEY_VARIABLES: readonly string[] = PROVIDER_TABLE.flatMap((entry) =>
  entry.takesModel ? [entry.keyVariable] : [],
);

/** Every environment variable that holds an API key. */
export function keyVariables(): readonly string[] {
  return KEY_VARIABLES;
}
