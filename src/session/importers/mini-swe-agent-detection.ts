/** How a mini-swe-agent trajectory (or a SWE-agent one, to refuse it) is told from its start. */
import type { FormatDetection } from '../importer.ts';
import { isRecord } from './content.ts';
import { sampleMessagesDocument } from './json-document.ts';

/** An observation as the templates render it: `<returncode>` then `<output>` (or head and tail of a long one). */
export const RETURN_CODE = /^\s*(?:<exception>[\s\S]*?<\/exception>\s*)?<returncode>(-?\d+)<\/returncode>\s*/;

/** Whether the start of a file is a SWE-agent `.traj` (steps of action and observation), refused by name. */
export function isSweAgentTrajectory(head: string): boolean {
  return /^\s*\{/.test(head) && /"trajectory"\s*:\s*\[/.test(head) && /"observation"\s*:/.test(head);
}

function looksLikeMiniSweAgent(head: string): boolean {
  const sample = sampleMessagesDocument(head);
  if (!sample) return false;
  const format = sample.fields.trajectory_format;
  if (typeof format === 'string') return format.startsWith('mini-swe-agent');
  const info = sample.fields.info;
  if (isRecord(info) && ('mini_version' in info || 'model_stats' in info)) return true;
  // A bare messages array (some tools save `agent.messages` alone): a fenced command answered by a return code.
  return sample.messages.some(
    (message) =>
      isRecord(message) &&
      message.role === 'user' &&
      typeof message.content === 'string' &&
      RETURN_CODE.test(message.content),
  );
}

/** The mini-swe-agent trajectory format (a SWE-agent trajectory detected too, so that reading refuses it). */
export const miniSweAgentDetection: FormatDetection = {
  format: 'mini-swe-agent',
  description: 'mini-swe-agent trajectory JSON (*.traj.json: { "info", "messages", "trajectory_format" })',
  detect: (sample) => looksLikeMiniSweAgent(sample.head) || isSweAgentTrajectory(sample.head),
};
