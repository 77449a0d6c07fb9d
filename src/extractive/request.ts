/** Reads a summarization request: the conversation, earlier summaries, prescribed sections and focus. */
import type { BulletStyle, PrescribedHeading } from './sections.ts';
import { tagsPattern } from './conversation.ts';
import { contentWords } from '../text/content-words.ts';

/** What the strategy asked for, taken apart. */
export type SummaryRequest = {
  /** The rendered conversation, or '' when the request has none. */
  conversation: string;
  /** Where the conversation starts in the prompt: `prompt.slice(conversationAt)` opens with it; -1 without one. */
  conversationAt: number;
  /** A previous summary to update with the conversation. */
  previousSummary: string | undefined;
  /** Earlier summaries, in order. */
  summaries: string[];
  /** Whether to merge the summaries into the output or only avoid repeating them. */
  summariesUse: 'merge' | 'context';
  /** Output sections the prompt prescribes, in order; empty when it prescribes none. */
  headings: PrescribedHeading[];
  /** Words of the focus the user asked for. */
  focusWords: string[];
};

type Region = { start: number; end: number; inner: string; innerStart: number };

// Headings that name parts of the prompt itself rather than sections of the answer.
const PROMPT_HEADINGS = new Set([
  'instructions',
  'instruction',
  'output format',
  'format',
  'rules',
  'example',
  'examples',
  'input',
  'conversation',
  'previous summary',
  'summaries',
]);
const CONTEXT_CUE =
  /\b(?:(?:as|for|only) (?:background|context)|do not repeat|don't repeat|not repeat|without repeating|only (?:the )?new)\b/i;
const MERGE_CUE = /\b(?:merge|stitch|combine|consolidate|unify|into (?:one|a single))\b/i;
const FOCUS_LINE = /^\s*(?:additional\s+)?focus(?:\s+on)?\s*:\s*(.+)$/gim;

/** Takes a request apart; text outside the tagged blocks is the instructions. */
export function readRequest(system: string, prompt: string): SummaryRequest {
  let conversation = '';
  let conversationAt = -1;
  let instructions = prompt;
  const conversationRegion = findRegion(prompt, 'conversation', { lastClose: true });
  if (conversationRegion) {
    conversation = conversationRegion.inner;
    conversationAt = conversationRegion.innerStart;
    instructions = cut(prompt, conversationRegion);
  } else {
    // No tags: a conversation rendered straight into the prompt runs from its first role tag.
    const start = firstBlockStart(prompt);
    if (start >= 0) {
      conversation = prompt.slice(start);
      conversationAt = start;
      instructions = prompt.slice(0, start);
    }
  }

  const previousRegion = findRegion(instructions, 'previous-summary');
  if (previousRegion) instructions = cut(instructions, previousRegion);
  const summariesRegion = findRegion(instructions, 'summaries', { lastClose: true });
  if (summariesRegion) instructions = cut(instructions, summariesRegion);
  const summaries = [...(summariesRegion?.inner ?? '').matchAll(/<summary\b[^>]*>([\s\S]*?)<\/summary>/g)]
    .map((match) => match[1]!.trim())
    .filter((summary) => summary.length > 0);
  const focusRegion = findRegion(instructions, 'instructions');
  if (focusRegion) instructions = cut(instructions, focusRegion);

  const focus = [
    focusRegion?.inner ?? '',
    ...[...instructions.matchAll(FOCUS_LINE)].map((match) => match[1]!),
  ];
  const hasConversation = conversation.trim().length > 0;
  // With no conversation the summaries are all there is; beside one, they are context unless told to merge.
  const summariesUse =
    !hasConversation || (MERGE_CUE.test(instructions) && !CONTEXT_CUE.test(instructions))
      ? 'merge'
      : 'context';
  const headings = prescribedHeadings(instructions);
  return {
    conversation,
    conversationAt,
    previousSummary: previousRegion?.inner.trim() || undefined,
    summaries: summariesRegion && summaries.length === 0 ? [summariesRegion.inner.trim()] : summaries,
    summariesUse,
    headings: headings.length > 0 ? headings : prescribedHeadings(withoutTaggedBlocks(system)),
    focusWords: contentWords(focus.join(' ')),
  };
}

// A rendering starts with a user, context or assistant block (never with a tool result), at a line start.
const FIRST_BLOCK = new RegExp(
  `(?:^|\n)${tagsPattern(['user', 'context', 'assistant', 'thinking', 'tool-calls'])}`,
);

/** Where the first user, context or assistant block of a rendering starts in `text`, or -1. */
function firstBlockStart(text: string): number {
  const match = FIRST_BLOCK.exec(text);
  if (!match) return -1;
  return match[0].startsWith('\n') ? match.index + 1 : match.index;
}

/** `<tag>…</tag>`: the first opening, and the first (or last) closing after it. */
function findRegion(text: string, tag: string, options: { lastClose?: boolean } = {}): Region | undefined {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const start = text.indexOf(open);
  if (start < 0) return undefined;
  const closeAt = options.lastClose ? text.lastIndexOf(close) : text.indexOf(close, start);
  if (closeAt < start) return undefined;
  const innerStart = start + open.length;
  return { start, end: closeAt + close.length, inner: text.slice(innerStart, closeAt), innerStart };
}

function cut(text: string, region: Region): string {
  return `${text.slice(0, region.start)}\n${text.slice(region.end)}`;
}

function withoutTaggedBlocks(text: string): string {
  return text.replace(/<([a-z-]+)>[\s\S]*?<\/\1>/g, '\n');
}

/** `## Heading` and `### Sub` lines, with the bullet style of the template line under each. */
function prescribedHeadings(text: string): PrescribedHeading[] {
  const lines = text.split('\n');
  const headings: PrescribedHeading[] = [];
  lines.forEach((line, index) => {
    const match = /^(#{2,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match || PROMPT_HEADINGS.has(match[2]!.toLowerCase().replace(/:$/, ''))) return;
    const template = lines.slice(index + 1).find((next) => next.trim().length > 0) ?? '';
    headings.push({ level: match[1]!.length, title: match[2]!, bullet: bulletStyle(template) });
  });
  return headings;
}

function bulletStyle(templateLine: string): BulletStyle {
  const line = templateLine.trim();
  if (/^\d+[.)]\s/.test(line)) return 'number';
  if (/^[-*]\s+\[[xX]\]/.test(line)) return 'checked';
  if (/^[-*]\s+\[ \]/.test(line)) return 'unchecked';
  return 'dash';
}
