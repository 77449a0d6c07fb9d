/**
 * The edits in an Aider reply. With the `diff` and `diff-fenced` edit formats the model writes SEARCH/REPLACE
 * blocks: a file name on its own line (before the opening fence, or just inside it), then `<<<<<<< SEARCH`, the
 * lines to find, `=======`, the lines to put instead, `>>>>>>> REPLACE`; a block without a file name belongs
 * to the previous block's file, as Aider reads it. With `whole` it writes the file name, then the whole file in
 * a fence. Each edit is taken out of the reply's text and becomes a tool call; the rest is the reply's prose.
 */

/** One edit the model asked for. */
export type AiderEdit =
  | { tool: 'search_replace'; path: string; search: string; replace: string }
  | { tool: 'whole_file'; path: string; content: string };

const HEAD = /^<{5,9} SEARCH>?\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const UPDATED = /^>{5,9} REPLACE\s*$/;
const FENCE = /^(`{3,}|~{3,})[\w+#.-]*\s*$/;

/** A file name as the model writes it on its own line: without markdown decoration or a trailing colon. */
function fileName(line: string): string | undefined {
  const name = line
    .trim()
    .replace(/^#+\s*/, '')
    .replace(/^[*`"']+|[*`"']+$/g, '')
    .replace(/:$/, '')
    .trim();
  if (name === '' || name.length > 250 || /\s{2,}/.test(name) || FENCE.test(name)) return undefined;
  // A sentence is no file name: a path has no spaces, or at most a few in a name with a dot or slash.
  if (name.includes(' ') && !/[./\\]/.test(name)) return undefined;
  return name;
}

/** The SEARCH/REPLACE blocks of a reply and its text without them. */
function searchReplaceEdits(lines: readonly string[]): { edits: AiderEdit[]; prose: string[] } {
  const edits: AiderEdit[] = [];
  const drop = new Set<number>();
  let previousPath: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    if (!HEAD.test(lines[index]!)) continue;
    // The file name: the nearest non-blank line above that is not a fence, within three lines.
    let path: string | undefined;
    const taken: number[] = [];
    for (let back = index - 1; back >= Math.max(0, index - 3); back--) {
      const line = lines[back]!;
      if (line.trim() === '') continue;
      if (FENCE.test(line.trim())) {
        taken.push(back);
        continue;
      }
      path = fileName(line);
      if (path !== undefined) taken.push(back);
      break;
    }
    path ??= previousPath;
    const divider = lines.findIndex((line, at) => at > index && DIVIDER.test(line));
    const updated = lines.findIndex((line, at) => at > divider && UPDATED.test(line));
    if (path === undefined || divider < 0 || updated < 0) continue;
    edits.push({
      tool: 'search_replace',
      path,
      search: lines.slice(index + 1, divider).join('\n'),
      replace: lines.slice(divider + 1, updated).join('\n'),
    });
    previousPath = path;
    for (const at of taken) drop.add(at);
    for (let at = index; at <= updated; at++) drop.add(at);
    // The closing fence right after the block goes with it.
    if (FENCE.test(lines[updated + 1]?.trim() ?? '')) drop.add(updated + 1);
    index = updated;
  }
  return { edits, prose: lines.filter((_, at) => !drop.has(at)) };
}

/** The whole-file blocks of a reply (a file name, then a fence) for the files Aider says it wrote. */
function wholeFileEdits(
  lines: readonly string[],
  applied: ReadonlySet<string>,
): { edits: AiderEdit[]; prose: string[] } {
  const edits: AiderEdit[] = [];
  const drop = new Set<number>();
  for (let index = 0; index + 1 < lines.length; index++) {
    const path = fileName(lines[index]!);
    const fence = FENCE.exec(lines[index + 1]!.trim());
    if (path === undefined || !fence || !applied.has(path)) continue;
    const close = lines.findIndex((line, at) => at > index + 1 && line.trim() === fence[1]);
    if (close < 0) continue;
    edits.push({ tool: 'whole_file', path, content: lines.slice(index + 2, close).join('\n') });
    for (let at = index; at <= close; at++) drop.add(at);
    index = close;
  }
  return { edits, prose: lines.filter((_, at) => !drop.has(at)) };
}

/**
 * The edits of a reply and its prose. SEARCH/REPLACE blocks are read whatever the edit format (a model may
 * write them in any); whole-file blocks only under the `whole` format and only for files Aider says it edited
 * (`applied`), since a fenced snippet after a file name is otherwise just an example.
 */
export function replyEdits(
  text: string,
  editFormat: string | undefined,
  applied: ReadonlySet<string>,
): { edits: AiderEdit[]; prose: string } {
  const lines = text.split('\n');
  const blocks = searchReplaceEdits(lines);
  const whole =
    editFormat === 'whole' ? wholeFileEdits(blocks.prose, applied) : { edits: [], prose: blocks.prose };
  return {
    edits: [...blocks.edits, ...whole.edits],
    prose: whole.prose
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}
