/**
 * Codex code mode (0.144 and later): every tool runs from one `exec` custom tool call whose input is a script
 * calling `tools.exec_command(…)`, `tools.apply_patch(…)`, `tools.update_plan(…)`, `tools.web_search(…)` and the
 * like. Each call a script makes becomes the tool call it is (named as the script names it, with the arguments it
 * wrote), so files, plans and commands are read as from any other Codex rollout. What a call returned, when the
 * rollout says (`patch_apply_end`, `web_search_end`, `exec_command_end` events, matched in order to the calls of
 * the cell still waiting for its output), is that call's result; the script's own output (what the model saw) is
 * the result of its last call (after that call's own output), and a call with no output of its own gets an
 * empty result that shares the script's outcome.
 */
import type { ImageBlock, TextBlock } from '../types.ts';
import { isRecord, textBlock } from './content.ts';
import { type ScriptCall, scriptCalls } from './script-calls.ts';

/** What a call returned. */
type CallResult = { content: Array<TextBlock | ImageBlock>; isError: boolean };

/** One call of a running cell: its id in the conversation, its tool, and its own result when an event gave one. */
type CellCall = ScriptCall & { id: string; result?: CallResult };

/** The cells (exec calls) whose output has not come yet, by the exec call's id. */
export type CodeCells = Map<string, CellCall[]>;

/** The name of code mode's one tool. */
export const CODE_MODE_TOOL = 'exec';

/** The calls of an exec cell's script, each with its id (`<exec call id>#<n>`); empty when it makes none. */
export function openCell(cells: CodeCells, callId: string, script: string): CellCall[] {
  const calls = scriptCalls(script).map((call, index) => ({ ...call, id: `${callId}#${index + 1}` }));
  if (calls.length > 0) cells.set(callId, calls);
  return calls;
}

/** Which calls an event reports on: `patch_apply_end` on `apply_patch`, and so on. */
const EVENT_TOOLS: Readonly<Record<string, string>> = {
  patch_apply_end: 'apply_patch',
  web_search_end: 'web_search',
  exec_command_end: 'exec_command',
};

/** Whether an event type reports on a call a code cell makes. */
export function isCellEvent(type: unknown): type is string {
  return typeof type === 'string' && type in EVENT_TOOLS;
}

/** What an event says a call returned. */
function eventResult(type: string, payload: Record<string, unknown>): CallResult {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (type) {
    case 'patch_apply_end': {
      const output = [text(payload.stdout), text(payload.stderr)].filter((part) => part !== '').join('\n');
      return {
        content: [textBlock(output || changedFilesText(payload.changes))],
        isError: payload.success === false,
      };
    }
    case 'web_search_end':
      return { content: [textBlock(`Searched the web: ${text(payload.query)}`)], isError: false };
    default: {
      const exitCode = typeof payload.exit_code === 'number' ? payload.exit_code : 0;
      const output =
        text(payload.aggregated_output) || text(payload.formatted_output) || text(payload.stdout);
      return { content: [textBlock(output)], isError: exitCode !== 0 };
    }
  }
}

/** A patch's changes (`{path: {type: "add"} | {add: {…}}}`) as apply_patch reports them: `A path`, `M path`, `D path`. */
function changedFilesText(changes: unknown): string {
  if (!isRecord(changes)) return '';
  const letters: Record<string, string> = { add: 'A', update: 'M', delete: 'D' };
  const lines = Object.entries(changes).map(([path, change]) => {
    const kind = isRecord(change)
      ? typeof change.type === 'string'
        ? change.type
        : Object.keys(change).find((key) => key in letters)
      : undefined;
    return `${letters[kind ?? 'update'] ?? 'M'} ${path}`;
  });
  return lines.length > 0 ? `Success. Updated the following files:\n${lines.join('\n')}` : '';
}

/**
 * Gives an event's output to the first call of its kind, in the oldest open cell, that has none yet; false when
 * no cell waits for one (the event reports on an ordinary call, whose own output item says the same).
 */
export function cellEvent(cells: CodeCells, type: string, payload: Record<string, unknown>): boolean {
  const tool = EVENT_TOOLS[type];
  for (const calls of cells.values()) {
    const call = calls.find((candidate) => candidate.name === tool && candidate.result === undefined);
    if (!call) continue;
    call.result = eventResult(type, payload);
    return true;
  }
  return false;
}

/**
 * Closes a cell with its output: the result of each of its calls, in order. The last call's result is the
 * script's output (what the model saw); the others keep their own, or share the script's outcome, empty.
 */
export function closeCell(
  cells: CodeCells,
  callId: string,
  output: CallResult,
): Array<{ id: string; name: string } & CallResult> | undefined {
  const calls = cells.get(callId);
  if (!calls) return undefined;
  cells.delete(callId);
  // A script that threw says so first; its calls did not all run.
  const failed = output.isError || /^\s*Script (?:failed|error|threw)/i.test(firstText(output));
  return calls.map((call, index) => {
    if (index === calls.length - 1) {
      // The last call's own output (a patch's changed files) comes before the script's.
      const content = [...(call.result?.content ?? []), ...output.content];
      return { id: call.id, name: call.name, content, isError: failed || call.result?.isError === true };
    }
    return { id: call.id, name: call.name, ...(call.result ?? { content: [], isError: failed }) };
  });
}

function firstText(result: CallResult): string {
  const block = result.content.find((part) => part.type === 'text');
  return block?.type === 'text' ? block.text : '';
}
