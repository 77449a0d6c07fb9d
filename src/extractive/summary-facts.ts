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
  comparisonKey,
  pathsIn,
  STRONG_DECISION_CUE,
} from './text.ts';
import type { FileOperation } from './tools.ts';
import { isFileOperation, MODIFYING } from './tools.ts';
import { memoizeByText, ownCopy } from '../text/text-cache.ts';

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
 * What a summary line (trimmed) is, as {@link collectSummaryFacts} reads it: a file list's tag (`list`: the list it
 * opens, or undefined for a closing tag), a line with nothing to read (`skip`), a heading (`heading`: its kind, if
 * any), or an item: its text without the bullet, its comparison key, whether it says none, and, for one of our own
 * file bullets, its path and operations.
 */
type SummaryLine =
  | { form: 'list'; list: FileOperation | undefined }
  | { form: 'skip' }
  | { form: 'heading'; kind: FactKind | undefined }
  | {
      form: 'item';
      item: string;
      key: string;
      none: boolean;
      file?: { path: string; operations: FileOperation[] };
    };

/**
 * A summary line read once per text: a chain reads its summaries back at every step (the 4 M-token bench run read
 * 402,101 lines, 398,514 of them seen before), and each line was looked up twice (its item, then the item's key) and
 * tested against five patterns again.
 */
const readSummaryLine = memoizeByText((line: string): SummaryLine => {
  // The file lists strategies append (`<read-files>` / `<modified-files>`): one path a line.
  const tag = /^<(\/?)(read|modified)-files>$/.exec(line);
  if (tag) return { form: 'list', list: tag[1] ? undefined : tag[2] === 'read' ? 'read' : 'edited' };
  if (line.length === 0 || /^```|^-{3,}$/.test(line)) return { form: 'skip' };
  const heading = /^#{1,6}\s+(.+)$/.exec(line);
  if (heading) return { form: 'heading', kind: kindOfHeading(heading[1]!) };
  const bullet = BULLET.exec(line);
  const item = clip(bullet ? line.slice(bullet[0].length) : line, LINE_CHARS);
  const none = /^\(?(?:none|n\/a|nothing)\)?\.?$/i.test(item);
  // Our own file bullets read back as files, so a later operation on the same path merges into them.
  const file = /^`([^`]+)` — ([a-z, ]+)$/.exec(item);
  const operations = file ? file[2]!.split(', ') : [];
  const files =
    file && operations.every(isFileOperation)
      ? { path: file[1]!, operations: operations as FileOperation[] }
      : undefined;
  // The key is held by this entry alone (normalizeKey's memo held a second copy of it), a string of its own.
  return { form: 'item', item, key: ownCopy(comparisonKey(item)), none, ...(files ? { file: files } : {}) };
}, 50_000);

/** Adds a summary's lines to the store; returns the position after its last line. */
export function collectSummaryFacts(text: string, store: FactStore, placement: SummaryPlacement): number {
  let position = placement.firstPosition;
  let headingKind: FactKind | undefined;
  let fileList: FileOperation | undefined;
  // Line by line without splitting: a merged summary runs to megabytes, and an array of all its lines would
  // outlive a young-generation collection.
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    const read = readSummaryLine(line);
    if (read.form === 'list') {
      fileList = read.list;
      continue;
    }
    if (read.form === 'skip') continue;
    position++;
    const at = (kind: FactKind): Placement => ({
      position,
      recency: placement.recency,
      weight: KIND_WEIGHT[kind] * (placement.superseded ? (STALE_FACTOR[kind] ?? 1) : 1),
    });
    if (fileList) {
      store.touchFile(line, fileList, at(fileList === 'read' ? 'file-read' : 'file-modified'));
      continue;
    }
    if (read.form === 'heading') {
      headingKind = read.kind;
      continue;
    }
    if (read.none) continue;
    if (read.file) {
      for (const operation of read.file.operations) {
        store.touchFile(
          read.file.path,
          operation,
          at(MODIFYING.has(operation) ? 'file-modified' : 'file-read'),
        );
      }
      continue;
    }
    const kind = refineKind(headingKind ?? classifyLine(read.item), read.item);
    store.add(kind, read.item, at(kind), read.key);
  }
  return position + 1;
}

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
