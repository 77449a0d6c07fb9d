/** structured-iterative: a fixed section format updated slice by slice, file lists tracked by code. */
import { type FileLists, fileLists, mergeFileLists } from '../session/file-operations.ts';
import { conversationBlock, previousSummaryBlock, STRUCTURED_SECTIONS } from './prompts.ts';
import { remainderBudget, runningBudget } from './budgets.ts';
import { fileBlocks, sliceFiles, withFileBlocks } from './file-blocks.ts';
import { renderSlice, sliceLabel, summarize } from './summary-call.ts';
import type { Strategy } from './types.ts';

const name = 'structured-iterative';

/** Initial prompt on slice 1, update prompt after; `<read-files>`/`<modified-files>` appended as a union. */
export const structuredIterative: Strategy = {
  name,
  description: 'fixed sections (Goal … Critical Context) updated slice by slice; file lists from tool calls',
  group: 'core',
  callsModel: true,
  requiredSections: STRUCTURED_SECTIONS,
  prompts: { main: ['structured-initial', 'structured-update'] },
  async run(session, context) {
    const slices = context.slice(session.messages);
    // The file lists are appended by code: under a target, the summary gets what they leave.
    const allFiles = context.tokenizer.count(fileBlocks(fileLists(session.fileOperations)));
    const budget = remainderBudget(context.config, allFiles, runningBudget(context.config));
    let summary: string | undefined;
    let files: FileLists = { read: [], modified: [] };
    for (const slice of slices) {
      const conversation = conversationBlock(renderSlice(session, slice, context));
      const values = { number: slice.index + 1, count: slices.length };
      summary = await summarize(context, {
        maxTokens: budget,
        owner: name,
        values,
        ...(summary === undefined
          ? {
              label: sliceLabel('initial', slice, slices.length),
              prompt: 'structured-initial',
              blocks: [conversation],
            }
          : {
              label: sliceLabel('update', slice, slices.length),
              prompt: 'structured-update',
              blocks: [previousSummaryBlock(summary), conversation],
            }),
      });
      files = mergeFileLists(files, sliceFiles(session, slice));
    }
    return { summary: withFileBlocks(summary ?? '', files) };
  },
};
