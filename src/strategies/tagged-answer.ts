/**
 * Top-level tagged blocks of a model's answer (`<analysis>…</analysis>`, `<summary>…</summary>`). A
 * tag counts only where a block can start: at the start of a line, or right after another block
 * closed on that line, and never inside a fenced code block. Inside a block only tags of its own name
 * nest, so quoted material (a task notification's `<summary>…</summary>`, a mention of `<summary>` in
 * the analysis) never opens or closes anything.
 */

/** One top-level block: where it starts and ends, where its content does, and whether it was closed. */
export type TaggedBlock = {
  name: string;
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
  /** False for a block the answer never closed (cut off by the output limit). */
  closed: boolean;
};

/** Character ranges of fenced code blocks (from the opening ``` line to the closing one). */
function fencedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: number | undefined;
  let position = 0;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      if (open === undefined) open = position;
      else {
        ranges.push([open, position + line.length]);
        open = undefined;
      }
    }
    position += line.length + 1;
  }
  if (open !== undefined) ranges.push([open, text.length]);
  return ranges;
}

/** The top-level blocks named `names`, in order. */
export function topLevelBlocks(answer: string, names: readonly string[]): TaggedBlock[] {
  const fences = fencedRanges(answer);
  const inFence = (index: number) => fences.some(([start, end]) => index >= start && index < end);
  const blocks: TaggedBlock[] = [];
  let open: { name: string; depth: number; start: number; contentStart: number } | undefined;
  let lastEnd = 0;
  const startsBlock = (index: number) => {
    const lineStart = answer.lastIndexOf('\n', index - 1) + 1;
    return answer.slice(Math.max(lineStart, lastEnd), index).trim() === '';
  };
  for (const match of answer.matchAll(new RegExp(`<(/?)(${names.join('|')})>`, 'g'))) {
    const [tag, slash, name = ''] = match;
    const closing = slash === '/';
    if (inFence(match.index)) continue;
    if (!open) {
      if (!closing && startsBlock(match.index)) {
        open = { name, depth: 1, start: match.index, contentStart: match.index + tag.length };
      }
      continue;
    }
    if (name !== open.name) continue;
    open.depth += closing ? -1 : 1;
    if (open.depth > 0) continue;
    lastEnd = match.index + tag.length;
    blocks.push({ ...open, end: lastEnd, contentEnd: match.index, closed: true });
    open = undefined;
  }
  if (open) {
    // Never closed: cut off by the output limit, or an inner mention left it one level deep; then
    // its last closing tag is where it ends.
    const lastClose = answer.lastIndexOf(`</${open.name}>`);
    const closedAt = lastClose >= open.contentStart ? lastClose : undefined;
    blocks.push({
      name: open.name,
      start: open.start,
      contentStart: open.contentStart,
      contentEnd: closedAt ?? answer.length,
      end: closedAt === undefined ? answer.length : closedAt + open.name.length + 3,
      closed: false,
    });
  }
  return blocks;
}
