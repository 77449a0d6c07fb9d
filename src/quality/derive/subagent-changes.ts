/**
 * What a subagent reported it changed: work the main agent handed to a subagent (Claude Code's `Task` / `Agent` tool)
 * leaves no edit of its own in the main transcript, only the subagent's report ("**Changes to `explain.go`:**" and
 * the items under it). A file the report says it changed, with words of what changed, is an artifact of the work as
 * the main agent's own edits are: its facets the file's name and the report's words of the change, never the name
 * alone or the names the report lists (a path list or an identifier bag keeps none).
 */
import { fileName } from '../../session/normalise-path.ts';
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import { extractPaths } from '../paths.ts';
import { plainPhrase } from './artifacts.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, isContentWord, wordsOf } from './phrases.ts';
import { isTestFile } from './test-files.ts';

// The tools that run a subagent: its result is the subagent's own report of its work.
const SUBAGENT_TOOLS: ReadonlySet<string> = new Set(['Task', 'Agent']);
// A heading line: '#' headings and a bold line of its own ("**Changes to `a.go`:**", "**`a.go`**").
const HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*$|\*\*(.+?)\*\*:?\s*$)/;
// Words that say a heading is of changes made, in the past: "Changes to", "Files created", "Modified", "Updated".
const CHANGE_HEADING =
  /\b(?:changes?\s+(?:to|in|made)|(?:files?\s+)?(?:created|modified|changed|updated|edited|written)|(?:created|modified|changed|updated|edited)\s+files?)\b/i;
// A list item, its text (nested items too: they detail the item above).
const ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+(.+?)\s*$/;
// A file's report is read from the items under its heading, up to this many of them.
const MAX_ITEMS = 24;
// At most this many of the report's phrases stand for the change: a handoff states some of them.
const MAX_PHRASES = 8;
// Words of the report an artifact's statement takes: about one summary clause, as artifacts.ts's.
const DESCRIPTION_WORDS = 12;

// A report tells a file's change by this many phrases of its own at least.
const MIN_PHRASES = 2;

/** The first `count` words of a text. */
const firstWords = (text: string, count: number): string =>
  text.split(/\s+/).filter(Boolean).slice(0, count).join(' ');

// Words any report of an edit has: what was done to a file, not what it now does.
const EDIT_WORDS = new Set(
  (
    'add added adds adding remove removed removes removing import imports imported using use uses used call calls ' +
    'update updated updates updating change changed changes modify modified file files code new existing'
  ).split(' '),
);

/** One file a subagent's report says it changed: where, and the report's words of the change. */
type ReportedChange = { path: string; messageIndex: number; items: string[] };

/** The one file a heading names in a code span or bold, or none. */
function headingFile(heading: string): string | undefined {
  const paths = extractPaths(heading.replace(/[`*]/g, ' '));
  return paths.length === 1 ? paths[0] : undefined;
}

/** The files a subagent's report says it changed, each with the items under its heading. */
function reportedChanges(text: string, messageIndex: number): ReportedChange[] {
  const changes: ReportedChange[] = [];
  let current: ReportedChange | undefined;
  // The last heading that says its section is of changes made ("### Files Created"): a file heading under it is one.
  let changeSection = false;
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      const title = (heading[1] ?? heading[2] ?? '').trim();
      const file = headingFile(title);
      const saysChange = CHANGE_HEADING.test(title.replace(/`[^`]*`/g, ' '));
      current = undefined;
      if (file && (saysChange || changeSection) && !isTestFile(file)) {
        current = { path: file, messageIndex, items: [] };
        changes.push(current);
      } else if (!file) changeSection = saysChange;
      continue;
    }
    const item = ITEM.exec(line);
    if (current && item && current.items.length < MAX_ITEMS) current.items.push(item[1]!);
  }
  return changes.filter((change) => change.items.length > 0);
}

// The first letters of a word that stand for it among a name's parts ("generation" and `--generate`).
const STEM_CHARS = 5;
const stemOf = (word: string): string => word.toLowerCase().slice(0, STEM_CHARS);

/** The stems of the parts of the names a report quotes (`generateCheckpointSummary`: generate, checkpoint, summary). */
function nameParts(items: readonly string[]): Set<string> {
  const parts = new Set<string>();
  for (const item of items)
    for (const [, name] of item.matchAll(/`([^`]+)`/g))
      for (const part of name!.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[^A-Za-z]+/))
        if (part) parts.add(stemOf(part));
  return parts;
}

/**
 * The plain phrases of a report's items that say what changed: two content words at least beyond edit words and
 * beyond the parts of the names the report quotes (a bag of those names must not say the change: "summary generation"
 * is `--generate` and `formatSummaryDetails`).
 */
function changePhrases(items: readonly string[]): string[] {
  const phrases: string[] = [];
  const named = nameParts(items);
  for (const item of items) {
    // Names in code spans are what an identifier bag lists, and a bracket is an aside: the report's own words say
    // the change.
    const phrase = plainPhrase(
      item
        .replace(/`[^`]*`/g, ' , ')
        .replace(/\([^)]*\)/g, ' , ')
        .replace(/\*\*/g, ''),
    );
    if (!phrase) continue;
    const telling = wordsOf(phrase).filter(
      (word) => isContentWord(word) && !EDIT_WORDS.has(word.toLowerCase()) && !named.has(stemOf(word)),
    );
    if (telling.length >= 2 && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return phrases.slice(0, MAX_PHRASES);
}

/**
 * Artifact probes of the files subagents reported they changed, where the main agent made no edit of its own to the
 * file (its edits have their own probe): each file told by its latest report.
 */
export function subagentChangeProbes(
  messages: readonly Message[],
  fileOperations: readonly FileOperation[],
): DraftProbe[] {
  const edited = new Set(
    fileOperations
      .filter((operation) => operation.kind !== 'read')
      .map((operation) => fileName(operation.path)),
  );
  const latest = new Map<string, ReportedChange>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'toolResult' || !SUBAGENT_TOOLS.has(message.toolName) || message.isError) return;
    for (const change of reportedChanges(contentText(message.content), messageIndex)) {
      if (!edited.has(fileName(change.path))) latest.set(fileName(change.path), change);
    }
  });
  return [...latest.values()].flatMap(({ path, messageIndex, items }) => {
    const phrases = changePhrases(items);
    // One phrase is too little: its two or three words turn up beside the file's name by chance (a grep of the
    // session's lines names committed.go beside "writes" and "branch").
    if (phrases.length < MIN_PHRASES) return [];
    const name = fileName(path);
    const said = items.map((item) => item.replace(/\*\*|`/g, '').replace(/:$/, '')).join('; ');
    return [
      {
        kind: 'artifact',
        messageIndex,
        file: path,
        question: `What did the work change in ${name}?`,
        answer: `${path}, as the subagent that changed it reported: ${clipWords(said, 600)}`,
        facets: [[name], phrases],
        // The report's own words of the change, as the facets hold them, about one clause as the agent's own edits'
        // statements are (artifacts.ts): the names it quotes beside them are what a path list or a bag of names
        // holds (a file named beside "metadata" or "Summary" is no change told).
        statement: `${name} changed: ${firstWords(phrases.join('; '), DESCRIPTION_WORDS)}`,
      },
    ];
  });
}

/** The files subagents reported they changed (by name), for rules that ask whether the work changed a file. */
export function subagentChangedFiles(messages: readonly Message[]): Set<string> {
  const files = new Set<string>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'toolResult' || !SUBAGENT_TOOLS.has(message.toolName) || message.isError) return;
    for (const change of reportedChanges(contentText(message.content), messageIndex))
      files.add(fileName(change.path));
  });
  return files;
}
