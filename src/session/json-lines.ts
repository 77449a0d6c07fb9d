/** Streams a JSONL file line by line, so a transcript of hundreds of MB never becomes one string. */
import type * as z from 'zod';
import { InputError } from '../errors.ts';
import { textLines } from './source-file.ts';
import type { ImportStats } from './types.ts';

/** What to do with a line that is not valid. */
export type LineOptions = {
  /** Skip bad lines (recording where and why) instead of failing on the first one. */
  skipInvalid: boolean;
};

/** Raised for one bad line; carries `file:line: reason` as its message. */
export class LineError extends InputError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** What `onRecord` may answer: `stop` ends the read (the rest of the file is not this session). */
export type RecordAnswer = void | 'stop';

/**
 * Calls `onRecord` with every non-blank line parsed as JSON, with its 1-based line number. A last
 * line that is not valid JSON is told apart: a session still being written ends in half a line.
 */
export async function readJsonLines(
  file: string,
  stats: ImportStats,
  options: LineOptions,
  onRecord: (record: unknown, line: number) => RecordAnswer,
): Promise<void> {
  let lineNumber = 0;
  // A line that is not JSON fails only once another line follows it; at the end it is a cut-off line.
  let notJson: LineError | undefined;
  for await (const text of textLines(file)) {
    lineNumber++;
    if (text.trim() === '') continue;
    if (notJson) throw notJson;
    stats.lines++;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      const lineError = new LineError(file, lineNumber, `not valid JSON (${(error as Error).message})`);
      if (options.skipInvalid) stats.skipped.push({ line: lineNumber, reason: lineError.reason });
      else notJson = lineError;
      continue;
    }
    try {
      if (onRecord(record, lineNumber) === 'stop') return;
    } catch (error) {
      if (!(error instanceof LineError) || !options.skipInvalid) throw error;
      stats.skipped.push({ line: error.line, reason: error.reason });
    }
  }
  if (notJson) {
    throw new LineError(
      file,
      notJson.line,
      `the last line is ${notJson.reason.replace(/^not valid JSON/, 'not complete JSON')}: if the session is still being written, --skip-invalid reads it without that line`,
    );
  }
}

/** Parses a record with a schema, throwing a {@link LineError} that names the first problem. */
export function parseLine<T>(schema: z.ZodType<T>, record: unknown, file: string, line: number): T {
  const result = schema.safeParse(record);
  if (result.success) return result.data;
  throw new LineError(file, line, describeSchemaProblem(result.error));
}

/** `message.content.0.type: expected "text"`: the first schema issue, with its path. */
export function describeSchemaProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the expected shape';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
