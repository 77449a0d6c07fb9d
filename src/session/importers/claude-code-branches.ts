/**
 * The branches of a Claude Code transcript, each as the steps of its conversation in chain order.
 * Lines link to their parent by `parentUuid`; rewinding or a second process writing to the same file
 * starts a branch. Claude Code writes one line per content block, and the lines of one API message
 * (one `message.id`) are one turn however they hang together: chained one after another, written as
 * siblings, or threaded through progress lines. Each tool result names its own `tool_use` line as its
 * parent, and the next turn goes on from whichever result was written last, so the parallel calls of
 * a turn look like branches in the raw tree. A turn and the results that answer it are therefore
 * taken as one node before branches are counted. A compaction starts a new root that goes on from
 * the conversation before it; a resumed session that re-wrote only part of the chain goes on from
 * where the earlier session ended (see {@link joinResumedCopies}).
 */
import type { Tree, TreeNode } from '../tree.ts';
import type { Bridge } from '../types.ts';
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

/**
 * A resumed session re-writes the chain it loaded (same `uuid`s, or new ones with the same content)
 * and goes on from its end. When it loaded only part of the earlier chain, its first line of new work
 * hangs off the middle of that chain and would read as a rewind that abandoned the rest, though the
 * earlier session's later work was done and is on disk. Such a line is joined to the earlier chain's
 * last leaf written before it, so both sessions' work is one conversation.
 */
function joinResumedCopies(
  links: ParentLinks,
  lineByUuid: ReadonlyMap<string, Line>,
): { links: ParentLinks; resumes: ResumeJoin[] } {
  const isResumed = (link: ParentLink, id: string) => {
    const parentId = link.parent;
    const parent = parentId === undefined ? undefined : links.get(parentId);
    // Only conversation copies count: hook lines are re-written under one uuid for other reasons.
    if (!lineByUuid.has(id) || parentId === undefined || !parent || !lineByUuid.has(parentId)) return false;
    if (link.copyOf !== undefined) return false;
    return (
      parent.copyOf !== undefined ||
      (parent.rewrittenAt !== undefined && parent.rewrittenAt < link.line) ||
      (parent.sessionId !== undefined && link.sessionId !== undefined && parent.sessionId !== link.sessionId)
    );
  };
  const candidates = [...links].filter(([id, link]) => isResumed(link, id));
  if (candidates.length === 0) return { links, resumes: [] };
  const nodes = treeNodes(links, lineByUuid);
  const tree = buildTree(nodes);
  const children = childrenOf(tree, nodes);
  const leaves = new Set(tree.leaves.map((leaf) => leaf.id));
  const lastLeafBelow = (id: string, before: number): TreeNode | undefined => {
    let last: TreeNode | undefined;
    const stack = [...(children.get(id) ?? [])];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.line >= before) continue;
      if (leaves.has(node.id) && (!last || node.line > last.line)) last = node;
      stack.push(...(children.get(node.id) ?? []));
    }
    return last;
  };
  const joined: ParentLinks = new Map(links);
  const resumes: ResumeJoin[] = [];
  for (const [id, link] of candidates) {
    const parentId = link.parent!;
    const parent = links.get(parentId)!;
    const original = parent.copyOf ?? parentId;
    const end = lastLeafBelow(original, link.line);
    if (!end || end.id === id || (end.timestamp ?? 0) > (link.timestamp ?? Number.POSITIVE_INFINITY))
      continue;
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
): { branches: LineBranch[]; active: number; bridges: Bridge[]; resumes: ResumeJoin[] } {
  const lineByUuid = new Map<string, Line>();
  // A resumed session can copy lines it already holds; the first copy counts.
  for (const line of lines) if (!lineByUuid.has(line.uuid)) lineByUuid.set(line.uuid, line);
  const { links: joined, resumes } = joinResumedCopies(links, lineByUuid);
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
  return { branches, active, bridges: tree.bridges, resumes };
}
