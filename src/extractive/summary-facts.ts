/** Reads earlier summaries (to merge, update, or not repeat) back into facts, by the heading each line sits under. */
import { isErrorMessage } from '../session/error-lines.ts';
import type { FactKind, FactStore, Placement } from './facts.ts';
import { kindOfHeading } from './sections.ts';
import {
  clip,
  constraintStrength,
  DONE_CUE,
  FIX_CUE,
  PLAN_CUE,
  pathsIn,
  normalizeKey,
  STRONG_DECISION_CUE,
} from './text.ts';
import type { FileOperation } from './tools.ts';
import { isFileOperation, MODIFYING } from './tools.ts';
import { memoizeByText, ownCopy, recentMap } from '../text/text-cache.ts';

/** How much a summary's lines count, and where they sit on the timeline. */
export type SummaryPlacement = {
  firstPosition: number;
  recency: number;
  /** True for a summary that later material follows: its "in progress" and "next" lines are likely stale. */
  superseded: boolean;
};

// Importance of a summary line by kind, on the same scale as conversation facts: a line that made it
// into a summary was already chosen once, so it starts level with the best conversation facts.
const KIND_WEIGHT: Record<FactKind, number> = {
  task: 10,
  request: 5,
  constraint: 9,
  next: 8,
  activity: 7,
  'error-open': 7,
  decision: 6,
  'file-modified': 6,
  'error-fixed': 5,
  done: 5,
  'file-read': 3,
  command: 3,
  detail: 3,
};
const STALE_FACTOR: Partial<Record<FactKind, number>> = { activity: 0.5, next: 0.6 };
const BULLET = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/;
const LINE_CHARS = 1000;

/**
 * What reading a summary adds to a store, in order, each line with its place after the first position: a chain sends
 * its summaries back at every step (sequential-accumulated all of them), and what a line adds depends on the
 * summary's text alone, its weight only on the kind and on whether the summary is superseded (see {@link replay}).
 */
type SummaryLine =
  | { kind: FactKind; text: string; key: string; offset: number }
  | { kind: FactKind; path: string; operation: FileOperation; offset: number };

/** A summary read: its lines' additions and how many positions its lines take. */
type SummaryReading = { lines: SummaryLine[]; positions: number; chars: number };

// Summaries a generation remembers, by text, up to 4 Mi characters of them (aged with the other text caches). One
// longer than a quarter of that (a merged summary at millions of tokens) is read each time, as before.
const readings = recentMap<string, SummaryReading>(5_000, { of: (reading) => reading.chars, max: 1 << 22 });
const REMEMBERED_SUMMARY_CHARS = 1 << 20;

/** Adds a summary's lines to the store; returns the position after its last line. */
export function collectSummaryFacts(text: string, store: FactStore, placement: SummaryPlacement): number {
  let reading = text.length > REMEMBERED_SUMMARY_CHARS ? undefined : readings.get(text);
  if (reading === undefined) {
    reading = readSummary(text);
    if (text.length <= REMEMBERED_SUMMARY_CHARS) readings.set(ownCopy(text), reading);
  }
  return replay(reading, store, placement);
}

/** Adds a reading's lines to the store at `placement`; returns the position after its last line. */
function replay(reading: SummaryReading, store: FactStore, placement: SummaryPlacement): number {
  const { firstPosition, recency, superseded } = placement;
  for (const line of reading.lines) {
    const at: Placement = {
      position: firstPosition + line.offset,
      recency,
      weight: KIND_WEIGHT[line.kind] * (superseded ? (STALE_FACTOR[line.kind] ?? 1) : 1),
    };
    if ('path' in line) store.touchFile(line.path, line.operation, at);
    else store.add(line.kind, line.text, at, line.key);
  }
  return firstPosition + reading.positions + 1;
}

/** What a summary's lines add, by the heading each sits under (see {@link SummaryLine}). */
function readSummary(text: string): SummaryReading {
  const lines: SummaryLine[] = [];
  let position = 0;
  let headingKind: FactKind | undefined;
  let fileList: FileOperation | undefined;
  // Line by line without splitting: a merged summary runs to megabytes, and an array of all its lines would
  // outlive a young-generation collection.
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    // The file lists strategies append (`<read-files>` / `<modified-files>`): one path a line.
    const tag = /^<(\/?)(read|modified)-files>$/.exec(line);
    if (tag) {
      fileList = tag[1] ? undefined : tag[2] === 'read' ? 'read' : 'edited';
      continue;
    }
    if (line.length === 0 || /^```|^-{3,}$/.test(line)) continue;
    position++;
    if (fileList) {
      const kind = fileList === 'read' ? 'file-read' : 'file-modified';
      lines.push({ kind, path: ownCopy(line), operation: fileList, offset: position });
      continue;
    }
    const heading = /^#{1,6}\s+(.+)$/.exec(line);
    if (heading) {
      headingKind = kindOfHeading(heading[1]!);
      continue;
    }
    const item = itemOf(line);
    if (/^\(?(?:none|n\/a|nothing)\)?\.?$/i.test(item)) continue;
    // Our own file bullets read back as files, so a later operation on the same path merges into them.
    const file = /^`([^`]+)` — ([a-z, ]+)$/.exec(item);
    const operations = file ? file[2]!.split(', ') : [];
    if (file && operations.every(isFileOperation)) {
      const path = ownCopy(file[1]!);
      for (const operation of operations) {
        const kind = MODIFYING.has(operation) ? 'file-modified' : 'file-read';
        lines.push({ kind, path, operation, offset: position });
      }
      continue;
    }
    const kind = refineKind(headingKind ?? classifyLine(item), item);
    lines.push({ kind, text: item, key: normalizeKey(item), offset: position });
  }
  return { lines, positions: position, chars: text.length };
}

/** A summary line without its bullet, clipped; made once per line, since a chain reads its summaries back at every step. */
const itemOf = memoizeByText((line) => {
  const bullet = BULLET.exec(line);
  return clip(bullet ? line.slice(bullet[0].length) : line, LINE_CHARS);
}, 50_000);

/** Under a mixed heading (Errors, Files), the line's own words tell which kind it is. */
function refineKind(kind: FactKind, text: string): FactKind {
  if (kind === 'error-open' || kind === 'error-fixed') {
    return /\(unresolved\)/i.test(text) || !FIX_CUE.test(text) ? 'error-open' : 'error-fixed';
  }
  if (kind === 'file-modified' || kind === 'file-read') {
    return /\b(?:edit|modif|creat|writ|wrote|delet|chang)/i.test(text) ? 'file-modified' : 'file-read';
  }
  return kind;
}

/** The kind of a line under no known heading, from its wording. */
function classifyLine(text: string): FactKind {
  if (isErrorMessage(text)) return 'error-open';
  if (constraintStrength(text) > 0) return 'constraint';
  if (STRONG_DECISION_CUE.test(text)) return 'decision';
  if (DONE_CUE.test(text)) return 'done';
  if (PLAN_CUE.test(text)) return 'next';
  if (pathsIn(text).length > 0) return 'file-read';
  return 'detail';
}
