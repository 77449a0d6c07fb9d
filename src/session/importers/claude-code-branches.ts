/**
 * The branches of a Claude Code transcript, each as the steps of its conversation in chain order.
 * Lines link to their parent by `parentUuid`; rewinding or a second process writing to the same file
 * starts a branch. Claude Code writes one line per content block, and the lines of one API message
 * (one `message.id`) are one turn however they hang together: chained one after another, written as
 * siblings, or threaded through progress lines. Each tool result names its own `tool_use` line as its
 * parent, and the next turn goes on from whichever result was written last, so the parallel calls of
 * a turn look like branches in the raw tree. A turn and the results that answer it are therefore
 * taken as one node before branches are counted. A compaction starts a new root that goes on from
 * the conversation before it; a chain a resumed session copied is merged with the chain it copies (see
 * {@link mergeCopies}), and its new work goes on from where the earlier session ended (see
 * {@link joinResumedCopies}).
 */
import type { Tree, TreeNode } from '../tree.ts';
import type { Bridge, MergedCopy } from '../types.ts';
import { buildTree } from '../tree.ts';
import type { Line } from './claude-code-lines.ts';

/** Where a line with a `uuid` hangs, and what the file says about it having been written before. */
export type ParentLink = {
  parent: string | undefined;
  line: number;
  timestamp: number | undefined;
  sessionId: string | undefined;
  /** The first later line that wrote this `uuid` again (a resumed session re-writing the chain it loaded). */
  rewrittenAt?: number;
  /** The `uuid` of an earlier line this one repeats under a new `uuid` (same type, time and content). */
  copyOf?: string;
};

/** The parent of every line with a `uuid` (conversation or not: progress and system lines are links too). */
export type ParentLinks = Map<string, ParentLink>;

/** One step of a branch's conversation: an assistant turn (its lines merged) or one other line. */
export type Step = { kind: 'turn'; lines: Line[] } | { kind: 'line'; line: Line };

/** A branch: the line of its leaf and its steps from the root. */
export type LineBranch = { leafLine: number; steps: Step[] };

/** Where a resumed session's own work was joined to the end of the chain it re-wrote only part of. */
export type ResumeJoin = { line: number; joinedTo: number };

/** Whether a line gives the conversation anything (a message or a recorded compaction). */
function carriesConversation(line: Line): boolean {
  const value = line.value;
  switch (value.kind) {
    case 'user':
      return value.toolResults.length > 0 || value.parts.length > 0 || value.compactSummary !== undefined;
    case 'assistant':
      return !value.apiError && value.blocks.length > 0;
    case 'queued-prompt':
      return true;
    case 'boundary':
      return false;
  }
}

function turnKey(line: Line): string | undefined {
  return line.value.kind === 'assistant' && !line.value.apiError ? line.value.key : undefined;
}

function toolUseIds(line: Line): string[] {
  if (line.value.kind !== 'assistant') return [];
  return line.value.blocks.flatMap((block) => (block.type === 'toolCall' ? [block.id] : []));
}

function resultsOnlyIds(line: Line): string[] {
  const value = line.value;
  const resultsOnly =
    value.kind === 'user' &&
    value.toolResults.length > 0 &&
    value.parts.length === 0 &&
    value.compactSummary === undefined;
  return resultsOnly ? value.toolResults.map((result) => result.toolCallId) : [];
}

function treeNodes(links: ParentLinks, lineByUuid: ReadonlyMap<string, Line>): TreeNode[] {
  return [...links].map(([id, link]) => {
    const line = lineByUuid.get(id);
    const compaction =
      line?.value.kind === 'boundary' ||
      (line?.value.kind === 'user' && line.value.compactSummary !== undefined);
    return {
      id,
      parent: link.parent,
      line: link.line,
      timestamp: link.timestamp,
      message: line !== undefined && carriesConversation(line),
      continues: compaction && link.parent === undefined,
    };
  });
}

/** Children of every node of a tree, in file order. */
function childrenOf(tree: Tree, nodes: readonly TreeNode[]): Map<string, TreeNode[]> {
  const children = new Map<string, TreeNode[]>();
  for (const node of [...nodes].sort((a, b) => a.line - b.line)) {
    const parent = tree.parentOf(node.id);
    if (!parent) continue;
    const siblings = children.get(parent.id);
    if (siblings) siblings.push(node);
    else children.set(parent.id, [node]);
  }
  return children;
}

/** A chain a resumed session copied, merged into the chain it copies. */
export type CopyMerge = MergedCopy;

/** The uuid a copied line stands for: the first line it repeats (copies of copies resolve to the first). */
function originalOf(links: ParentLinks, id: string): string {
  const seen = new Set<string>();
  let current = id;
  for (let copyOf = links.get(current)?.copyOf; copyOf !== undefined && !seen.has(copyOf);) {
    seen.add(current);
    current = copyOf;
    copyOf = links.get(current)?.copyOf;
  }
  return current;
}

/**
 * A resumed session writes the chain it loaded again under new uuids with the same messages, and Claude Code
 * loads a chain by walking up from its leaf, so the copy misses what hung beside that walk (the sibling lines
 * of parallel calls and their results). Each copied line is taken as the line it repeats: the copy's lines
 * leave the tree, and whatever hangs off a copied line hangs off the original. The conversation then holds
 * every call of the earlier chain and the work done after the resume; `merges` says what was merged.
 */
function mergeCopies(
  links: ParentLinks,
  lineByUuid: ReadonlyMap<string, Line>,
): { links: ParentLinks; merges: CopyMerge[] } {
  const copies = [...links]
    .filter(([, link]) => link.copyOf !== undefined)
    .sort((a, b) => a[1].line - b[1].line);
  if (copies.length === 0) return { links, merges: [] };
  const merged: ParentLinks = new Map();
  for (const [id, link] of links) {
    if (link.copyOf !== undefined) continue;
    merged.set(id, link.parent === undefined ? link : { ...link, parent: originalOf(links, link.parent) });
  }
  // One merge per run of copied lines that nothing but copies (or lines without conversation) interrupts.
  const conversationLines = [...lineByUuid.values()].map((line) => line.line).sort((a, b) => a - b);
  const runs: Array<Array<[string, ParentLink]>> = [];
  for (const entry of copies) {
    const run = runs.at(-1);
    const previous = run?.at(-1)?.[1].line;
    const between =
      previous === undefined
        ? 1
        : conversationLines.filter((line) => line > previous && line < entry[1].line).length;
    if (run && between === 0) run.push(entry);
    else runs.push([entry]);
  }
  const merges = runs.map((run): CopyMerge => {
    const originals = new Set(run.map(([id]) => originalOf(links, id)));
    const originalLines = [...originals].map((id) => links.get(id)!.line);
    const first = Math.min(...originalLines);
    const last = Math.max(...originalLines);
    const leftOut = [...lineByUuid.values()].filter(
      (line) => line.line >= first && line.line <= last && !originals.has(line.uuid),
    ).length;
    return {
      lines: [run[0]![1].line, run.at(-1)![1].line],
      copied: run.length,
      copies: [first, last],
      leftOut,
    };
  });
  return { links: merged, merges };
}

/**
 * A resumed session goes on from the end of the chain it loaded. When it loaded only part of the earlier
 * chain, its first line of new work hangs off the middle of that chain and would read as a rewind that
 * abandoned the rest, though the earlier session's later work was done and is on disk. Such a line (its
 * parent a copy, a line written again, or a line of another session) is joined to the last leaf below that
 * parent written before it, so both sessions' work is one conversation. `links` are the file's own;
 * `merged` the tree once copies stand for their originals.
 */
function joinResumedCopies(
  links: ParentLinks,
  merged: ParentLinks,
  lineByUuid: ReadonlyMap<string, Line>,
): { links: ParentLinks; resumes: ResumeJoin[] } {
  // The nearest ancestor that is a line of conversation: hook and progress lines sit between them.
  const conversationParent = (link: ParentLink): string | undefined => {
    const seen = new Set<string>();
    for (let id = link.parent; id !== undefined && !seen.has(id); id = links.get(id)?.parent) {
      seen.add(id);
      if (lineByUuid.has(id) || links.get(id)?.copyOf !== undefined) return id;
    }
    return undefined;
  };
  const isResumed = (link: ParentLink, id: string) => {
    // Only conversation copies count: hook lines are re-written under one uuid for other reasons.
    if (!lineByUuid.has(id) || link.copyOf !== undefined) return false;
    const parentId = conversationParent(link);
    const parent = parentId === undefined ? undefined : links.get(parentId);
    if (!parent) return false;
    return (
      parent.copyOf !== undefined ||
      (parent.rewrittenAt !== undefined && parent.rewrittenAt < link.line) ||
      (parent.sessionId !== undefined && link.sessionId !== undefined && parent.sessionId !== link.sessionId)
    );
  };
  const candidates = [...merged].filter(([id, link]) => isResumed(links.get(id) ?? link, id));
  if (candidates.length === 0) return { links: merged, resumes: [] };
  const nodes = treeNodes(merged, lineByUuid);
  const tree = buildTree(nodes);
  const children = childrenOf(tree, nodes);
  const leaves = new Set(tree.leaves.map((leaf) => leaf.id));
  // The last leaf below `id` written before `before`, outside the subtree of `except` (the resumed work itself).
  const lastLeafBelow = (id: string, before: number, except: string): TreeNode | undefined => {
    let last: TreeNode | undefined;
    const stack = [...(children.get(id) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.line >= before || node.id === except) continue;
      if (leaves.has(node.id) && (!last || node.line > last.line)) last = node;
      stack.push(...(children.get(node.id) ?? []));
    }
    return last;
  };
  const joined: ParentLinks = new Map(merged);
  const resumes: ResumeJoin[] = [];
  for (const [id, link] of candidates) {
    const parentId = conversationParent(links.get(id) ?? link);
    if (parentId === undefined) continue;
    const end = lastLeafBelow(originalOf(links, parentId), link.line, id);
    if (!end || (end.timestamp ?? 0) > (link.timestamp ?? Number.POSITIVE_INFINITY)) continue;
    joined.set(id, { ...link, parent: end.id });
    resumes.push({ line: link.line, joinedTo: end.line });
  }
  return { links: joined, resumes };
}

/**
 * The node each line belongs to once the lines of a turn and the results answering it are one: the
 * `uuid` of the turn's first line, or the line's own `uuid`.
 */
function turnNodes(
  tree: Tree,
  nodes: readonly TreeNode[],
  lineByUuid: ReadonlyMap<string, Line>,
): Map<string, string> {
  const nodeOf = new Map<string, string>();
  const keyOf = new Map<string, string>();
  const callsOf = new Map<string, Set<string>>();
  // The nearest ancestor that is a conversation line: progress and hook lines sit between the blocks of a turn.
  const lineParent = (id: string): string | undefined => {
    for (let parent = tree.parentOf(id); parent; parent = tree.parentOf(parent.id)) {
      if (lineByUuid.has(parent.id)) return parent.id;
    }
    return undefined;
  };
  const siblingTurns = new Map<string, string>();
  for (const node of [...nodes].sort((a, b) => a.line - b.line)) {
    const line = lineByUuid.get(node.id);
    if (!line || nodeOf.has(node.id)) continue;
    const parent = lineParent(node.id);
    const parentNode = parent === undefined ? undefined : nodeOf.get(parent);
    const key = turnKey(line);
    if (key !== undefined) {
      const siblingKey = `${parent ?? ''}\u0000${key}`;
      const turn =
        (parentNode !== undefined && keyOf.get(parentNode) === key ? parentNode : undefined) ??
        siblingTurns.get(siblingKey) ??
        node.id;
      nodeOf.set(node.id, turn);
      keyOf.set(turn, key);
      siblingTurns.set(siblingKey, turn);
      const calls = callsOf.get(turn) ?? new Set<string>();
      for (const call of toolUseIds(line)) calls.add(call);
      callsOf.set(turn, calls);
      continue;
    }
    const answers = resultsOnlyIds(line);
    const calls = parentNode === undefined ? undefined : callsOf.get(parentNode);
    const answersTurn = answers.length > 0 && calls !== undefined && answers.every((id) => calls.has(id));
    nodeOf.set(node.id, answersTurn ? parentNode! : node.id);
  }
  return nodeOf;
}

/** Every branch (file order of the leaves), the one the agent was on last, the gaps bridged and the resumes joined. */
export function claudeCodeBranches(
  lines: readonly Line[],
  links: ParentLinks,
): {
  branches: LineBranch[];
  active: number;
  bridges: Bridge[];
  resumes: ResumeJoin[];
  merges: CopyMerge[];
} {
  const lineByUuid = new Map<string, Line>();
  // A resumed session can write lines it already holds again (same uuid): the first counts. A copy under a
  // new uuid stands for the line it repeats.
  for (const line of lines) {
    if (!lineByUuid.has(line.uuid) && links.get(line.uuid)?.copyOf === undefined)
      lineByUuid.set(line.uuid, line);
  }
  const { links: merged, merges } = mergeCopies(links, lineByUuid);
  const { links: joined, resumes } = joinResumedCopies(links, merged, lineByUuid);
  const nodes = treeNodes(joined, lineByUuid);
  const tree = buildTree(nodes);
  const nodeOf = turnNodes(tree, nodes, lineByUuid);

  // The tree of turn nodes: a node's children are the children of any of its lines outside it.
  const members = new Map<string, Line[]>();
  const parentOf = new Map<string, string>();
  const children = new Map<string, Set<string>>();
  for (const node of [...nodes].sort((a, b) => a.line - b.line)) {
    const line = lineByUuid.get(node.id);
    if (!line) continue;
    const own = nodeOf.get(node.id)!;
    const group = members.get(own);
    if (group) group.push(line);
    else members.set(own, [line]);
    if (own !== node.id) continue;
    let parent = tree.parentOf(node.id);
    while (parent && !nodeOf.has(parent.id)) parent = tree.parentOf(parent.id);
    if (!parent) continue;
    const parentNode = nodeOf.get(parent.id)!;
    parentOf.set(own, parentNode);
    children.set(parentNode, (children.get(parentNode) ?? new Set()).add(own));
  }
  const carries = (id: string) => members.get(id)!.some(carriesConversation);
  const withConversation = new Set<string>();
  for (const id of members.keys()) {
    if (!carries(id)) continue;
    // An ancestor of a marked node is marked already: stop there (a cycle stops there too).
    for (let current: string | undefined = id; current !== undefined && !withConversation.has(current);) {
      withConversation.add(current);
      current = parentOf.get(current);
    }
  }
  const leaves = [...members.keys()].filter(
    (id) => carries(id) && ![...(children.get(id) ?? [])].some((child) => withConversation.has(child)),
  );

  const stepsOf = (id: string): Step[] => {
    const parts = [...members.get(id)!].sort((a, b) => a.line - b.line);
    const turn = parts.filter((line) => turnKey(line) !== undefined);
    if (turn.length === 0) return parts.map((line) => ({ kind: 'line', line }));
    // The turn first, then what answers it in the order it was written.
    return [
      { kind: 'turn', lines: turn },
      ...parts.filter((line) => turnKey(line) === undefined).map((line): Step => ({ kind: 'line', line })),
    ];
  };
  const branches = leaves
    .map((leaf): LineBranch => {
      const chain: string[] = [];
      const seen = new Set<string>();
      for (let current: string | undefined = leaf; current !== undefined && !seen.has(current);) {
        seen.add(current);
        chain.push(current);
        current = parentOf.get(current);
      }
      const leafLine = Math.max(
        ...members
          .get(leaf)!
          .filter(carriesConversation)
          .map((line) => line.line),
      );
      return { leafLine, steps: chain.reverse().flatMap(stepsOf) };
    })
    .sort((a, b) => a.leafLine - b.leafLine);
  // The agent was last on the branch holding the file's last line of conversation.
  const lastLines = branches.map((branch) =>
    branch.steps.reduce(
      (last, step) =>
        Math.max(
          last,
          step.kind === 'turn' ? Math.max(...step.lines.map((line) => line.line)) : step.line.line,
        ),
      0,
    ),
  );
  const active = lastLines.reduce((best, line, index) => (line >= lastLines[best]! ? index : best), 0);
  return { branches, active, bridges: tree.bridges, resumes, merges };
}
