/**
 * claude-code: Claude Code's `/compact` as publicly described — one call that first reasons in an
 * `<analysis>` scratchpad, then writes a long-form nine-section summary in `<summary>` tags; only
 * the summary is kept.
 */
import { ProviderError } from '../errors.ts';
import { conversationBlock, LONG_FORM_SECTIONS } from './prompts.ts';
import { oneCallBudget } from './budgets.ts';
import { summarize } from './summary-call.ts';
import { type TaggedBlock, topLevelBlocks } from './tagged-answer.ts';
import type { Strategy } from './types.ts';

const name = 'claude-code';

/** The summary taken out of an answer, and how the answer was shaped. */
export type ExtractedSummary = {
  /** Empty when the answer holds no usable summary. */
  summary: string;
  /** Characters of `<analysis>` scratchpad dropped. */
  analysisCharacters: number;
  /**
   * `tagged`: the `<summary>` block after the analysis; `untagged`: the answer minus its analysis;
   * `analysis-only`: cut off before any summary; `empty`: nothing, or an empty `<summary>`.
   */
  shape: 'tagged' | 'untagged' | 'analysis-only' | 'empty';
};

const content = (answer: string, block: TaggedBlock) => answer.slice(block.contentStart, block.contentEnd);

/**
 * The summary of an answer: the last top-level `<summary>` block after its `<analysis>` (one that
 * spans lines first, so a quoted one-line `<summary>` such as a task notification's does not win);
 * without an analysis, only a `<summary>` that spans lines or is the whole answer counts. An answer
 * without one is taken whole, minus its analysis.
 */
export function extractSummary(answer: string): ExtractedSummary {
  const blocks = topLevelBlocks(answer, ['analysis', 'summary']);
  const analyses = blocks.filter((block) => block.name === 'analysis');
  const analysisCharacters = analyses.reduce((sum, block) => sum + content(answer, block).length, 0);
  const analysisEnd = analyses.at(-1)?.end;
  const spansLines = (block: TaggedBlock) => content(answer, block).trim().includes('\n');
  const candidates = blocks.filter(
    (block) =>
      block.name === 'summary' &&
      (analysisEnd === undefined
        ? spansLines(block) || answer.trim() === answer.slice(block.start, block.end).trim()
        : block.start >= analysisEnd),
  );
  const chosen = candidates.findLast(spansLines) ?? candidates.at(-1);
  if (chosen) {
    const summary = content(answer, chosen).trim();
    return { summary, analysisCharacters, shape: summary ? 'tagged' : 'empty' };
  }
  let rest = answer;
  for (const block of [...analyses].reverse()) rest = rest.slice(0, block.start) + rest.slice(block.end);
  if (rest.trim()) return { summary: rest.trim(), analysisCharacters, shape: 'untagged' };
  return { summary: '', analysisCharacters, shape: analyses.length > 0 ? 'analysis-only' : 'empty' };
}

/** Why an answer holds no usable summary, for the error the run records. */
const NO_SUMMARY: Record<'analysis-only' | 'empty', string> = {
  'analysis-only': 'it holds only an <analysis> block (cut off before the <summary>?)',
  empty: 'it is empty, or its <summary> block is',
};

/** One call; the analysis scratchpad is stripped from the answer. */
export const claudeCode: Strategy = {
  name,
  description:
    'one call: an <analysis> scratchpad (stripped), then a long-form 9-section summary (Claude Code /compact)',
  group: 'agent',
  callsModel: true,
  plannedCalls: () => ({ calls: 1, sequential: 1 }),
  // The last section is optional by design: the model leaves it out when nothing was asked next.
  requiredSections: LONG_FORM_SECTIONS.slice(0, -1),
  prompts: { main: ['claude-code'] },
  async run(session, context) {
    const answer = await summarize(context, {
      label: 'compact',
      owner: name,
      prompt: 'claude-code',
      blocks: [conversationBlock(context.render(session.messages))],
      maxTokens: oneCallBudget(context.config),
    });
    const extracted = extractSummary(answer);
    if (extracted.shape === 'analysis-only' || extracted.shape === 'empty') {
      throw new ProviderError(`${name}: the answer holds no usable summary: ${NO_SUMMARY[extracted.shape]}`);
    }
    const dropped = `dropped ${extracted.analysisCharacters} characters of <analysis>`;
    const notes = {
      tagged: `Kept the <summary> block; ${dropped}.`,
      untagged:
        extracted.analysisCharacters > 0
          ? `The answer had no <summary> tags: kept the rest of it; ${dropped}.`
          : 'The answer had neither <analysis> nor <summary> tags: kept it whole.',
    };
    return { summary: extracted.summary, notes: [notes[extracted.shape]] };
  },
};
