/**
 * A state of absence (docs/derived-probes.md, "What has not happened"): nothing committed since the last edit, nothing
 * in the repository changed. A transcript holds events, not their absence, so a context made of the session's own
 * messages (the whole transcript, a masked or pruned one) is read by its events: it keeps the absence where it holds
 * the span the absence covers, from the event it runs from (the last commit, else the session's first call) to the
 * one it rests on (the last edit, the last read), and no event the absence denies in it (a commit, a write). An event is a rendered call line (`[Assistant tool calls]: …`) that
 * starts a block and is followed by its tool's result block, as the renderer writes a call that ran: a summary that
 * pastes a call line, with no result after it, holds no event. A summary is read by its words, as any probe.
 */
import { createHash } from 'node:crypto';
import { blockPrefix } from '../session/transcript.ts';
import type { TextIndex } from './match.ts';
import { saysTestNotWritten } from './test-not-written.ts';
import type { ProbeOutcome } from './types.ts';
import type { Absence } from './probes.ts';

const CALLS = blockPrefix('toolCalls');
const BLOCK = '\n\n';
// What may follow a call that ran: its result's block, a plain or an error one.
const RESULTS = [BLOCK + blockPrefix('toolResult'), BLOCK + blockPrefix('toolError')];

// A commit made by a call: `git commit`, with `git -C dir` or `-c key=value` options before it.
const COMMIT_CALL = /\bgit(?:\s+-[Cc]\s+\S+)*\s+commit\b/;
// A call that writes a file: the editing tools of Claude Code, Codex, pi and OpenCode, or a patch applied by a shell.
const WRITE_CALL =
  /(?:^|; |: )(?:Write|Edit|MultiEdit|NotebookEdit|write|edit|multiedit|write_file|edit_file|create_file|str_replace_editor|apply_patch)\(|\bapply_patch\b/;

/** The digest a probe names its resting event by: of the event's whole rendered call line. */
export function eventDigest(callsLine: string): string {
  return createHash('sha1').update(callsLine).digest('hex').slice(0, 16);
}

/** Whether a rendered call line makes a commit. */
export function commitsIn(callsLine: string): boolean {
  return COMMIT_CALL.test(callsLine);
}

/** Whether a rendered call line writes a file. */
export function writesIn(callsLine: string): boolean {
  return WRITE_CALL.test(callsLine);
}

// A test file by its name: `x_test.go`, `x.test.ts`, `x.spec.js`, `test_x.py`, `x_test.exs`, a file under `tests/`.
const TEST_FILE =
  /(?:_test|\.test|\.spec|Test|Tests)\.[a-z]+\b|[/"']test_\w+\.py\b|\/tests?\/[^"']+\.[a-z]+\b/;

// A test's opening and its title: Go's `func TestX(`, Python's `def test_x(`, a JavaScript or Elixir `it("x"`,
// `test("x"`, `describe("x"`, `test "x" do`, Rust's `fn test_x(`.
const TEST_OPENING =
  /(?:\\[nt]|\b)func\s+(Test\w+)\(|(?:\\[nt]|\b)(?:def|fn)\s+(test_?\w+)\(|(?:\\[nt]|\b)(?:it|test|describe)\s*\(?\s*\\?["'`]([^"'`\\]{1,200})/g;
// What a name is compared by: its letters and digits, lowercased (`ComputeTranscriptPath` = `compute_transcript_path`).
const folded = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether a rendered call line writes a test of the function `name`: a write to a test file that opens a test whose
 * title holds the name (a mock that names it, or a test of something else in the file, does not).
 */
export function writesTestOf(callsLine: string, name: string): boolean {
  if (!writesIn(callsLine) || !TEST_FILE.test(callsLine)) return false;
  const wanted = folded(name);
  for (const opening of callsLine.matchAll(TEST_OPENING))
    if (folded(opening[1] ?? opening[2] ?? opening[3] ?? '').includes(wanted)) return true;
  return false;
}

/** Whether a call line denies an absence: a commit, a write, a test of the function it names written. */
export function denies(absence: Pick<Absence, 'denies' | 'names'>, callsLine: string): boolean {
  if (absence.denies === 'commit') return commitsIn(callsLine);
  if (absence.denies === 'test') return writesTestOf(callsLine, absence.names ?? '');
  return writesIn(callsLine);
}

/** An event of a context: its rendered call line, and that line's digest. */
export type ContextEvent = { line: string; digest: string };

// The events of a context, in order, read once per text.
const eventsByIndex = new WeakMap<TextIndex, ContextEvent[]>();

/** The call lines of a context that are events: each starts a block and is followed by its result's block. */
export function contextEvents(index: TextIndex): ContextEvent[] {
  let events = eventsByIndex.get(index);
  if (events) return events;
  events = [];
  const text = index.text();
  for (let at = text.indexOf(CALLS); at >= 0; at = text.indexOf(CALLS, at + CALLS.length)) {
    if (at > 0 && !text.startsWith(BLOCK, at - BLOCK.length)) continue;
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    if (!RESULTS.some((result) => text.startsWith(result, end))) continue;
    const line = text.slice(at, end);
    events.push({ line, digest: eventDigest(line) });
  }
  eventsByIndex.set(index, events);
  return events;
}

/**
 * An absence read from a context's events: where the events its span runs from and rests on are both there (the last
 * of each), kept when nothing it denies is in the span (a commit after the one it runs from; a write from the first
 * call on), contradicted when one is; undefined where either is not there (a summary, a kept tail that starts later),
 * which is then read by its words.
 */
export function absenceByEvents(index: TextIndex, absence: Absence): 'matched' | 'contradicted' | undefined {
  const events = contextEvents(index);
  let last = events.length - 1;
  while (last >= 0 && events[last]!.digest !== absence.restsOn) last--;
  let first = last;
  while (first >= 0 && events[first]!.digest !== absence.since) first--;
  if (last < 0 || first < 0) return undefined;
  // A commit's span runs from the commit before it; a read-only one from the first call, which is in it.
  const span = events.slice(absence.denies === 'commit' ? first + 1 : first);
  return span.some((event) => denies(absence, event.line)) ? 'contradicted' : 'matched';
}

/**
 * An absence's outcome: by the events where the context holds them, else by its words, kept only by a facet written
 * as it is ("nothing committed", "no file was changed") or as an item of a negated list ("not tested/committed"), not
 * in other words nor in part: "do not commit" is a rule,
 * not the state, and "`git diff HEAD` for uncommitted changes" is said of something else, which in other words read
 * as the absence. Said the other way, in any words, it is contradicted. `read` reads the words, literally or not.
 */
export function absenceOutcome(
  index: TextIndex,
  absence: Absence,
  facets: readonly (readonly string[])[],
  read: (literal: boolean) => ProbeOutcome,
): ProbeOutcome {
  const byEvents = absenceByEvents(index, absence);
  if (byEvents) return byEvents;
  // A facet as written decides first: the statement's looser reading may find a "not yet" of another clause.
  const literal = read(true);
  if (literal === 'matched') return literal;
  // A test said not written in a label's words, which the stance reading takes for a denial of what it names.
  if (absence.denies === 'test' && saysTestNotWritten(index, absence.names ?? '', facets.at(-1) ?? []))
    return 'matched';
  if (literal === 'contradicted') return literal;
  if (read(false) === 'contradicted') return 'contradicted';
  return saysInNegatedList(index, facets) ? 'matched' : 'missed';
}

// One "not" said of a run of past participles joined by slashes, commas or "and"/"or"/"nor": "not
// compiled/tested/committed", "not built, tested or committed". Each item is said not done, the last as much as the first.
const NEGATED_LIST =
  /\bnot\s(?:[a-z]+(?:ed|'d|’d)(?:\s?\/\s?|,\s(?:(?:and|or|nor)\s)?|\s(?:and|or|nor)\s)){1,8}[a-z]+ed\b/giu;
const LIST_ITEM = /[a-z]+(?:ed|'d|’d)\b/giu;

/** Whether the text negates one of the facets' "not <participle>" as an item of a list: "not tested/committed". */
function saysInNegatedList(index: TextIndex, facets: readonly (readonly string[])[]): boolean {
  const participles = new Set<string>();
  for (const spellings of facets)
    for (const spelling of spellings) {
      const participle = /^not ([a-z]+ed)$/u.exec(spelling)?.[1];
      if (participle) participles.add(participle);
    }
  if (participles.size === 0) return false;
  return index.find(NEGATED_LIST).some(({ text }) => {
    const items = text.toLowerCase().match(LIST_ITEM) ?? [];
    return items.slice(1).some((item) => participles.has(item));
  });
}
