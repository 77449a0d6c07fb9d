/**
 * Artifact probes: what the agent's edits introduced in each modified file, from the edit and write tools'
 * arguments (an edit's new text, a written file's content, a patch's added lines, a heredoc written by the shell).
 * A probe names a definition the edits added (a function, type, constant, heading, key) together with what it does
 * in plain words (its doc comment, or the agent's words around the edit), so a list of paths or identifiers cannot
 * keep it: it needs what changed, not only the name.
 */
import { basename } from 'node:path';
import type { FileOperation, Message, ToolCallBlock } from '../../session/types.ts';
import { toolCallsOf } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, clausesOf, isContentWord, sentencesOf, wordsOf } from './phrases.ts';

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
  const name = basename(path);
  const added: string[] = [];
  const removed: string[] = [];
  let inFile = !/^(?:\*\*\* (?:Add|Update) File:|\+\+\+ |diff --git )/m.test(patch);
  for (const line of lines) {
    const header =
      /^(?:\*\*\* (?:Add|Update|Delete) File:\s*|\+\+\+ (?:b\/)?|diff --git a\/\S+ b\/)(\S+)/.exec(line);
    if (header) {
      inFile = basename(header[1]!) === name;
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

const DEFINITION =
  /^\s*(?:export\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\s*\*?|class|interface|type|enum|struct|trait|def|fn|func|mod|module|const|let|var|impl(?:<[^>]*>)?|defp?|defmacrop?|defmodule|defprotocol|defimpl)\s+([A-Za-z_$][\w$]*(?:\.[A-Z][\w$]*)*)/;
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
 * message before it with text (a few messages back at most: "Now let me create the library structure").
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
    const text = textOf(messages[back]!);
    if (text.trim()) return text.slice(-600);
  }
  return '';
}

/** A commit the agent made: where, and its subject line. */
export type Commit = { messageIndex: number; subject: string };

/**
 * The subject of the first commit after a file's first edit: the agent's own words for what that work did to it
 * ("WP1: Create bash-executor.ts with unified bash execution"), which a handoff tends to repeat.
 */
function commitAfter(commits: readonly Commit[], messageIndex: number): string | undefined {
  const subject = commits.find((commit) => commit.messageIndex > messageIndex)?.subject;
  return subject !== undefined && !SWEEP_COMMIT.test(subject) ? subject : undefined;
}

// A commit that sweeps up whatever is pending ("Release v0.8.0", "Bump version", "Merge branch …", "wip") says
// nothing of what one file now holds: the file is then told by the edit itself or the agent's words before it.
const SWEEP_COMMIT = /^\s*(?:release|bump|merge|wip\b|version\b|v?\d+\.\d+)/i;

/**
 * The artifact probes of a session: one per modified file, from the first edit that introduced a described name,
 * told in the words of the commit that took it in when there is one.
 */
export function artifactProbes(
  messages: readonly Message[],
  operations: readonly FileOperation[],
  commits: readonly Commit[] = [],
): DraftProbe[] {
  const calls = new Map<string, { call: ToolCallBlock; index: number }>();
  messages.forEach((message, index) => {
    for (const call of toolCallsOf(message)) calls.set(call.id, { call, index });
  });
  const done = new Set<string>();
  const created = new Set<string>();
  const seen = new Set<string>();
  const probes: DraftProbe[] = [];
  for (const operation of operations) {
    // A file whose first touch is a write was created by the agent; one read or edited first already existed.
    if (!seen.has(operation.path) && operation.kind === 'write') created.add(operation.path);
    seen.add(operation.path);
    if (operation.kind === 'read' || done.has(operation.path)) continue;
    const found = calls.get(operation.toolCallId);
    if (!found) continue;
    const change = changeOf(found.call, operation.path);
    if (!change) continue;
    const context: ArtifactContext = {
      narration: narrationOf(messages, found.index, found.call),
      commit: commitAfter(commits, operation.messageIndex),
      created: created.has(operation.path),
    };
    const probe = artifactProbe(operation, change, context);
    if (probe) {
      probes.push(probe);
      done.add(operation.path);
    }
  }
  return probes;
}

// Words any narration of an edit has ("make the key changes", "apply the remaining fixes"): they say an edit is
// coming, not what it does.
const EDIT_NARRATION = new Set(
  (
    'make apply do key main changes change fixes fix updates update edits edit following necessary needed ' +
    'required remaining rest other these those things thing stuff file files code now first next final'
  ).split(' '),
);

/** Whether what the agent said it was about to do names something beyond an edit coming. */
function saysWhat(said: string): boolean {
  return wordsOf(said).some((word) => isContentWord(word) && !EDIT_NARRATION.has(word.toLowerCase()));
}

/** What is known of an edit besides its text: the agent's words before it, the commit that took it in, whether it made the file. */
type ArtifactContext = { narration: string; commit: string | undefined; created: boolean };

/** The artifact in plain words: the file, whether it was made or changed, and what the commit or the edit says of it. */
function artifactStatement(name: string, context: ArtifactContext, what: string): string {
  // A commit subject says in its own verb what happened ("Create …", "Fix …").
  return context.commit
    ? `${name}: ${context.commit}`
    : `${name} ${context.created ? 'created' : 'changed'}: ${what}`;
}

function artifactProbe(
  operation: FileOperation,
  change: Change,
  context: ArtifactContext,
): DraftProbe | undefined {
  const name = basename(operation.path);
  const lines = change.added.split('\n');
  const definitions = definitionsOf(change, operation.path);
  for (const definition of definitions) {
    const doc = definition.heading ? definition.name : docOf(lines, definition.line);
    const described = plainPhrase(doc);
    if (!described) continue;
    const what = definition.heading ? `the section "${definition.name}"` : `\`${definition.name}\``;
    return {
      kind: 'artifact',
      messageIndex: operation.messageIndex,
      file: operation.path,
      question: `What did the edits to ${name} introduce, and what does it do?`,
      answer: `${operation.path} now has ${what}: ${clipWords(doc, 200)}`,
      // A heading is its own description; the file it is in ties it down.
      facets: definition.heading ? [[name], [described]] : [[definition.name], [described]],
      statement: artifactStatement(name, context, `${definition.name} ${doc}`),
    };
  }
  const added = definitions[0]?.name;
  // No described definition: the commit that took the edit in says what it was for (also for a file of no
  // definitions: a configuration, a script), else the agent's words before the edit (what it said it was about to do).
  const committed = context.commit ? plainPhrase(context.commit) : undefined;
  if (context.commit && committed) {
    return {
      kind: 'artifact',
      messageIndex: operation.messageIndex,
      file: operation.path,
      question: `What did the agent change in ${name}, and why?`,
      answer: `${operation.path}: ${context.created ? 'created' : 'changed'} in the commit "${clipWords(context.commit, 200)}"${added ? ` (it added \`${added}\`)` : ''}`,
      facets: [[name], [committed]],
      statement: artifactStatement(name, context, context.commit),
    };
  }
  if (added === undefined) return undefined;
  const intent = /\b(?:let me|let's|I'll|I will|I need to|now)\s+/i.exec(context.narration);
  const said = intent ? plainPhrase(context.narration.slice(intent.index + intent[0].length)) : undefined;
  if (!intent || !said || !saysWhat(said)) return undefined;
  // The answer quotes the agent from the sentence that says what it is about to do: a long narration's opening (a
  // list of what the file will hold, cut mid-word) need not hold the words the facet takes from that sentence.
  const from = sentenceStart(context.narration, intent.index);
  return {
    kind: 'artifact',
    messageIndex: operation.messageIndex,
    file: operation.path,
    question: `What did the agent change in ${name}, and why?`,
    answer: `${operation.path}: ${clipWords(context.narration.slice(from), 200)} (it added \`${added}\`)`,
    facets: [[name], [said]],
    statement: artifactStatement(name, context, `${said} ${added}`),
  };
}

/** Where the sentence holding `at` starts: after the last sentence end or line break before it. */
function sentenceStart(text: string, at: number): number {
  const before = text.slice(0, at);
  const ends = [...before.matchAll(/[.!?:]\s+|\n/g)];
  const last = ends.at(-1);
  return last ? last.index + last[0].length : 0;
}
