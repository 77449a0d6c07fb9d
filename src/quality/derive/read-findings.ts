/**
 * What the agent learnt from files it read, as it reported it: an item of a section of its own message that says
 * what is there now (a "Current State", "Findings", "What I found", "Existing …", "Observations" heading) and names a
 * file the agent read before and did not edit is a finding about that file, an artifact probe: its statement the
 * item in the agent's words, its facet the item's key phrase, never the file's name alone (a path list or an
 * identifier bag keeps none). A file the work changed (the agent's edits, a subagent's reported change, `git status`'s
 * modified line) has the change's probe instead; a file reported on again has the latest report.
 */
import { basename } from 'node:path';
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import { extractPaths } from '../paths.ts';
import { agentProse } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase } from './phrases.ts';
import { subagentChangedFiles } from './subagent-changes.ts';

// A heading over what the agent found: the code base as it is, not what it proposes or did.
const FINDINGS_HEADING =
  /^(?:current (?:state|status|setup|architecture|implementation|design|code|behaviou?r|situation|structure)|(?:key |main )?findings|what i (?:found|learned|learnt|saw)|observations?|existing (?:code|setup|architecture|implementation|patterns?|structure|infrastructure)|codebase (?:overview|review|analysis|findings)|how it works (?:today|now)|as[- ]is)\b/i;
// A heading line: '#' headings and a bold line of its own ("**Current State**", "**Findings:**").
const HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*$|\*\*([^*]+?)\*\*:?\s*$)/;
// A list item, its text.
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.+?)\s*$/;
// A path's line or line and column (`db.ts:14`, `a.ts:3:7`), which names the same file.
const LINE_SUFFIX = /(?::\d+)+$/;

// About one sentence of a handoff: what the agent said of the file.
const STATEMENT_CHARS = 240;

// A `git status` line of a changed file: "\tmodified:   cmd/explain.go".
const STATUS_MODIFIED = /^\s*modified:\s+(\S+)\s*$/gm;

/** The files (by name) a tool's output lists as modified in the work tree, as `git status` does. */
function statusModified(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'toolResult'
      ? [...contentText(message.content).matchAll(STATUS_MODIFIED)].map((match) => basename(match[1]!))
      : [],
  );
}

/** One item of a findings section: its text without markup, and where it was said. */
type Finding = { text: string; messageIndex: number };

/** The items of the findings sections of one message. */
function findingItems(text: string): string[] {
  const items: string[] = [];
  let inFindings = false;
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      inFindings = FINDINGS_HEADING.test((heading[1] ?? heading[2] ?? '').trim());
      continue;
    }
    const item = ITEM.exec(line);
    if (inFindings && item) items.push(item[1]!.replace(/\*\*|__|`/g, '').replace(/\s+/g, ' '));
  }
  return items;
}

/** The text of a finding with its file's paths taken out: what it says of the file. */
function saidOf(text: string, paths: readonly string[]): string {
  let said = text;
  for (const path of paths) said = said.replace(new RegExp(`${escapeRegExp(path)}(?::\\d+)*`, 'g'), ' ');
  return (
    said
      .replace(/\(\s*(?:for example|e\.g\.)\s*\)/g, ' ')
      .replace(/\s+([,.;:])(?=\s|$)/g, '$1')
      .replace(/\s+/g, ' ')
      .replace(/^[\s,:;–—-]+/, '')
      .trim()
      // A sentence that leads in to a nested list ("Currently shows:") says nothing of its own.
      .replace(/(?:^|(?<=[.;]))[^.;]*:$/, '')
      .trim()
  );
}

/**
 * Artifact probes of the files the agent reported on in a findings section before the end of `messages`: each file
 * read before the report and never edited, told by the latest item naming it.
 */
export function readFindingProbes(
  messages: readonly Message[],
  fileOperations: readonly FileOperation[],
): DraftProbe[] {
  // A file the work changed since (the agent's edits, a subagent's reported change, `git status` listing it
  // modified) holds what the work made of it: the reading before is history, and the change has its own probe.
  const edited = new Set([
    ...fileOperations
      .filter((operation) => operation.kind !== 'read')
      .map((operation) => basename(operation.path)),
    ...subagentChangedFiles(messages),
    ...statusModified(messages),
  ]);
  const latest = new Map<string, { path: string; finding: Finding }>();
  messages.forEach((message, messageIndex) => {
    if (message.role !== 'assistant') return;
    const items = findingItems(agentProse(message));
    if (items.length === 0) return;
    // Files read before the report, by name: a shell read is recorded relative to its working folder.
    const read = new Set(
      fileOperations
        .filter((operation) => operation.kind === 'read' && operation.messageIndex < messageIndex)
        .map((operation) => basename(operation.path)),
    );
    for (const text of items) {
      const paths = extractPaths(text);
      const files = paths
        .map((path) => path.replace(LINE_SUFFIX, ''))
        .filter((path) => read.has(basename(path)));
      // An item about one file: one naming several compares them, which is no finding about either.
      if (files.length !== 1 || edited.has(basename(files[0]!))) continue;
      latest.set(basename(files[0]!), {
        path: files[0]!,
        finding: { text: saidOf(text, paths), messageIndex },
      });
    }
  });
  return [...latest.values()].flatMap(({ path, finding }) => {
    const name = basename(path);
    const phrase = keyPhrase(finding.text);
    if (!phrase) return [];
    const said = clipWords(finding.text, STATEMENT_CHARS);
    return [
      {
        kind: 'artifact',
        messageIndex: finding.messageIndex,
        file: path,
        question: `What did the agent find ${name} holds?`,
        answer: `${path}, as the agent found it: ${clipWords(finding.text, 600)}`,
        facets: [[phrase]],
        statement: `${name}: ${said}`,
      },
    ];
  });
}
