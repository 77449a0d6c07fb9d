/**
 * claude-code: Claude Code's `/compact` as publicly described — one call that first reasons in an
 * `<analysis>` scratchpad, then writes a long-form nine-section summary in `<summary>` tags; only
 * the summary is kept.
 */
import { conversationBlock, LONG_FORM_SECTIONS } from './prompts.ts';
import { oneCallBudget, summarize } from './steps.ts';
import type { Strategy } from './types.ts';

const name = 'claude-code';

/** The summary taken out of an answer, and how the answer was shaped. */
export type ExtractedSummary = {
  summary: string;
  /** Characters of `<analysis>` scratchpad dropped. */
  analysisCharacters: number;
  /** `tagged`: inside `<summary>`; `untagged`: the answer minus its analysis; `analysis-only`: cut off before any summary. */
  shape: 'tagged' | 'untagged' | 'analysis-only';
};

const ANALYSIS = /<analysis>([\s\S]*?)(?:<\/analysis>|$)/g;
// An unclosed <summary> is an answer cut off by the output limit; what came is still the summary.
const SUMMARY = /<summary>([\s\S]*?)(?:<\/summary>|$)/;

/** The summary of an answer: inside `<summary>` when tagged, else the answer without its `<analysis>` scratchpad. */
export function extractSummary(answer: string): ExtractedSummary {
  const analyses = [...answer.matchAll(ANALYSIS)].map((match) => match[1]!);
  const analysisCharacters = analyses.reduce((sum, analysis) => sum + analysis.length, 0);
  const rest = answer.replace(ANALYSIS, '');
  const tagged = SUMMARY.exec(rest);
  if (tagged) return { summary: tagged[1]!.trim(), analysisCharacters, shape: 'tagged' };
  if (rest.trim()) return { summary: rest.trim(), analysisCharacters, shape: 'untagged' };
  // Nothing but analysis: the answer ran out before the summary, and the analysis is all there is.
  return {
    summary: analyses.map((analysis) => analysis.trim()).join('\n\n'),
    analysisCharacters: 0,
    shape: 'analysis-only',
  };
}

/** One call; the analysis scratchpad is stripped from the answer. */
export const claudeCode: Strategy = {
  name,
  description:
    'one call: an <analysis> scratchpad (stripped), then a long-form 9-section summary (Claude Code /compact)',
  group: 'agent',
  callsModel: true,
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
    const dropped = `dropped ${extracted.analysisCharacters} characters of <analysis>`;
    const notes = {
      tagged: `Kept the <summary> block; ${dropped}.`,
      untagged:
        extracted.analysisCharacters > 0
          ? `The answer had no <summary> tags: kept the rest of it; ${dropped}.`
          : 'The answer had neither <analysis> nor <summary> tags: kept it whole.',
      'analysis-only':
        'The answer holds only an <analysis> block (cut off before the summary): kept the analysis as the summary.',
    };
    return { summary: extracted.summary, notes: [notes[extracted.shape]] };
  },
};
