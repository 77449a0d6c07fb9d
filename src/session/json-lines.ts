/** Streams a JSONL file line by line, so a transcript of hundreds of MB never becomes one string. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { InputError } from '../errors.ts';
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

/** Calls `onRecord` with every non-blank line parsed as JSON, with its 1-based line number. */
export async function readJsonLines(
  file: string,
  stats: ImportStats,
  options: LineOptions,
  onRecord: (record: unknown, line: number) => void,
): Promise<void> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber++;
    if (text.trim() === '') continue;
    stats.lines++;
    try {
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (error) {
        throw new LineError(file, lineNumber, `not valid JSON (${(error as Error).message})`);
      }
      onRecord(record, lineNumber);
    } catch (error) {
      if (!(error instanceof LineError) || !options.skipInvalid) throw error;
      stats.skipped.push({ line: error.line, reason: error.reason });
    }
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
