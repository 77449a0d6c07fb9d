/** Renders an {@link InspectResult} for the terminal. */
import { describeSkippedLines } from '../session/skipped-lines-note.ts';
import type { InspectResult } from '../inspect/inspect.ts';
import { formatInteger } from '../text/numbers.ts';
import { terminalTable } from './table.ts';

// Slice plans longer than this show their first and last rows only.
const MAX_SLICE_ROWS = 40;
const HEAD_SLICE_ROWS = 20;
const TAIL_SLICE_ROWS = 10;

/** Where the probes come from, then each kind with the message indexes of its probes (✓ an error fixed later). */
function probeLines(result: InspectResult): string[] {
  const { sidecar, derived, model } = result.probesBySource;
  const origin =
    result.probeFile === null
      ? 'derived from the transcript; no sidecar (compaction-bench probes writes one to review)'
      : `from ${result.probeFile}: ${[
          sidecar ? `${sidecar} by hand` : '',
          derived ? `${derived} derived` : '',
          model ? `${model} model-written` : '',
        ]
          .filter(Boolean)
          .join(', ')}`;
  const lines = [
    `probes       ${result.probes}  ${result.probes === 0 && result.probeFile === null ? 'none could be derived from the transcript' : origin}`,
  ];
  if (result.probes === 0) return lines;
  lines.push(`  by position (tenths of the session)  ${result.probePositions.join(' ')}`);
  const width = Math.max(...result.probeList.map((probe) => probe.kind.length));
  for (const kind of Object.keys(result.probesByKind)) {
    const at = result.probeList
      .filter((probe) => probe.kind === kind)
      .map((probe) => `${probe.messageIndex ?? '?'}${probe.fixedLater ? '✓' : ''}`);
    lines.push(`  ${kind.padEnd(width)}  ${result.probesByKind[kind]}  at ${at.join(', ')}`);
  }
  return lines;
}

/** The text `inspect` prints. */
export function renderInspect(result: InspectResult): string {
  const estimate = result.tokensEstimated ? ' (estimated: chars/4)' : '';
  const lines: string[] = [];
  const version = result.formatVersion === null ? '' : ` v${result.formatVersion}`;
  lines.push(`${result.name}  (${result.format}${version})  ${result.path}`);
  if (result.cwd) lines.push(`cwd: ${result.cwd}`);
  lines.push('');
  const roles = Object.entries(result.messagesByRole)
    .map(([role, count]) => `${role} ${count}`)
    .join(', ');
  lines.push(`messages     ${formatInteger(result.messages)}  (${roles})`);
  const contextKinds = Object.entries(result.contextByKind).map(([kind, count]) => `${kind} ${count}`);
  if (contextKinds.length > 0) {
    lines.push(
      `context      ${result.messagesByRole.context}  injected by the agent, not prompts (${contextKinds.join(', ')})`,
    );
  }
  lines.push(`tokens       ${formatInteger(result.tokens)}  [${result.tokenizer}${estimate}]`);
  const tools = Object.entries(result.toolCallsByTool)
    .map(([tool, count]) => `${tool} ${count}`)
    .join(', ');
  lines.push(`tool calls   ${formatInteger(result.toolCalls)}${tools ? `  (${tools})` : ''}`);
  lines.push(...probeLines(result));
  lines.push(...branchLines(result));
  if (result.import.sidechainMessages > 0) {
    lines.push(`sidechain    ${result.import.sidechainMessages} messages left out of the main conversation`);
  }
  if (result.import.unknownLines > 0)
    lines.push(`ignored      ${result.import.unknownLines} lines of unknown type`);
  if (result.import.skippedLines.length > 0)
    lines.push(`skipped      ${describeSkippedLines(result.import.skippedLines)}`);
  lines.push('');
  lines.push(`files modified (${result.files.modified.length})`);
  for (const file of result.files.modified) lines.push(`  ${file}`);
  lines.push(`files read only (${result.files.read.length})`);
  for (const file of result.files.read) lines.push(`  ${file}`);
  if (result.compactions.length > 0) {
    lines.push('');
    lines.push(`recorded compactions (${result.compactions.length})`);
    for (const compaction of result.compactions) {
      const before =
        compaction.tokensBefore === null ? '' : `, ${formatInteger(compaction.tokensBefore)} tokens before`;
      const kept =
        compaction.firstKeptMessageIndex === null
          ? ''
          : `, kept from message ${compaction.firstKeptMessageIndex}`;
      lines.push(
        `  at message ${compaction.messageIndex}${before}${kept}; summary ${formatInteger(compaction.summaryTokens)} tokens`,
      );
    }
  }
  lines.push('');
  const { sliceTokens, overlapTokens } = result.sliceOptions;
  const oversized = result.slices.filter((slice) => slice.oversized).length;
  lines.push(
    `slice plan: ${result.slices.length} slices of ~${formatInteger(sliceTokens)} tokens, overlap ≤ ${formatInteger(overlapTokens)}` +
      (oversized > 0 ? `; ${oversized} oversized` : ''),
  );
  const row = (slice: InspectResult['slices'][number]) => [
    slice.index + 1,
    slice.firstMessage,
    slice.lastMessage,
    formatInteger(slice.tokens),
    formatInteger(slice.overlapTokens),
    slice.oversized ? `oversized: truncated to ~${formatInteger(sliceTokens)} when rendered` : '',
  ];
  // A session of millions of tokens has thousands of slices: the start and the end tell the plan.
  const { slices } = result;
  const rows =
    slices.length <= MAX_SLICE_ROWS
      ? slices.map(row)
      : [
          ...slices.slice(0, HEAD_SLICE_ROWS).map(row),
          [
            '…',
            '',
            '',
            '',
            '',
            `${formatInteger(slices.length - HEAD_SLICE_ROWS - TAIL_SLICE_ROWS)} more (--json lists every slice)`,
          ],
          ...slices.slice(-TAIL_SLICE_ROWS).map(row),
        ];
  lines.push(
    terminalTable({
      head: ['Slice', 'First msg', 'Last msg', 'Tokens', 'Overlap', 'Note'],
      alignRight: [true, true, true, true, true, false],
      rows,
    }),
  );
  return lines.join('\n');
}

/** The branches line (a table when there are several) and where the tree was joined across a gap. */
function branchLines(result: InspectResult): string[] {
  const lines: string[] = [];
  const { branches } = result;
  if (branches.length === 1) lines.push(`branches     1  (leaf line ${branches[0]!.leafLine})`);
  if (branches.length > 1) {
    lines.push(`branches     ${branches.length}  (imported: ${result.branch}; --branch <n> imports another)`);
    lines.push(
      terminalTable({
        head: ['Branch', 'Leaf line', 'Messages', 'Tool calls', 'Files modified', 'Time', 'Note'],
        alignRight: [true, true, true, true, true, false, false],
        rows: branches.map((branch) => [
          branch.number,
          branch.leafLine,
          formatInteger(branch.messages),
          formatInteger(branch.toolCalls),
          branch.filesModified.length,
          timeSpan(branch.firstTimestamp, branch.lastTimestamp),
          branchNote(branch),
        ]),
      }),
    );
  }
  for (const bridge of result.bridges) {
    lines.push(`joined across a missing parent: line ${bridge.line} → line ${bridge.joinedTo}`);
  }
  for (const merge of result.merges) {
    const leftOut = merge.leftOut > 0 ? `; the copy left out ${merge.leftOut}, kept from the original` : '';
    lines.push(
      `merged a resumed copy: lines ${merge.lines[0]}–${merge.lines[1]} repeat lines ${merge.copies[0]}–${merge.copies[1]} (${merge.copied} lines${leftOut})`,
    );
  }
  return lines;
}

function timeSpan(first: string | null, last: string | null): string {
  if (first === null || last === null) return '';
  const minute = (time: string) => time.slice(0, 16).replace('T', ' ');
  return first.slice(0, 10) === last.slice(0, 10)
    ? `${minute(first)}–${last.slice(11, 16)}`
    : `${minute(first)} – ${minute(last)}`;
}

function branchNote(branch: InspectResult['branches'][number]): string {
  const notes = [branch.active ? 'active' : '', branch.imported ? 'imported' : ''].filter((note) => note);
  if (branch.imported) return notes.join(', ');
  const { messages, toolCalls, filesModified } = branch.notImported;
  const lost = [
    messages > 0 ? `${messages} messages` : '',
    toolCalls > 0 ? `${toolCalls} tool calls` : '',
    filesModified.length > 0 ? `${filesModified.length} modified files` : '',
  ].filter((part) => part);
  notes.push(
    lost.length > 0
      ? `left out: ${lost.join(', ')} not imported`
      : 'left out: holds nothing the imported lacks',
  );
  return notes.join(', ');
}
