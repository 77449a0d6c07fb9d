/** Every importer, in detection order. */
import type { Importer } from '../importer.ts';
import type { SessionFormat } from '../types.ts';
import { anthropicMessagesImporter } from './anthropic-messages.ts';
import { claudeCodeImporter } from './claude-code.ts';
import { aiderImporter } from './aider.ts';
import { codexImporter } from './codex.ts';
import { geminiCliImporter } from './gemini-cli.ts';
import { miniSweAgentImporter } from './mini-swe-agent.ts';
import { openAiMessagesImporter } from './openai-messages.ts';
import { opencodeImporter } from './opencode.ts';
import { piImporter } from './pi.ts';

/** The importers by format; detection tries them in this order. */
export const IMPORTERS = {
  pi: piImporter,
  'claude-code': claudeCodeImporter,
  codex: codexImporter,
  'gemini-cli': geminiCliImporter,
  opencode: opencodeImporter,
  aider: aiderImporter,
  'mini-swe-agent': miniSweAgentImporter,
  'anthropic-messages': anthropicMessagesImporter,
  'openai-messages': openAiMessagesImporter,
} satisfies Record<SessionFormat, Importer>;

/** Importers in the order detection tries them. */
export const IMPORTER_LIST: readonly Importer[] = Object.values(IMPORTERS);
