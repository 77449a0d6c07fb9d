/** Follows tool calls and their results: files touched, commands run, errors and how they went away. */
import type { ToolCallBlock } from '../session/types.ts';
import { parseToolCalls } from './conversation.ts';
import { firstLine, toolErrorLines } from '../session/error-lines.ts';
import {
  commandFamily,
  commandHead,
  coreCommand,
  isReadOnlyCommand,
  shellCommand,
} from '../session/shell-commands.ts';
import type { FactStore, Placement } from './facts.ts';
import { CAUSE_CUE, FIX_CUE, PLAN_CUE, pathsIn } from './text.ts';
import { memoizeByText } from '../text/text-cache.ts';
import type { FileOperation } from './tools.ts';
import { describeCall, fileTargets, MODIFYING } from './tools.ts';

/** What a call does, read from its name and arguments alone. */
export type CallReading = {
  call: ToolCallBlock;
  /** The shell command it runs, if it runs one, and that command as a summary shows it (coreCommand). */
  command: string | undefined;
  core: string | undefined;
  /** Files it touches and how. */
  targets: ReadonlyArray<{ path: string; operation: FileOperation }>;
  /** Its label on activity and error lines (describeCall). */
  label: string;
  /** A command that only looks at things (cat, grep): its output quotes code, its failures are answers. */
  lookOnly: boolean;
  /** What a later success must be to resolve its failure: the same program, or the same tool on the same target. */
  subject: string;
  /** The family of a test or build command (commandFamily). */
  family: string | undefined;
  /** Paths its command names. */
  mentioned: readonly string[];
};

/** A call and, once its result arrived, how it went ('' for fine). */
export type CallRecord = { call: CallReading; index: number; outcome?: string };

/** The tool side of a conversation, fed block by block. */
export type ToolLog = {
  /** A user message: calls still waiting for a result will not get one. */
  startTurn(): void;
  calls(index: number, text: string): void;
  result(index: number, text: string, flagged: boolean): void;
  /** A command the user ran themselves, with its output. */
  userShell(index: number, command: string, output: string, failed: boolean): void;
  /** An error message the user pasted. */
  userError(index: number, line: string): void;
  /** An assistant sentence (`opensMessage`: the first of its message): it may say the errors since the last fix statement are fixed, or why they happened. */
  explain(sentence: string, opensMessage: boolean): void;
  /** The last few calls, oldest first. */
  recentCalls(count: number): CallRecord[];
  /** Adds the error, command and file facts gathered so far. */
  finish(): void;
};

/** Weights of tool facts, on the scale of the conversation facts. */
const WEIGHT = {
  openError: 7,
  modifiedFile: 6,
  testCommand: 4,
  readFile: 3,
  editError: 3,
  command: 2,
  mentionedFile: 1.5,
  readOnlyCommand: 1,
  fixedErrorFactor: 0.85,
} as const;
const CAUSE_CHARS = 120;
const MIN_CAUSE_CHARS = 12;

type ErrorRecord = {
  label: string;
  line: string;
  subject: string;
  family: string | undefined;
  index: number;
  weight: number;
  /** Order of the latest sighting, to tell which errors a fix statement is about. */
  sequence: number;
  occurrences: number;
  resolved: boolean;
  cause?: string;
};

type CommandRecord = { runs: number; failed: boolean; index: number; readOnly: boolean };

// Tool texts a generation holds at most: every strategy's requests carry the same calls and results, read once.
const MAX_READ_TEXTS = 50_000;
/** The calls of a calls line, read once per text (never changed after). */
const callsOf = memoizeByText((text) => parseToolCalls(text).map(readCall), MAX_READ_TEXTS);

/** What a call does (see {@link CallReading}). */
function readCall(call: ToolCallBlock): CallReading {
  const command = shellCommand(call);
  const targets = fileTargets(call);
  const core = command === undefined ? undefined : coreCommand(command);
  return {
    call,
    command,
    core,
    targets,
    label: describeCall(call),
    lookOnly: command !== undefined && isReadOnlyCommand(command),
    subject: core !== undefined ? `command:${commandHead(core)}` : `${call.name}:${targets[0]?.path ?? ''}`,
    family: core === undefined ? undefined : commandFamily(core),
    mentioned: command === undefined ? [] : pathsIn(command),
  };
}

/** A log writing into `store`, placing facts with `at(blockIndex, weight)`. */
export function createToolLog(store: FactStore, at: (index: number, weight: number) => Placement): ToolLog {
  return new StoreToolLog(store, at);
}

// A class, not an object of closures: every conversation read makes a log, and a closure's optimized code is lost with
// the closures at a full collection (quality/match.ts's classes say more).
class StoreToolLog implements ToolLog {
  readonly #store: FactStore;
  readonly #at: (index: number, weight: number) => Placement;
  readonly #errors = new Map<string, ErrorRecord>();
  readonly #commands = new Map<string, CommandRecord>();
  readonly #all: CallRecord[] = [];
  #pending: CallRecord[] = [];
  #sequence = 0;
  #explainedUpTo = 0;

  constructor(store: FactStore, at: (index: number, weight: number) => Placement) {
    this.#store = store;
    this.#at = at;
  }

  #recordError(record: Omit<ErrorRecord, 'occurrences' | 'resolved' | 'sequence'>): void {
    const sequence = ++this.#sequence;
    const key = `${record.subject}\n${record.line}`;
    const existing = this.#errors.get(key);
    if (existing) {
      // The same error again: it is open again, dated by its latest sighting.
      Object.assign(existing, { index: record.index, sequence, resolved: false });
      existing.occurrences++;
    } else this.#errors.set(key, { ...record, sequence, occurrences: 1, resolved: false });
  }

  #touch(path: string, operation: FileOperation, index: number): void {
    const weight = MODIFYING.has(operation)
      ? WEIGHT.modifiedFile
      : operation === 'read'
        ? WEIGHT.readFile
        : WEIGHT.mentionedFile;
    this.#store.touchFile(path, operation, this.#at(index, weight));
  }

  #countRun(core: string, index: number, failed: boolean, readOnly: boolean): void {
    const entry = this.#commands.get(core) ?? { runs: 0, failed, index, readOnly };
    entry.runs++;
    entry.failed = failed;
    entry.index = index;
    this.#commands.set(core, entry);
  }

  #settle(record: CallRecord, index: number, text: string, flagged: boolean): void {
    const { command, core, targets, lookOnly, subject, family, label } = record.call;
    // Commands that only look at things (cat, grep) quote code in their output, and their failures
    // ("no match", exit 1) are answers, not errors.
    const lines = lookOnly ? [] : flagged || command !== undefined ? toolErrorLines(text) : [];
    const failed = !lookOnly && (flagged || lines.length > 0);
    if (core !== undefined) this.#countRun(core, index, failed, lookOnly);
    if (failed) {
      let isEdit = false;
      for (const target of targets) if (MODIFYING.has(target.operation)) isEdit = true;
      // One bullet per failure: the failing test's name and its message belong together.
      const line = lines.length > 0 ? lines.join(' — ') : firstLine(text);
      this.#recordError({
        label,
        line,
        subject,
        family,
        index,
        weight: isEdit ? WEIGHT.editError : WEIGHT.openError,
      });
      record.outcome = `failed: ${line}`;
      return;
    }
    record.outcome = '';
    for (const target of targets) this.#touch(target.path, target.operation, index);
    // A later success of the same program on the same target (flags aside) resolves a failure.
    for (const error of this.#errors.values()) {
      if (!error.resolved && (error.subject === subject || (family && error.family === family))) {
        error.resolved = true;
      }
    }
  }

  startTurn(): void {
    this.#pending = [];
  }

  calls(index: number, text: string): void {
    // Results follow their calls directly; calls left waiting from before never got one.
    this.#pending = [];
    for (const call of callsOf(text)) {
      const record: CallRecord = { call, index };
      this.#pending.push(record);
      this.#all.push(record);
      for (const path of call.mentioned) this.#touch(path, 'mentioned', index);
    }
  }

  result(index: number, text: string, flagged: boolean): void {
    const record = this.#pending.shift();
    if (record) this.#settle(record, index, text, flagged);
  }

  userShell(index: number, command: string, output: string, failed: boolean): void {
    const record: CallRecord = {
      call: readCall({ type: 'toolCall', id: '', name: 'bash', arguments: { command } }),
      index,
    };
    this.#all.push(record);
    this.#settle(record, index, output, failed);
  }

  userError(index: number, line: string): void {
    this.#recordError({
      label: 'reported by the user',
      line,
      subject: 'user',
      family: undefined,
      index,
      weight: WEIGHT.openError,
    });
  }

  explain(sentence: string, opensMessage: boolean): void {
    const open: ErrorRecord[] = [];
    for (const error of this.#errors.values())
      if (!error.resolved && error.sequence > this.#explainedUpTo) open.push(error);
    if (open.length === 0) return;
    const fixes = FIX_CUE.test(sentence);
    // A short statement right after a failure ("Forgot the import.") or one that names a cause says
    // why; a plan ("Let me look.") or a long explanation does not fit on the error's line.
    const fits =
      sentence.length >= MIN_CAUSE_CHARS && sentence.length <= CAUSE_CHARS && !sentence.endsWith(':');
    const explains = fits && !PLAN_CUE.test(sentence) && (opensMessage || fixes || CAUSE_CUE.test(sentence));
    for (const error of open) {
      if (fixes) error.resolved = true;
      if (explains) error.cause ??= sentence;
    }
    // A fix statement closes the story of the errors before it; later statements are about later errors.
    if (fixes) this.#explainedUpTo = this.#sequence;
  }

  recentCalls(count: number): CallRecord[] {
    return this.#all.slice(-count);
  }

  finish(): void {
    const store = this.#store;
    const at = this.#at;
    // Calls still waiting at the very end (the slice stops there) were issued all the same.
    for (const record of this.#pending) {
      for (const target of record.call.targets) this.#touch(target.path, target.operation, record.index);
    }
    for (const error of this.#errors.values()) {
      const repeated = error.occurrences > 1 ? ` (${error.occurrences}×)` : '';
      const how = error.resolved ? ` → fixed${error.cause ? `: ${error.cause}` : ''}` : ' (unresolved)';
      store.add(
        error.resolved ? 'error-fixed' : 'error-open',
        `${error.label}: ${error.line}${repeated}${how}`,
        at(error.index, error.resolved ? error.weight * WEIGHT.fixedErrorFactor : error.weight),
      );
    }
    for (const [core, entry] of this.#commands) {
      const outcome =
        entry.runs > 1
          ? ` (ran ${entry.runs}×, last ${entry.failed ? 'failed' : 'passed'})`
          : entry.failed
            ? ' (failed)'
            : '';
      const weight = entry.readOnly
        ? WEIGHT.readOnlyCommand
        : commandFamily(core)
          ? WEIGHT.testCommand
          : WEIGHT.command;
      store.add('command', `\`${core}\`${outcome}`, at(entry.index, weight));
    }
  }
}
