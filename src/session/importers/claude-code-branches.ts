/**
 * The branches of a Claude Code transcript, each as the steps of its conversation in chain order.
 * Lines link to their parent by `parentUuid`; rewinding or a second process writing to the same file
 * starts a branch. Claude Code writes one line per content block, so two quirks hang lines off a chain
 * as siblings without starting a branch: parallel tool results (each result's parent is its own
 * `tool_use` line) and, in some versions, the blocks of one assistant turn. A compaction starts a new
 * root that goes on from the conversation before it.
 */
import type { TreeNode } from '../tree.ts';
import type { Bridge } from '../types.ts';
import { buildTree } from '../tree.ts';
import type { Line } from './claude-code-lines.ts';

/** The parent of every line with a `uuid` (conversation or not: progress and system lines are links too). */
export type ParentLinks = Map<
  string,
  { parent: string | undefined; line: number; timestamp: number | undefined }
>;

/** One step of a branch's conversation: an assistant turn (its lines merged) or one other line. */
export type Step = { kind: 'turn'; lines: Line[] } | { kind: 'line'; line: Line };

/** A branch: the line of its leaf and its steps from the root. */
export type LineBranch = { leafLine: number; steps: Step[] };

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

function isResultsOnly(line: Line): boolean {
  const value = line.value;
  return (
    value.kind === 'user' &&
    value.toolResults.length > 0 &&
    value.parts.length === 0 &&
    value.compactSummary === undefined
  );
}

function toolUseIds(line: Line): string[] {
  if (line.value.kind !== 'assistant') return [];
  return line.value.blocks.flatMap((block) => (block.type === 'toolCall' ? [block.id] : []));
}

function toolResultIds(line: Line): string[] {
  return line.value.kind === 'user' ? line.value.toolResults.map((result) => result.toolCallId) : [];
}

/** Every branch (file order of the leaves), the one the agent was on last, and the gaps bridged. */
export function claudeCodeBranches(
  lines: readonly Line[],
  links: ParentLinks,
): { branches: LineBranch[]; active: number; bridges: Bridge[] } {
  const lineByUuid = new Map<string, Line>();
  // A resumed session can copy lines it already holds; the first copy counts.
  for (const line of lines) if (!lineByUuid.has(line.uuid)) lineByUuid.set(line.uuid, line);
  const nodes: TreeNode[] = [...links].map(([id, link]) => {
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
  const tree = buildTree(nodes);

  // Lines that only add to a turn or answer its calls, hanging off another chain, are siblings of it
  // (the chain takes them in below), not a branch: walk up from each leaf while that holds.
  const siblings = new Map<string, Line[]>();
  const leaves: TreeNode[] = [];
  for (const leaf of tree.leaves) {
    const segment: Array<{ line: Line; parent: string }> = [];
    let fork: TreeNode | undefined;
    for (let node: TreeNode | undefined = leaf; node && !fork;) {
      const line = lineByUuid.get(node.id);
      const parent = tree.parentOf(node.id);
      if (!line || !parent || (turnKey(line) === undefined && !isResultsOnly(line))) break;
      segment.push({ line, parent: parent.id });
      if (tree.messageChildren(parent.id) >= 2) fork = parent;
      node = parent;
    }
    if (!fork) {
      leaves.push(leaf);
      continue;
    }
    for (const { line, parent } of segment) siblings.set(parent, [...(siblings.get(parent) ?? []), line]);
  }

  const absorbed = new Set<Line>();
  const branchOf = (leaf: TreeNode): LineBranch => {
    const chain = tree.chain(leaf).flatMap((node) => lineByUuid.get(node.id) ?? []);
    const answeredOnChain = new Set(chain.flatMap(toolResultIds));
    const calls = new Set<string>();
    const steps: Step[] = [];
    const addResultsHangingOff = (anchors: readonly Line[]) => {
      const results = anchors
        .flatMap((anchor) => siblings.get(anchor.uuid) ?? [])
        .filter(
          (sibling) =>
            isResultsOnly(sibling) &&
            toolResultIds(sibling).some((id) => calls.has(id) && !answeredOnChain.has(id)),
        )
        .sort((a, b) => a.line - b.line);
      for (const result of results) {
        absorbed.add(result);
        steps.push({ kind: 'line', line: result });
      }
    };
    for (let index = 0; index < chain.length; index++) {
      const line = chain[index]!;
      const key = turnKey(line);
      if (key === undefined) {
        steps.push({ kind: 'line', line });
        addResultsHangingOff([line]);
        continue;
      }
      // Lines of one turn are merged only while they follow each other on the chain.
      const turn = [line];
      while (index + 1 < chain.length && turnKey(chain[index + 1]!) === key) turn.push(chain[++index]!);
      const before = tree.parentOf(line.uuid);
      const anchors = [...(before ? [before.id] : []), ...turn.map((part) => part.uuid)];
      const sameTurn = anchors
        .flatMap((anchor) => siblings.get(anchor) ?? [])
        .filter((sibling) => turnKey(sibling) === key);
      for (const sibling of sameTurn) absorbed.add(sibling);
      const turnLines = [...turn, ...sameTurn].sort((a, b) => a.line - b.line);
      for (const part of turnLines) for (const id of toolUseIds(part)) calls.add(id);
      steps.push({ kind: 'turn', lines: turnLines });
      addResultsHangingOff(turnLines);
    }
    return { leafLine: leaf.line, steps };
  };

  const built = new Map(leaves.map((leaf) => [leaf, branchOf(leaf)]));
  // A sibling no chain took in (it answers nothing there) is work of its own: a branch, never dropped.
  // Newest first, so that of siblings ending a file mid-turn the last one's branch takes in the others.
  for (const leaf of [...tree.leaves].reverse()) {
    if (!built.has(leaf) && !absorbed.has(lineByUuid.get(leaf.id)!)) built.set(leaf, branchOf(leaf));
  }
  const branches = [...built.values()].sort((a, b) => a.leafLine - b.leafLine);
  // The agent was last on the branch holding the file's last line of conversation.
  const lastLines = branches.map((branch) =>
    branch.steps.reduce(
      (last, step) => Math.max(last, step.kind === 'turn' ? step.lines.at(-1)!.line : step.line.line),
      0,
    ),
  );
  const active = lastLines.reduce((best, line, index) => (line >= lastLines[best]! ? index : best), 0);
  return { branches, active, bridges: tree.bridges };
}
