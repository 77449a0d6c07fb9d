/** Small builders for canonical content, shared by the importers. */
import type { ImageBlock, TextBlock } from '../types.ts';

/** A text block. */
export function textBlock(text: string): TextBlock {
  return { type: 'text', text };
}

/** An image kept as a placeholder: the data is dropped so a transcript full of screenshots stays small. */
export function imagePlaceholder(mimeType: string | undefined): ImageBlock {
  return { type: 'image', mimeType: mimeType || 'image/unknown' };
}

/** The MIME type of a `data:` URL, if it is one. */
export function dataUrlMimeType(url: string): string | undefined {
  if (!url.startsWith('data:')) return undefined;
  const end = url.indexOf(';');
  return end > 5 ? url.slice(5, end) : undefined;
}

/**
 * Tool-call arguments sent as a JSON string (OpenAI, Codex): the parsed object, or `{ input }` holding
 * the raw text when it is not a JSON object, so nothing the model wrote is lost.
 */
export function argumentsFromJson(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (isRecord(parsed)) return parsed;
  } catch {
    // Not JSON (a freeform tool input): kept as text below.
  }
  return { input: json };
}

/** Tool-call arguments given as a value (Anthropic `input`): objects as they are, anything else wrapped. */
export function argumentsFromValue(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  return value === undefined || value === null ? {} : { input: value };
}

/** Whether a value is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Milliseconds since the epoch of an ISO timestamp (or a number already in ms), if it is one. */
export function timestampOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** How a command the user ran themselves (not a tool call) reads in the conversation. */
export function userShellCommandText(command: string, output: string | undefined, status?: string): string {
  const lines = ['[User ran a shell command]', `$ ${command}`];
  if (output !== undefined) lines.push(output === '' ? '(no output)' : output);
  if (status) lines.push(`(${status})`);
  return lines.join('\n');
}
