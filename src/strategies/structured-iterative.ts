/** structured-iterative: a fixed section format updated slice by slice, file lists tracked by code. */
import { type FileLists, fileLists, mergeFileLists } from '../session/file-operations.ts';
import type { Session } from '../session/types.ts';
import { conversationBlock, previousSummaryBlock, STRUCTURED_SECTIONS } from './prompts.ts';
import { remainderBudget, runningBudget } from './budgets.ts';
import { fileBlocks, sliceFiles, withFileBlocks } from './file-blocks.ts';
import { renderSlice, sliceLabel, summarize } from './summary-call.ts';
import type { PreviousSummary, Strategy, StrategyContext, StrategyOutput } from './types.ts';

const name = 'structured-iterative';

/** Initial prompt on slice 1, update prompt after; `<read-files>`/`<modified-files>` appended as a union. */
export const structuredIterative: Strategy = {
  name,
  description: 'fixed sections (Goal … Critical Context) updated slice by slice; file lists from tool calls',
  group: 'core',
  callsModel: true,
  // One call per slice, each after the one before.
  plannedCalls: (slices) => ({ calls: slices, sequential: slices }),
  requiredSections: STRUCTURED_SECTIONS,
  prompts: { main: ['structured-initial', 'structured-update'] },
  run: (session, context) => iterate(session, context, undefined),
  // In a chain, the previous compaction's summary is where the slice-by-slice updates start.
  update: (previous, session, context) => iterate(session, context, previous),
};

async function iterate(
  session: Session,
  context: StrategyContext,
  previous: PreviousSummary | undefined,
): Promise<StrategyOutput> {
  const slices = context.slice(session.messages);
  const carried = previous?.files ?? { read: [], modified: [] };
  // The file lists are appended by code: under a target, the summary gets what they leave.
  const allFiles = context.tokenizer.count(
    fileBlocks(mergeFileLists(carried, fileLists(session.fileOperations))),
  );
  const budget = remainderBudget(context.config, allFiles, runningBudget(context.config));
  let summary = previous?.summary;
  let files: FileLists = carried;
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
}
