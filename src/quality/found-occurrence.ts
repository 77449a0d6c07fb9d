/**
 * An occurrence of a needle or a pattern in a text match.ts indexed (`Occurrence`), whose negation is read when
 * first asked for: most look-ups ask only where a needle is, or whether it is negated, and reading a clause costs
 * more than finding the needle.
 */
import type { Stance } from './stance.ts';

/** One place a needle occurs in an indexed text. */
export type Occurrence = {
  /** Character offsets `[start, end)` in the canonical text. */
  start: number;
  end: number;
  /** Index of the word it starts at, for proximity. */
  word: number;
  /** A negation stands right before or after it. */
  negated: boolean;
  /** Its clause denies it: a negation right after it, or a negation or prohibition anywhere earlier in the clause. */
  deniedInClause: boolean;
  /** Its sentence denies all of itself, or puts it as not done yet (stance.ts); absent when it does neither. */
  stance?: Stance;
};

/** How a text's clauses are read around `[start, end)`: match.ts's negation reading of one text. */
export type NegationReader = {
  negated(start: number, end: number): boolean;
  deniedInClause(start: number, end: number): boolean;
  /** Whether its sentence denies all of itself or puts it as not done yet (stance.ts); undefined when neither. */
  stance(start: number, end: number): Stance | undefined;
};

/** One occurrence: where it is, the word it starts at, and its negation, read once on demand. */
export class FoundOccurrence {
  readonly start: number;
  readonly end: number;
  readonly word: number;
  readonly #reader: NegationReader;
  #negated: boolean | undefined;
  #deniedInClause: boolean | undefined;
  #stance: Stance | null | undefined;
  constructor(reader: NegationReader, start: number, end: number, word: number) {
    this.#reader = reader;
    this.start = start;
    this.end = end;
    this.word = word;
  }
  get negated(): boolean {
    return (this.#negated ??= this.#reader.negated(this.start, this.end));
  }
  get deniedInClause(): boolean {
    return (this.#deniedInClause ??= this.#reader.deniedInClause(this.start, this.end));
  }
  get stance(): Stance | undefined {
    if (this.#stance === undefined) this.#stance = this.#reader.stance(this.start, this.end) ?? null;
    return this.#stance ?? undefined;
  }
}

/** A {@link FoundOccurrence} of a pattern, with the text it matched. */
export class FoundMatch extends FoundOccurrence {
  readonly text: string;
  constructor(reader: NegationReader, start: number, end: number, word: number, text: string) {
    super(reader, start, end, word);
    this.text = text;
  }
}

/**
 * A {@link FoundMatch} of a number pattern, with the value its pattern reads in it, read once: a match is asked for
 * its value by every facet whose number has that pattern (4.8 M asks of 4 M-token session's three long contexts).
 */
export class NumberMatch extends FoundMatch {
  readonly #read: (text: string) => number | undefined;
  #value: number | null | undefined;
  constructor(
    reader: NegationReader,
    start: number,
    end: number,
    word: number,
    text: string,
    read: (text: string) => number | undefined,
  ) {
    super(reader, start, end, word, text);
    this.#read = read;
  }
  /** The number's value as the pattern that found it reads it; undefined when it reads none. */
  get value(): number | undefined {
    if (this.#value === undefined) this.#value = this.#read(this.text) ?? null;
    return this.#value ?? undefined;
  }
}
