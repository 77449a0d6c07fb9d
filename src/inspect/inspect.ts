/** `inspect`: what a fixture holds and how the shared slicer would cut it. */

import { positionHistogram } from '../quality/probe-lint.ts';
import { countByKind, type Probe, readSidecar } from '../quality/probes.ts';
import { sessionProbes } from '../quality/session-probes.ts';
import type { Branch } from '../session/types.ts';
import { droppedWorkNote } from '../session/dropped-work-note.ts';
import { fileLists } from '../session/file-operations.ts';
import { type LoadOptions, loadSession, resolveSession } from '../session/load.ts';
import { slimMessage } from '../session/slim-message.ts';
import type { Bridge, MergedCopy } from '../session/types.ts';
import type { ContextKind, Message, Role, Session } from '../session/types.ts';
import { toolCallsOf } from '../session/types.ts';
import { type SliceOptions, sliceMessages, validateSliceOptions } from '../session/slicer.ts';
import { getTokenizer } from '../tokens.ts';

/** Options of {@link inspectSession}. */
export type InspectOptions = LoadOptions & SliceOptions & { tokenizer: string };

/** Everything `inspect` reports; `inspect --json` prints exactly this. */
export type InspectResult = {
  name: string;
  path: string;
  format: string;
  formatVersion: number | string | null;
  cwd: string | null;
  messages: number;
  /** `user` counts what the user wrote; `context` what the agent injected as user messages. */
  messagesByRole: Record<Role | 'context', number>;
  /** The injected context messages by kind. */
  contextByKind: Partial<Record<ContextKind, number>>;
  tokens: number;
  tokenizer: string;
  tokensEstimated: boolean;
  toolCalls: number;
  toolCallsByTool: Record<string, number>;
  files: { read: string[]; modified: string[] };
  probes: number;
  probesByKind: Record<string, number>;
  probesBySource: { sidecar: number; derived: number; model: number };
  /** The sidecar the probes come from; null when they are derived from the transcript. */
  probeFile: string | null;
  /** Probes per tenth of the session, by where each is planted. */
  probePositions: number[];
  /** Every probe: what it asks and where its fact is planted. */
  probeList: Array<
    Pick<Probe, 'id' | 'kind' | 'question' | 'source'> & {
      messageIndex: number | null;
      fixedLater: boolean | null;
    }
  >;
  compactions: Array<{
    messageIndex: number;
    firstKeptMessageIndex: number | null;
    tokensBefore: number | null;
    summaryTokens: number;
  }>;
  sliceOptions: SliceOptions;
  slices: Array<{
    index: number;
    firstMessage: number;
    lastMessage: number;
    tokens: number;
    overlapTokens: number;
    oversized: boolean;
  }>;
  import: {
    lines: number;
    metadataLines: number;
    unknownLines: number;
    skippedLines: Array<{ line: number; reason: string }>;
    sidechainMessages: number;
  };
  /** Every branch of a file that is a tree (none otherwise), timestamps as ISO text. */
  branches: Array<
    Omit<Branch, 'firstTimestamp' | 'lastTimestamp'> & {
      firstTimestamp: string | null;
      lastTimestamp: string | null;
      imported: boolean;
    }
  >;
  /** The number of the branch imported; null without branches. */
  branch: number | null;
  /** Where the tree was joined across a parent missing from the file. */
  bridges: Bridge[];
  /** Copies of a chain (a resumed session re-writing what it loaded) merged into the chain they copy. */
  merges: MergedCopy[];
  /** The line saying what work the import leaves out (see `droppedWorkNote`); null when none. */
  droppedWork: string | null;
};

const isoTime = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString());

/** Loads a fixture and describes it. */
export async function inspectSession(argument: string, options: InspectOptions): Promise<InspectResult> {
  validateSliceOptions(options);
  const tokenizer = await getTokenizer(options.tokenizer);
  const file = await resolveSession(argument);
  const sidecar = await readSidecar(file);
  // With a sidecar, nothing reads a message's text once it is counted: the import keeps slim copies, so a
  // transcript of hundreds of MB is read through, not held. Derived probes read every text, so they need it whole.
  const counted = new WeakMap<Message, number>();
  const keep = (message: Message): Message => {
    const slim = slimMessage(message);
    counted.set(slim, tokenizer.countMessage(message));
    return slim;
  };
  const session = await loadSession(file, { ...options, keep: sidecar ? keep : undefined });
  const tokenCounts = session.messages.map(
    (message) => counted.get(message) ?? tokenizer.countMessage(message),
  );
  const { probes, file: probeFile } = sidecar
    ? { probes: sidecar.probes, file: sidecar.file }
    : await sessionProbes(session);
  const slices = sliceMessages(session.messages, tokenCounts, options);
  return {
    name: session.name,
    path: session.path,
    format: session.format,
    formatVersion: session.formatVersion ?? null,
    cwd: session.cwd ?? null,
    messages: session.messages.length,
    messagesByRole: messagesByRole(session),
    contextByKind: contextByKind(session),
    tokens: tokenCounts.reduce((sum, tokens) => sum + tokens, 0),
    tokenizer: tokenizer.name,
    tokensEstimated: tokenizer.estimate,
    ...toolCallCounts(session),
    files: fileLists(session.fileOperations),
    probes: probes.length,
    probesByKind: countByKind(probes),
    probesBySource: {
      sidecar: probes.filter((probe) => probe.source === 'sidecar').length,
      derived: probes.filter((probe) => probe.source === 'derived').length,
      model: probes.filter((probe) => probe.source === 'model').length,
    },
    probeFile,
    probePositions: positionHistogram(probes, session.messages.length),
    probeList: probes.map((probe) => ({
      id: probe.id,
      kind: probe.kind,
      question: probe.question,
      source: probe.source,
      messageIndex: probe.messageIndex ?? null,
      fixedLater: probe.fixedLater ?? null,
    })),
    compactions: session.compactions.map((compaction) => ({
      messageIndex: compaction.messageIndex,
      firstKeptMessageIndex: compaction.firstKeptMessageIndex ?? null,
      tokensBefore: compaction.tokensBefore ?? null,
      summaryTokens: tokenizer.count(compaction.summary),
    })),
    sliceOptions: { sliceTokens: options.sliceTokens, overlapTokens: options.overlapTokens },
    slices: slices.map((slice) => ({
      index: slice.index,
      firstMessage: slice.start,
      lastMessage: slice.end - 1,
      tokens: slice.tokens,
      overlapTokens: slice.overlapTokens,
      oversized: slice.oversized,
    })),
    import: {
      lines: session.stats.lines,
      metadataLines: session.stats.metadataLines,
      unknownLines: session.stats.unknownLines,
      skippedLines: session.stats.skipped,
      sidechainMessages: session.stats.sidechainMessages,
    },
    branches: session.branches.map((branch) => ({
      ...branch,
      firstTimestamp: isoTime(branch.firstTimestamp),
      lastTimestamp: isoTime(branch.lastTimestamp),
      imported: branch.number === session.branch,
    })),
    branch: session.branch ?? null,
    bridges: session.bridges,
    merges: session.merges ?? [],
    droppedWork: droppedWorkNote(session) ?? null,
  };
}

function messagesByRole(session: Session): Record<Role | 'context', number> {
  const counts: Record<Role | 'context', number> = { user: 0, context: 0, assistant: 0, toolResult: 0 };
  for (const message of session.messages) {
    counts[message.role === 'user' && message.context ? 'context' : message.role]++;
  }
  return counts;
}

function contextByKind(session: Session): Partial<Record<ContextKind, number>> {
  const counts: Partial<Record<ContextKind, number>> = {};
  for (const message of session.messages) {
    if (message.role === 'user' && message.context)
      counts[message.context] = (counts[message.context] ?? 0) + 1;
  }
  return counts;
}

function toolCallCounts(session: Session): { toolCalls: number; toolCallsByTool: Record<string, number> } {
  const byTool: Record<string, number> = {};
  let total = 0;
  for (const message of session.messages) {
    for (const call of toolCallsOf(message)) {
      byTool[call.name] = (byTool[call.name] ?? 0) + 1;
      total++;
    }
  }
  const sorted = Object.fromEntries(
    Object.entries(byTool).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)),
  );
  return { toolCalls: total, toolCallsByTool: sorted };
}
