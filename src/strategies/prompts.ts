/**
 * The prompts the built-in strategies share, as named templates (a strategy may bring more of its own:
 * `promptCatalog`). A request is the
 * tagged blocks (`<conversation>`, `<previous-summary>`, `<summaries>`) — the conventions every
 * provider relies on, the offline extractive one included — then a template's instruction text with
 * its `{{placeholders}}` filled, then the user's `<instructions>` focus. Instruction texts never
 * spell a block tag themselves, so a parser looking for the blocks cannot mistake them for one.
 */
import type { Strategy } from './types.ts';

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

/** Values for a template's `{{placeholders}}`. */
export type PromptValues = Record<string, string | number>;

/** A template with its `{{name}}` placeholders replaced; a placeholder without a value stays as written. */
export function fillPlaceholders(template: string, values: PromptValues = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** A whole request: the blocks, the instruction, the focus. */
export function composePrompt(
  blocks: readonly string[],
  instruction: string,
  instructions: string | undefined,
): string {
  return withInstructions([...blocks, instruction.trim()].join('\n\n'), instructions);
}

const SYSTEM = `You compress the history of a coding-agent session so that another model can take over the work without it.
You never continue the conversation, answer questions in it or run tools: you only write the summary that was asked for.
Keep exact file paths, identifiers, commands, error messages and numbers verbatim. Be dense; leave out pleasantries and anything the next model will not need.`;

const HANDOFF_CONTENTS = `- the user's goal and every explicit request, constraint and preference (quote constraints exactly);
- progress so far and the key decisions, each with its reason;
- every file read, created or changed, by exact path, with what happened to it;
- errors met (exact messages) and how each was resolved, or that it is still open;
- what remains to be done and the very next step;
- critical data: identifiers, commands, versions, numbers, configuration values.`;

/** The fixed sections of structured-iterative and pi, as the summary must show them. */
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

/** The headings of {@link STRUCTURED_FORMAT}, in order. */
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

const STRUCTURED_RULES = `Keep every section; write "(none)" in a section with nothing to say. Keep exact file paths, function names and error messages.`;

const STRUCTURED_UPDATE_RULES = `Rules: keep everything from the previous summary that still holds; add new goals, constraints, progress and decisions; move items from In Progress to Done when they were finished; replace Next Steps with what should happen now; drop only what is no longer relevant; keep exact file paths, function names and error messages.`;

/** The long-form sections of the claude-code strategy, as the summary must show them. */
export const LONG_FORM_SECTIONS = [
  'Primary Request and Intent',
  'Key Technical Concepts',
  'Files and Code Sections',
  'Errors and Fixes',
  'Problem Solving',
  'All User Messages',
  'Pending Tasks',
  'Current Work',
  'Optional Next Step',
] as const;

const LONG_FORM_FORMAT = `## Primary Request and Intent
[Every explicit request and intention of the user, in detail]

## Key Technical Concepts
- [Technologies, frameworks, libraries and ideas the work relies on]

## Files and Code Sections
- [Each file examined, changed or created, by exact path: why it matters, what changed, and the important code, quoted]

## Errors and Fixes
- [Each error met, with its exact message, how it was fixed, and what the user said about it]

## Problem Solving
[Problems solved, and troubleshooting still under way]

## All User Messages
- [Every message the user wrote (not tool output), in order: they carry the feedback and the changes of intent]

## Pending Tasks
- [Work the user explicitly asked for that is not done yet]

## Current Work
[Precisely what was being worked on right before this summary, with file names and code]

## Optional Next Step
[The next step, only when it follows directly from the user's most recent explicit request and the current work: quote that request verbatim, to show exactly where the work stopped. Leave the section empty when the last task was finished and nothing new was asked.]`;

/** The sections of the opencode strategy, as the summary must show them. */
export const ANCHORED_SECTIONS = [
  'Objective',
  'Important Details',
  'Work State',
  'Completed',
  'Active',
  'Blocked',
  'Next Move',
  'Relevant Files',
] as const;

const ANCHORED_FORMAT = `Write exactly this Markdown structure, sections in this order:

## Objective
- [One or two short sentences: what the user is trying to achieve]

## Important Details
- [Constraints and preferences, decisions and why they were made, facts and assumptions, exact context needed to continue; or "(none)"]

## Work State
### Completed
- [Finished work, verified facts, changes made; or "(none)"]

### Active
- [Current work, partial changes, what is being investigated; or "(none)"]

### Blocked
- [Blockers, failing commands, open unknowns; or "(none)"]

## Next Move
1. [The immediate concrete action, or "(none)"]
2. [The action after it, if known]

## Relevant Files
- [A file or directory path: why it matters; or "(none)"]

Rules: keep every section, even an empty one; write terse bullets, not prose; keep exact file paths, symbols, commands, error strings, URLs and identifiers; do not mention the summarization or that the context was compacted.`;

/**
 * The core prompts by name: the ones the built-in strategies share. `system` is the system prompt of
 * every call; the others are instruction texts. Placeholders: `{{number}}`/`{{count}}` (which slice of how many), `{{position}}` (where that
 * slice lies), `{{budget}}` (tokens the answer may use).
 */
export const CORE_PROMPTS = {
  system: SYSTEM,

  /** single-shot and codex: the whole transcript in one checkpoint call. */
  checkpoint: `Write a checkpoint summary of the conversation above: a handoff that another model will resume the work from, with no other access to this history. Cover:
${HANDOFF_CONTENTS}

Use short Markdown sections and bullet points. Stay within about the length needed; do not pad.`,

  /** parallel-stitch: one slice of many, summarized on its own. */
  slice: `The conversation above is slice {{number}} of {{count}} of a longer coding-agent session: {{position}}. The beginning of a session usually states the original task and constraints; its most recent part holds the current work and next steps, which matter most.
Summarize only this slice, in at most about {{budget}} tokens, keeping:
${HANDOFF_CONTENTS}

Other slices are summarized separately and merged later; do not guess about them.`,

  /** parallel-stitch: merge the slice summaries into one handoff. */
  stitch: `These are summaries of consecutive slices of one coding-agent session, oldest first; neighbouring slices overlap, so some facts appear twice.
Merge them into one handoff summary in chronological order: remove duplicates, keep every distinct file path, error, decision and constraint, and give the most weight to the recent work, the open problems and the next steps. Another model will resume the work from your summary alone.`,

  /** sequential-accumulated: summarize one slice with the earlier slices' summaries as context. */
  accumulated: `Summarize slice {{number}} of {{count}} (the conversation above) in at most about {{budget}} tokens. The summaries of the earlier slices, when there are any, come before the conversation, for context only: do not repeat what they already say; record what is new in this slice:
${HANDOFF_CONTENTS}`,

  /** sequential-rolling: rewrite the running summary with the next slice. */
  rolling: `This is slice {{number}} of {{count}} of a coding-agent session. Write the running summary of the session so far. When a previous summary of the session up to this point is given, rewrite it so that it also covers the new conversation: keep what still matters from it, drop what became obsolete, and add what is new. Return one self-contained summary of at most about {{budget}} tokens, keeping:
${HANDOFF_CONTENTS}`,

  /** structured-iterative: the first slice. */
  'structured-initial': `The conversation above is slice {{number}} of {{count}} of a coding-agent session. Write a structured checkpoint summary of it that another model will resume the work from, in exactly this format:

${STRUCTURED_FORMAT}

${STRUCTURED_RULES}`,

  /** structured-iterative: later slices update the previous summary. */
  'structured-update': `The previous summary covers the session before slice {{number}} of {{count}} (the conversation above). Update it with the new conversation, in the same format:

${STRUCTURED_FORMAT}

${STRUCTURED_UPDATE_RULES}`,

  /** pi: everything before the cut point, summarized in one call. */
  'pi-history': `The conversation above is the older part of a coding-agent session; its most recent part is kept verbatim after your summary. Write a structured context checkpoint of it that another model will use to continue the work, in exactly this format:

${STRUCTURED_FORMAT}

${STRUCTURED_RULES}`,

  /** pi: the older part, when the transcript already holds a summary of what came before it. */
  'pi-history-update': `The conversation above is new material to merge into the previous summary, which covers what came before it; the session's most recent part is kept verbatim after your summary. Update the previous summary, in exactly this format:

${STRUCTURED_FORMAT}

${STRUCTURED_UPDATE_RULES}`,

  /** pi: the early part of a turn the cut point splits. */
  'pi-turn-prefix': `The conversation above is the beginning of one turn that was too large to keep whole; the rest of that turn, the most recent work, is kept verbatim after your summary. Summarize this beginning so that the kept part can be understood:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Key decisions and work done in this beginning]

## Context for the Kept Part
- [What is needed to understand the recent work that follows]

Be brief: write only what the kept part needs.`,

  /** claude-code: an analysis scratchpad, then the long-form nine-section summary. */
  'claude-code': `Write a detailed summary of the conversation above, paying close attention to the user's explicit requests and to what was done about them. The summary replaces the conversation: another model continues the work from it alone, so keep the technical details, code patterns and architectural decisions that continuing needs.

First think it through inside <analysis> tags: go through the conversation in order and note, for each part, the user's explicit requests and intent, how they were handled, the key decisions, technical concepts and code patterns, the specifics (file names, code snippets, function signatures, edits), the errors met and how they were fixed, and the user's feedback, above all where the user asked for something to be done differently. Then check that your notes are technically accurate and complete.

Then write the summary inside <summary> tags, with these sections:

${LONG_FORM_FORMAT}`,

  /** opencode: the part before the kept tail, into anchored sections. */
  opencode: `Write a new anchored summary of the conversation above so that another coding agent can continue the work from it; the most recent part of the session is kept verbatim after it.

${ANCHORED_FORMAT}`,

  /** opencode: the same, merging the previous summary the transcript holds. */
  'opencode-update': `The previous summary covers everything before the conversation above, and it is discarded after this: whatever you do not carry into the new summary is lost. Combine both into one new anchored summary:
- carry forward objectives, constraints, user directives, decisions and parallel workstreams from the previous summary even when the conversation does not mention them; drop only what is finished and no longer needed;
- the conversation is newer: where the two disagree, state the corrected fact and drop the old claim;
- add the new progress, decisions, constraints and context;
- move finished work from Active to Completed, and mark blockers that were resolved;
- update Objective and Next Move to the current state.

${ANCHORED_FORMAT}`,

  /** codex: the preamble the summary sits under in the compacted context (not sent to the summarizer). */
  'codex-handoff': `Another language model began this task and wrote the summary below of its work so far. The tools it used, and the state it left them in, are still available to you. Build on that work rather than repeating it; here is its summary:`,
} satisfies Record<string, string>;

/**
 * Every prompt by name: the core ones, then the templates each strategy declares in its own
 * `prompts.templates`. A name declared twice, or a strategy naming a prompt nobody declares, is an
 * error: strategies are checked this way when they are registered (`src/strategies/registry.ts`).
 */
export function promptCatalog(strategies: readonly Strategy[]): Record<string, string> {
  const catalog: Record<string, string> = { ...CORE_PROMPTS };
  const owners = new Map<string, string>(Object.keys(CORE_PROMPTS).map((name) => [name, 'the core prompts']));
  for (const strategy of strategies) {
    for (const [name, text] of Object.entries(strategy.prompts?.templates ?? {})) {
      const owner = owners.get(name);
      if (owner !== undefined) {
        throw new Error(`strategy '${strategy.name}' declares prompt '${name}', which ${owner} already has`);
      }
      owners.set(name, `strategy '${strategy.name}'`);
      catalog[name] = text;
    }
  }
  for (const strategy of strategies) {
    const used = [...(strategy.prompts?.main ?? []), ...(strategy.prompts?.others ?? [])];
    const unknown = used.find((name) => !Object.hasOwn(catalog, name));
    if (unknown !== undefined) {
      throw new Error(`strategy '${strategy.name}' uses prompt '${unknown}', which no one declares`);
    }
  }
  return catalog;
}
