/**
 * Every format, in detection order: each one's detection loaded with this list, its reader imported only when a
 * file of it is read (one format a session, so a process loads one reader's modules, not nine).
 */
import type { Importer } from '../importer.ts';
import type { SessionFormat } from '../types.ts';
import { aiderDetection } from './aider-detection.ts';
import { anthropicMessagesDetection } from './anthropic-messages-detection.ts';
import { claudeCodeDetection } from './claude-code-detection.ts';
import { codexDetection } from './codex-detection.ts';
import { geminiCliDetection } from './gemini-cli-detection.ts';
import { miniSweAgentDetection } from './mini-swe-agent-detection.ts';
import { openAiMessagesDetection } from './openai-messages-detection.ts';
import { opencodeDetection } from './opencode-detection.ts';
import { piDetection } from './pi-detection.ts';

/** The importers by format; detection tries them in this order. */
export const IMPORTERS = {
  pi: { ...piDetection, reader: async () => (await import('./pi.ts')).piReader },
  'claude-code': {
    ...claudeCodeDetection,
    reader: async () => (await import('./claude-code.ts')).claudeCodeReader,
  },
  codex: { ...codexDetection, reader: async () => (await import('./codex.ts')).codexReader },
  'gemini-cli': {
    ...geminiCliDetection,
    reader: async () => (await import('./gemini-cli.ts')).geminiCliReader,
  },
  opencode: { ...opencodeDetection, reader: async () => (await import('./opencode.ts')).opencodeReader },
  aider: { ...aiderDetection, reader: async () => (await import('./aider.ts')).aiderReader },
  'mini-swe-agent': {
    ...miniSweAgentDetection,
    reader: async () => (await import('./mini-swe-agent.ts')).miniSweAgentReader,
  },
  'anthropic-messages': {
    ...anthropicMessagesDetection,
    reader: async () => (await import('./anthropic-messages.ts')).anthropicMessagesReader,
  },
  'openai-messages': {
    ...openAiMessagesDetection,
    reader: async () => (await import('./openai-messages.ts')).openAiMessagesReader,
  },
} satisfies Record<SessionFormat, Importer>;

/** Importers in the order detection tries them. */
export const IMPORTER_LIST: readonly Importer[] = Object.values(IMPORTERS);
