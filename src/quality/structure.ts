/**
 * `structure`: whether a summary is organised as a handoff, measured on its text rather than declared. A section
 * counts when a heading stands for it and something is written under it: a heading with nothing under it, or
 * only "(none)" where the transcript has content for that section, does not count. Strategies that prescribe
 * sections are held to theirs, in order; every other summary to the generic handoff sections, in any order.
 */
import { normalizeForMatch } from './match.ts';
import { lowerBound } from '../text/sorted.ts';
import type { Scorer, StructureExpectations } from './types.ts';

/** The handoff sections every summary is scored against when its strategy prescribes none, with their names. */
export const GENERIC_SECTIONS: ReadonlyArray<{ name: string; names: readonly string[] }> = [
  { name: 'Goal', names: ['goal', 'objective', 'task', 'request', 'intent', 'primary request'] },
  {
    name: 'Progress',
    names: ['progress', 'done', 'completed', 'current work', 'work state', 'status', 'latest activity'],
  },
  { name: 'Decisions', names: ['decisions', 'decision', 'key decisions'] },
  {
    name: 'Next steps',
    names: ['next steps', 'next step', 'next move', 'pending tasks', 'remaining work', 'todo'],
  },
  { name: 'Files', names: ['files', 'relevant files', 'modified files', 'files and code sections'] },
];

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
// `<read-files>` / `<modified-files>` blocks (structured-iterative, pi) are the files section of a summary.
const FILE_BLOCK = /^<(read-files|modified-files)>\s*$/;
const PLACEHOLDER = /^(?:\(?(?:none|n\/a|nothing|nothing yet|none yet|not applicable|tbd|-|—|–)\)?\.?)$/;

/** One heading and what is written under it (its subsections included). */
type Block = { title: string; level: number; lines: string[] };

/** The headings of a summary, each with the lines under it until a heading of the same or a higher level. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    if (fenceMark && fence === undefined) fence = fenceMark;
    else if (fenceMark && fence && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
      fence = undefined;
    else if (fence !== undefined) {
      // Code inside a fence is content, never a heading.
      for (const block of open) block.lines.push(line);
      continue;
    }
    const heading = fence === undefined ? HEADING.exec(line) : null;
    const fileBlock = fence === undefined ? FILE_BLOCK.exec(line.trim()) : null;
    if (fence === undefined && /^<\/(?:read|modified)-files>\s*$/.test(line.trim())) {
      open.length = 0;
      continue;
    }
    if (heading || fileBlock) {
      // A file block stands apart from the headings above it, like a top-level section.
      const level = heading ? heading[1]!.length : 1;
      while (open.length > 0 && open.at(-1)!.level >= level) open.pop();
      const block: Block = { title: heading ? heading[2]! : 'files', level, lines: [] };
      blocks.push(block);
      open.push(block);
      continue;
    }
    for (const block of open) block.lines.push(line);
  }
  return blocks;
}

/** The title of a heading as sections are compared: normalized, without a trailing colon. */
function titleKey(title: string): string {
  return normalizeForMatch(title).replace(/\s*:$/, '');
}

/** Whether the transcript has content a section of this name must carry. */
function expectsContent(section: string, expectations: StructureExpectations): boolean {
  if (/constraint|preference/.test(section)) return expectations.constraints;
  if (/decision/.test(section)) return expectations.decisions;
  if (/error|fix/.test(section)) return expectations.errors;
  if (/file/.test(section)) return expectations.files;
  if (/next|pending/.test(section)) return expectations.nextSteps;
  return /goal|objective|intent|request|task|progress|done|completed|current work|work state/.test(section);
}

/** Whether a block says something: a line that is not a placeholder, or only placeholders where nothing is due. */
function hasContent(block: Block, section: string, expectations: StructureExpectations): boolean {
  // Read up to the first line with content: a section's lines are many, and its first usually says something.
  let any = false;
  for (const line of block.lines) {
    const read = normalizeForMatch(line).replace(/^[-*] /, '');
    if (read.length === 0) continue;
    if (!PLACEHOLDER.test(read)) return true;
    any = true;
  }
  return any && !expectsContent(section, expectations);
}

/** The required section a heading stands for (its exact name first, then the longest name it starts with), or -1. */
function sectionOf(heading: string, sections: readonly string[]): number {
  const exact = sections.indexOf(heading);
  if (exact >= 0) return exact;
  let best = -1;
  sections.forEach((section, index) => {
    const next = heading[section.length];
    const startsWithSection =
      heading.startsWith(section) && next !== undefined && !/[\p{L}\p{N}_]/u.test(next);
    if (startsWithSection && (best < 0 || section.length > (sections[best]?.length ?? 0))) best = index;
  });
  return best;
}

/**
 * Required sections: the longest run of sections with content that keeps the required order (a longest
 * increasing subsequence) / required sections. A heading is a section's when it reads the same (case, Markdown
 * and a trailing colon aside) or starts with the section name and a non-word character (`## Next Steps (in
 * order)`); a repeated heading counts once. Null when nothing is required.
 */
export function scoreStructure(
  text: string,
  requiredSections: readonly string[],
  expectations: StructureExpectations = NOTHING_EXPECTED,
): number | null {
  if (requiredSections.length === 0) return null;
  const sections = requiredSections.map(titleKey);
  const positions = blocksOf(text).flatMap((block) => {
    const index = sectionOf(titleKey(block.title), sections);
    return index >= 0 && hasContent(block, sections[index]!, expectations) ? [index] : [];
  });
  return longestIncreasing(positions) / sections.length;
}

// Each generic section's names as one pattern, built once per process: a title names the section when one of its
// names stands there between non-word characters (the names are plain words, no pattern syntax). They were built
// and looked up by source for every block, section and name of every context scored.
const GENERIC_TITLES = GENERIC_SECTIONS.map((section) => ({
  key: section.name.toLowerCase(),
  name: section.name,
  title: new RegExp(`(?:^|\\W)(?:${section.names.join('|')})(?:\\W|$)`),
}));

/** Generic handoff sections present with content, in any order / all of them. */
export function scoreGenericStructure(text: string, expectations: StructureExpectations): number {
  const present = new Set<string>();
  for (const block of blocksOf(text)) {
    const title = titleKey(block.title);
    for (const section of GENERIC_TITLES) {
      if (section.title.test(title) && hasContent(block, section.key, expectations))
        present.add(section.name);
    }
  }
  return present.size / GENERIC_SECTIONS.length;
}

const NOTHING_EXPECTED: StructureExpectations = {
  constraints: false,
  decisions: false,
  errors: false,
  files: false,
  nextSteps: false,
};

/** Length of the longest strictly increasing subsequence (patience sorting), so a repeated heading counts once. */
function longestIncreasing(values: readonly number[]): number {
  const tails: number[] = [];
  for (const value of values) tails[lowerBound(tails, value)] = value;
  return tails.length;
}

/** The structure scorer: the summary alone (kept messages are not a summary); null without a summary. */
export const scoreStructureOf: Scorer = (input) => {
  const summary = input.summary ?? input.text;
  if (summary.trim() === '') return { structure: null };
  const expectations = input.expectations ?? NOTHING_EXPECTED;
  return {
    structure: input.requiredSections?.length
      ? scoreStructure(summary, input.requiredSections, expectations)
      : scoreGenericStructure(summary, expectations),
  };
};
