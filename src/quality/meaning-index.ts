/**
 * A text's meaning terms (meaning.ts) held in columns: a transcript has millions of terms, and an object for each
 * would take several times the memory of the text itself. A term is made as an object only when it is asked for.
 */

/** One term of a text. */
export type MeaningTerm = {
  /** The folded term: a stem, a synonym group's stem, a digit string or a file name. */
  term: string;
  /** From a name (identifier, path, number) rather than from prose. */
  name: boolean;
  /** A negation stands within a few terms before it in its clause. */
  negated: boolean;
  /** The line of the text it is on (0-based). */
  line: number;
  /** The clause of the text it is in (0-based, counted over the whole text): a list item is a clause of its own. */
  clause: number;
  /**
   * For an item of a list, the clause that introduced the list ("Created: a.ts, b.ts"; a line ending in a colon and
   * the bullets under it), which says what the items are.
   */
  leadIn?: number;
  /** The first clause of the sentence that lead-in ends ("Done & committed WP1–14, check green:"), when earlier. */
  leadInFrom?: number;
  /** For a name that labels what follows it ("mix.exs: six new deps"), the clause after the colon, which says what it is. */
  gloss?: number;
  /** A part of a longer name (the `1` of `spotter-4te.1`, the `15` of `WP15`): an id, not a measured value. */
  part?: true;
  /** A later word of one identifier (the `session` of `ValidateSessionID`): no whole name of its own. */
  joined?: true;
  /** The first term of its token (a word, a name, a path as written between spaces). */
  opens?: true;
  /**
   * A word of an item of a run of names: three names or kebab-case words or more, with only spaces between them
   * ("hook_event get_req_header multi-line hook_script"), as a bag of identifiers writes them. A name there is not a
   * name something is said of, and a kebab-case word there is an item, not prose.
   */
  inRun?: true;
  /** Its sentence puts it as not done yet ("… is still to do"; stance.ts). A denied sentence flips `negated`. */
  pending?: true;
  /** Its sentence denies all of itself ("It is false that …", "… was not done"; stance.ts), which flipped `negated`. */
  denied?: true;
  /**
   * For a word of an item of a word list (word-list.ts: "cmd, changed, commit"), the list's first clause: a term of
   * another of its items (another clause with the same list) is not said with it.
   */
  list?: number;
};

/** Whether a term is said the other way: negated, or in a sentence that denies itself or puts it as still to do. */
export function saidOtherwise(term: MeaningTerm): boolean {
  return term.negated || term.denied === true || term.pending === true;
}
/** A text's terms indexed once for many statements. */
export type MeaningIndex = {
  /** How many terms the text has. */
  readonly length: number;
  /** The term at a position, or undefined outside the text (a new object on each call). */
  at(position: number): MeaningTerm | undefined;
  /** The terms from `start` up to `end` (not included). */
  slice(start: number, end: number): MeaningTerm[];
  /** The line, the clause, or the negation of the term at a position, read without making the term. */
  lineAt(position: number): number;
  clauseAt(position: number): number;
  negatedAt(position: number): boolean;
  /** The stance of the sentence the term at a position stands in (`denied`, `pending` or none), without making it. */
  stanceAt(position: number): 'denied' | 'pending' | undefined;
  /** Whether the term at a position is from a name, read without making the term. */
  nameAt(position: number): boolean;
  /** The word list (its first clause) the term at a position is an item of, or -1 (see {@link MeaningTerm.list}). */
  listAt(position: number): number;
  /** Positions of each term: every one, and those from prose. */
  positions: ReadonlyMap<string, { all: number[]; prose: number[] }>;
  /**
   * Whether a line ends a sentence ("… staged for commit.", "Updated task 3."): its last mark a full stop, a question
   * or an exclamation mark. A line that does not (a paragraph wrapped, a list item with no stop) runs on.
   */
  endsSentence(line: number): boolean;
};

const NAME = 1;
const NEGATED = 2;
const PART = 4;
const PENDING = 8;
const DENIED = 16;
const JOINED = 32;
const OPENS = 64;
const IN_RUN = 128;
const NONE = -1;

// Columns grow by chunks of this many values: no copy as they grow, and no buffer of a whole column to reallocate.
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;

// The first chunk starts this small and doubles up to a whole chunk: a summary has a few thousand terms, and seven
// whole chunks (1.6 MB, zeroed) were allocated for each context scored.
const FIRST_CHUNK = 1 << 10;

// Columns, the column builder and the index are classes, not objects of closures: every context scored builds them,
// and a closure's optimized code is lost with the closures at a full collection (match.ts's classes say more).

/** A growing column of integers that fit its typed array, in chunks. */
class Column {
  readonly #chunks: Array<Int32Array | Uint8Array> = [];
  readonly #bytes: boolean;
  #length = 0;
  /** With `bytes`, a column of bytes; else of 32-bit integers. */
  constructor(bytes: boolean) {
    this.#bytes = bytes;
  }
  #make(length: number): Int32Array | Uint8Array {
    return this.#bytes ? new Uint8Array(length) : new Int32Array(length);
  }
  push(value: number): void {
    const chunks = this.#chunks;
    const length = this.#length;
    if (length < CHUNK) {
      const first = chunks[0];
      if (first === undefined) chunks.push(this.#make(FIRST_CHUNK));
      else if (length === first.length) {
        const grown = this.#make(first.length * 2);
        grown.set(first);
        chunks[0] = grown;
      }
    } else if ((length & CHUNK_MASK) === 0) chunks.push(this.#make(CHUNK));
    chunks[length >> CHUNK_BITS]![length & CHUNK_MASK] = value;
    this.#length = length + 1;
  }
  at(position: number): number {
    return this.#chunks[position >> CHUNK_BITS]![position & CHUNK_MASK]!;
  }
}

/** What a packed term's lead-in or gloss holds when it has none. */
const ABSENT = -0x80000000;

/**
 * A line's terms read alone, packed once for {@link meaningColumns}' `addLine` (a remembered line comes again in the
 * other contexts of its session): each term's text, and {@link PACKED_FIELDS} numbers a term: its flags, and its
 * clause, lead-in, lead-in's start, gloss and word list as the line read them (from 0; a lead-in from the lines above as the
 * negative numbers meaning.ts gives it; {@link ABSENT} for none).
 */
export type PackedTerms = { terms: readonly string[]; numbers: Int32Array };

const PACKED_FIELDS = 6;

/** The flags a term is indexed with. */
function flagsOf(term: MeaningTerm): number {
  return (
    (term.name ? NAME : 0) |
    (term.negated ? NEGATED : 0) |
    (term.part ? PART : 0) |
    (term.pending ? PENDING : 0) |
    (term.denied ? DENIED : 0) |
    (term.joined ? JOINED : 0) |
    (term.opens ? OPENS : 0) |
    (term.inRun ? IN_RUN : 0)
  );
}

/** Packs a line's clauses' terms (see {@link PackedTerms}). */
export function packTerms(clauses: readonly (readonly MeaningTerm[])[]): PackedTerms {
  const all = clauses.flat();
  const numbers = new Int32Array(all.length * PACKED_FIELDS);
  const terms: string[] = [];
  for (let index = 0; index < all.length; index++) {
    const term = all[index]!;
    const at = index * PACKED_FIELDS;
    numbers[at] = flagsOf(term);
    numbers[at + 1] = term.clause;
    numbers[at + 2] = term.leadIn ?? ABSENT;
    numbers[at + 3] = term.leadInFrom ?? ABSENT;
    numbers[at + 4] = term.gloss ?? ABSENT;
    numbers[at + 5] = term.list ?? ABSENT;
    terms.push(term.term);
  }
  return { terms, numbers };
}

/** Collects terms in text order (`add`, `addLine`), then indexes them (`finish`). */
export type MeaningColumns = {
  add(term: MeaningTerm): void;
  /**
   * Adds a packed line's terms where the line stands: on `line`, its clauses numbered from `base`, a lead-in from the
   * lines above (a negative clause number in the packing) read as `above`'s.
   */
  addLine(
    packed: PackedTerms,
    line: number,
    base: number,
    above: { clause: number; from: number } | undefined,
  ): void;
  finish(endsSentence?: (line: number) => boolean): MeaningIndex;
};

/** Collects terms in text order (`add`), then indexes them (`finish`). */
export function meaningColumns(): MeaningColumns {
  return new TermColumns();
}

/** A line's sentences never end: the test of a text whose index is asked no such thing. */
const NO_SENTENCE_ENDS = (): boolean => false;

/** The columns of {@link meaningColumns}, filled term by term. */
class TermColumns implements MeaningColumns {
  readonly words: string[] = [];
  readonly positions = new Map<string, { id: number; all: number[]; prose: number[] }>();
  readonly word = new Column(false);
  readonly flags = new Column(true);
  readonly line = new Column(false);
  readonly clause = new Column(false);
  readonly leadIn = new Column(false);
  readonly leadInFrom = new Column(false);
  readonly gloss = new Column(false);
  readonly list = new Column(false);
  count = 0;

  #push(
    term: string,
    flags: number,
    line: number,
    clause: number,
    leadIn: number,
    leadInFrom: number,
    gloss: number,
    list: number,
  ): void {
    let entry = this.positions.get(term);
    if (!entry) {
      entry = { id: this.words.length, all: [], prose: [] };
      this.words.push(term);
      this.positions.set(term, entry);
    }
    const count = this.count;
    entry.all.push(count);
    if ((flags & NAME) === 0) entry.prose.push(count);
    this.word.push(entry.id);
    this.flags.push(flags);
    this.line.push(line);
    this.clause.push(clause);
    this.leadIn.push(leadIn);
    this.leadInFrom.push(leadInFrom);
    this.gloss.push(gloss);
    this.list.push(list);
    this.count = count + 1;
  }

  add(term: MeaningTerm): void {
    this.#push(
      term.term,
      flagsOf(term),
      term.line,
      term.clause,
      term.leadIn ?? NONE,
      term.leadInFrom ?? NONE,
      term.gloss ?? NONE,
      term.list ?? NONE,
    );
  }

  addLine(
    packed: PackedTerms,
    line: number,
    base: number,
    above: { clause: number; from: number } | undefined,
  ): void {
    const { terms, numbers } = packed;
    for (let term = 0, at = 0; term < terms.length; term++, at += PACKED_FIELDS) {
      const lead = numbers[at + 2]!;
      const from = numbers[at + 3]!;
      const labelled = numbers[at + 4]!;
      const list = numbers[at + 5]!;
      this.#push(
        terms[term]!,
        numbers[at]!,
        line,
        numbers[at + 1]! + base,
        lead === ABSENT ? NONE : lead >= 0 ? lead + base : above!.clause,
        from === ABSENT ? NONE : from >= 0 ? from + base : above!.from,
        labelled === ABSENT ? NONE : labelled + base,
        list === ABSENT ? NONE : list + base,
      );
    }
  }

  finish(endsSentence: (line: number) => boolean = NO_SENTENCE_ENDS): MeaningIndex {
    return new ColumnIndex(this, endsSentence);
  }
}

/** A {@link MeaningIndex} read from its columns. */
class ColumnIndex implements MeaningIndex {
  readonly length: number;
  readonly positions: ReadonlyMap<string, { all: number[]; prose: number[] }>;
  readonly #columns: TermColumns;
  readonly #endsSentence: (line: number) => boolean;
  constructor(columns: TermColumns, endsSentence: (line: number) => boolean) {
    this.#columns = columns;
    this.length = columns.count;
    this.positions = columns.positions;
    this.#endsSentence = endsSentence;
  }

  at(position: number): MeaningTerm | undefined {
    if (!(position >= 0 && position < this.length)) return undefined;
    const columns = this.#columns;
    const bits = columns.flags.at(position);
    const term: MeaningTerm = {
      term: columns.words[columns.word.at(position)]!,
      name: (bits & NAME) !== 0,
      negated: (bits & NEGATED) !== 0,
      line: columns.line.at(position),
      clause: columns.clause.at(position),
    };
    // In the order meaning.ts sets them.
    const lead = columns.leadIn.at(position);
    if (lead !== NONE) term.leadIn = lead;
    const from = columns.leadInFrom.at(position);
    if (from !== NONE) term.leadInFrom = from;
    if (bits & PART) term.part = true;
    if (bits & PENDING) term.pending = true;
    if (bits & DENIED) term.denied = true;
    if (bits & JOINED) term.joined = true;
    if (bits & OPENS) term.opens = true;
    if (bits & IN_RUN) term.inRun = true;
    const labelled = columns.gloss.at(position);
    if (labelled !== NONE) term.gloss = labelled;
    const list = columns.list.at(position);
    if (list !== NONE) term.list = list;
    return term;
  }

  slice(start: number, end: number): MeaningTerm[] {
    const terms: MeaningTerm[] = [];
    for (let position = Math.max(0, start); position < Math.min(end, this.length); position++)
      terms.push(this.at(position)!);
    return terms;
  }

  lineAt(position: number): number {
    return this.#columns.line.at(position);
  }

  clauseAt(position: number): number {
    return this.#columns.clause.at(position);
  }

  negatedAt(position: number): boolean {
    return (this.#columns.flags.at(position) & NEGATED) !== 0;
  }

  stanceAt(position: number): 'denied' | 'pending' | undefined {
    const bits = this.#columns.flags.at(position);
    return bits & DENIED ? 'denied' : bits & PENDING ? 'pending' : undefined;
  }

  nameAt(position: number): boolean {
    return (this.#columns.flags.at(position) & NAME) !== 0;
  }

  listAt(position: number): number {
    return this.#columns.list.at(position);
  }

  endsSentence(line: number): boolean {
    return this.#endsSentence(line);
  }
}
