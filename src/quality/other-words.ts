/**
 * A probe's facets stated in other words (meaning.ts: inflections, synonyms, abbreviations, number words, identifier
 * spellings) close together, and an artifact's own file found as written beside them (docs/quality.md, "In other
 * words").
 */
import { withinWindow } from './facet-window.ts';
import { partedBetweenTerms } from './line-ends.ts';
import { isCommandSpelling } from './listed-command.ts';
import type { TextIndex } from './match.ts';
import {
  meaningTerms,
  phrasePositions,
  readUnder,
  type MeaningIndex,
  type MeaningTerm,
  type PhraseStance,
} from './meaning.ts';
import { UNIT_WORDS } from './meaning-words.ts';
import { memoizeByText } from '../text/text-cache.ts';
import type { ProbeReading } from './probe-reading.ts';
import type { Probe } from './probes.ts';
import { predicateAcrossModifier } from './subject-modifier.ts';

/**
 * Terms apart within which a probe's facets must be stated in other words: the meaning terms drop function words,
 * so this spans about the {@link FACET_WINDOW_WORDS} words of a literal match.
 */
export const FACET_WINDOW_TERMS = 25;

/**
 * Whether a context states every facet of a probe in other words (meaning.ts: inflections, synonyms, abbreviations,
 * number words, identifier spellings), close together. Only for facets stated plainly: one the answer rules out
 * ("no new dependencies") keeps its literal reading, whose negation scope is exact.
 */
export function statedInOtherWords(
  index: TextIndex,
  reading: ProbeReading,
  file?: string,
  stance?: PhraseStance,
): boolean {
  // An error is named by its exact text, and a facet the answer rules out keeps its literal, exact negation scope.
  if (reading.facets.some((facet) => facet.polarity !== 'affirmed')) return false;
  // A path is another file when any character of it changes, and where a file is named is only known literally: a
  // probe about a file is matched as written. An artifact's own file is found as written too, its name's terms in a
  // row as a name ("docs/theme.md"), while what the file now holds may be said in other words ("borders for each
  // thinking level" of "Thinking Level Borders"); a probe of paths alone is a path list.
  const isOwnFile = (facet: (typeof reading.facets)[number]) =>
    file !== undefined &&
    facet.spellings.every((spelling) => isPathSpelling(spelling) && file.endsWith(spelling));
  if (reading.facets.some((facet) => !isOwnFile(facet) && facet.spellings.some(isPathSpelling))) return false;
  if (reading.facets.every(isOwnFile)) return false;
  const meaning = index.meaning();
  const positions = reading.facets.map(
    (facet) =>
      new Set(
        facet.spellings.flatMap((spelling) =>
          isOwnFile(facet)
            ? namePositions(meaning, spelling)
            : // A command is stated as it is run, its words in a row: "npm run clean --workspaces build" runs no
              // `npm run build`, and "publish npm run prepublishOnly npm publish" no `npm run publish`.
              isCommandSpelling(spelling) || isUnitName(spelling)
              ? commandPositions(meaning, spelling, stance)
              : stance === undefined
                ? [...phrasePositions(meaning, spelling), ...predicateAcrossModifier(index, spelling)]
                : // Read under a sentence's stance (denied-other-words.ts): the phrase itself, no predicate across a modifier.
                  phrasePositions(meaning, spelling, false, stance),
        ),
      ),
  );
  // Two facets are two parts of the fact: one phrase of the context cannot state both ("markdown link text" is
  // not also a second facet "markdown link").
  const facets = positions.map((own, facet) =>
    [...own]
      .filter((word) => positions.every((other, index) => index === facet || !other.has(word)))
      .sort((a, b) => a - b)
      .map((word) => ({ word })),
  );
  // On one side of a list's line break, as the literal window (line-ends.ts).
  return withinWindow(facets, FACET_WINDOW_TERMS, [], (low, high) =>
    partedBetweenTerms(index, meaning, low, high),
  );
}

/**
 * Where a text writes a command as it is run: its terms in a row and in order, none negated ("`mix format` first"
 * writes `mix format`; "npm run clean --workspaces build" writes no `npm run build`).
 */
function commandPositions(index: MeaningIndex, spelling: string, stance?: PhraseStance): number[] {
  const terms = meaningTerms(spelling);
  if (terms.length === 0) return [];
  return (index.positions.get(terms[0]!.term)?.all ?? []).filter((start) =>
    terms.every((term, offset) => {
      const at = index.at(start + offset);
      return at !== undefined && at.term === term.term && runAs(at, stance);
    }),
  );
}

/**
 * Whether a command's term is read as run: not negated; under a sentence's stance (meaning.ts `PhraseStance`), also not
 * put as still to do (`affirmed`), or only as its sentence's stance says it the other way (`otherWay`: negated by a
 * sentence that denies itself, or put as still to do).
 */
function runAs(at: MeaningTerm, stance: PhraseStance | undefined): boolean {
  if (stance === undefined) return !at.negated;
  return readUnder(
    stance,
    !at.negated,
    at.denied === true ? 'denied' : at.pending === true ? 'pending' : undefined,
  );
}

// The terms of the words that say a name is a unit of code (`package`, `module`, `crate`), made on first use: reading
// them folds words through the synonym table, which a command must not build while its modules load.
let unitTerms: ReadonlySet<string> | undefined;
const unitTermsOf = (): ReadonlySet<string> =>
  (unitTerms ??= new Set(UNIT_WORDS.flatMap((word) => meaningTerms(word).map((term) => term.term))));

/**
 * Whether a spelling names a unit of code by one word and its unit word ("session package"): stated as written, the
 * name right before the unit word ("the session pkg"), not by two words of a session that uses both everywhere
 * ("package session", a Go file's first line; "checkpoint, session, strategy, package"). Read once per spelling: it
 * is asked for every facet of every context scored.
 */
const isUnitName = memoizeByText((spelling: string): boolean => {
  const terms = meaningTerms(spelling);
  const units = unitTermsOf();
  return terms.length === 2 && units.has(terms[1]!.term) && !units.has(terms[0]!.term);
}, 20_000);

/**
 * Where a text names a file as a name: the terms of its spelling in a row, each from a name (a path, an identifier),
 * not denied ("they are not in docs/theme.md"), and no piece of a longer one where the spelling is whole ("theme.md"
 * is not named by "dark-theme.md").
 */
export function namePositions(index: MeaningIndex, spelling: string): number[] {
  const terms = meaningTerms(spelling);
  if (terms.length === 0) return [];
  return (index.positions.get(terms[0]!.term)?.all ?? []).filter((start) =>
    terms.every((term, offset) => {
      const at = index.at(start + offset);
      return (
        at !== undefined &&
        at.term === term.term &&
        at.name &&
        !at.negated &&
        (at.part ?? false) === (term.part ?? false)
      );
    }),
  );
}

/**
 * Whether a spelling names a path: a `/` in it, or a file name with an extension. An extension has a letter: a
 * number after a dot is a child ticket's or a version's (`spotter-dov.3`, `v1.2`), no file's type.
 */
function isPathSpelling(spelling: string): boolean {
  return (
    spelling.includes('/') || /^[\p{L}\p{N}_.-]+\.(?=\p{N}*\p{L})[\p{L}\p{N}]{1,8}$/u.test(spelling.trim())
  );
}

/**
 * Whether a context states one of a probe's word pairs ({@link Probe.wordPairs}): its two terms close together in
 * any order and inflection, on one line, neither denied (meaning.ts, `phrasePositions`).
 */
export function statesWordPair(
  index: TextIndex,
  probe: Pick<Probe, 'wordPairs'>,
  stance?: PhraseStance,
): boolean {
  const pairs = probe.wordPairs ?? [];
  if (pairs.length === 0) return false;
  const meaning = index.meaning();
  return pairs.some((pair) => phrasePositions(meaning, pair, true, stance).length > 0);
}
