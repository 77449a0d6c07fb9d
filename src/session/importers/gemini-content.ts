/** How Gemini API parts (`text`, `functionCall`, `functionResponse`, `inlineData`, …) read as canonical content. */
import type { ContextKind, ImageBlock, TextBlock, ThinkingBlock, ToolCallBlock } from '../types.ts';
import { imagePlaceholder, isRecord, textBlock } from './content.ts';

/** The text a compression leaves in the history: the summary, then the model's acknowledgement. */
export const STATE_SNAPSHOT = '<state_snapshot>';
/** The model's answer Gemini CLI writes after a state snapshot. */
export const SNAPSHOT_ACKNOWLEDGEMENT = 'Got it. Thanks for the additional context!';

/** The environment Gemini CLI puts first in every history, as a user message. */
const SETUP_OPENING =
  /^\s*(?:<session_context>\s*)?This is the Gemini CLI\. We are setting up the context for our chat\./;

/** The context kind of a user text Gemini CLI wrote itself (the environment), else undefined. */
export function geminiContextKind(text: string): ContextKind | undefined {
  return SETUP_OPENING.test(text) ? 'environment' : undefined;
}

/** The parts of a `content` that may be a string, one part or a list of parts. */
export function partsOf(content: unknown): unknown[] {
  if (content === undefined || content === null) return [];
  if (typeof content === 'string') return [{ text: content }];
  return Array.isArray(content) ? content : [content];
}

/** The joined text of parts (thoughts left out). */
export function partsText(parts: readonly unknown[]): string {
  return parts
    .flatMap((part) =>
      isRecord(part) && typeof part.text === 'string' && part.thought !== true ? [part.text] : [],
    )
    .join('');
}

/** What a function response says: its `output`, its `error`, or the response as JSON; and whether it failed. */
export function responseText(response: unknown): { text: string; isError: boolean } {
  if (!isRecord(response)) return { text: typeof response === 'string' ? response : '', isError: false };
  if (typeof response.error === 'string') return { text: response.error, isError: true };
  if (typeof response.output === 'string') return { text: response.output, isError: false };
  if (typeof response.content === 'string') return { text: response.content, isError: false };
  return { text: JSON.stringify(response), isError: false };
}

/**
 * Whether a `run_shell_command` output says the command exited non-zero: Gemini CLI reports such a command as a
 * success and writes `Exit Code: 1` after its output (the last such line is its own).
 */
function shellFailed(name: string, text: string): boolean {
  if (name !== 'run_shell_command') return false;
  const code = [...text.matchAll(/^Exit Code: (-?\d+)\s*$/gm)].at(-1)?.[1];
  return code !== undefined && Number(code) !== 0;
}

/** A user turn's parts: its text and images, and the function responses it carries. */
export function userParts(parts: readonly unknown[]): {
  blocks: Array<TextBlock | ImageBlock>;
  responses: Array<{ id: string | undefined; name: string; text: string; isError: boolean }>;
} {
  const blocks: Array<TextBlock | ImageBlock> = [];
  const responses: Array<{ id: string | undefined; name: string; text: string; isError: boolean }> = [];
  for (const part of parts) {
    if (!isRecord(part)) continue;
    if (typeof part.text === 'string' && part.thought !== true) blocks.push(textBlock(part.text));
    else if (isRecord(part.functionResponse)) {
      const response = part.functionResponse;
      const name = typeof response.name === 'string' ? response.name : 'unknown';
      const { text, isError } = responseText(response.response);
      responses.push({
        id: typeof response.id === 'string' ? response.id : undefined,
        name,
        text,
        isError: isError || shellFailed(name, text),
      });
    } else if (isRecord(part.inlineData)) {
      blocks.push(
        imagePlaceholder(typeof part.inlineData.mimeType === 'string' ? part.inlineData.mimeType : undefined),
      );
    } else if (isRecord(part.fileData)) {
      blocks.push(
        textBlock(`[file: ${String(part.fileData.fileUri ?? part.fileData.mimeType ?? 'attached')}]`),
      );
    }
  }
  return { blocks, responses };
}

/** A model turn's parts: text, thoughts and function calls (ids made from the turn's position when absent). */
export function modelParts(
  parts: readonly unknown[],
  idPrefix: string,
): Array<TextBlock | ThinkingBlock | ToolCallBlock> {
  const blocks: Array<TextBlock | ThinkingBlock | ToolCallBlock> = [];
  parts.forEach((part, index) => {
    if (!isRecord(part)) return;
    if (typeof part.text === 'string') {
      if (part.text === '') return;
      blocks.push(part.thought === true ? { type: 'thinking', thinking: part.text } : textBlock(part.text));
    } else if (isRecord(part.functionCall)) {
      const call = part.functionCall;
      blocks.push({
        type: 'toolCall',
        id: typeof call.id === 'string' && call.id !== '' ? call.id : `${idPrefix}_${index}`,
        name: typeof call.name === 'string' ? call.name : 'unknown',
        arguments: isRecord(call.args) ? call.args : {},
      });
    }
  });
  return blocks;
}
