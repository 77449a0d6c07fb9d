/**
 * A fact written as a plain statement (a reader's fact list, docs/calibration.md), read in a text the way the
 * yardstick's reader labels it: kept, partial, lost or contradicted, from the share of its terms the text states
 * together (meaning.ts). The thresholds were chosen on the yardstick's tuning cuts only.
 */
import {
  indexMeaning,
  readStatement,
  statementCoverage,
  type MeaningIndex,
  type StatementReading,
} from './meaning.ts';
import { turnsOwnNegation } from './stance.ts';

export { readStatements } from './meaning.ts';

/** How a statement fares in a text. */
export type StatementLabel = 'kept' | 'partial' | 'lost' | 'contradicted';

/** The thresholds of {@link statementLabel}. */
export type StatementThresholds = {
  /** Terms a statement's parts may be spread over. */
  window: number;
  /** Share of its terms stated together to keep it. */
  kept: number;
  /** Share to keep part of it. */
  partial: number;
  /** Below this share of its content words, names alone keep nothing (a path list, an identifier bag). */
  content: number;
  /** Its terms must stand on one line (a sentence or a bullet), not gathered from neighbouring lines. */
  oneLine?: boolean;
  /** Signals the other way that make a window contradict it (2 when absent: see meaning.ts). */
  opposingSignals?: number;
  /** A part is partial only when it holds one of the statement's most telling terms, not only shared words. */
  partialNeedsTelling?: boolean;
  /** The statement is done work: stated as still pending it is stated the other way (stance.ts). */
  pendingOpposes?: boolean;
  /**
   * Only a sentence's stance states it the other way (denied or, with `pendingOpposes`, pending), not a word negated
   * in it: what a file now holds is described with negations of its own.
   */
  stanceOnly?: boolean;
  /**
   * Terms of two items of a word list are not stated together (word-list.ts), but where the statement lists them
   * itself: a probe's short statement looked for in a whole text, where a bag of words holds its words item by item.
   */
  wordLists?: boolean;
  /**
   * A part is partial only when it is stated outside sentences that deny it (and, with `pendingOpposes`, put it as
   * still to do): "It is false that we need no suffixes" states no part of "we don't need suffixes" (stance.ts).
   */
  partialAffirmed?: boolean;
  /**
   * A word of a name the statement also says in prose is content where the text says it in prose on a line that
   * writes the artifact's file name (`fileLines` of {@link statementLabel}): "scripts/sync_raw_logs.py — running regex
   * redaction over the raw text" tells "Apply all redaction patterns to text" of redact_text, where a bag's word
   * beside no file name tells nothing.
   */
  proseNamesBesideFile?: boolean;
  /**
   * The statement is a next step that names a lack ("Log level getter not set"): a word it negates, said affirmed as
   * the first word of prose of its clause ("Next: set the log level getter"), is the step that ends the lack, not the
   * lack said the other way (a call that ends it, written as the step, is not read for it: round s39, D162).
   */
  stepEndsLack?: boolean;
};

/** The thresholds in use (tuned on the yardstick's tuning cuts). */
export const STATEMENT_THRESHOLDS: StatementThresholds = {
  window: 30,
  kept: 0.4,
  partial: 0.3,
  content: 0.2,
};

/** A text indexed once for many statements. */
export type StatementIndex = MeaningIndex;

/** Indexes a text for {@link statementLabel}. */
export const indexStatements = (text: string): StatementIndex => indexMeaning(text);

/**
 * How a text states one statement: kept, partial, lost, or contradicted (stated with a term or number opposed);
 * `fileLines`, the lines that write an artifact's file name (see `proseNamesBesideFile`); `unread`, positions whose
 * terms are read as if the text did not hold them there (a line that quotes the statement, quoted-runs.ts).
 */
export function statementLabel(
  index: StatementIndex,
  statement: string | StatementReading,
  thresholds: StatementThresholds = STATEMENT_THRESHOLDS,
  fileLines?: ReadonlySet<number>,
  unread?: (position: number) => boolean,
): StatementLabel {
  const reading = typeof statement === 'string' ? readStatement(statement) : statement;
  const coverage = statementCoverage(index, reading, thresholds.window, {
    oneLine: thresholds.oneLine,
    opposingSignals: thresholds.opposingSignals,
    pendingOpposes: thresholds.pendingOpposes,
    stanceOnly: thresholds.stanceOnly,
    wordLists: thresholds.wordLists,
    stepEndsLack: thresholds.stepEndsLack,
    fileLines: thresholds.proseNamesBesideFile === true ? fileLines : undefined,
    unread,
  });
  const share = weighedShare(coverage, thresholds);
  if (share < thresholds.partial) return 'lost';
  // Only a statement stated in full can be stated the other way: in a part of it, a stray negation or number
  // says too little.
  if (share < thresholds.kept) {
    if (thresholds.partialNeedsTelling === true && !coverage.telling) return 'lost';
    return thresholds.partialAffirmed === true && !partAffirmed(index, reading, thresholds, unread)
      ? 'lost'
      : 'partial';
  }
  return coverage.opposed ? 'contradicted' : 'kept';
}

/**
 * Whether a part of a statement is stated outside the sentences that deny it (or put it as still to do, for done
 * work): the coverage read again with the terms of those sentences left out. Read only for a part, which is rare.
 */
function partAffirmed(
  index: StatementIndex,
  reading: StatementReading,
  thresholds: StatementThresholds,
  unread?: (position: number) => boolean,
): boolean {
  const pending = thresholds.pendingOpposes === true;
  const coverage = statementCoverage(index, reading, thresholds.window, {
    oneLine: thresholds.oneLine,
    wordLists: thresholds.wordLists,
    unread: (position) => {
      if (unread?.(position) === true) return true;
      const term = index.at(position)!;
      return term.denied === true || (pending && term.pending === true);
    },
  });
  const share = weighedShare(coverage, thresholds);
  return share >= thresholds.partial && (thresholds.partialNeedsTelling !== true || coverage.telling);
}

/**
 * Whether a statement that holds a negation of its own (a rule: "Do not keep separate debug rendering code paths") is
 * kept only inside sentences that deny themselves, and there only with a line whose denied sentence holds a negation
 * of its own, which the denial turns ("It is false that SessionLive and SubagentLive share one rendering and debug
 * path; no page gets its own debug code"): the ruling out said false, the rule stated the other way. Kept by denied
 * sentences with no negation of their own ("It is false that we kept a separate debug path"), it is the thing the rule
 * rules out denied, which agrees with it (probe-reading.ts reads a rule's facets so).
 */
export function ruleSaidFalse(
  index: StatementIndex,
  lines: readonly string[],
  statement: string | StatementReading,
  thresholds: StatementThresholds,
): boolean {
  const reading = typeof statement === 'string' ? readStatement(statement) : statement;
  if (!reading.terms.some((term) => term.negated || term.unsure === true)) return false;
  const kept = (unread: (position: number) => boolean) => {
    const coverage = statementCoverage(index, reading, thresholds.window, {
      oneLine: thresholds.oneLine,
      wordLists: thresholds.wordLists,
      unread,
    });
    const share = weighedShare(coverage, thresholds);
    return share >= thresholds.kept;
  };
  const denied = (position: number) => index.at(position)?.denied === true;
  if (kept(denied)) return false;
  const turned = new Map<number, boolean>();
  const turnedAt = (line: number) => {
    let found = turned.get(line);
    if (found === undefined) turned.set(line, (found = turnsOwnNegation(lines[line] ?? '')));
    return found;
  };
  return !kept((position) => !denied(position) || turnedAt(index.lineAt(position)));
}

/** A coverage's share as a label weighs it: no more than its content words' share where that is under the bar. */
function weighedShare(
  coverage: { share: number; contentShare: number | null },
  thresholds: Pick<StatementThresholds, 'content'>,
): number {
  return coverage.contentShare !== null && coverage.contentShare < thresholds.content
    ? Math.min(coverage.share, coverage.contentShare)
    : coverage.share;
}
