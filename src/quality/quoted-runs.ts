/**
 * A text that quotes a sentence (the user's request, as a task's `requestSentences` hold it): a line that writes three
 * or more of its terms in a row, in its order, or a line made mostly of its terms in any order (meaning.ts reads the
 * terms, so a quote's stop words and punctuation do not part them). A handoff that says a request in fresh words writes
 * at most two of its terms in a row ("GitHub Action", "Claude Code") among more words of its own; the user's messages
 * copied verbatim, a tool result that echoes them ("I want a complete history of our …"), a bag of their words in
 * their order ("the spawn subagent, the perform websearch, …") or shuffled, and a title of the same words ("Claude Code
 * Chat History Export") do not.
 */
import type { MeaningIndex } from './meaning-index.ts';
import { meaningTerms, type StatementReading } from './meaning.ts';
import { statementLabel, type StatementLabel, type StatementThresholds } from './statement-match.ts';

/** Terms in a row that make a quote. */
export const QUOTE_RUN = 3;

/**
 * The fewest terms a sentence has to be read past its quotes: a shorter one ("push and create a PR") is any line
 * that holds its few words, in whatever order.
 */
export const MIN_QUOTABLE_TERMS = 2 * QUOTE_RUN;

/** Whether a sentence is long enough to be read apart from its quotes ({@link MIN_QUOTABLE_TERMS}). */
export function isQuotable(sentence: string): boolean {
  return sequenceOf(sentence).length >= MIN_QUOTABLE_TERMS;
}

/** The lines of `index` that quote `sequence` (a sentence's terms in order, meaning.ts `meaningTerms`). */
export function quotingLines(index: MeaningIndex, sequence: readonly string[]): Set<number> {
  const lines = new Set<number>();
  // How many of the sentence's terms each line holds, for the lines made mostly of them.
  const held = new Map<number, number>();
  const own = new Set(sequence);
  for (const term of own)
    for (const position of index.positions.get(term)?.all ?? []) {
      const line = index.lineAt(position);
      held.set(line, (held.get(line) ?? 0) + 1);
    }
  // (A line with fewer of them than a run says too little of the sentence to keep it either way.)
  for (const [line, count] of held)
    if (count >= QUOTE_RUN && 2 * count >= lineLength(index, line, count)) lines.add(line);
  for (let start = 0; start + QUOTE_RUN <= sequence.length; start++) {
    const entry = index.positions.get(sequence[start]!);
    if (!entry) continue;
    for (const position of entry.all) {
      const line = index.lineAt(position);
      if (lines.has(line)) continue;
      let run = 1;
      while (
        run < QUOTE_RUN &&
        position + run < index.length &&
        index.lineAt(position + run) === line &&
        index.at(position + run)?.term === sequence[start + run]
      )
        run++;
      if (run === QUOTE_RUN) lines.add(line);
    }
  }
  return lines;
}

/**
 * How many terms line `line` holds, counted up to `2 * least` (enough to tell whether `least` of them are half): the
 * index's lines ascend with its positions, so the line's first term is found by halving.
 */
function lineLength(index: MeaningIndex, line: number, least: number): number {
  let low = 0;
  let high = index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.lineAt(middle) < line) low = middle + 1;
    else high = middle;
  }
  let length = 0;
  while (low + length < index.length && index.lineAt(low + length) === line && length <= 2 * least) length++;
  return length;
}

/**
 * How `index` states a sentence (`reading`, read from `sentence`) outside the lines that quote it ({@link
 * quotingLines}): what a text says of the user's own sentence in words of its own.
 */
export function unquotedLabel(
  index: MeaningIndex,
  sentence: string,
  reading: StatementReading,
  thresholds: StatementThresholds,
): StatementLabel {
  const quoting = quotingLines(index, sequenceOf(sentence));
  return statementLabel(
    index,
    reading,
    thresholds,
    undefined,
    quoting.size === 0 ? undefined : (position) => quoting.has(index.lineAt(position)),
  );
}

const sequences = new Map<string, string[]>();

/** A sentence's terms in order, read once. */
function sequenceOf(sentence: string): string[] {
  let sequence = sequences.get(sentence);
  if (!sequence) {
    sequence = meaningTerms(sentence).map((term) => term.term);
    sequences.set(sentence, sequence);
  }
  return sequence;
}
