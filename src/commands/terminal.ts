/** What the commands know of the terminal they print to: its width, whether colour is wanted, whether it redraws. */
import { once } from 'node:events';
import type { TerminalOptions } from '../report/comparison.ts';
import { type JsonField, jsonPieces } from '../report/json-stream.ts';
import { standardOutput } from './streams.ts';

/** A stream as far as this module reads it. */
type Stream = { isTTY?: boolean; columns?: number };

/** `NO_COLOR` (any non-empty value) or `TERM=dumb` turn colour off; so does output that is not a terminal. */
export function wantsColor(stream: Stream, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** The width of a terminal no one told us the size of. */
export const DEFAULT_COLUMNS = 80;

/** The width to fit tables and prose to: the terminal's, else `COLUMNS` when set, else 80 (a pipe, a file, CI). */
export function terminalWidth(stream: Stream, env: NodeJS.ProcessEnv = process.env): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : DEFAULT_COLUMNS;
}

/** How the comparison table is printed to stdout. */
export function stdoutTerminal(): TerminalOptions {
  return { width: terminalWidth(standardOutput()), color: wantsColor(standardOutput()) };
}

/** Whether a live status area may be drawn: a terminal, and not under CI. */
export function canRedraw(stream: Stream, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.CI && env.TERM !== 'dumb';
}

/** Prints an object's JSON (`JSON.stringify(object, null, 2)` and a line break) piece by piece, as stdout drains. */
export async function writeJson(fields: readonly JsonField[]): Promise<void> {
  for await (const piece of jsonPieces(fields)) {
    if (!standardOutput().write(piece)) await once(standardOutput(), 'drain');
  }
  standardOutput().write('\n');
}
