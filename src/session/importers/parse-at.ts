/** Schema checks for one part of a record, reported as `file:line: path: problem` like a bad line. */
import type * as z from 'zod';
import { LineError } from '../json-lines.ts';

/** Where a value sits: its file, its line, and its path inside that line's record. */
export type Location = { file: string; line: number; path: string };

/** Parses `value` with `schema`, throwing a {@link LineError} that names the first problem and where it is. */
export function parseAt<T>(schema: z.ZodType<T>, value: unknown, at: Location): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [at.path, ...(issue?.path ?? []).map(String)].filter((part) => part !== '').join('.');
  const problem = issue?.message ?? 'does not match the expected shape';
  throw new LineError(at.file, at.line, path ? `${path}: ${problem}` : problem);
}

/** The location of a value nested under `key`. */
export function childAt(at: Location, ...keys: Array<string | number>): Location {
  return { ...at, path: [at.path, ...keys.map(String)].filter((part) => part !== '').join('.') };
}
