/** The contract every format importer fulfils. */
import type { FileTargets } from './file-operations.ts';
import type { LineOptions } from './json-lines.ts';
import type {
  Bridge,
  FileOperation,
  ImportStats,
  Message,
  MergedCopy,
  MessageSource,
  AgentCompaction,
  SessionFormat,
} from './types.ts';

/** The start of a file, for detection: its first characters and its first lines parsed as JSON. */
export type Sample = {
  head: string;
  /** The first non-blank lines that parse as JSON (lines that do not parse are left out). */
  records: unknown[];
  /** The first of {@link Sample.records} (undefined when there is none), read without the others. */
  first: unknown;
};

/** Messages in order, where each came from (parallel), and the compactions recorded among them. */
export type Conversation = {
  messages: Message[];
  sources: MessageSource[];
  compactions: AgentCompaction[];
  /**
   * File operations the transcript records outside tool calls (Aider's files added to the chat), at the message
   * that records them; the loader adds them to those it takes from tool calls.
   */
  fileOperations?: FileOperation[];
};

/**
 * What an importer returns; the loader adds name, path and file operations. For a file that is a tree,
 * the top-level conversation is the active branch's and `tree` holds every branch.
 */
export type ImportResult = Conversation & {
  formatVersion?: number | string;
  id?: string;
  cwd?: string;
  metadata: Record<string, unknown>;
  stats: ImportStats;
  tree?: ImportedTree;
  /** Copies of a chain merged into the chain they copy. */
  merges?: MergedCopy[];
};

/** Options every importer honours. */
export type ImportOptions = LineOptions & {
  /**
   * Called with each message as it is read; what it returns is held in its place. A caller that only needs
   * statistics counts the message and keeps a slim copy, so a large file is never held as text. Only importers
   * that read a message from one line call it (pi); the others hold every message whole, as without it.
   */
  keep?: (message: Message) => Message;
};

/** A format as detection knows it: its name, its line, and its test of a file's start (no reader loaded). */
export type FormatDetection = {
  format: SessionFormat;
  /** One line for `list` and error messages. */
  description: string;
  /** Whether the sample looks like this format (content only, never the file name). */
  detect(sample: Sample): boolean;
};

/** How a format's file is read, and which files its agent's tool calls touch. */
export type FormatReader = {
  read(file: string, options: ImportOptions): Promise<ImportResult>;
  /** Which files a tool call of this agent reads or changes. */
  fileTargets: FileTargets;
};

/**
 * One supported transcript format: its detection, and its reader imported when a file of it is read, so that a
 * process loads one format's reader, not nine.
 */
export type Importer = FormatDetection & {
  reader(): Promise<FormatReader>;
};

/** An importer's conversation of one branch, and the line of its leaf. */
export type ImportedBranch = Conversation & { leafLine: number };

/** What a tree-shaped file holds: every branch in file order of the leaves, and which one is active. */
export type ImportedTree = {
  branches: ImportedBranch[];
  /** Index (0-based) into `branches` of the one the agent was on last. */
  active: number;
  bridges: Bridge[];
};
