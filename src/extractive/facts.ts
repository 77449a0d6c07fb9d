/** Facts the extractive summarizer found, a store that merges restatements, and their scores. */
import { normalizeKey } from './text.ts';
import type { FileOperation } from './tools.ts';
import { MODIFYING } from './tools.ts';

/** What a fact is about; output sections are filled by kind. */
export type FactKind =
  | 'task'
  | 'request'
  | 'constraint'
  | 'file-modified'
  | 'file-read'
  | 'error-open'
  | 'error-fixed'
  | 'decision'
  | 'done'
  | 'activity'
  | 'next'
  | 'command'
  | 'detail';

/** Where and how much a fact counts: position orders and breaks ties, recency (0…1) and weight score it. */
export type Placement = { position: number; recency: number; weight: number };

/** One bullet's worth of verbatim material; a file's bullet carries its path. */
export type Fact = Placement & { kind: FactKind; text: string; key: string; path?: string };

/** A file and what happened to it, in the order the operations first happened. */
export type FileRecord = Placement & { path: string; operations: FileOperation[] };

/** Facts and files gathered from a request; a restated fact (same key) is kept once. */
export type FactStore = {
  /** Adds a fact; `key`, when given, is `normalizeKey(text)` worked out before (a replayed reading's). */
  add(kind: FactKind, text: string, placement: Placement, key?: string): void;
  touchFile(path: string, operation: FileOperation, placement: Placement): void;
  readonly files: ReadonlyMap<string, FileRecord>;
  /** Every fact, file facts included, in insertion order. */
  facts(): Fact[];
};

/** An empty store. */
export function createFactStore(): FactStore {
  return new MapFactStore();
}

// A class, not an object of closures: every conversation read makes a store, and a closure's optimized code is lost
// with the closures at a full collection (quality/match.ts's classes say more).
class MapFactStore implements FactStore {
  readonly files = new Map<string, FileRecord>();
  readonly #byKey = new Map<string, Fact>();

  add(kind: FactKind, text: string, placement: Placement, known?: string): void {
    const key = known ?? normalizeKey(text);
    if (key.length === 0 || key === '(none)' || key === 'none') return;
    const existing = this.#byKey.get(key);
    if (!existing) {
      this.#byKey.set(key, { kind, text, key, ...placement });
      return;
    }
    // A restatement: the weightier wording and kind win, the latest sighting dates it.
    if (placement.weight > existing.weight) {
      existing.kind = kind;
      existing.text = text;
      existing.weight = placement.weight;
    }
    existing.position = Math.max(existing.position, placement.position);
    existing.recency = Math.max(existing.recency, placement.recency);
  }

  touchFile(path: string, operation: FileOperation, placement: Placement): void {
    const record = this.files.get(path);
    if (!record) {
      this.files.set(path, { path, operations: [operation], ...placement });
      return;
    }
    if (!record.operations.includes(operation)) record.operations.push(operation);
    record.position = Math.max(record.position, placement.position);
    record.recency = Math.max(record.recency, placement.recency);
    record.weight = Math.max(record.weight, placement.weight);
  }

  facts(): Fact[] {
    const records = [...this.files.values()];
    const facts = [...this.#byKey.values()];
    for (const record of records) if (!mentionsKnownFile(record, records)) facts.push(fileFact(record));
    return facts;
  }
}

/** A path only mentioned in prose (`src/a.ts`) that a tool call names in full (`/repo/src/a.ts`) adds nothing. */
function mentionsKnownFile(record: FileRecord, records: readonly FileRecord[]): boolean {
  if (record.operations.some((operation) => operation !== 'mentioned')) return false;
  const suffix = `/${record.path.replace(/^\.?\//, '')}`;
  return records.some((other) => other !== record && other.path.endsWith(suffix));
}

/** The bullet of a file: `` `src/a.ts` — read, edited `` (a mention is dropped once something happened). */
function fileFact(record: FileRecord): Fact {
  const operations =
    record.operations.length > 1
      ? record.operations.filter((operation) => operation !== 'mentioned')
      : record.operations;
  const text = `\`${record.path}\` — ${operations.join(', ')}`;
  const modified = operations.some((operation) => MODIFYING.has(operation));
  return {
    kind: modified ? 'file-modified' : 'file-read',
    text,
    key: `file:${record.path}`,
    path: record.path,
    position: record.position,
    recency: record.recency,
    weight: record.weight,
  };
}

/** A fact with the score it competes for budget with. */
export type ScoredFact = Fact & { score: number };

/** A scored fact assigned to a section (an index into the sections). */
export type PlacedFact = ScoredFact & { section: number };

/** How much the oldest fact still counts: the most recent material gets twice the weight. */
const RECENCY_FLOOR = 0.5;
/** Kinds that stay true however old they are (the task, the user's constraints) count as at least this recent. */
const LASTING: ReadonlySet<FactKind> = new Set(['task', 'constraint']);
const LASTING_RECENCY = 0.6;
/** Each further fact of a kind counts a little less, so one kind cannot crowd out the others. */
const SAME_KIND_DECAY = 0.92;
const FOCUS_BOOST = 1.6;
// A long bullet costs the budget several short ones: beyond this many characters the score shrinks with
// the square root of the length (a ranking penalty only; the budget itself is counted with the tokenizer).
const COMPACT_CHARS = 160;
// An error's line carries its command and exact message, which are the point of it.
const COMPACT_CHARS_BY_KIND: Partial<Record<FactKind, number>> = { 'error-open': 280, 'error-fixed': 280 };

/**
 * Scores facts: weight × recency, boosted by the focus, reduced for length and by rank within their kind; each placed
 * in the section `sectionOf` gives it (one copy of each fact made, scored and placed).
 */
export function scoreFacts(
  facts: readonly Fact[],
  focusWords: readonly string[],
  sectionOf: (fact: Fact) => number,
): PlacedFact[] {
  const scored = facts.map((fact): PlacedFact => {
    const recency = LASTING.has(fact.kind) ? Math.max(fact.recency, LASTING_RECENCY) : fact.recency;
    const lowered = focusWords.length > 0 ? fact.text.toLowerCase() : '';
    const focused = focusWords.some((word) => lowered.includes(word));
    const score =
      fact.weight *
      (RECENCY_FLOOR + (1 - RECENCY_FLOOR) * recency) *
      (focused ? FOCUS_BOOST : 1) *
      Math.min(1, Math.sqrt((COMPACT_CHARS_BY_KIND[fact.kind] ?? COMPACT_CHARS) / fact.text.length));
    // Every field named, in one order: a copy made by spreading the two shapes of fact (a file's has a path) cost
    // more than the rest of the scoring.
    return {
      kind: fact.kind,
      text: fact.text,
      key: fact.key,
      path: fact.path,
      position: fact.position,
      recency: fact.recency,
      weight: fact.weight,
      score,
      section: sectionOf(fact),
    };
  });
  const byKind = new Map<FactKind, PlacedFact[]>();
  for (const fact of scored) {
    const group = byKind.get(fact.kind);
    if (group) group.push(fact);
    else byKind.set(fact.kind, [fact]);
  }
  for (const group of byKind.values()) {
    group.sort(compareScored);
    group.forEach((fact, rank) => {
      fact.score *= SAME_KIND_DECAY ** rank;
    });
  }
  return scored;
}

/** Highest score first; ties go to the later fact, then to the text, so the order is total. */
export function compareScored(a: ScoredFact, b: ScoredFact): number {
  return b.score - a.score || b.position - a.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
