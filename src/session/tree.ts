/**
 * The tree of a transcript whose lines name their parent (Claude Code `uuid` / `parentUuid`, pi `id` /
 * `parentId`): its leaves, the chain from the root to each leaf, and where a gap in the file was
 * bridged. Rewinding starts a branch; every leaf ends one, and no branch is dropped silently here.
 */
import type { Bridge } from './types.ts';

/** One line of the file that has an id. */
export type TreeNode = {
  id: string;
  /** The parent the line names; undefined for a root. */
  parent: string | undefined;
  /** 1-based line in the file. */
  line: number;
  timestamp: number | undefined;
  /** Whether the line carries conversation: leaves are counted among these only. */
  message: boolean;
  /** A root that goes on from what came before it (a compaction that lost its link back). */
  continues: boolean;
};

/** The tree, once gaps are bridged. */
export type Tree = {
  /** Message nodes with no message below them, in file order. */
  leaves: TreeNode[];
  /** The nodes from the root down to `node`. */
  chain(node: TreeNode): TreeNode[];
  /** The parent of a node after bridging. */
  parentOf(id: string): TreeNode | undefined;
  /** How many children of a node have conversation at or below them. */
  messageChildren(id: string): number;
  bridges: Bridge[];
};

/**
 * Builds the tree of `nodes` (in file order; a repeated id keeps its first line). A root whose parent
 * is missing from the file — or a compaction root that continues the conversation — is joined to the
 * nearest earlier leaf whose timestamp is not later than its own; with no such leaf it stays a root.
 */
export function buildTree(nodes: readonly TreeNode[]): Tree {
  const byId = new Map<string, TreeNode>();
  for (const node of nodes) if (!byId.has(node.id)) byId.set(node.id, node);
  const ordered = [...byId.values()].sort((a, b) => a.line - b.line);
  const parents = new Map<string, string>();
  for (const node of ordered) {
    if (node.parent !== undefined && byId.has(node.parent)) parents.set(node.id, node.parent);
  }
  // Nodes with conversation at or below them; an ancestor of a marked node is always marked.
  const withMessages = new Set<string>();
  const childCounts = new Map<string, number>();
  const mark = (id: string) => {
    let current: string | undefined = id;
    let child: string | undefined;
    while (current !== undefined) {
      if (child !== undefined) childCounts.set(current, (childCounts.get(current) ?? 0) + 1);
      if (withMessages.has(current)) return;
      withMessages.add(current);
      child = current;
      current = parents.get(current);
    }
  };
  for (const node of ordered) if (node.message) mark(node.id);

  const isLeaf = (node: TreeNode) => node.message && (childCounts.get(node.id) ?? 0) === 0;
  const isAncestor = (ancestor: string, id: string) => {
    const seen = new Set<string>();
    for (let current: string | undefined = id; current !== undefined; current = parents.get(current)) {
      if (current === ancestor) return true;
      if (seen.has(current)) return false;
      seen.add(current);
    }
    return false;
  };
  const bridges: Bridge[] = [];
  ordered.forEach((root, position) => {
    const missing = root.parent !== undefined && !byId.has(root.parent);
    if ((!missing && !(root.parent === undefined && root.continues)) || !withMessages.has(root.id)) return;
    for (let index = position - 1; index >= 0; index--) {
      const candidate = ordered[index]!;
      if (!isLeaf(candidate) || isAncestor(root.id, candidate.id)) continue;
      const later =
        candidate.timestamp !== undefined &&
        root.timestamp !== undefined &&
        candidate.timestamp > root.timestamp;
      if (later) continue;
      parents.set(root.id, candidate.id);
      childCounts.set(candidate.id, (childCounts.get(candidate.id) ?? 0) + 1);
      if (missing) bridges.push({ line: root.line, joinedTo: candidate.line, missingParent: root.parent! });
      return;
    }
  });

  return {
    leaves: ordered.filter(isLeaf),
    chain(node) {
      const chain: TreeNode[] = [];
      const seen = new Set<string>();
      for (let current: TreeNode | undefined = node; current && !seen.has(current.id);) {
        seen.add(current.id);
        chain.push(current);
        const parent = parents.get(current.id);
        current = parent === undefined ? undefined : byId.get(parent);
      }
      return chain.reverse();
    },
    parentOf(id) {
      const parent = parents.get(id);
      return parent === undefined ? undefined : byId.get(parent);
    },
    messageChildren: (id) => childCounts.get(id) ?? 0,
    bridges,
  };
}
