/**
 * The ticket a user's request points at ("Work on bead spotter-4te", "fix #12"), as the agent fetched it: an id the
 * request names that a command of the agent's names too, soon after (`bd show spotter-4te`, `gh issue view 12`),
 * and whose output names it again in its first lines. Its text is the task as the user meant it: the request says
 * little, the ticket's goal and rules say what to do.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import { clausesOf, isContentWord, isPathWord, proseOf, sentencesOf, wordsOf } from './phrases.ts';

/**
 * A ticket's text: its id, its title line and its prose sentences; with the titles of its child tickets the agent
 * showed (`bd show spotter-a0y.2` of spotter-a0y), when it has any.
 */
export type Ticket = {
  id: string;
  title: string;
  sentences: string[];
  childTitles?: string[];
  /** The lines of its text after its header line, as the command printed them (headings and list marks kept). */
  lines?: string[];
};

// An id of a ticket: `#123`, `PROJ-42`, `spotter-4te`, `spotter-4te.3`.
const TICKET_ID = /(?<![\w/.-])(#\d+|[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)?)(?![\w/-])/g;
// How many messages after a request the agent may take to fetch the ticket it names.
const TICKET_WITHIN = 12;
// Lines of a command's output that may name the ticket it shows (a title line, a header).
const TICKET_HEADER_LINES = 3;

/**
 * The first of `ids` that a command of the agent's names in `[from, end)`, before the next prompt, and whose output
 * names again in its first lines: the ticket, with its title and its sentences (list marks dropped).
 */
function ticketFetched(
  messages: readonly Message[],
  from: number,
  end: number,
  ids: readonly string[],
): Ticket | undefined {
  if (ids.length === 0) return undefined;
  for (let index = from; index < end; index++) {
    const message = messages[index]!;
    if (isPrompt(message)) return undefined;
    for (const call of toolCallsOf(message)) {
      const command = Object.values(call.arguments)
        .filter((value) => typeof value === 'string')
        .join(' ');
      const id = wordsOf(command).find((word) => ids.includes(word));
      if (!id) continue;
      const output = resultOf(messages, index, call.id);
      const fields = ticketFields(output, id);
      if (fields) return fields;
      const lines = sectionNaming(output?.split('\n') ?? [], id);
      if (!lines) continue;
      const header = lines.slice(0, TICKET_HEADER_LINES).find((line) => line.includes(id))!;
      const title = plainTitle(header, id);
      const sentences = sentencesOf(proseOf(lines.slice(lines.indexOf(header) + 1).join('\n'))).map(
        (sentence) => sentence.replace(/^(?:[-*+•]|\d{1,3}[.)])\s+/, ''),
      );
      if (title) return { id, title, sentences, lines: lines.slice(lines.indexOf(header) + 1) };
    }
  }
  return undefined;
}

// The fields of a ticket a tool returns as JSON (an issue tracker's MCP server: Linear, Jira, GitHub) that hold its
// id, its title and its text.
const ID_FIELDS = ['identifier', 'key', 'id', 'number'] as const;
const TEXT_FIELDS = ['description', 'body'] as const;

/**
 * Ticket `id` as a tool returned it as one JSON object (`{"identifier":"ENT-108","title":…,"description":…}`): its
 * title and text are fields, which the lines of the object do not tell apart. Undefined for any other output.
 */
function ticketFields(output: string | undefined, id: string): Ticket | undefined {
  const text = output?.trim() ?? '';
  if (!text.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  // A GitHub issue's number (12) is the request's `#12`.
  const named = ID_FIELDS.some(
    (field) => String(record[field] ?? '').replace(/^#?/, '#') === id.replace(/^#?/, '#'),
  );
  const title = typeof record.title === 'string' ? record.title.trim() : '';
  if (!named || wordsOf(title).filter(isContentWord).length < 2) return undefined;
  const body = TEXT_FIELDS.map((field) => record[field]).find((value) => typeof value === 'string') as
    string | undefined;
  // A quoted description ("> ## Plan") is the ticket's text all the same.
  const lines = (body ?? '').split('\n').map((line) => line.replace(/^\s*>\s?/, ''));
  // Its headings stay, as sentences of their own: the one over its goal says where the goal is (ticketGoal).
  const sentences = lines.flatMap((line) =>
    /^#+\s+\S/.test(line.trim())
      ? [line.trim()]
      : sentencesOf(proseOf(line)).map((sentence) => sentence.replace(/^(?:[-*+•]|\d{1,3}[.)])\s+/, '')),
  );
  return { id, title, sentences, lines };
}

// A line a command prints between the outputs of several ("bd show a; echo ===; bd show b").
const SEPARATOR = /^\s*(?:={3,}|-{3,}|#{3,})\s*$/;

/**
 * The lines of an output that show ticket `id`: the output, when its first lines name the id (a ticket's own "---"
 * rules stay in it), else the part between separator lines whose first lines do, when one command showed several
 * tickets; undefined when none does.
 */
function sectionNaming(lines: readonly string[], id: string): string[] | undefined {
  const names = (section: readonly string[]) =>
    section.slice(0, TICKET_HEADER_LINES).some((line) => line.includes(id));
  if (names(lines)) return [...lines];
  const sections: string[][] = [[]];
  for (const line of lines) {
    if (SEPARATOR.test(line)) sections.push([]);
    else sections[sections.length - 1]!.push(line);
  }
  return sections.find(names);
}

/** The text of the result of a tool call, looked for in the few messages after the call. */
function resultOf(messages: readonly Message[], from: number, callId: string): string | undefined {
  for (let index = from + 1; index < Math.min(messages.length, from + 6); index++) {
    const message = messages[index]!;
    if (message.role === 'toolResult' && message.toolCallId === callId) return contentText(message.content);
  }
  return undefined;
}

/** A ticket's title from its header line: the words after its id, status marks and bracketed tags left out. */
function plainTitle(header: string, id: string): string | undefined {
  const after = header.slice(header.indexOf(id) + id.length);
  const title = after
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/^[\s:·•|—–-]+/, '')
    .replace(/\s{2,}.*$/, '')
    .trim();
  return wordsOf(title).filter(isContentWord).length >= 2 ? title : undefined;
}

/**
 * The ticket `id` as a command of the agent's before `end` last showed it (`bd show spotter-a0y.4`): its output names
 * it in its first lines. Undefined when no command did.
 */
export function ticketShown(messages: readonly Message[], id: string, end: number): Ticket | undefined {
  for (let index = Math.min(end, messages.length) - 1; index >= 0; index--) {
    if (messages[index]!.role !== 'assistant') continue;
    const ticket = ticketFetched(messages, index, index + 1, [id]);
    if (ticket) return ticket;
  }
  return undefined;
}

/** The ticket a request points at, when the agent fetched it before the next prompt, or undefined. */
export function ticketOf(
  messages: readonly Message[],
  request: { messageIndex: number; prose: string },
): Ticket | undefined {
  const ids = [...request.prose.matchAll(TICKET_ID)].map((match) => match[1]!);
  const end = Math.min(messages.length, request.messageIndex + 1 + TICKET_WITHIN);
  const ticket = ticketFetched(messages, request.messageIndex + 1, end, ids);
  if (!ticket) return undefined;
  const childTitles = childTicketTitles(messages, ticket.id);
  return childTitles.length > 0 ? { ...ticket, childTitles } : ticket;
}

/**
 * The titles of the child tickets of `id` (`id.1`, `id.2`, …) as each command of the agent's that named one showed it
 * (`bd show spotter-a0y.2`, and what `bd close` printed of it).
 */
function childTicketTitles(messages: readonly Message[], id: string): string[] {
  const child = new RegExp(`(?<![\\w/.-])${escapeRegExp(id)}\\.\\w+(?![\\w/-])`, 'g');
  const titles = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const children = new Set<string>();
    for (const call of toolCallsOf(message))
      for (const value of Object.values(call.arguments))
        if (typeof value === 'string') for (const match of value.matchAll(child)) children.add(match[0]);
    for (const childId of children) {
      const shown = ticketFetched(messages, index, index + 1, [childId]);
      if (shown) titles.add(shown.title);
    }
  });
  return [...titles];
}

// A heading over a ticket's goal, and a field line of its header ("Owner: … · Type: epic").
const GOAL_HEADING = /^#+\s*(?:goal|goals|summary|description|objective|overview|problem|context)\b/i;
const TICKET_FIELD = /^[\w ]{1,20}:\s|\s·\s/;
// The least a goal sentence says, in content words.
const MIN_GOAL_WORDS = 4;

/**
 * A ticket's goal: the first sentence under a heading that names it (Goal, Summary, Description, …), else the first
 * that says something; never a heading, a header field or a rule (`isRule`).
 */
export function ticketGoal(ticket: Ticket, isRule: (sentence: string) => boolean): string | undefined {
  const says = (sentence: string) =>
    !/^#/.test(sentence) &&
    !TICKET_FIELD.test(sentence) &&
    !isRule(sentence) &&
    wordsOf(sentence).filter(isContentWord).length >= MIN_GOAL_WORDS;
  const heading = ticket.sentences.findIndex((sentence) => GOAL_HEADING.test(sentence));
  return ticket.sentences.slice(heading + 1).find(says) ?? ticket.sentences.find(says);
}

/**
 * How a summary may name a ticket's title besides its key phrase: each two content words in a row of it. A handoff
 * cuts a title to a few of its words beside the ticket's id ("spotter-a0y (1-session transcript bootstrap + live
 * tail)" of "Single-session transcript bootstrap sync + live tail updates"); the id stands beside them in the facet
 * before, so two words of the title alone keep nothing. Not two words a child ticket's title holds: its id holds the
 * parent's ("spotter-a0y.2 (single-session bootstrap sync)" names the child).
 */
export function titlePairs(title: string, childTitles: readonly string[] = []): string[] {
  const lower = (words: readonly string[]) => ` ${words.join(' ').toLowerCase()} `;
  const held = childTitles.map((child) => lower(wordsOf(child)));
  return clausesOf(title).flatMap((clause) => {
    const words = wordsOf(clause);
    return words.slice(1).flatMap((word, at) => {
      const pair = [words[at]!, word];
      if (!pair.every((one) => isContentWord(one) && !isPathWord(one))) return [];
      return held.some((child) => child.includes(lower(pair))) ? [] : [pair.join(' ')];
    });
  });
}
