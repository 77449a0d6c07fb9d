/** The files read and modified, taken from tool calls by code (never by the model), as blocks after a summary. */
import { type FileLists, fileLists, mergeFileLists } from '../session/file-operations.ts';
import type { Session } from '../session/types.ts';
import type { Slice } from '../session/slicer.ts';

/** The files read and modified within a slice, from tool calls (never from the model). */
export function sliceFiles(session: Session, slice: Pick<Slice, 'start' | 'end'>): FileLists {
  return fileLists(session.fileOperations, slice);
}

/** `<read-files>` / `<modified-files>` blocks appended after a summary; empty lists are left out. */
export function fileBlocks(lists: FileLists): string {
  const blocks: string[] = [];
  if (lists.read.length > 0) blocks.push(`<read-files>\n${lists.read.join('\n')}\n</read-files>`);
  if (lists.modified.length > 0)
    blocks.push(`<modified-files>\n${lists.modified.join('\n')}\n</modified-files>`);
  return blocks.join('\n\n');
}

/** A summary with the file blocks after it. */
export function withFileBlocks(summary: string, lists: FileLists): string {
  const blocks = fileBlocks(lists);
  return blocks ? `${summary.trimEnd()}\n\n${blocks}` : summary;
}

/** A summary split into its text and the file lists its `<read-files>`/`<modified-files>` blocks carry. */
export function splitFileBlocks(summary: string): { summary: string; files: FileLists } {
  const files: FileLists = { read: [], modified: [] };
  const text = summary.replace(
    /\n*<(read|modified)-files>\n([\s\S]*?)\n?<\/\1-files>\n*/g,
    (_, kind: 'read' | 'modified', body: string) => {
      files[kind].push(...body.split('\n').filter((line) => line.trim() !== ''));
      return '\n\n';
    },
  );
  return { summary: text.trim(), files: mergeFileLists(files) };
}
