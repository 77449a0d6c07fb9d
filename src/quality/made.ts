/**
 * A change the user dictated, made (docs/derived-probes.md, "A dictated change, made"): the user's words state the
 * request (an imperative, a plan), not that it was done, so the probe is kept only where the change is said made. A
 * context made of the session's own messages is read by its events: it keeps the change where it holds the request
 * and, after it, the write that made it (a rendered call line with its result after it, as absence.ts reads events;
 * a pasted call line is no event). A summary is read by its words: kept by a line that states the change with a done
 * stance ("removed the transcript path update", "agent.go: the Agent interface now has …", under a "Done" heading),
 * not by one that puts it as a request or a plan ("Remove …", "we should …", "Next: …"); contradicted by one that
 * says it not made, still to do or undone.
 */
import { blockPrefix } from '../session/transcript.ts';
import { contextEvents, eventDigest } from './absence.ts';
import { createMatcher, type TextIndex } from './match.ts';
import type { Made } from './probes.ts';
import type { ProbeOutcome } from './types.ts';

const USER = blockPrefix('user');
const BLOCK = '\n\n';

/** The digest a made change names its request by: of the first line of the user's rendered message. */
export function requestDigest(userText: string): string {
  const first = userText.split('\n', 1)[0]!;
  return eventDigest(`${USER}${first}`);
}

// The offsets of a context's user blocks, by the digest of each one's first line, read once per text.
const requestsByIndex = new WeakMap<TextIndex, Map<string, number[]>>();

/** Where each user block of a context starts, by its first line's digest. */
function contextRequests(index: TextIndex): Map<string, number[]> {
  let requests = requestsByIndex.get(index);
  if (requests) return requests;
  requests = new Map();
  const text = index.text();
  for (let at = text.indexOf(USER); at >= 0; at = text.indexOf(USER, at + USER.length)) {
    if (at > 0 && !text.startsWith(BLOCK, at - BLOCK.length)) continue;
    const newline = text.indexOf('\n', at);
    const digest = eventDigest(text.slice(at, newline < 0 ? text.length : newline));
    requests.set(digest, [...(requests.get(digest) ?? []), at]);
  }
  requestsByIndex.set(index, requests);
  return requests;
}

/**
 * A made change read from a context's events: kept where the request is there and the write after it; undefined
 * where either is not (a summary, a kept tail that starts after the request), which is then read by its words.
 */
export function madeByEvents(index: TextIndex, made: Made): 'matched' | undefined {
  const requests = contextRequests(index).get(made.request);
  if (!requests) return undefined;
  const text = index.text();
  const first = Math.min(...requests);
  for (const event of contextEvents(index))
    if (event.digest === made.writes && text.indexOf(event.line, first) > first) return 'matched';
  return undefined;
}

// A line that puts what it says as asked, planned or still to do: a modal, a request's or a plan's words (not the
// noun: "the Refactoring Plan" is a document's name), a suggestion ("we can instruct", "make sure"), an open box, a
// question.
const REQUESTED =
  /\b(?:should|shall|will|would|must|could|need(?:s|ed)? to|have to|has to|going to|wants? to|let's|let me|please|to do|todo|next steps?|(?:do|does|is|are|comes?|up) next|remaining|remains|pending|not yet|yet to|planned|plans? to|plan is to|proposed?|suggest(?:s|ed)?|to be (?:done|made|added|removed|changed|updated|written)|(?:i|we|you) (?:can|could|may|might)|(?:can|could|would) you|make sure|i (?:guess|think|want|wish)|i'd like)\b|^\W*next\b|\[ \]|\?\s*$/i;
// A line that states a change made: a past or perfect verb of change, "now", a done mark.
const MADE =
  /\b(?:added|removed|deleted|updated|changed|modified|implemented|created|wrote|written|rewrote|rewritten|replaced|moved|renamed|fixed|refactored|extended|introduced|converted|switched|dropped|made|edited|inserted|extracted|simplified|declared|imported|documented|now|done|completed|finished)\b|\u2713|\u2705|\[x\]/i;
// A line that says the change not made, or made and then undone.
const NOT_MADE =
  /\b(?:(?:was|were|is|are|has|have|had)(?:n't| not| never)(?: been| yet)*\s+(?:added|removed|deleted|updated|changed|modified|implemented|created|written|replaced|moved|renamed|fixed|refactored|made|edited|done|touched)|(?:did|does)(?:n't| not) (?:add|remove|delete|update|change|modify|implement|create|write|replace|move|rename|fix|edit|touch)|(?:it is|it's) (?:false|not true) that|never (?:added|removed|changed|updated|made|implemented|created|written)|(?:was|were|has been|have been) (?:reverted|rolled back|undone|backed out))\b/i;
// A heading or a label over the lines after it: a Markdown heading, a line that ends in a colon, a bold line.
const HEADING = /^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|[^.!?]{1,60}:\s*$)/;

// A line that opens with a verb's base form, as a request's or a plan's step does ("Remove the transcript path
// update", "1. **Add** `ComputeTranscriptPath`", "agent.go: add the method", "- `agent.go` - Add the method"): read
// after a list mark, a number, emphasis and a label's colon or dash.
const IMPERATIVE =
  /^(?:[\s>*#\-\d.)`_]*(?:\S{1,120}?(?::|\s+[-\u2013\u2014])\s+)?[*_`]*)?(?:add|remove|delete|create|update|fix|implement|make|change|use|replace|move|rename|call|return|write|extract|introduce|drop|keep|ensure|refactor|convert|switch|modify|edit|insert|document|declare|import|compute|pass|set|put|wire|hook|register|expose|store|read|get|check|handle|validate|allow|skip|include|run|start|stop|apply|wrap|split|merge|simplify|clean|restore|revert|don't|do not|never)\b/i;

/** How a line stands to the change it may state. */
type LineStance = 'made' | 'requested' | 'not-made' | undefined;

/** A line's own stance: said not made, said asked or planned, said made; else none of its own. */
function ownStance(line: string): LineStance {
  if (NOT_MADE.test(line)) return 'not-made';
  if (REQUESTED.test(line) || IMPERATIVE.test(line)) return 'requested';
  return MADE.test(line) ? 'made' : undefined;
}

/** The lines of a text, each with its stance: its own, else its heading's (a bullet under "Done:" or "## Next"). */
function linesWithStance(text: string): Array<{ line: string; stance: LineStance }> {
  let heading: LineStance;
  return text.split('\n').map((line) => {
    const own = ownStance(line);
    if (HEADING.test(line)) {
      heading = own;
      return { line, stance: own };
    }
    if (line.trim() === '') return { line, stance: undefined };
    return { line, stance: own ?? heading };
  });
}

/**
 * A made change's outcome: by the events where the context holds them; else by the words of one line of it (a
 * sentence, a bullet): `read` on that line alone, kept or kept in part only where the line states the change made,
 * contradicted where a line that states it says it not made. Nothing else keeps it, so a request or a plan in the
 * user's words, however close to the change, is missed.
 */
export function madeOutcome(
  index: TextIndex,
  made: Made,
  facets: readonly (readonly string[])[],
  read: (line: TextIndex) => ProbeOutcome,
): ProbeOutcome {
  if (madeByEvents(index, made) === 'matched') return 'matched';
  // Only lines the whole text states it on are read one by one: most contexts say nothing of it.
  const whole = read(index);
  if (whole === 'missed') return 'missed';
  let best: ProbeOutcome = 'missed';
  const spellings = facets.flat().map((spelling) => spelling.toLowerCase());
  for (const { line, stance } of linesWithStance(index.text())) {
    // A line of no stance of its own (a bag of the session's words, a tool result's head) says nothing made.
    if (stance !== 'made' && stance !== 'not-made') continue;
    // A line that names none of its facets states it in no words a reader would join to it.
    const lower = line.toLowerCase();
    if (!spellings.some((spelling) => lower.includes(spelling))) continue;
    const outcome = read(createMatcher(line));
    if (outcome === 'missed') continue;
    if (stance === 'not-made' || outcome === 'contradicted') return 'contradicted';
    if (outcome === 'matched') best = 'matched';
    else if (best === 'missed') best = outcome;
  }
  return best;
}
