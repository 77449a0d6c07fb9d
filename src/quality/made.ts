/**
 * A change the user dictated, made (docs/derived-probes.md, "A dictated change, made"): the user's words state the
 * request (an imperative, a plan), not that it was done, so the probe is kept only where the change is said made. A
 * context made of the session's own messages is read by its events: it keeps the change where it holds the request
 * and, after it, the write that made it (a rendered call line with its result after it, as absence.ts reads events;
 * a pasted call line is no event). A summary is read by its words (made-line.ts): kept by a line that states the
 * change made, a done word said of something ("removed the transcript path update", "Done: …") or the file described
 * under its name as it now is ("agent.go: iface += ComputeTranscriptPath(…)"), or under a "Done" heading; not by one
 * that puts it as a request or a plan ("Remove …", "we should …", "Next: …") nor by a list of bare words; contradicted
 * by one that says it not made, still to do or undone.
 */
import { blockPrefix } from '../session/transcript.ts';
import { contextEvents, eventDigest } from './absence.ts';
import { createMatcher, type TextIndex } from './match.ts';
import type { Made } from './probes.ts';
import type { ProbeOutcome } from './types.ts';
import { deniesFile, headingStance, lineStance, type LineStance } from './made-line.ts';

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

// A heading or a label over the lines after it: a Markdown heading, a line that ends in a colon, a bold line.
const HEADING = /^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|[^.!?]{1,60}:\s*$)/;

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
  file?: string,
): ProbeOutcome {
  if (madeByEvents(index, made) === 'matched') return 'matched';
  // Only lines the whole text states it on are read one by one: most contexts say nothing of it.
  const name = file?.slice(file.lastIndexOf('/') + 1).toLowerCase();
  // Where the whole text states none of it, only a line that says the file not changed can still deny it.
  const stated = read(index) !== 'missed';
  if (!stated && (name === undefined || !index.has(name))) return 'missed';
  let best: ProbeOutcome = 'missed';
  const spellings = facets.flat().map((spelling) => spelling.toLowerCase());
  let heading: LineStance;
  for (const line of index.text().split('\n')) {
    // A heading's stance is said of the lines under it (a bullet under "Done:" or "## Next"), read on every heading.
    const isHeading = HEADING.test(line);
    if (isHeading) heading = headingStance(line);
    // A line that names none of its facets states it in no words a reader would join to it; its own stance is read
    // only on a line that names one (the regexes of made-line.ts, not on every line of a long context).
    const lower = line.toLowerCase();
    if (!spellings.some((spelling) => lower.includes(spelling))) continue;
    const stance = isHeading ? heading : line.trim() === '' ? undefined : (lineStance(line, name) ?? heading);
    // A line of no stance of its own (a bag of the session's words, a tool result's head) says nothing made.
    if (stance !== 'made' && stance !== 'not-made') continue;
    // "agent.go was not changed" denies every change to the file, the dictated one too, whatever else it names.
    if (stance === 'not-made' && name !== undefined && deniesFile(lower, name)) return 'contradicted';
    if (!stated) continue;
    const outcome = read(createMatcher(line));
    if (outcome === 'missed') continue;
    if (stance === 'not-made' || outcome === 'contradicted') return 'contradicted';
    if (outcome === 'matched') best = 'matched';
    else if (best === 'missed') best = outcome;
  }
  return best;
}
