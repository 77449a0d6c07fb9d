/**
 * Which lines of a Claude Code transcript form the conversation. Lines link to their parent by
 * `parentUuid`; rewinding to an earlier message starts a branch, and the active conversation is the
 * chain from the last message back to the start. Two quirks are handled: parallel tool results hang
 * off the chain as siblings (each result's parent is its own `tool_use` line), and a compaction may
 * start a new root whose conversation goes on before it.
 */

/** What path selection needs to know about one line that carries a `uuid`. */
export type ChainLine = {
  uuid: string;
  /** 1-based line number: file order. */
  line: number;
  role: 'user' | 'assistant' | 'other';
  /** The API message id an assistant line belongs to (one line per content block). */
  messageId?: string;
  toolUseIds: readonly string[];
  toolResultIds: readonly string[];
  /** A compaction line: when it is a root, the conversation before it is still the same session. */
  compaction: boolean;
};

/** The parent of every line with a `uuid` (conversation or not: progress and system lines are links too). */
export type ParentLinks = Map<string, { parent: string | undefined; line: number }>;

function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index]!;
    if (test(item)) return item;
  }
  return undefined;
}

/** The uuids of the lines that make up the active conversation. */
export function activeLines(lines: readonly ChainLine[], links: ParentLinks): Set<string> {
  const isMessage = (line: ChainLine) => line.role !== 'other';
  const byUuid = new Map(lines.map((line) => [line.uuid, line]));
  const onPath = new Set<string>();
  let current = findLast(lines, isMessage)?.uuid;
  let earliest = Number.POSITIVE_INFINITY;
  while (current !== undefined) {
    let root: string | undefined;
    while (current !== undefined && !onPath.has(current)) {
      const link = links.get(current);
      if (!link) break;
      onPath.add(current);
      earliest = Math.min(earliest, link.line);
      root = current;
      current = link.parent;
    }
    if (root === undefined || !byUuid.get(root)?.compaction) break;
    const before = earliest;
    current = findLast(
      lines,
      (line) => isMessage(line) && line.line < before && !onPath.has(line.uuid),
    )?.uuid;
  }
  const included = new Set(onPath);
  const onPathLines = lines.filter((line) => onPath.has(line.uuid));
  const messageIds = new Set(onPathLines.flatMap((line) => (line.messageId ? [line.messageId] : [])));
  for (const line of lines) {
    if (line.messageId !== undefined && messageIds.has(line.messageId)) included.add(line.uuid);
  }
  const callIds = new Set(lines.filter((line) => included.has(line.uuid)).flatMap((line) => line.toolUseIds));
  const answered = new Set(onPathLines.flatMap((line) => line.toolResultIds));
  for (const line of lines) {
    if (line.toolResultIds.some((id) => callIds.has(id) && !answered.has(id))) included.add(line.uuid);
  }
  return included;
}
