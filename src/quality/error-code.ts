/**
 * An error told by its numbered code: a compiler's numbered diagnostic (`E0277`, `TS2345`) names its message's
 * wording ("the trait bound … is not satisfied"), and the names the message quotes say which error of that kind it is
 * (`Text`). So the code and the message's first words (an error probe's two facets) name one error twice, and a line
 * that states the code in a sentence with a quoted name of the message beside it, in prose ("fails with E0277
 * (`cosmic::theme::Text` only converts from a Color …)" for "the trait bound `Text"), keeps the error as a careful
 * reader reads it. The diagnostic's own words keep nothing (another E0277, "the trait bound `Color", is another
 * error); a list of names (an identifier bag's "E0277, E0433, text_color") says no word in prose, and a code denied
 * keeps nothing.
 */
import { saysFixed } from './fixed-claim.ts';
import type { TextIndex } from './match.ts';
import { meaningTerms } from './meaning.ts';
import { isLive, type Probe } from './probes.ts';

// A numbered diagnostic: rustc's E0277, TypeScript's TS2345. A named error (`TypeError`, `ENOENT`) names a class of
// errors, not one message, so its message's words are no second name of it.
const NUMBERED_CODE = /^(?:E\d{4}|TS\d{3,5})$/i;

// A name the message quotes, up to its closing quote or the facet's end ("the trait bound `Text" quotes `Text`).
const QUOTED = /[`'"‘“]([^`'"’”]+)/g;

/** How far from the code a word of its message may stand, in terms, on the code's line. */
const MESSAGE_WITHIN = 8;

type CodeReading = { code: string; spelling: string; quoted: string[]; words: Set<string> };

const readings = new WeakMap<Probe, CodeReading | null>();

/** An error probe's numbered code and the terms of the names its message quotes, or null when it has none. */
function readCode(probe: Probe): CodeReading | null {
  let reading = readings.get(probe);
  if (reading !== undefined) return reading;
  reading = null;
  const [codeFacet, messageFacet, ...rest] = probe.facets;
  // Only the code and the message: a failing test's assertion is a third thing said of it.
  if (probe.kind === 'error' && rest.length === 0 && codeFacet?.length === 1 && messageFacet !== undefined) {
    const code = codeFacet[0]!;
    const quoted = messageFacet.flatMap((spelling) =>
      [...spelling.matchAll(QUOTED)].map((match) => match[1]!.trim()).filter(Boolean),
    );
    const words = new Set(quoted.flatMap((name) => meaningTerms(name)).map((term) => term.term));
    if (NUMBERED_CODE.test(code) && words.size > 0)
      reading = { code: code.toLowerCase(), spelling: code, quoted, words };
  }
  readings.set(probe, reading);
  return reading;
}

/**
 * How a text tells an error probe by its numbered code and a name its message quotes (see the module's comment):
 * `matched` where it states them, `contradicted` where it says the error, still live, is fixed (fixed-claim.ts: "Fixed
 * E0277 (`Text` …)"), undefined where it does neither.
 */
export function errorByCode(text: TextIndex, probe: Probe): 'matched' | 'contradicted' | undefined {
  const reading = readCode(probe);
  if (reading === null) return undefined;
  if (isLive(probe) && saidFixed(text, reading)) return 'contradicted';
  return statesCode(text, reading) ? 'matched' : undefined;
}

/**
 * Whether a clause says the error fixed where the code stands with a name its message quotes close by: the clause of
 * the code ("Fixed E0277 …") or of the name ("E0277 (`cosmic::theme::Text` …) is fixed": the name's colons end the
 * code's clause).
 */
function saidFixed(text: TextIndex, reading: CodeReading): boolean {
  const names = reading.quoted.flatMap((name) => text.occurrences(name));
  if (names.length === 0) return false;
  for (const code of text.occurrences(reading.spelling)) {
    if (code.negated) continue;
    const near = names.filter((name) => Math.abs(name.word - code.word) <= MESSAGE_WITHIN);
    if (near.length === 0) continue;
    if (saysFixed(text, code.start, code.end)) return true;
    if (near.some((name) => name.word > code.word && saysFixed(text, name.start, name.end))) return true;
  }
  return false;
}

/** Whether a line states the code, not denied, with a name its message quotes in prose close by. */
function statesCode(text: TextIndex, reading: CodeReading): boolean {
  const index = text.meaning();
  for (const at of index.positions.get(reading.code)?.all ?? []) {
    const code = index.at(at)!;
    if (code.negated || code.inRun) continue;
    const from = Math.max(0, at - MESSAGE_WITHIN);
    const to = Math.min(index.length - 1, at + MESSAGE_WITHIN);
    for (let position = from; position <= to; position++) {
      const term = index.at(position)!;
      if (position === at || term.line !== code.line) continue;
      // A word of a name is the name's ("text_color" in a bag of identifiers): the quoted name is said in prose.
      if (term.name || term.negated || term.inRun) continue;
      if (reading.words.has(term.term)) return true;
    }
  }
  return false;
}
