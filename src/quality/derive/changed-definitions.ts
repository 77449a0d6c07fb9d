/**
 * The definitions an edit changed: the function, type or section its replaced text stood inside, or the one whose
 * opening line it replaced. A reader and a handoff tell a changed file by them ("cleanup.go, DeleteShadowBranches:
 * each branch goes through DeleteBranchCLI"), where the commit's title is shared by every file it took in. Read from
 * the edit's own text, a patch's hunk headers (`@@ func (s *Store) Save(`), and the file as the agent last saw it:
 * what its reads returned and what its earlier edits wrote.
 */
import type { ToolCallBlock } from '../../session/types.ts';
import { DEFINITION, HEADING, LOCAL_VARIABLE, SHELL_FUNCTION } from './definition-lines.ts';

/** One edit of a file: where it was made, its call, and the text it replaced and added. */
export type FileEdit = {
  index: number;
  call: ToolCallBlock;
  change: { added: string; removed: string } | undefined;
};

/** What a read of the file returned, and where. */
export type FileRead = { index: number; text: string };

// A method of a class or an object (`async save(id: string) {`, `public void run() {`): the name before its
// parameters on a line that opens a block. Words of control flow open blocks the same way and name nothing.
const METHOD =
  /^\s*(?:(?:public|private|protected|internal|static|async|override|readonly|final|get|set)\s+)*(?:[\w<>[\],.]+\s+)?([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\([^;]*\)\s*(?::[^;{]*)?(?:=>\s*)?\{\s*$/;
const CONTROL = new Set(
  'if for while switch catch return function else do with new typeof await try finally foreach elsif unless'.split(
    ' ',
  ),
);
// A module is most often its whole file: standing inside it says nothing the file's name does not.
const MODULE = /^\s*(?:defmodule|module|mod|namespace|package)\s/;
// A read's line as Claude Code and pi number it: `   117→text`, `117\ttext`.
const NUMBERED_LINE = /^\s*\d+(?:→|\t)/;
// Files of prose: their definitions are their headings.
const PROSE_FILE = /\.(?:md|markdown|mdx|txt|rst)$/i;
// Files of keys and values: a key is no definition an edit stands inside.
const KEYED_FILE = /\.(?:json|jsonc|toml|ya?ml|ini|cfg|env|properties|lock)$/i;
// A replaced line short of this says too little to be found again (`}`, `return nil`).
const ANCHOR_CHARS = 8;
// The definitions of a file a probe names: about as many as a summary's sentence lists.
const MAX_DEFINITIONS = 3;

/** The name a line defines, or undefined: a definition of code, else a method's opening line. */
function definedOn(line: string, prose: boolean): string | undefined {
  if (prose) return HEADING.exec(line)?.[1];
  if (LOCAL_VARIABLE.test(line) || MODULE.test(line)) return undefined;
  const name = (DEFINITION.exec(line) ?? SHELL_FUNCTION.exec(line) ?? METHOD.exec(line))?.[1];
  return name !== undefined && !CONTROL.has(name) ? name : undefined;
}

/** A line's indent, a tab counted as four spaces. */
function indentOf(line: string): number {
  const lead = /^[ \t]*/.exec(line)![0];
  return lead.length + 3 * (lead.split('\t').length - 1);
}

/**
 * The definition line `at` stands inside: walking up, each line less indented than the last one reached opens the
 * block around it, until one defines a name; a heading above it in prose. A closing line met first (`}` of a block
 * before it) means the walk left the text's blocks: nothing.
 */
function enclosing(lines: readonly string[], at: number, prose: boolean): string | undefined {
  if (prose) {
    for (let index = at; index >= 0; index--) {
      const heading = HEADING.exec(lines[index]!)?.[1];
      if (heading !== undefined) return heading;
    }
    return undefined;
  }
  let indent = indentOf(lines[at]!);
  for (let index = at - 1; index >= 0 && indent > 0; index--) {
    const line = lines[index]!;
    if (line.trim() === '' || indentOf(line) >= indent) continue;
    const name = definedOn(line, false);
    if (name !== undefined) return name;
    if (/^\s*[)}\]]/.test(line)) return undefined;
    indent = indentOf(line);
  }
  return undefined;
}

/** The names a patch's hunk headers give for one file (`@@ -10,6 +10,8 @@ func (s *Store) Save(`). */
function hunkNames(call: ToolCallBlock, name: string, prose: boolean): string[] {
  const script = [call.arguments['input'], call.arguments['patch']].find(
    (value): value is string => typeof value === 'string' && value.includes('\n'),
  );
  if (script === undefined) return [];
  const names: string[] = [];
  let inFile = !/^(?:\*\*\* (?:Add|Update) File:|\+\+\+ |diff --git )/m.test(script);
  for (const line of script.split('\n')) {
    const header =
      /^(?:\*\*\* (?:Add|Update|Delete) File:\s*|\+\+\+ (?:b\/)?|diff --git a\/\S+ b\/)(\S+)/.exec(line);
    if (header) {
      inFile = header[1]!.split('/').pop() === name;
      continue;
    }
    const hunk = inFile ? /^@@(?:[^@]*@@)?\s*(\S.*)$/.exec(line)?.[1] : undefined;
    const defined = hunk === undefined ? undefined : definedOn(hunk, prose);
    if (defined !== undefined) names.push(defined);
  }
  return names;
}

/** The lines of a text as the file holds them: a read's line numbers taken off. */
function fileLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(NUMBERED_LINE, ''));
}

/**
 * The definitions the edits of one file changed, in the order first changed, at most a few: for each edit that
 * replaced text, the definitions whose opening lines it replaced, else the one its first telling replaced line stood
 * inside, found in the newest read or earlier edit that holds that line. An edit that only added text (a file
 * written whole, a line appended) changed none; a file of keys has none.
 */
export function changedDefinitions(
  path: string,
  edits: readonly FileEdit[],
  reads: readonly FileRead[],
): string[] {
  const name = path.split('/').pop()!;
  if (KEYED_FILE.test(name)) return [];
  const prose = PROSE_FILE.test(name);
  const found: string[] = [];
  edits.forEach((edit, at) => {
    const removed = edit.change?.removed ?? '';
    if (removed.trim() === '') return;
    const replaced = removed.split('\n');
    const own = replaced.flatMap((line) => definedOn(line, prose) ?? []);
    const fromHunks = hunkNames(edit.call, name, prose);
    if (own.length > 0 || fromHunks.length > 0) {
      found.push(...own, ...fromHunks);
      return;
    }
    const anchor = replaced.map((line) => line.trim()).find((line) => line.length >= ANCHOR_CHARS);
    if (anchor === undefined) return;
    // The newest text of the file the agent had seen before this edit: its reads, and what its earlier edits wrote.
    const seen = [
      ...reads
        .filter((read) => read.index <= edit.index)
        .map((read) => ({ index: read.index, text: read.text })),
      ...edits
        .slice(0, at)
        .flatMap((earlier) => (earlier.change ? [{ index: earlier.index, text: earlier.change.added }] : [])),
    ].sort((a, b) => b.index - a.index);
    for (const { text } of seen) {
      const lines = fileLines(text);
      const line = lines.findIndex((candidate) => candidate.trim() === anchor);
      if (line < 0) continue;
      const outer = enclosing(lines, line, prose);
      if (outer !== undefined) found.push(outer);
      return;
    }
  });
  return [...new Set(found)].slice(0, MAX_DEFINITIONS);
}
