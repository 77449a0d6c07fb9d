/** Renders an {@link InspectResult} for the terminal. */
import type { InspectResult } from '../inspect.ts';
import { formatInteger, terminalTable } from './table.ts';

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
  lines.push(`tokens       ${formatInteger(result.tokens)}  [${result.tokenizer}${estimate}]`);
  const tools = Object.entries(result.toolCallsByTool)
    .map(([tool, count]) => `${tool} ${count}`)
    .join(', ');
  lines.push(`tool calls   ${formatInteger(result.toolCalls)}${tools ? `  (${tools})` : ''}`);
  const kinds = Object.entries(result.probesByKind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  lines.push(
    `probes       ${result.probes}  (${result.probesBySource.sidecar} from sidecar, ${result.probesBySource.derived} derived from tool calls${kinds ? `; ${kinds}` : ''})`,
  );
  if (result.import.sidechainMessages > 0) {
    lines.push(`sidechain    ${result.import.sidechainMessages} messages left out of the main conversation`);
  }
  if (result.import.unknownLines > 0)
    lines.push(`ignored      ${result.import.unknownLines} lines of unknown type`);
  if (result.import.skippedLines.length > 0) {
    const where = result.import.skippedLines
      .slice(0, 5)
      .map((skip) => `line ${skip.line}: ${skip.reason}`)
      .join('; ');
    lines.push(
      `skipped      ${result.import.skippedLines.length} invalid lines (${where}${result.import.skippedLines.length > 5 ? '; …' : ''})`,
    );
  }
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
  lines.push(
    `slice plan: ${result.slices.length} slices of ~${formatInteger(sliceTokens)} tokens, overlap ≤ ${formatInteger(overlapTokens)}`,
  );
  lines.push(
    terminalTable({
      head: ['Slice', 'First msg', 'Last msg', 'Tokens', 'Overlap', 'Note'],
      alignRight: [true, true, true, true, true, false],
      rows: result.slices.map((slice) => [
        slice.index + 1,
        slice.firstMessage,
        slice.lastMessage,
        formatInteger(slice.tokens),
        formatInteger(slice.overlapTokens),
        slice.oversized ? `oversized: truncated to ~${formatInteger(sliceTokens)} when rendered` : '',
      ]),
    }),
  );
  return lines.join('\n');
}
