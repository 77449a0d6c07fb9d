/**
 * A description said word for word of several names: a gloss pasted after every file of a list ("a.ts: holds the
 * project's code", "b.ts: holds the project's code") says the same of each, so it tells none of them apart, whatever
 * its words. A reader takes it for no description at all.
 */
import type { MeaningIndex } from './meaning.ts';

/** How many different names the same words must be said of to be a gloss pasted after each. */
const REPEATED_FOR = 2;

/** A clause shorter than this many prose terms is a label ("created", "new tests"), which many files share rightly. */
const LEAST_PROSE = 2;

/** How far before a clause its label may start, in terms ("src/a.ts: …" labels the clause after its colon). */
const LABEL_WITHIN = 40;

const known = new WeakMap<MeaningIndex, Map<number, boolean>>();

/** The first and last position of the clause of the term at `at`, or undefined when it runs past `longest` terms. */
function clauseBounds(index: MeaningIndex, at: number, longest: number): [number, number] | undefined {
  const clause = index.clauseAt(at);
  let from = at;
  while (from > 0 && index.clauseAt(from - 1) === clause) if (at - --from > longest) return undefined;
  let to = at;
  while (to + 1 < index.length && index.clauseAt(to + 1) === clause)
    if (++to - from > longest) return undefined;
  return [from, to];
}

/** The prose terms of a clause, in order, with their negation: what it says. */
function proseOf(index: MeaningIndex, from: number, to: number): string {
  const words: string[] = [];
  for (let position = from; position <= to; position++) {
    const term = index.at(position)!;
    if (!term.name) words.push(term.negated ? `¬${term.term}` : term.term);
  }
  return words.join(' ');
}

/** The names a clause is said of: those in it, else those of the clause just before it (the label of its colon). */
function namesOf(index: MeaningIndex, from: number, to: number): string {
  const names: string[] = [];
  for (let position = from; position <= to; position++) {
    const term = index.at(position)!;
    if (term.name) names.push(term.term);
  }
  if (names.length > 0 || from === 0) return names.join(' ');
  const label = index.clauseAt(from - 1);
  for (let position = from - 1; position >= Math.max(0, from - LABEL_WITHIN); position--) {
    if (index.clauseAt(position) !== label) break;
    const term = index.at(position)!;
    if (term.name) names.unshift(term.term);
  }
  return names.join(' ');
}

/**
 * Whether the clause of the term at `position` says, in the same prose words, what other clauses say of other names:
 * the same words after {@link REPEATED_FOR} different names or more. Found from the clause's rarest prose term, each
 * clause once per text.
 */
export function isRepeatedDescription(index: MeaningIndex, position: number): boolean {
  let clauses = known.get(index);
  if (!clauses) known.set(index, (clauses = new Map()));
  const clause = index.clauseAt(position);
  const cached = clauses.get(clause);
  if (cached !== undefined) return cached;
  let repeated = false;
  const bounds = clauseBounds(index, position, Number.POSITIVE_INFINITY)!;
  const prose = index.slice(bounds[0], bounds[1] + 1).filter((term) => !term.name);
  if (prose.length >= LEAST_PROSE) {
    const said = proseOf(index, ...bounds);
    const rarest = prose
      .map((term) => index.positions.get(term.term)!.prose)
      .reduce((least, positions) => (positions.length < least.length ? positions : least));
    const names = new Set<string>();
    const seen = new Set<number>();
    const longest = bounds[1] - bounds[0] + LABEL_WITHIN;
    for (const at of rarest) {
      const other = index.clauseAt(at);
      if (seen.has(other)) continue;
      seen.add(other);
      const otherBounds = clauseBounds(index, at, longest);
      if (otherBounds === undefined || proseOf(index, ...otherBounds) !== said) continue;
      const of = namesOf(index, ...otherBounds);
      if (of.length > 0) names.add(of);
      if (names.size >= REPEATED_FOR) {
        repeated = true;
        break;
      }
    }
  }
  clauses.set(clause, repeated);
  return repeated;
}

/** The longest run of prose terms read as words pasted beside names: a longer one is a sentence of its own. */
const LONGEST_RUN = 6;

const repeatedRuns = new WeakMap<MeaningIndex, Map<number, boolean>>();

/**
 * The run of prose terms holding `position` (the terms between two names, or between a name and its clause's edge),
 * as its first and last position and the names beside it; undefined when it is no run of pasted words' length or
 * stands beside no name.
 */
function runAt(
  index: MeaningIndex,
  position: number,
): { from: number; to: number; beside: string } | undefined {
  const clause = index.clauseAt(position);
  const prose = (at: number) =>
    at >= 0 && at < index.length && index.clauseAt(at) === clause && !index.nameAt(at);
  let from = position;
  while (prose(from - 1)) if (position - --from >= LONGEST_RUN) return undefined;
  let to = position;
  while (prose(to + 1)) if (++to - from >= LONGEST_RUN) return undefined;
  if (to - from + 1 < LEAST_PROSE) return undefined;
  const name = (at: number) =>
    at >= 0 && at < index.length && index.clauseAt(at) === clause ? index.at(at)!.term : '';
  const before = name(from - 1);
  const after = name(to + 1);
  if (before === '' && after === '') return undefined;
  return { from, to, beside: `${before} ${after}` };
}

/**
 * Whether the term at `position` is in a run of prose (the terms between two names, or between a name and its
 * clause's edge, two to {@link LONGEST_RUN} of them) that stands, word for word, beside {@link REPEATED_FOR}
 * different names or more: the same few words pasted after every line of a list of names ("… pathSafeRegex
 * ValidateSessionID session paths", "… old_string edit pytest") say nothing of any of them, whatever else the line
 * holds. Found from the run's rarest term, each run once per text.
 */
export function inRepeatedRun(index: MeaningIndex, position: number): boolean {
  if (index.nameAt(position)) return false;
  const run = runAt(index, position);
  if (run === undefined) return false;
  let runs = repeatedRuns.get(index);
  if (!runs) repeatedRuns.set(index, (runs = new Map()));
  const known = runs.get(run.from);
  if (known !== undefined) return known;
  const said = proseOf(index, run.from, run.to);
  const rarest = index
    .slice(run.from, run.to + 1)
    .map((term) => index.positions.get(term.term)!.prose)
    .reduce((least, positions) => (positions.length < least.length ? positions : least));
  const names = new Set<string>([run.beside]);
  const seen = new Set<number>([run.from]);
  for (const at of rarest) {
    if (names.size >= REPEATED_FOR) break;
    const other = runAt(index, at);
    if (other === undefined || seen.has(other.from)) continue;
    seen.add(other.from);
    if (proseOf(index, other.from, other.to) === said) names.add(other.beside);
  }
  const repeated = names.size >= REPEATED_FOR;
  runs.set(run.from, repeated);
  return repeated;
}
