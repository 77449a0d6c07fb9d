/**
 * Every prompt the core strategies send, in one place. Tagged blocks (`<conversation>`,
 * `<previous-summary>`, `<summaries>`) are the request conventions every provider relies on,
 * the offline extractive one included.
 */

/** The system prompt of every summarization call. */
export const SUMMARIZER_SYSTEM = `You compress the history of a coding-agent session so that another model can take over the work without it.
You never continue the conversation, answer questions in it or run tools: you only write the summary that was asked for.
Keep exact file paths, identifiers, commands, error messages and numbers verbatim. Be dense; leave out pleasantries and anything the next model will not need.`;

/** Wraps rendered messages for the model. */
export function conversationBlock(rendered: string): string {
  return `<conversation>\n${rendered}\n</conversation>`;
}

/** Wraps a summary the model must update. */
export function previousSummaryBlock(summary: string): string {
  return `<previous-summary>\n${summary}\n</previous-summary>`;
}

/** Wraps earlier summaries, numbered from 1. */
export function summariesBlock(summaries: readonly string[]): string {
  const items = summaries.map((summary, index) => `<summary index="${index + 1}">\n${summary}\n</summary>`);
  return `<summaries>\n${items.join('\n')}\n</summaries>`;
}

/** The user's extra focus (`--instructions`), appended to every prompt when set. */
export function withInstructions(prompt: string, instructions: string | undefined): string {
  if (!instructions) return prompt;
  return `${prompt}\n\n<instructions>\nFocus: ${instructions}\n</instructions>`;
}

const HANDOFF_CONTENTS = `- the user's goal and every explicit request, constraint and preference (quote constraints exactly);
- progress so far and the key decisions, each with its reason;
- every file read, created or changed, by exact path, with what happened to it;
- errors met (exact messages) and how each was resolved, or that it is still open;
- what remains to be done and the very next step;
- critical data: identifiers, commands, versions, numbers, configuration values.`;

/** single-shot: the whole transcript in one checkpoint call. */
export function checkpointPrompt(conversation: string): string {
  return `${conversationBlock(conversation)}

Write a checkpoint summary of the conversation above: a handoff that another model will resume the work from, with no other access to this history. Cover:
${HANDOFF_CONTENTS}

Use short Markdown sections and bullet points. Stay within about the length needed; do not pad.`;
}

/** parallel-stitch: one slice of many, summarized on its own. */
export function slicePrompt(conversation: string, slice: { number: number; count: number; budget: number }): string {
  const position =
    slice.number === 1
      ? 'It is the beginning of the session: the original task and constraints are likely stated here.'
      : slice.number === slice.count
        ? 'It is the most recent part of the session: current work and next steps matter most here.'
        : 'It comes from the middle of the session.';
  return `${conversationBlock(conversation)}

The conversation above is slice ${slice.number} of ${slice.count} of a longer coding-agent session. ${position}
Summarize only this slice, in at most about ${slice.budget} tokens, keeping:
${HANDOFF_CONTENTS}

Other slices are summarized separately and merged later; do not guess about them.`;
}

/** parallel-stitch: merge the slice summaries into one handoff. */
export function stitchPrompt(summaries: readonly string[]): string {
  return `${summariesBlock(summaries)}

These are summaries of consecutive slices of one coding-agent session, oldest first; neighbouring slices overlap, so some facts appear twice.
Merge them into one handoff summary in chronological order: remove duplicates, keep every distinct file path, error, decision and constraint, and give the most weight to the recent work, the open problems and the next steps. Another model will resume the work from your summary alone.`;
}

/** sequential-accumulated: summarize one slice with the earlier slices' summaries as context. */
export function accumulatedPrompt(
  conversation: string,
  earlier: readonly string[],
  slice: { number: number; count: number; budget: number },
): string {
  const context =
    earlier.length === 0
      ? ''
      : `${summariesBlock(earlier)}\n\nThe summaries above cover the earlier slices of the session, for context only.\n\n`;
  return `${context}${conversationBlock(conversation)}

Summarize slice ${slice.number} of ${slice.count} (the conversation above) in at most about ${slice.budget} tokens. Do not repeat what the earlier summaries already say; record what is new in this slice:
${HANDOFF_CONTENTS}`;
}

/** sequential-rolling: rewrite the running summary with the next slice. */
export function rollingPrompt(
  conversation: string,
  previous: string | undefined,
  slice: { number: number; count: number; budget: number },
): string {
  const prior = previous
    ? `${previousSummaryBlock(previous)}\n\nThe summary above covers the session up to this point.\n\n`
    : '';
  const task = previous
    ? 'Rewrite the summary so that it also covers the new conversation: keep what still matters from it, drop what became obsolete, and add what is new.'
    : 'Write the running summary of the session so far.';
  return `${prior}${conversationBlock(conversation)}

This is slice ${slice.number} of ${slice.count}. ${task} Return one self-contained summary of at most about ${slice.budget} tokens, keeping:
${HANDOFF_CONTENTS}`;
}

/** The fixed sections of structured-iterative, as the summary must show them. */
export const STRUCTURED_FORMAT = `## Goal
[What the user is trying to achieve; several goals as a list]

## Constraints & Preferences
- [Requirements and preferences the user stated, quoted exactly]

## Progress
### Done
- [Completed work, with file paths]

### In Progress
- [Work under way]

### Blocked
- [Open problems, with exact error messages]

## Key Decisions
- **[Decision]**: [its reason]

## Next Steps
1. [What should happen next, in order]

## Critical Context
- [Identifiers, commands, values and data needed to continue]`;

/** The headings structured-iterative requires, in order. */
export const STRUCTURED_SECTIONS = [
  'Goal',
  'Constraints & Preferences',
  'Progress',
  'Done',
  'In Progress',
  'Blocked',
  'Key Decisions',
  'Next Steps',
  'Critical Context',
] as const;

/** structured-iterative: the first slice. */
export function structuredInitialPrompt(conversation: string, slice: { number: number; count: number }): string {
  return `${conversationBlock(conversation)}

The conversation above is slice ${slice.number} of ${slice.count} of a coding-agent session. Write a structured checkpoint summary of it that another model will resume the work from, in exactly this format:

${STRUCTURED_FORMAT}

Keep every section; write "(none)" in a section with nothing to say. Keep exact file paths, function names and error messages.`;
}

/** structured-iterative: later slices update the previous summary. */
export function structuredUpdatePrompt(
  conversation: string,
  previous: string,
  slice: { number: number; count: number },
): string {
  return `${previousSummaryBlock(previous)}

${conversationBlock(conversation)}

The previous summary covers the session before slice ${slice.number} of ${slice.count} (the conversation above). Update it with the new conversation, in the same format:

${STRUCTURED_FORMAT}

Rules: keep everything from the previous summary that still holds; add new goals, constraints, progress and decisions; move items from In Progress to Done when they were finished; replace Next Steps with what should happen now; keep exact file paths, function names and error messages.`;
}
