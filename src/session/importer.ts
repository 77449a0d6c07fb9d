/** The contract every format importer fulfils. */
import type { FileTargets } from './file-operations.ts';
import type { LineOptions } from './json-lines.ts';
import type { ImportStats, Message, RecordedCompaction, SessionFormat } from './types.ts';

/** The start of a file, for detection: its first characters and its first lines parsed as JSON. */
export type Sample = {
  head: string;
  /** The first non-blank lines that parse as JSON (lines that do not parse are left out). */
  records: unknown[];
};

/** What an importer returns; the loader adds name, path and file operations. */
export type ImportResult = {
  formatVersion?: number | string;
  id?: string;
  cwd?: string;
  messages: Message[];
  compactions: RecordedCompaction[];
  metadata: Record<string, unknown>;
  stats: ImportStats;
};

/** Options every importer honours. */
export type ImportOptions = LineOptions;

/** One supported transcript format. */
export type Importer = {
  format: SessionFormat;
  /** One line for `list` and error messages. */
  description: string;
  /** Whether the sample looks like this format (content only, never the file name). */
  detect(sample: Sample): boolean;
  read(file: string, options: ImportOptions): Promise<ImportResult>;
  /** Which files a tool call of this agent reads or changes. */
  fileTargets: FileTargets;
};
