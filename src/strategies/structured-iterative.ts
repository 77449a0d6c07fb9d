/** structured-iterative: a fixed section format updated slice by slice, file lists tracked by code. */
import { type FileLists, mergeFileLists } from '../session/file-operations.ts';
import {
  STRUCTURED_SECTIONS,
  SUMMARIZER_SYSTEM,
  structuredInitialPrompt,
  structuredUpdatePrompt,
  withInstructions,
} from './prompts.ts';
import { renderSlice, runningBudget, sliceFiles, sliceLabel, withFileBlocks } from './steps.ts';
import type { Strategy } from './types.ts';

/** Initial prompt on slice 1, update prompt after; `<read-files>`/`<modified-files>` appended as a union. */
export const structuredIterative: Strategy = {
  name: 'structured-iterative',
  description: 'fixed sections (Goal … Critical Context) updated slice by slice; file lists from tool calls',
  group: 'core',
  callsModel: true,
  requiredSections: STRUCTURED_SECTIONS,
  async run(session, context) {
    const slices = context.slice(session.messages);
    const budget = runningBudget(context.config);
    let summary: string | undefined;
    let files: FileLists = { read: [], modified: [] };
    for (const slice of slices) {
      const conversation = renderSlice(session, slice, context);
      const position = { number: slice.index + 1, count: slices.length };
      const prompt =
        summary === undefined
          ? structuredInitialPrompt(conversation, position)
          : structuredUpdatePrompt(conversation, summary, position);
      summary = await context.complete(sliceLabel(summary === undefined ? 'initial' : 'update', slice, slices.length), {
        system: SUMMARIZER_SYSTEM,
        prompt: withInstructions(prompt, context.config.instructions),
        maxTokens: budget,
      });
      files = mergeFileLists(files, sliceFiles(session, slice));
    }
    return { summary: withFileBlocks(summary ?? '', files) };
  },
};
