/**
 * Artifact probes: what the agent's edits introduced in each modified file, from the edit and write tools'
 * arguments (an edit's new text, a written file's content, a patch's added lines, a heredoc written by the shell).
 * A probe names a definition the edits added (a function, type, constant, heading, key) together with what it does
 * in plain words (its doc comment, or the agent's words around the edit), so a list of paths or identifiers cannot
 * keep it: it needs what changed, not only the name.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { FileOperation, Message, ToolCallBlock } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { shellCommand } from '../../session/shell-commands.ts';
import { listedChangeOf, type ListedChange } from './change-lists.ts';
import { type CommitScope, namesPath, takes } from './commit-scope.ts';
import type { DraftProbe } from './draft.ts';
import type { ChangeWords } from '../probes.ts';
import type { Salience } from './salience.ts';
import { isTestFile, keepsTestsInStep } from './test-files.ts';
import { clipWords, clausesOf, isContentWord, sentencesOf, wordsOf } from './phrases.ts';
import { meaningTerms } from '../meaning.ts';
import { addedNamesOf, CODE_NAME, linesOf, removedNamesOf, type Lines } from './added-names.ts';
import { toldWordsOf } from './told-changes.ts';

/** The text an edit call added and the text it replaced. */
type Change = { added: string; removed: string };

const NEW_TEXT_ARGUMENTS = ['new_string', 'newText', 'new_str', 'content', 'file_text', 'contents', 'text'];
const OLD_TEXT_ARGUMENTS = ['old_string', 'oldText', 'old_str'];

/** The added and replaced text of one call for one file (a patch's section for that file when it has several). */
export function changeOf(call: ToolCallBlock, path: string): Change | undefined {
  const pick = (source: Record<string, unknown>, names: readonly string[]) =>
    names.map((name) => source[name]).filter((value): value is string => typeof value === 'string');
  const added = pick(call.arguments, NEW_TEXT_ARGUMENTS);
  const removed = pick(call.arguments, OLD_TEXT_ARGUMENTS);
  const edits = call.arguments['edits'];
  if (Array.isArray(edits)) {
    for (const edit of edits) {
      if (edit === null || typeof edit !== 'object') continue;
      added.push(...pick(edit as Record<string, unknown>, NEW_TEXT_ARGUMENTS));
      removed.push(...pick(edit as Record<string, unknown>, OLD_TEXT_ARGUMENTS));
    }
  }
  const script = [
    call.arguments['input'],
    call.arguments['patch'],
    call.arguments['command'],
    call.arguments['cmd'],
  ]
    .map((value) => (Array.isArray(value) ? value.join(' ') : value))
    .find((value): value is string => typeof value === 'string' && value.includes('\n'));
  if (added.length === 0 && script) {
    const patch = patchSection(script, path);
    if (patch) return patch;
    const heredoc = /<<-?\s*['"]?(\w+)['"]?[^\n]*\n([\s\S]*?)\n\1\b/.exec(script)?.[2];
    if (heredoc) return { added: heredoc, removed: '' };
  }
  return added.length > 0 ? { added: added.join('\n'), removed: removed.join('\n') } : undefined;
}

/** The added and removed lines of a patch (unified diff or `apply_patch` envelope) for one file. */
function patchSection(patch: string, path: string): Change | undefined {
  const lines = patch.split('\n');
  const name = fileName(path);
  const added: string[] = [];
  const removed: string[] = [];
  let inFile = !/^(?:\*\*\* (?:Add|Update) File:|\+\+\+ |diff --git )/m.test(patch);
  for (const line of lines) {
    const header =
      /^(?:\*\*\* (?:Add|Update|Delete) File:\s*|\+\+\+ (?:b\/)?|diff --git a\/\S+ b\/)(\S+)/.exec(line);
    if (header) {
      inFile = fileName(header[1]!) === name;
      continue;
    }
    if (!inFile || line.startsWith('---') || line.startsWith('***')) continue;
    if (line.startsWith('+')) added.push(line.slice(1));
    else if (line.startsWith('-')) removed.push(line.slice(1));
  }
  return added.length > 0 ? { added: added.join('\n'), removed: removed.join('\n') } : undefined;
}

/** One definition an edit introduced: its name, the line it is on, and its kind. */
type Definition = { name: string; line: number; heading: boolean };

// A Go method is a func with its receiver before the name: `func (s *Store) Save(`.
const DEFINITION =
  /^\s*(?:export\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\s*\*?|func\s*\([^()]*\)|class|interface|type|enum|struct|trait|def|fn|func|mod|module|const|let|var|impl(?:<[^>]*>)?|defp?|defmacrop?|defmodule|defprotocol|defimpl)\s+([A-Za-z_$][\w$]*(?:\.[A-Z][\w$]*)*)/;
// A shell function: `name() {` or `function name {`.
const SHELL_FUNCTION = /^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)\s*\{?\s*$/;
const HEADING = /^\s{0,3}#{1,4}\s+(.+?)\s*#*\s*$/;
// A key of JSON, TOML, YAML or a Makefile / Justfile recipe.
const KEY =
  /^\s*(?:"([\w.-]{3,})"\s*:|\[([\w.-]{3,})\]\s*$|([A-Za-z_][\w-]{2,})\s*=\s*\S|([A-Za-z_][\w-]{2,}):(?:\s|$))/;

// Files of keys (configuration, recipes): a key is what they define.
const KEYED_FILE =
  /(?:\.(?:json|jsonc|toml|ya?ml|ini|cfg|env|properties)|(?:^|\/)(?:Justfile|justfile|Makefile|makefile))$/;
// A variable is a definition at the top level only (an indented one is a local of a function).
const LOCAL_VARIABLE = /^\s+(?:export\s+)?(?:const|let|var)\s/;

/** The definitions a change added: names on its added lines that its replaced text did not hold. */
function definitionsOf(change: Change, file: string): Definition[] {
  const markdown = /\.(?:md|markdown|mdx|txt|rst)$/i.test(file);
  const keyed = KEYED_FILE.test(file);
  const lines = change.added.split('\n');
  const found: Definition[] = [];
  lines.forEach((line, index) => {
    if (markdown) {
      const heading = HEADING.exec(line)?.[1];
      if (heading && !change.removed.includes(line.trim()))
        found.push({ name: heading, line: index, heading: true });
      return;
    }
    const match = keyed
      ? KEY.exec(line)
      : LOCAL_VARIABLE.test(line)
        ? null
        : (DEFINITION.exec(line) ?? SHELL_FUNCTION.exec(line));
    const name = match?.slice(1).find((group) => group !== undefined);
    if (name && !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(change.removed))
      found.push({ name, line: index, heading: false });
  });
  return found;
}

// A comment after code on its line (`x() // why`, `x()  # why`).
const TRAILING_COMMENT = /(?<=\S)\s+(?:\/\/|#\s).*$/;

/**
 * Whether later edits took out every line the edits wrote: each line a change added (beyond the lines around it that
 * it kept) is, at the last change that touches it, on that change's replaced side and not on its new side.
 */
function undone(changes: readonly Change[]): boolean {
  // A line is read as its code: a trailing comment a linter or the agent rewrote later leaves it the same line.
  const linesOf = (text: string) =>
    new Set(
      text
        .split('\n')
        .map((line) => line.replace(TRAILING_COMMENT, '').trim())
        .filter(Boolean),
    );
  const sides = changes.map((change) => ({ added: linesOf(change.added), removed: linesOf(change.removed) }));
  let wrote = false;
  const allOut = sides.every(({ added, removed }, at) =>
    [...added]
      .filter((line) => !removed.has(line))
      .every((line) => {
        wrote = true;
        const last = sides.slice(at + 1).findLast((side) => side.added.has(line) || side.removed.has(line));
        return last !== undefined && last.removed.has(line) && !last.added.has(line);
      }),
  );
  return wrote && allOut;
}

/** Whether a change after the one at `at` took the definition `name` out of the file and did not write it back. */
function removedLater(changes: readonly Change[], at: number, name: string, file: string): boolean {
  return changes.slice(at + 1).some((change) =>
    // The definitions its replaced text held that its new text does not: those of the change read backwards.
    definitionsOf({ added: change.removed, removed: change.added }, file).some(
      (definition) => definition.name === name,
    ),
  );
}

/** A text's run of words, lower case, marks and comment markers left out: where a comment's words can be found. */
const wordRun = (text: string): string =>
  ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;

/**
 * Whether a change after the one at `at` took the words of a doc comment's description out of the file and none
 * wrote them back: the comment (and most often the code under it: a debugging script's `// Load dark theme
 * explicitly` above a call the next edit replaced) is not what the file says now, though its name may still be
 * there, imported.
 */
function docTakenBack(changes: readonly Change[], at: number, description: string): boolean {
  const said = wordRun(description);
  if (said.trim() === '') return false;
  let out = false;
  for (const change of changes.slice(at + 1)) {
    if (wordRun(change.added).includes(said)) out = false;
    else if (wordRun(change.removed).includes(said)) out = true;
  }
  return out;
}

// A word a summary in plain language would write: letters only, no inner capitals, digits or joiners.
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

/**
 * The first run of two to five plain words (starting and ending on a content word, within one clause) of a text:
 * what a description says in words, never an identifier a keyword list could hold.
 */
export function plainPhrase(text: string, maxWords = 5): string | undefined {
  for (const sentence of sentencesOf(text)) {
    for (const clause of clausesOf(sentence)) {
      const words = wordsOf(clause);
      for (let start = 0; start < words.length; start++) {
        if (!PLAIN_WORD.test(words[start]!) || !isContentWord(words[start]!)) continue;
        let end = start;
        while (end + 1 < words.length && end + 1 - start < maxWords && PLAIN_WORD.test(words[end + 1]!))
          end++;
        while (end > start && !isContentWord(words[end]!)) end--;
        const run = words.slice(start, end + 1);
        if (run.filter(isContentWord).length >= 2) return run.join(' ');
      }
    }
  }
  return undefined;
}

const COMMENT_LINE = /^\s*(?:\/\/[/!]?|#(?![#!\[])|\*(?!\/)|\/\*\*?|--|"""|''')\s?(.*?)\s*(?:\*\/)?$/;

/**
 * The doc comment right above a definition (or the docstring right below a Python `def`, an Elixir `@doc` block
 * above it or `@moduledoc` block below it), as plain text: its opening prose, examples and headings inside it left
 * out.
 */
function docOf(lines: readonly string[], line: number): string {
  const above: string[] = [];
  for (let index = line - 1; index >= 0 && above.length < 40; index--) {
    const text = lines[index]!;
    if (/^\s*(?:#\[|@\w)/.test(text)) continue;
    const comment = COMMENT_LINE.exec(text);
    if (!comment || text.trim() === '') break;
    above.unshift(comment[1]!);
  }
  const below = lines[line + 1] ?? '';
  const doc =
    blockAbove(lines, line) ??
    (above.some((text) => text.trim() !== '') ? above : undefined) ??
    blockBelow(lines, line) ??
    (/^\s*(?:"""|''')/.test(below) ? [below.replace(/["']{3}/g, ' ')] : []);
  const prose: string[] = [];
  for (const text of doc) {
    // The opening paragraph is what it does; an example or a section after it is detail.
    if (/^\s*(?:```|#\s|@\w)/.test(text) || (text.trim() === '' && prose.length > 0)) break;
    prose.push(text);
  }
  return prose.join(' ').trim();
}

// An attribute that opens a documentation block of several lines: Elixir's `@doc """`, `@moduledoc """`.
const DOC_BLOCK_OPEN = /^\s*@(?:module)?doc\s+"""\s*(.*)$/;
const DOC_BLOCK_CLOSE = /^\s*"""\s*$/;

/** The lines of a `@doc """ … """` block that ends right above a line (attributes such as `@spec` between). */
function blockAbove(lines: readonly string[], line: number): string[] | undefined {
  let close = line - 1;
  while (close >= 0 && /^\s*@(?!(?:module)?doc\b)\w/.test(lines[close]!)) close--;
  if (close < 0 || !DOC_BLOCK_CLOSE.test(lines[close]!)) return undefined;
  for (let open = close - 1; open >= Math.max(0, close - 40); open--) {
    const opening = DOC_BLOCK_OPEN.exec(lines[open]!);
    if (opening)
      return [opening[1]!, ...lines.slice(open + 1, close)].filter((text, index) => index > 0 || text);
  }
  return undefined;
}

/** The lines of a `@moduledoc """ … """` block that opens right below a line (a module's own description). */
function blockBelow(lines: readonly string[], line: number): string[] | undefined {
  let open = line + 1;
  while (open < lines.length && lines[open]!.trim() === '') open++;
  const opening = open < lines.length ? DOC_BLOCK_OPEN.exec(lines[open]!) : null;
  if (!opening) return undefined;
  const body: string[] = opening[1] ? [opening[1]] : [];
  for (let index = open + 1; index < Math.min(lines.length, open + 40); index++) {
    if (DOC_BLOCK_CLOSE.test(lines[index]!)) return body;
    body.push(lines[index]!);
  }
  return body;
}

/**
 * The agent's words before a call: its text in the message that made the call, else in the nearest assistant
 * message before it with text (a few messages back at most: "Now let me create the library structure"), never
 * across a prompt of the user's.
 */
function narrationOf(messages: readonly Message[], index: number, call: ToolCallBlock): string {
  const textOf = (message: Message, upTo?: ToolCallBlock) => {
    if (message.role !== 'assistant') return '';
    const texts: string[] = [];
    for (const block of message.content) {
      if (block === upTo) break;
      if (block.type === 'text') texts.push(block.text);
    }
    return texts.join('\n');
  };
  const own = textOf(messages[index]!, call);
  if (own.trim()) return own.slice(-600);
  for (let back = index - 1; back >= Math.max(0, index - 4); back--) {
    // Words said before the user's prompt answered what came before it, not the call the prompt asked for.
    if (isPrompt(messages[back]!)) break;
    const text = textOf(messages[back]!);
    if (text.trim()) return text.slice(-600);
  }
  // An agent that narrates only in its reasoning (Codex's "**Adding new API route file**"): its heading says it.
  const thought = thinkingOf(messages[index]!);
  return /^\s*\*\*([^*\n]{8,120})\*\*/.exec(thought)?.[1] ?? '';
}

/** The reasoning of the message that made a call, when it opens with no heading: its last words, nearest the call. */
function reasoningOf(message: Message): string {
  const thought = thinkingOf(message);
  return /^\s*\*\*/.test(thought) ? '' : thought.slice(-600);
}

/** An assistant message's reasoning, or nothing. */
function thinkingOf(message: Message): string {
  if (message.role !== 'assistant') return '';
  const thought = message.content.find((block) => block.type === 'thinking');
  return thought?.type === 'thinking' ? thought.thinking : '';
}

/** A commit the agent made: where, its subject line, and what is known of the files it took. */
export type Commit = { messageIndex: number; subject: string } & CommitScope;

/**
 * The subject of the first commit after a file's first edit that took it in: the agent's own words for what that work
 * did to it ("WP1: Create bash-executor.ts with unified bash execution"), which a handoff tends to repeat. A commit of
 * another folder, or of other paths than `git add` named, says nothing of the file.
 */
function commitAfter(commits: readonly Commit[], messageIndex: number, path: string): string | undefined {
  const subject = commits.find(
    (commit) => commit.messageIndex > messageIndex && takes(commit, path),
  )?.subject;
  return subject !== undefined && !SWEEP_COMMIT.test(subject) ? subject : undefined;
}

// A commit that sweeps up whatever is pending ("Release v0.8.0", "Bump version", "Merge branch …", "wip") says
// nothing of what one file now holds: the file is then told by the edit itself or the agent's words before it.
const SWEEP_COMMIT = /^\s*(?:release|bump|merge|wip\b|version\b|v?\d+\.\d+)/i;

// Files of the agent's own (its plans, settings, memory under ~/.claude/ or ~/.codex/): no part of the work.
const AGENT_FILE = /(?:^|\/)\.(?:claude|codex|pi)\//;

/** A file's modifying operations before the cut, each with its call, in order. */
type FileEdits = {
  path: string;
  created: boolean;
  edits: Array<{ operation: FileOperation; call: ToolCallBlock; index: number }>;
};

/** The files the agent modified, each with its edits in order and whether its first touch made it. */
function modifiedFiles(messages: readonly Message[], operations: readonly FileOperation[]): FileEdits[] {
  const calls = new Map<string, { call: ToolCallBlock; index: number }>();
  messages.forEach((message, index) => {
    for (const call of toolCallsOf(message)) calls.set(call.id, { call, index });
  });
  const files = new Map<string, FileEdits>();
  for (const operation of operations) {
    if (AGENT_FILE.test(operation.path)) continue;
    let file = files.get(operation.path);
    if (!file) {
      // A file whose first touch is a write was created by the agent; one read or edited first already existed.
      file = { path: operation.path, created: operation.kind === 'write', edits: [] };
      files.set(operation.path, file);
    }
    const found = calls.get(operation.toolCallId);
    if (operation.kind !== 'read' && found)
      file.edits.push({ operation, call: found.call, index: found.index });
  }
  return [...files.values()].filter((file) => file.edits.length > 0);
}

// A shell command that removes files: `rm`, `git rm`, `unlink`, each with what it is given up to the command's end.
const REMOVE = /(?:^|[\s;&|(])(?:rm|git\s+rm|unlink|trash)\s+([^;&|\n]*)/g;

/**
 * The files that still stand at the end of these messages: one the agent removed with a shell command after its last
 * edit (`rm priv/repo/migrations/…_add_index.exs`, `git rm -f x.ts`) is gone, and what it held is no fact of the work.
 */
function standing(messages: readonly Message[], files: FileEdits[]): FileEdits[] {
  const removals: Array<{ index: number; targets: string }> = [];
  messages.forEach((message, index) => {
    for (const call of toolCallsOf(message)) {
      const command = shellCommand(call);
      if (command === undefined) continue;
      for (const [, targets] of command.matchAll(REMOVE)) removals.push({ index, targets: targets! });
    }
  });
  if (removals.length === 0) return files;
  return files.filter((file) => {
    const last = file.edits.at(-1)!.index;
    return !removals.some(
      ({ index, targets }) =>
        index > last && targets.split(/\s+/).some((target) => namesPath(target, file.path)),
    );
  });
}

// Names an artifact's statement lists beside the one it describes: enough to tell the file, few enough for a sentence.
const LISTED_NAMES = 3;
// Words of a description an artifact's statement takes: about one summary clause.
const DESCRIPTION_WORDS = 12;

/**
 * The artifact probes of a session: one per file the agent modified, live while the file stands. Its statement says
 * what the file now holds as a reader lists it: the file, whether the agent made or changed it, the ticket the work
 * was for, the definitions the edits introduced and what the first described one does (its doc comment), else what
 * the commit that took the edits in says, else what the agent said it was about to do.
 */
export function artifactProbes(
  messages: readonly Message[],
  operations: readonly FileOperation[],
  commits: readonly Commit[] = [],
  salience: Salience = () => 0,
): DraftProbe[] {
  // A word more than a tenth of the messages use is what the whole session is about, no one file's change.
  const common = (word: string) => salience(word) > Math.max(COMMON_FLOOR, messages.length * COMMON_SHARE);
  const files = standing(messages, modifiedFiles(messages, operations)).map((file) => ({
    file,
    changes: file.edits.flatMap(({ call }) => changeOf(call, file.path) ?? []),
  }));
  const shared = sharedNames(files.map(({ changes }) => changes));
  const userText = messages
    .filter(isPrompt)
    .map((message) => contentText(message.content))
    .join('\n');
  // The user's and the tools' lines, read once for every file (a long session's output is megabytes).
  let besideLines: Lines | undefined;
  const beside = () =>
    (besideLines ??= linesOf(
      [
        userText,
        ...messages
          .filter((message) => message.role === 'toolResult')
          .map((message) => contentText(message.content)),
      ].join('\n'),
    ));
  let said: Set<string> | undefined;
  const userWords = () =>
    (said ??= new Set([...userText.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => word)));
  // Where the agent first changed a file that is no test: tests edited after it may only follow that change.
  const firstChange = Math.min(
    ...files.filter(({ file }) => !isTestFile(file.path)).map(({ file }) => file.edits[0]!.index),
  );
  return files.flatMap(({ file, changes }) => {
    const first = file.edits[0]!;
    if (keepsTestsInStep(file.path, file.created, changes, firstChange < first.index, userText)) return [];
    const context: ArtifactContext = {
      narration: narrationOf(messages, first.index, first.call),
      reasoning: reasoningOf(messages[first.index]!),
      commit: commitAfter(commits, first.operation.messageIndex, file.path),
      listed: () => listedChangeOf(messages, first.index, file.path),
      created: file.created,
      shared,
    };
    const [probe, ...others] = artifactProbe(file.path, first.operation.messageIndex, changes, context);
    if (!probe) return [];
    const change = changeWordsOf(changes, file.path, salience, common);
    const told = toldWordsOf(messages, file.path, {
      from: first.index,
      narrations: file.edits.map((edit) => narrationOf(messages, edit.index, edit.call)),
      common,
      userWords,
      salience,
      written: change?.words ?? [],
    });
    const names = addedNamesOf(changes, file.path, salience, beside());
    const removed = removedNamesOf(changes, file.path, salience);
    const draft = {
      ...probe,
      ...(change ? { change } : {}),
      ...(told ? { told } : {}),
      ...(names ? { names } : {}),
      ...(removed ? { removed } : {}),
    };
    // A later description tells the file where the user's words state the first: what its edits wrote is then told
    // by the words the user did not use (the user's messages name the file beside the words they dictated).
    const beyond = change && beyondRequest(change, userWords());
    laterDescriptions.set(
      draft,
      others.map((other) => (beyond ? { ...other, change: beyond } : other)),
    );
    return [draft];
  });
}

/** What a file's edits wrote without the words the user's messages use: none where fewer than two are left. */
function beyondRequest(change: ChangeWords, said: ReadonlySet<string>): ChangeWords | undefined {
  const words = change.words.filter((word) => !said.has(word.toLowerCase()));
  return words.length >= 2 ? { ...change, words } : undefined;
}

// Each artifact draft's other descriptions, in order: kept beside the draft, not in it, so that a probe's shape
// (and its sidecar) is unchanged.
const laterDescriptions = new WeakMap<DraftProbe, DraftProbe[]>();

/**
 * The other ways an artifact draft of `artifactProbes` can tell its file, in order (its next described definitions of
 * code): none for any other draft.
 */
export function laterDescriptionsOf(draft: DraftProbe): readonly DraftProbe[] {
  return laterDescriptions.get(draft) ?? [];
}

// Words any narration of an edit has ("make the key changes", "apply the remaining fixes"): they say an edit is
// coming, not what it does.
const EDIT_NARRATION = new Set(
  (
    'make apply do key main changes change fixes fix updates update edits edit following necessary needed ' +
    'required remaining rest other these those things thing stuff file files code now first next final'
  ).split(' '),
);

// Words a list of changes says of any edit: what was done to a file, not what it now does.
const LIST_EDIT_WORDS = new Set(
  'add added adds adding remove removed removes removing import imports imported using use uses used call calls'.split(
    ' ',
  ),
);

/** Whether what the agent said it was about to do names something beyond an edit coming. */
function saysWhat(said: string): boolean {
  return wordsOf(said).some((word) => isContentWord(word) && !EDIT_NARRATION.has(word.toLowerCase()));
}

/** What is known of an edit besides its text: the agent's words before it, the commit that took it in, whether it made the file. */
type ArtifactContext = {
  narration: string;
  /**
   * The reasoning of the message that made the first edit ("Now I need to add the reset logic before the write."):
   * what an agent that narrates only there says it is about to do, read where nothing else tells the file.
   */
  reasoning: string;
  commit: string | undefined;
  /** The agent's later list item of the file (change-lists.ts), read only where nothing else tells it. */
  listed: () => ListedChange | undefined;
  created: boolean;
  /** Names the edits of several files added (a namespace, a shared helper): they tell no one file's change. */
  shared: ReadonlySet<string>;
};

// A name the edits of this many files add may still be one file's: defined in one, called from another.
const SHARED_BY = 3;

/** The identifiers the edits of more than a few files added. */
function sharedNames(changesByFile: ReadonlyArray<readonly Change[]>): Set<string> {
  const files = new Map<string, number>();
  for (const changes of changesByFile)
    for (const name of new Set(
      changes.flatMap((change) => [...change.added.matchAll(IDENTIFIER)].map(([name]) => name)),
    ))
      files.set(name, (files.get(name) ?? 0) + 1);
  return new Set([...files].filter(([, count]) => count > SHARED_BY).map(([name]) => name));
}

/** The ticket a commit subject names at its end ("feat: add … (spotter-a0y.1)"), or undefined. */
function ticketOf(subject: string | undefined): string | undefined {
  return subject ? /\(([A-Za-z][\w-]*-[\w]+(?:\.\d+)*)\)\s*$/.exec(subject)?.[1] : undefined;
}

/** A commit subject's words without its type prefix and ticket: what the work did. */
function commitWords(subject: string): string {
  return subject
    .replace(/^\s*\w+(?:\([^)]*\))?!?:\s*/, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .trim();
}

/**
 * The artifact in plain words, as a reader lists what a file now holds: "otel.ex created for spotter-4te.1:
 * Spotter.Telemetry.Otel, setup — OpenTelemetry bootstrap and configuration for Spotter".
 */
function artifactStatement(
  name: string,
  context: ArtifactContext,
  names: readonly string[],
  what: string,
): string {
  const ticket = ticketOf(context.commit);
  const head = `${name} ${context.created ? 'created' : 'changed'}${ticket ? ` for ${ticket}` : ''}`;
  const listed = names.length > 0 ? ` ${names.join(', ')}` : '';
  return `${head}:${listed}${what ? `${listed ? ' —' : ''} ${what}` : ''}`;
}

/**
 * The artifact probe of one file, and after it the file's other described definitions of code in order: where the
 * user's own words state the first (their plan named the payload it defines), what the agent wrote beyond the
 * request may still tell it.
 */
function artifactProbe(
  path: string,
  messageIndex: number,
  changes: readonly Change[],
  context: ArtifactContext,
): DraftProbe[] {
  // Every line the edits wrote was taken out again (the work moved elsewhere, or was put back): the file holds
  // nothing of it now.
  if (undone(changes)) return [];
  const name = fileName(path);
  const seen = new Set<string>();
  const takenOut = new Set<string>();
  const definitions = changes.flatMap((change, at) => {
    const lines = change.added.split('\n');
    return definitionsOf(change, path).flatMap((definition) => {
      if (seen.has(definition.name)) return [];
      seen.add(definition.name);
      // A definition a later edit took out (moved to another file, or dropped) is not what the file now holds.
      if (removedLater(changes, at, definition.name, path)) {
        takenOut.add(definition.name);
        return [];
      }
      const doc = definition.heading ? definition.name : docOf(lines, definition.line);
      // A title that repeats the file's name says nothing of it ("# Claude Code Chat History Export" atop
      // claude_code_chat_history_export.md): a handoff names the file and tells what it holds.
      // A description a later edit took out of the doc comment is not what the file says (a line put inside the
      // comment leaves its words there).
      const phrase = plainPhrase(doc);
      const described =
        (definition.heading && titlesFile(doc, name)) ||
        (phrase !== undefined && docTakenBack(changes, at, phrase))
          ? undefined
          : phrase;
      return [{ ...definition, doc, described }];
    });
  });
  // Tests of the work (`mod tests`, `test_reverse_string`, `FooTest`) are not what the file now does.
  const own = definitions.filter((definition) => definition.heading || !TEST_NAME.test(definition.name));
  const base = { kind: 'artifact' as const, messageIndex, file: path };
  const added = addedList(own, changes, new Set([...context.shared, ...takenOut]));
  const namesWith = (described: (typeof own)[number] | undefined) =>
    [
      ...(described && !described.heading ? [described.name] : []),
      ...own
        .filter((definition) => definition !== described && !definition.heading)
        .map((definition) => definition.name),
    ].slice(0, LISTED_NAMES);
  const describedOnes = own.filter((definition) => definition.described !== undefined);
  const byDefinitions: DraftProbe[] = describedOnes.map((described) => {
    const what = described.heading ? `the section "${described.name}"` : `\`${described.name}\``;
    return {
      ...base,
      question: `What did the edits to ${name} introduce, and what does it do?`,
      answer: `${path} now has ${what}: ${clipWords(described.doc, 200)}${added}`,
      // A heading is its own description; the file it is in ties it down.
      facets: described.heading
        ? [[name], [described.described!]]
        : [[described.name], [described.described!]],
      statement: artifactStatement(
        name,
        context,
        namesWith(described),
        firstWords(described.doc, DESCRIPTION_WORDS),
      ),
    };
  });
  const names = namesWith(undefined);
  // No described definition: the commit that took the edits in says what they were for (also for a file of no
  // definitions: a configuration, a script), else the agent's words before the first edit.
  const committed = context.commit ? plainPhrase(commitWords(context.commit)) : undefined;
  const byCommit: DraftProbe[] =
    context.commit && committed
      ? [
          {
            ...base,
            question: `What did the agent change in ${name}, and why?`,
            answer: `${path}: ${context.created ? 'created' : 'changed'} in the commit "${clipWords(context.commit, 200)}"${added}`,
            facets: [[name], [committed]],
            statement: artifactStatement(
              name,
              context,
              names,
              firstWords(commitWords(context.commit), DESCRIPTION_WORDS),
            ),
          },
        ]
      : [];
  const first = [...byDefinitions, ...byCommit][0];
  if (!first) {
    const narrated = narratedProbe(base, name, changes, context, names, takenOut, added);
    if (narrated.length > 0) return narrated;
    const listed = listedProbe(base, name, context, names, added);
    if (listed.length > 0 || context.narration.trim() !== '') return listed;
    return narratedProbe(
      base,
      name,
      changes,
      { ...context, narration: context.reasoning },
      names,
      takenOut,
      added,
    );
  }
  // Its other described definitions of code: a document's next heading ("Architecture Overview" in a plan the user
  // dictated) is a part of it, not what it holds, and a commit or the agent's words say what the request said.
  return [first, ...byDefinitions.filter((_, at) => at > 0 && !describedOnes[at]!.heading)];
}

// The agent's to-do list updated in the same breath as the edit ("update the todos and create the desktop file"):
// that part is said of the list, not of the file.
const TODO_UPDATE =
  /\b(?:update|mark|check off|tick off)\s+(?:the\s+|my\s+)?(?:todos?|to-dos?|todo list|to-do list|task list)\b(?:\s+(?:as\s+)?(?!and\b)\w+)?\s*(?:,\s*)?(?:and\s+(?:then\s+)?)?/gi;

/** A narration without what it says of the agent's to-do list. */
function withoutTodoUpdate(narration: string): string {
  return narration.replace(TODO_UPDATE, '');
}

/** The artifact told by what the agent said it was about to do, where that names more than an edit coming. */
function narratedProbe(
  base: Pick<DraftProbe, 'kind' | 'messageIndex' | 'file'>,
  name: string,
  changes: readonly Change[],
  context: ArtifactContext,
  listed: readonly string[],
  takenOut: ReadonlySet<string>,
  added: string,
): DraftProbe[] {
  const intent = /\b(?:let me|let's|I'll|I will|I need to|now)\s+/i.exec(context.narration);
  const said = plainPhrase(
    withoutTodoUpdate(intent ? context.narration.slice(intent.index + intent[0].length) : context.narration),
  );
  if (!said || !saysWhat(said)) return [];
  // The names the edits added: its definitions, else the identifiers of its new lines (what a reader names).
  const names = listed.length > 0 ? [...listed] : addedNames(changes).filter((added) => !takenOut.has(added));
  // The answer quotes the agent from the sentence that says what it is about to do: a long narration's opening (a
  // list of what the file will hold, cut mid-word) need not hold the words the facet takes from that sentence.
  const from = intent ? sentenceStart(context.narration, intent.index) : 0;
  return [
    {
      ...base,
      question: `What did the agent change in ${name}, and why?`,
      answer: `${base.file}: ${clipWords(context.narration.slice(from), 200)}${added}`,
      facets: [[name], [said]],
      statement: artifactStatement(name, context, names, said),
    },
  ];
}

/**
 * The artifact told by the agent's own list of changes, where no definition, commit or narration says what its edits
 * did: the item's words after the file's name ("switch callers over to the new sheet API").
 */
function listedProbe(
  base: Pick<DraftProbe, 'kind' | 'messageIndex' | 'file'>,
  name: string,
  context: ArtifactContext,
  listed: readonly string[],
  added: string,
): DraftProbe[] {
  const item = context.listed();
  const said = item && plainPhrase(item.words);
  // An item of a list tells the file only by words of its own: "Added `session` import" and "JSON RPC mode using"
  // leave one word each once the words of any edit are set aside.
  const telling = (said ? wordsOf(said) : []).filter(
    (word) =>
      isContentWord(word) &&
      !EDIT_NARRATION.has(word.toLowerCase()) &&
      !LIST_EDIT_WORDS.has(word.toLowerCase()),
  );
  if (!item || !said || telling.length < 2) return [];
  return [
    {
      ...base,
      question: `What did the agent change in ${name}, and what for?`,
      answer: `${base.file}: ${clipWords(item.words, 200)}${added}`,
      facets: [[name], [said]],
      statement: artifactStatement(name, context, listed, firstWords(item.words, DESCRIPTION_WORDS)),
    },
  ];
}

// Words any document's title may add to what it is about: they tell no document from another. Folded on first use:
// folding builds the synonym table (stemming every form), 10-17 ms that loading the module paid before a compare's
// first call.
let documentWords: Set<string> | undefined;
const isDocumentWord = (term: string): boolean =>
  (documentWords ??= new Set(
    meaningTerms('guide readme document documentation docs overview introduction notes reference manual').map(
      (folded) => folded.term,
    ),
  )).has(term);

/** Whether a title says no more than the name of its file (and words any document's title has). */
function titlesFile(title: string, file: string): boolean {
  const own = new Set(meaningTerms(file).map((term) => term.term));
  const terms = meaningTerms(title);
  return terms.length > 0 && terms.every((term) => own.has(term.term) || isDocumentWord(term.term));
}

// An identifier as code writes it.
const IDENTIFIER = CODE_NAME;

// Names an artifact's answer lists as what the edits added: the definitions and identifiers a summary names the change by.
const ADDED_NAMES = 8;

/** The names the edits added, as the answer lists them ("(it added `a`, `b`)"), or nothing when there are none. */
function addedList(
  own: readonly Definition[],
  changes: readonly Change[],
  shared: ReadonlySet<string>,
): string {
  const names = [
    ...new Set([
      ...own.filter((definition) => !definition.heading).map((definition) => definition.name),
      ...addedNames(changes, ADDED_NAMES * 2),
    ]),
  ]
    .filter((name) => own.some((definition) => definition.name === name) || !shared.has(name))
    .slice(0, ADDED_NAMES);
  return names.length > 0 ? ` (it added ${names.map((name) => `\`${name}\``).join(', ')})` : '';
}

/** The identifiers the changes' new lines hold that the replaced text did not, most used first (at most a few). */
function addedNames(changes: readonly Change[], count = LISTED_NAMES): string[] {
  const counts = new Map<string, number>();
  for (const change of changes)
    for (const [name] of change.added.matchAll(IDENTIFIER))
      if (!change.removed.includes(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name]) => name);
}

// The name of a test, a test module or a test case.
const TEST_NAME = /^(?:tests?|describe|it)$|^test_|_test$|Test$|^Test/;

/** The first `count` words of a text. */
function firstWords(text: string, count: number): string {
  return text.split(/\s+/).filter(Boolean).slice(0, count).join(' ');
}

/** Where the sentence holding `at` starts: after the last sentence end or line break before it. */
function sentenceStart(text: string, at: number): number {
  const before = text.slice(0, at);
  const ends = [...before.matchAll(/[.!?:]\s+|\n/g)];
  const last = ends.at(-1);
  return last ? last.index + last[0].length : 0;
}

// Words of code's syntax and of any program's plumbing: a line of any file has them, and they tell no change.
const SYNTAX_WORDS = new Set(
  (
    'const let var function return if else elif for while do switch case break continue default import export from ' +
    'as type interface class extends implements new this self super true false null nil none undefined void async ' +
    'await yield try catch finally throw throws raise except def fn pub use mod struct impl enum trait where match ' +
    'string number boolean bool int float str any unknown never object array map set list dict static ' +
    'public private protected readonly abstract final package func go defer chan err ok println printf fmt require ' +
    'module end then local echo fi done esac elif endif include static void char long short unsigned typeof ' +
    'instanceof delete in of is not and or with lambda pass global assert let mut ref move crate'
  ).split(' '),
);
// Words said of any file or any work (artifact-described.ts's generic and edit words): they tell no one file.
const ANY_FILE_WORDS = new Set(
  (
    'code source project repository configuration config relevant related hold holds contain contains file files ' +
    'change changes changed update updated edit edited new now work package todo fixme note'
  ).split(' '),
);
// Names of files any project has: said as a word, they name no one file ("main", "index", "the config").
const GENERIC_STEMS = new Set(
  (
    'index main mod lib utils util types type config settings app init setup test tests spec common helpers ' +
    'helper constants schema models model api server client core base readme changelog license makefile package ' +
    'build default defaults style styles global globals'
  ).split(' '),
);
// The share of a session's messages beyond which a word is common to the whole session.
const COMMON_SHARE = 0.1;
// In a short session a word of the change is in the edit, the agent's words and a check's output: not yet common.
const COMMON_FLOOR = 4;
// Enough of a change's words for a summary's sentence to be checked against: its rarest in the session.
const CHANGE_WORDS = 30;

// Files of prose or of values (a document, a configuration): every word of them is said, not only their comments.
const PROSE_FILE = /\.(?:md|markdown|mdx|txt|rst|adoc)$/i;
// A comment's text (after `//`, `#`, `--`, `/*`, `*`, `;;` or a docstring's quotes) and a string literal's.
const COMMENT = /(?:\/\/|#(?![!\[{])|--|\/\*+|^\s*\*|;;|"""|''')(.*)$/;
const STRING = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;

/**
 * What a line of the change says in words: all of it in a document or a configuration; in code its comment, its
 * strings and its numbers (a bare word of code is a name: `attempts`, `sleep`, which a list of the file's names holds).
 */
function saidOn(line: string, prose: boolean): string {
  if (prose) return line;
  const comment = COMMENT.exec(line);
  const code = comment ? line.slice(0, comment.index) : line;
  const strings = [...code.matchAll(STRING)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
  const numbers = code.match(/\b\d{2,}\b/g) ?? [];
  return [comment?.[1] ?? '', ...strings, ...numbers].join(' ');
}

/** The bare words of a line's code (no comment, no string): names, which a list of the file's names holds. */
function codeNamesOn(line: string): string[] {
  const comment = COMMENT.exec(line);
  const code = (comment ? line.slice(0, comment.index) : line).replace(STRING, ' ');
  return (code.match(/[\p{L}\p{N}_$]+/gu) ?? []).map((word) => word.toLowerCase());
}

/**
 * What a file's edits wrote, as a summary tells the change: the words (letters only: an identifier is a name, which a
 * bag of names holds; in code, those of its comments and strings only) and numbers of two digits or more of each new
 * line (a line its edit's replaced text did not hold), without syntax keywords, words said of any file, the file's
 * own name parts and the session's `common` words; its rarest first. The file's name without its extension is given
 * as its stem when it is no common word either (a summary writes "Footer:" for footer.ts, not "Theme:" for theme.ts
 * in a session about themes).
 */
export function changeWordsOf(
  changes: readonly Change[],
  path: string,
  salience: Salience,
  common: (word: string) => boolean,
): ChangeWords | undefined {
  const name = fileName(path);
  const stem = name.replace(/\.[^.]+$/, '');
  const own = new Set(meaningTerms(name).map((term) => term.term));
  // A name the edits defined (a function, a key: `init`, `touch`, `version`) is a name, which a list of the file's
  // names holds: no word said of the change.
  const defined = new Set(
    changes.flatMap((change) =>
      definitionsOf(change, path)
        .filter((definition) => !definition.heading)
        .map((definition) => definition.name.toLowerCase()),
    ),
  );
  const prose = PROSE_FILE.test(path) || KEYED_FILE.test(path);
  // A word the code also uses as a name (`attempts` in a comment and as a parameter) is a name too.
  const named = new Set(
    prose ? [] : changes.flatMap((change) => change.added.split('\n').flatMap(codeNamesOn)),
  );
  const seen = new Map<string, string>();
  for (const change of changes) {
    const replaced = new Set(change.removed.split('\n').map((line) => line.trim()));
    for (const line of change.added.split('\n')) {
      if (replaced.has(line.trim())) continue;
      for (const [token] of saidOn(line, prose).matchAll(/[\p{L}\p{N}_$]+/gu)) {
        const word = /^\p{L}[\p{Ll}]*$/u.test(token) && token.length >= 3 ? token.toLowerCase() : undefined;
        const number = /^\d{2,}$/.test(token) ? token : undefined;
        const said = word ?? number;
        if (said === undefined || seen.has(said) || defined.has(said) || (word && named.has(word))) continue;
        if (word && (SYNTAX_WORDS.has(word) || ANY_FILE_WORDS.has(word) || !isContentWord(word))) continue;
        if (common(said)) continue;
        const terms = meaningTerms(said);
        if (terms.length !== 1 || own.has(terms[0]!.term)) continue;
        seen.set(said, terms[0]!.term);
      }
    }
  }
  // One word a term: "pads" and "padding" are one word of the change.
  const byTerm = new Map<string, string>();
  for (const [said, term] of seen) if (!byTerm.has(term)) byTerm.set(term, said);
  const words = [...byTerm.values()].sort((a, b) => salience(a) - salience(b));
  if (words.length < 2) return undefined;
  // A name of several words is as rare as its rarest ("truncated-text" in a session about text); a name any project's
  // files take ("index", "main", "types") names no one file.
  const stemWords = stem.split(/[-_.]|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  const namedBy =
    !GENERIC_STEMS.has(stem.toLowerCase()) && stemWords.some((word) => !common(word.toLowerCase()));
  return { words: words.slice(0, CHANGE_WORDS), ...(namedBy && stem !== name ? { stem } : {}) };
}
