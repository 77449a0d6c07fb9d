/** How Codex content items, reasoning and tool outputs read as canonical content. */
import type { ContextKind, ImageBlock, Message, TextBlock } from '../types.ts';
import { contentText } from '../types.ts';
import { dataUrlMimeType, imagePlaceholder, isRecord, textBlock } from './content.ts';

/**
 * How the user-role messages Codex injects as context start (codex-rs names them contextual user
 * messages): AGENTS.md and user instructions, the environment, skills, the output of a command the user
 * ran with `!`, notifications, hook prompts. They do not start a user turn.
 */
const CONTEXT_OPENINGS: ReadonlyArray<[string, ContextKind]> = [
  ['<user_instructions>', 'instructions'],
  ['# AGENTS.md instructions', 'instructions'],
  ['<INSTRUCTIONS>', 'instructions'],
  ['<environment_context>', 'environment'],
  ['<skill>', 'skill'],
  ['<user_shell_command>', 'command-output'],
  ['<turn_aborted>', 'notification'],
  ['<subagent_notification>', 'notification'],
  ['<agent_message_board_notification>', 'notification'],
  ['<hook_prompt', 'hook'],
];

/** The context kind of a Codex user message's text, or undefined when the user wrote it. */
export function codexContextKind(text: string): ContextKind | undefined {
  const trimmed = text.trimStart();
  return CONTEXT_OPENINGS.find(([opening]) => trimmed.startsWith(opening))?.[1];
}

/**
 * Whether a command's output says it exited non-zero: the header newer shell tools put before the output
 * (`Process exited with code 1`, `Exit code: 1`), read in its first lines only.
 */
function failedExit(output: string): boolean {
  const header = output.slice(0, 400);
  const match = /^(?:Process exited with code|Exit code:) (-?\d+)\s*$/m.exec(header);
  return match !== null && Number(match[1]) !== 0;
}

/**
 * What Codex answers instead of running a call, with no exit code to say so: a patch that does not apply or that
 * the user declined, a command the user declined, a command the sandbox refused.
 */
const REFUSAL =
  /^(?:apply_patch verification failed|patch rejected|exec command rejected|failed in sandbox )/;

/** How a Codex tool output reads: its text or items, and whether it failed. */
export function toolOutput(output: unknown): { content: Array<TextBlock | ImageBlock>; isError: boolean } {
  if (typeof output === 'string') {
    // Older shell outputs are JSON: {"output": "...", "metadata": {"exit_code": 1, ...}}.
    if (output.startsWith('{"output"')) {
      try {
        const parsed: unknown = JSON.parse(output);
        if (isRecord(parsed) && typeof parsed.output === 'string') {
          const exitCode = isRecord(parsed.metadata) ? parsed.metadata.exit_code : undefined;
          return {
            content: [textBlock(parsed.output)],
            isError: typeof exitCode === 'number' && exitCode !== 0,
          };
        }
      } catch {
        // Plain text that happens to start like JSON.
      }
    }
    return { content: [textBlock(output)], isError: failedExit(output) || REFUSAL.test(output) };
  }
  if (Array.isArray(output)) return { content: contentBlocks(output), isError: false };
  if (isRecord(output) && 'content' in output) {
    return { content: toolOutput(output.content).content, isError: output.success === false };
  }
  return {
    content: output === undefined || output === null ? [] : [textBlock(JSON.stringify(output))],
    isError: false,
  };
}

/** Response content items (`input_text`, `output_text`, `input_image`, …) as canonical blocks. */
export function contentBlocks(items: readonly unknown[]): Array<TextBlock | ImageBlock> {
  return items.flatMap((item): Array<TextBlock | ImageBlock> => {
    if (!isRecord(item)) return [];
    if (typeof item.text === 'string') return [textBlock(item.text)];
    if (typeof item.refusal === 'string') return [textBlock(item.refusal)];
    if (item.type === 'input_image') {
      return [
        imagePlaceholder(typeof item.image_url === 'string' ? dataUrlMimeType(item.image_url) : undefined),
      ];
    }
    return [];
  });
}

/** The texts of reasoning parts, as one thinking text. */
export function reasoningText(
  parts: ReadonlyArray<{ text?: string | undefined }> | null | undefined,
): string {
  return (parts ?? []).flatMap((part) => (part.text ? [part.text] : [])).join('\n\n');
}

/** The working directory Codex told the model about, for rollouts whose header has no `cwd`. */
export function cwdFromContext(messages: readonly Message[]): string | undefined {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const text = contentText(message.content);
    if (!text.includes('<environment_context>')) continue;
    const start = text.indexOf('<cwd>');
    const end = text.indexOf('</cwd>', start);
    if (start >= 0 && end > start) return text.slice(start + '<cwd>'.length, end).trim();
  }
  return undefined;
}
