/**
 * The spec of the ticket in progress at the cut (claimed with `bd update <id> --status in_progress` and not closed),
 * as the agent last showed it: each of its lists under a heading of what the work must keep to ("Architecture
 * constraints:", "Constraints", "No-gos", "Non-goals", "Out of scope") is a constraint on the work still to do (lists
 * of edge cases and acceptance criteria were tried and left out: see docs/calibration-history.md). A ticket's rule sentences are read by the request's reader (requests.ts) only for the ticket a request
 * names; the ticket the agent claimed itself, one child of an epic after another, says what its finish must meet.
 */
import type { Message } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase } from './phrases.ts';
import { ticketShown } from './tickets.ts';
import { openTicket, type WorkState } from './work-state.ts';

// A heading over a list of what the work must meet, with or without Markdown marks and a colon.
const SPEC_HEADING =
  /^\s*(?:#+\s*)?(?:\*\*)?((?:architecture |technical |design )?constraints|no-gos?|non-goals|out of scope)(?:\*\*)?\s*:?\s*(?:\*\*)?\s*$/i;
// A list item, and the most of one a statement quotes.
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s+(.+?)\s*$/;
const STATEMENT_CHARS = 240;
// An item that rules something out opens with its negation: its key phrase is what a summary denies.
const NEGATED = /^(?:no|not|never|do not|don't|without|avoid)\b/i;

/** The lists of a ticket's text under spec headings: each heading with its items. */
export function specSections(lines: readonly string[]): Array<{ heading: string; items: string[] }> {
  const sections: Array<{ heading: string; items: string[] }> = [];
  let current: { heading: string; items: string[] } | undefined;
  for (const line of lines) {
    const heading = SPEC_HEADING.exec(line)?.[1];
    if (heading) {
      current = { heading, items: [] };
      sections.push(current);
      continue;
    }
    const item = ITEM.exec(line)?.[1];
    // An aside in parentheses says how, not what: its words ("JS enhances") would be read as part of the rule.
    if (item && current)
      current.items.push(
        item
          .replace(/\*\*|`/g, '')
          .replace(/\s*\([^)]*\)/g, '')
          .replace(/[.;]+$/, ''),
      );
    else if (line.trim().length > 0) current = undefined;
  }
  return sections.filter((section) => section.items.length > 0);
}

/** The headings of a ticket's lists of what the work leaves out. */
export const RULES_OUT = /^(?:no-gos?|non-goals|out of scope)$/i;

/**
 * One constraint per spec list of the ticket in progress at `end`, as the agent last showed it. A list of what the work
 * leaves out of a ticket a request named (`namedTickets`) is the request's rule already (requests.ts).
 */
export function claimedTicketSpecProbes(
  work: WorkState,
  messages: readonly Message[],
  end: number,
  namedTickets: ReadonlySet<string> = new Set(),
): DraftProbe[] {
  const open = openTicket(work.tickets);
  if (!open) return [];
  const ticket = ticketShown(messages, open.id, end);
  if (!ticket?.lines) return [];
  return specSections(ticket.lines).flatMap(({ heading, items }) => {
    if (namedTickets.has(ticket.id) && RULES_OUT.test(heading)) return [];
    const phrase = [...items.filter((item) => !NEGATED.test(item)), ...items]
      .map((item) => keyPhrase(item, 4))
      .find((found) => found !== undefined);
    if (!phrase) return [];
    // The ticket's id stays out of the statement: beside a word of the rule ("ongoing"), it would state the ticket's
    // own state probe ("spotter-gqc.6 is in progress") in a line that denies the rule.
    const said = clipWords(`${heading}: ${items.join(', ')}`, STATEMENT_CHARS);
    return [
      {
        kind: 'constraint' as const,
        messageIndex: open.claimedAt!,
        question: `What does ${ticket.id} list under "${heading}"?`,
        answer: `The ticket ${ticket.id} says: ${said}`,
        facets: [[phrase]],
        statement: said,
      },
    ];
  });
}
