/**
 * States of absence (docs/derived-probes.md, "What has not happened"), read from the events before the cut: nothing in
 * the repository changed while the agent only read (five reads or more, no write, no changing command), and the
 * event each rests on, named by the digest of its rendered call line (absence.ts). The edits not committed are
 * work-probes.ts's, resting on the last edit.
 */
import type { FileOperation, Message } from '../../session/types.ts';
import { toolCallsOf } from '../../session/types.ts';
import { toolCallsLine } from '../../session/transcript.ts';
import { coreCommand, isReadOnlyCommand, shellCommand } from '../../session/shell-commands.ts';
import { commitsIn, eventDigest } from '../absence.ts';
import type { DraftProbe } from './draft.ts';

/**
 * The digest of the event at `messageIndex`, an assistant message's calls, where its result follows it (a call whose
 * result is past the cut did not run before it); none otherwise.
 */
export function restingEvent(messages: readonly Message[], messageIndex: number): string | undefined {
  const message = messages[messageIndex];
  const line = message ? toolCallsLine(message) : undefined;
  if (line === undefined || messages[messageIndex + 1]?.role !== 'toolResult') return undefined;
  return eventDigest(line);
}

/** Whether the message at `messageIndex` is an event: calls whose result follows them (no digest made). */
export function isEvent(messages: readonly Message[], messageIndex: number): boolean {
  return toolCallsOf(messages[messageIndex]!).length > 0 && messages[messageIndex + 1]?.role === 'toolResult';
}

/** The digest of the session's first event, the call a read-only span or a span of no commit runs from. */
export function firstEvent(messages: readonly Message[]): string | undefined {
  for (let at = 0; at < messages.length; at++) if (isEvent(messages, at)) return restingEvent(messages, at);
  return undefined;
}

/**
 * The index of the event whose result is at `resultIndex` (a commit's run): the nearest assistant message of calls
 * before it, the results of one message's calls following it in a row; -1 when none.
 */
export function eventOfResult(messages: readonly Message[], resultIndex: number): number {
  for (let at = Math.min(resultIndex, messages.length) - 1; at >= 0; at--)
    if (toolCallsOf(messages[at]!).length > 0) return at;
  return -1;
}

/** Whether a call after message `from` runs `git commit` (one git refused still reads as a commit in its call line). */
export function commitCalledAfter(messages: readonly Message[], from: number): boolean {
  for (let at = from + 1; at < messages.length; at++) {
    const line = toolCallsLine(messages[at]!);
    if (line !== undefined && commitsIn(line)) return true;
  }
  return false;
}

// A git command, wherever in a shell line it runs (`cd x && git status`, `git -C dir log`).
const GIT_RUN = /(?:^|[;&|(]\s*|\s)git\s/;

/** Whether the agent ran git before the cut: where it never did, the work's commit state is nothing it dealt with. */
export function ranGit(messages: readonly Message[]): boolean {
  for (const message of messages)
    for (const call of toolCallsOf(message)) {
      const command = shellCommand(call);
      if (command !== undefined && GIT_RUN.test(command)) return true;
    }
  return false;
}

// Tools that only look (Claude Code's Read, Glob, Grep; Codex's update_plan; a web fetch or search; a to-do list, which
// is the agent's own note, not the repository's).
const LOOKING_TOOL =
  /^(?:read|view|glob|grep|ls|list|find|search|web_?fetch|web_?search|fetch|todo_?write|todo_?read|update_plan|notebook_?read)/i;
// A program of a pipeline that only prints what is there, besides those shell-commands.ts names.
const READING_PROGRAM = /^(?:nl|sort|uniq|cut|less|bat|jq|awk|git\s+(?:ls-files|rev-parse|blame|grep))\b/;
// Variables set for the one command (`TMPDIR=/tmp rg …`): the program after them is what runs.
const ENVIRONMENT_PREFIX = /^(?:\w+=(?:"[^"]*"|'[^']*'|\S*)\s+)+/;
// Output sent into a file (`> notes.md`, `>> log`), not to /dev/null or another stream.
const INTO_FILE = /(?:^|[^0-9&>])>{1,2}\s*(?!\/dev\/null|&)\S/;
// Options that make a reading program write (`sed -i`, `find … -delete`, `find … -exec`).
const WRITING_OPTION = /\s(?:-i\b|-delete\b|-exec\b|-execdir\b|--in-place\b)/;

/** Whether a shell command only reads: each program of its chain or pipeline reads, and nothing goes into a file. */
export function onlyReads(command: string): boolean {
  if (INTO_FILE.test(command) || WRITING_OPTION.test(command)) return false;
  const parts = coreCommand(command)
    .replace(/ …$/, '')
    .split(/\s*(?:\|\||&&|\||;)\s*/)
    .map((part) => part.replace(ENVIRONMENT_PREFIX, ''))
    .filter(Boolean);
  return (
    !command.includes('\n') &&
    parts.length > 0 &&
    parts.every((part) => isReadOnlyCommand(part) || READING_PROGRAM.test(part))
  );
}

// How a summary says nothing in the repository changed: the facet a paraphrase keeps ("I have not changed any file").
export const NOTHING_CHANGED = [
  'nothing changed',
  'nothing was changed',
  'nothing has been changed',
  'nothing has changed',
  'nothing in the repository has been changed',
  'nothing in the repository was changed',
  'nothing was modified',
  'nothing has been modified',
  'nothing was edited',
  'no file was changed',
  'no files were changed',
  'no file changed',
  'no files changed',
  'no file was modified',
  'no files were modified',
  'no files modified',
  'no file was edited',
  'no file has been changed',
  'no files have been changed',
  'no file has been modified',
  'no files have been modified',
  'no file has been created or changed',
  'no file was touched',
  'no files touched',
  'touched no files',
  'no files were touched',
  'none modified',
  '0 edits',
  'zero edits',
  'no files were edited',
  'no files edited',
  'edited no file',
  'edited no files',
  'changed no file',
  'changed no files',
  'modified no file',
  'modified no files',
  'no changes made',
  'no changes were made',
  'no changes have been made',
  'made no changes',
  'no edits made',
  'no edits were made',
  'no edits yet',
  'no code changes',
  'no code was changed',
  'no code has been changed',
  'not changed anything',
  'not modified anything',
  'not edited anything',
  'not changed any',
  'not modified any',
  'not edited any',
  'read-only so far',
  'only read so far',
  // A terse note's count of none ("STATE: 0 files changed, reads only").
  '0 files changed',
  'zero files changed',
  '0 files touched',
  'zero files touched',
  'reads only',
];
// How a summary says a file was changed: of the repository, the read-only state's opposite.
const CHANGED = ['changed', 'modified', 'edited', 'written', 'rewritten', 'updated', 'created'];

// Reads before the state is one a reader would tell: an exploration, not a first look.
const MIN_READS = 5;

/**
 * Nothing in the repository changed at the cut: five reads or more (a file read, a search, a read-only command) and
 * no call that writes or may write (an edit, a command that is not a read, a tool not known to only look), resting
 * on the last call before the cut whose result is there.
 */
export function readOnlyProbe(
  messages: readonly Message[],
  operations: readonly FileOperation[],
): DraftProbe | undefined {
  const readCalls = new Set(operations.filter((op) => op.kind === 'read').map((op) => op.toolCallId));
  if (operations.some((op) => op.kind !== 'read')) return undefined;
  let reads = 0;
  let last: number | undefined;
  for (let at = 0; at < messages.length; at++) {
    const calls = toolCallsOf(messages[at]!);
    if (calls.length === 0) continue;
    for (const call of calls) {
      const command = shellCommand(call);
      if (
        command !== undefined ? !onlyReads(command) : !readCalls.has(call.id) && !LOOKING_TOOL.test(call.name)
      )
        return undefined;
      reads++;
    }
    if (isEvent(messages, at)) last = at;
  }
  const since = firstEvent(messages);
  if (reads < MIN_READS || last === undefined || since === undefined) return undefined;
  const statement =
    'Nothing has been changed in the repository; the agent has only read files and run read-only commands';
  return {
    kind: 'state',
    messageIndex: last,
    question: 'Has the agent changed anything in the repository yet?',
    answer: `${statement}; ${reads} reads, searches and read-only commands so far.`,
    facets: [NOTHING_CHANGED],
    statement,
    opposite: {
      subject: ['file', 'files', 'code', 'repository'],
      said: CHANGED,
      within: 'clause',
      own: NOTHING_CHANGED,
    },
    absence: { denies: 'change', since, restsOn: restingEvent(messages, last)! },
  };
}
