/** The transcript inside the HTML report: collapsed, long tool outputs clipped, each message linkable and searchable. */
import type { Message } from '../../session/types.ts';
import { renderMessage } from '../../session/transcript.ts';
import { escapeHtml } from './escape.ts';

/** How much of a tool output the page shows (the rest is in the transcript file). */
export const TOOL_OUTPUT_CHARS = 1500;

/** The anchor of a transcript message (0-based index, as probes and kept ranges give it). */
export function messageAnchor(index: number): string {
  return `message-${index}`;
}

// Transcript sections rendered ahead of their page (while a run's calls are in flight), by their messages, until the
// page takes them.
const renderedAhead = new WeakMap<readonly Message[], string[]>();

/** The most characters of section held ahead of its page: a long session's is written a message at a time instead. */
export const AHEAD_CHARS = 1 << 22;

/**
 * Renders the transcript section of `messages` now, for its page to take (with a model the thread waits on calls
 * anyway, and the page is written after the last answer); left to the page when longer than {@link AHEAD_CHARS}.
 */
export function renderTranscriptAhead(messages: readonly Message[]): void {
  if (renderedAhead.has(messages)) return;
  const pieces: string[] = [];
  let characters = 0;
  for (const piece of transcriptPieces(messages)) {
    characters += piece.length;
    if (characters > AHEAD_CHARS) return;
    pieces.push(piece);
  }
  renderedAhead.set(messages, pieces);
}

/**
 * The transcript section, as pieces written a message at a time (a long session's is tens of MB of page, never
 * held as one string); none when the page was rebuilt without it. A section rendered ahead is taken as it is, by
 * every page rendered from those messages: the reports rendered ahead to warm their code (run/reports-ahead.ts) took
 * it first, and the page written after the last answer rendered it again (about 8 ms of the large-session fixture's
 * tail). It goes with its messages, once the run lets go of their session.
 */
export function* transcriptHtml(messages: readonly Message[] | undefined): Generator<string> {
  if (!messages) return;
  yield* renderedAhead.get(messages) ?? transcriptPieces(messages);
}

function* transcriptPieces(messages: readonly Message[]): Generator<string> {
  if (messages.length === 0) return;
  yield [
    '<h2 id="transcript">Transcript</h2>',
    `<details class="transcript"><summary>${messages.length} messages (tool outputs clipped at ${TOOL_OUTPUT_CHARS.toLocaleString('en-US')} characters)</summary>`,
    '<label>Search <input type="search" class="transcript-search" placeholder="text in any message"></label> <span class="count meta"></span>',
    '<ol class="messages" start="0">',
  ].join('\n');
  for (const [index, message] of messages.entries()) {
    const text = renderMessage(message, { toolResultChars: TOOL_OUTPUT_CHARS });
    yield `${index === 0 ? '' : '\n'}<li id="${messageAnchor(index)}" data-index="${index}" class="role-${message.role}"><span class="message-index">${index}</span><pre>${escapeHtml(text)}</pre></li>`;
  }
  yield '</ol>\n</details>';
}
