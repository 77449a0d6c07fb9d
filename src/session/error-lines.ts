/**
 * Finding the error lines in tool output and pasted logs, most telling first. Shared by the offline summarizer and
 * derived probes.
 */
import { isTruncationMarker } from './transcript.ts';
import { clip } from '../text/clip.ts';
import { memoizeByText } from '../text/text-cache.ts';

// Ranked: a compiler or exception message says most, then the name of a failing test, then a tally
// or a generic failure, then an exit code. A compiler's or linter's finding at a file's line and column
// (`checkpoint.go:407:1: syntax error: …`, `a.c:3:5: error: …`) is a message too: grep's `file:line:` has no column.
const ERROR_RANKS: readonly RegExp[] = [
  /^\s*(?:\.{0,2}[/\\])?(?:[\w.@-]+[/\\])*[\w@-][\w.@-]*\.[a-z][a-z0-9]{0,4}:\d+:\d+:\s+(?!(?:warning|note|info|hint)\b)\S|\berror TS\d+\b|\berror\[E\d+\]|\b[A-Z]?\w*(?:Error|Exception)(?::\s|\s\[)|^\s*(?:error|fatal):|\bpanicked at\b|\bERR_[A-Z_]{3,}\b|^\s*→\s+\S/,
  /^\s*(?:FAIL|×|✗|✖)\s+\S/,
  /✗|✖|\bERR!|\b[1-9]\d* (?:failed|failing|errors?)\b|\bFAILED\b|\bfailed to\b|\bAssertion/i,
  /\bexit(?:ed)?(?: with)? (?:code|status) [1-9]\d*|\bcommand not found\b|No such file or directory|Permission denied|Segmentation fault|\bCannot find\b|\bCould not\b|\bUnable to\b|\bnot found\b/i,
];
// How a pasted error starts: the message itself, not a sentence that mentions an error code.
const ERROR_START =
  /^\s*(?:[\w$.]*(?:Error|Exception)\b|error(?:\[E\d+\])?:|fatal:|panic|Traceback|\S+\(\d+,\d+\): error|npm ERR!|FAIL\s)/;
const STACK_FRAME = /^\s*(?:at\s|File ")|^\s*\^+\s*$/;
// A passing test's line may name an error code ("✓ throws ERR_NOT_FOUND for an unknown id").
const SUCCESS_LINE = /^\s*(?:✓|✔|√|PASS\b|ok\s+\d)/;
const MAX_ERROR_LINES = 2;
const ERROR_LINE_CHARS = 220;

/**
 * The telling error lines of a text: up to two messages (compiler errors, exceptions) or one message and
 * the failing test's name; otherwise the best generic line. `pasted` keeps lines that start like an error.
 */
export function errorLines(text: string, options: { pasted?: boolean } = {}): string[] {
  const byRank: string[][] = ERROR_RANKS.map(() => []);
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (line.length < 4 || STACK_FRAME.test(line) || SUCCESS_LINE.test(line) || isTruncationMarker(line)) {
      continue;
    }
    if (options.pasted && !ERROR_START.test(line)) continue;
    const rank = ERROR_RANKS.findIndex((pattern) => pattern.test(line));
    if (rank < 0) continue;
    const clipped = excerpt(line, ERROR_RANKS[rank]!);
    if (seen.has(clipped)) continue;
    seen.add(clipped);
    byRank[rank]!.push(clipped);
  }
  const [messages, failingTests, generic, exitCodes] = byRank as [string[], string[], string[], string[]];
  // The failing test's name, then the first message: which test broke and how.
  if (messages.length > 0 || failingTests.length > 0) {
    const test = failingTests.slice(0, 1);
    return [...test, ...messages.slice(0, MAX_ERROR_LINES - test.length)];
  }
  return [...generic, ...exitCodes].slice(0, 1);
}

// Tool texts a generation holds at most: every strategy's requests carry the same calls and results.
const MAX_READ_TEXTS = 50_000;

/**
 * {@link errorLines} of a tool's output, read once per text: the offline summarizer reads each result its requests
 * carry, and the probes' liveness marking reads the same results again. The lines are shared: never changed.
 */
export const toolErrorLines = memoizeByText((text) => errorLines(text), MAX_READ_TEXTS);

/** The line, or for a long one (a JSON log record) the message from where the error starts. */
function excerpt(line: string, pattern: RegExp): string {
  // Vitest's "→ expected …" reason line: the arrow only points at the test above it.
  if (line.length <= ERROR_LINE_CHARS) return clip(line.replace(/^\s*→\s*/, ''), ERROR_LINE_CHARS);
  const start = pattern.exec(line)?.index ?? 0;
  // An escaped newline or the end of a JSON string ends the message.
  const message = line.slice(start).split(/\\n|",/)[0]!;
  return clip(message, ERROR_LINE_CHARS);
}

/** The first meaningful line of a failed tool's output, when no line looks like an error. */
export function firstLine(text: string): string {
  for (const line of text.split('\n')) {
    if (line.trim().length > 0 && !isTruncationMarker(line)) return clip(line, ERROR_LINE_CHARS);
  }
  return '(no output)';
}

/** True for a line carrying a compiler or exception message. */
export function isErrorMessage(line: string): boolean {
  return ERROR_RANKS[0]!.test(line);
}
