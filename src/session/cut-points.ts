/** Cut points and verbatim tails: where a kept suffix of the transcript may start, and what it keeps. */
import type { Message, Session } from './types.ts';
import { isPrompt } from './types.ts';
import { DEFAULT_SETTINGS, integerAtLeast, type SettingDeclaration } from '../settings.ts';
import type { MessageRange } from './message-ranges.ts';

/** `--keep-recent-tokens`: the verbatim tail of truncate, pi and codex; given, it turns the core strategies into hybrids. */
export const KEEP_RECENT_TOKENS: SettingDeclaration = {
  key: 'keepRecentTokens',
  flag: '--keep-recent-tokens <n>',
  help: `verbatim recent tail of truncate, pi and codex (default ${DEFAULT_SETTINGS.keepRecentTokens}); when given, core strategies run as <name>+recent`,
  parse: integerAtLeast(1),
  optional: true,
  usedBy: 'truncate, pi, codex; `<core>+recent` hybrids',
};

/** Where the kept tail starts, and whether that splits a turn. */
export type CutPoint = {
  /** Index of the first message kept verbatim (the number of messages when nothing is kept). */
  firstKept: number;
  /** When the tail starts inside a turn: the index of the user message that opened that turn. */
  turnStart: number | undefined;
};

/**
 * Whether a tail may start at this message: a user or an assistant message, never a tool result,
 * which must stay after its call (an assistant message's own results follow it into the tail).
 */
export function isCutPoint(message: Message): boolean {
  return message.role !== 'toolResult';
}

/** Tokens from each index to the end: `suffix[i]` = tokens of messages i …; `suffix[length]` = 0. */
export function suffixTokens(tokenCounts: readonly number[]): number[] {
  const suffix = new Array<number>(tokenCounts.length + 1).fill(0);
  for (let index = tokenCounts.length - 1; index >= 0; index--)
    suffix[index] = suffix[index + 1]! + tokenCounts[index]!;
  return suffix;
}

/**
 * pi's cut point: walk back from the newest message adding up tokens until `keepTokens` are reached,
 * then cut at the nearest valid point at or after that message, so the tail holds about `keepTokens`.
 * When everything fits, the tail starts at the first valid point. When no valid point follows (a
 * huge last tool result), the nearest one before is used — pi would keep everything there.
 */
export function findCutPoint(
  messages: readonly Message[],
  tokenCounts: readonly number[],
  keepTokens: number,
): CutPoint {
  let reached = -1;
  let accumulated = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    accumulated += tokenCounts[index] ?? 0;
    if (accumulated >= keepTokens) {
      reached = index;
      break;
    }
  }
  const firstKept =
    reached < 0
      ? (firstCutPointFrom(messages, 0) ?? messages.length)
      : (firstCutPointFrom(messages, reached) ?? lastCutPointBefore(messages, reached) ?? messages.length);
  return { firstKept, turnStart: turnStartOf(messages, firstKept) };
}

/** truncate's cut point: the longest tail within `maxTokens` that starts at a valid point (nothing when none fits). */
export function fittingCutPoint(
  messages: readonly Message[],
  tokenCounts: readonly number[],
  maxTokens: number,
): number {
  const suffix = suffixTokens(tokenCounts);
  for (let index = 0; index < messages.length; index++) {
    if (isCutPoint(messages[index]!) && suffix[index]! <= maxTokens) return index;
  }
  return messages.length;
}

function firstCutPointFrom(messages: readonly Message[], start: number): number | undefined {
  for (let index = start; index < messages.length; index++) if (isCutPoint(messages[index]!)) return index;
  return undefined;
}

function lastCutPointBefore(messages: readonly Message[], end: number): number | undefined {
  for (let index = end - 1; index >= 0; index--) if (isCutPoint(messages[index]!)) return index;
  return undefined;
}

/** The user message opening the turn that `firstKept` falls in, when the tail does not start at a user message. */
function turnStartOf(messages: readonly Message[], firstKept: number): number | undefined {
  if (firstKept >= messages.length || isPrompt(messages[firstKept]!)) return undefined;
  for (let index = firstKept - 1; index >= 0; index--) if (isPrompt(messages[index]!)) return index;
  return undefined;
}

/** The transcript before a cut, as a session of its own (file operations and recorded compactions within it). */
export function headSession(session: Session, end: number): Session {
  return {
    ...session,
    messages: session.messages.slice(0, end),
    sources: session.sources.slice(0, end),
    fileOperations: session.fileOperations.filter((operation) => operation.messageIndex < end),
    compactions: session.compactions.filter((compaction) => compaction.messageIndex <= end),
  };
}

/** The messages from `firstKept` on, kept verbatim, with their range. */
export function keepTail(
  session: Session,
  firstKept: number,
): { kept: Message[]; keptRanges: MessageRange[] } {
  const kept = session.messages.slice(firstKept);
  return { kept, keptRanges: kept.length === 0 ? [] : [{ start: firstKept, end: session.messages.length }] };
}
