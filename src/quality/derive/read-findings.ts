/**
 * What the agent learnt from files it read, as it reported it: an item of a section of its own message that says
 * what is there now (a "Current State", "Findings", "What I found", "Existing …", "Observations" heading) and names a
 * file the agent read before and did not edit is a finding about that file, an artifact probe: its statement the
 * item in the agent's words, its facet the item's key phrase, never the file's name alone (a path list or an
 * identifier bag keeps none). An item that closes on a citation of files it read (Codex's `(a.ts:3, b.ts:9)`) is a
 * finding about each of them: its statement the claim's prose without its names, its facets the file's name and a
 * phrase of plain words, kept only whole, and read by its facets alone where the opening words of the tool results
 * before it state the claim. A file the work changed (the agent's edits, a subagent's reported change, `git status`'s
 * modified line) has the change's probe instead; a file reported on again has the latest report.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { FileOperation, Message } from '../../session/types.ts';
import { contentText } from '../../session/types.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import { createMatcher } from '../match.ts';
import { extractPaths } from '../paths.ts';
import { probeOutcome } from '../probe-recall.ts';
import { agentProse } from './decisions.ts';
import type { DraftProbe } from './draft.ts';
import { isFacetWord } from './facet-words.ts';
import { clipWords, keyPhrase } from './phrases.ts';
import { sessionSalience, type Salience } from './salience.ts';
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
// The parenthesis an item closes on ("… through destructured exports (`crud.ts:6`, `createService.ts:1`).").
const CLOSING_PARENTHESIS = /\(([^()]*)\)[.;]?\s*$/;

// About one sentence of a handoff: what the agent said of the file.
const STATEMENT_CHARS = 240;

// A `git status` line of a changed file: "\tmodified:   cmd/explain.go".
const STATUS_MODIFIED = /^\s*modified:\s+(\S+)\s*$/gm;

/** The files (by name) a tool's output lists as modified in the work tree, as `git status` does. */
function statusModified(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'toolResult'
      ? [...contentText(message.content).matchAll(STATUS_MODIFIED)].map((match) => fileName(match[1]!))
      : [],
  );
}

/**
 * One item of a findings section: its text without markup and its file's paths, where it was said, and for a claim
 * citing several files, the claim as written (its phrase is read there, where a path still parts the words around it).
 */
type Finding = { text: string; messageIndex: number; claim?: string };

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

/**
 * The files an item cites as its evidence: read files that alone fill the parenthesis it closes on, as Codex backs a
 * claim with `path:line` references. The claim is what the agent found in each of them; two files named in its prose
 * ("db.ts and create.ts assume …") are compared, and cite nothing.
 */
function citedFiles(text: string, read: ReadonlySet<string>): { files: string[]; claim: string } | undefined {
  const closing = CLOSING_PARENTHESIS.exec(text);
  if (!closing) return undefined;
  const paths = extractPaths(closing[1]!);
  const rest = paths.reduce((left, path) => left.split(path).join(' '), closing[1]!).replace(/:\d+/g, ' ');
  if (paths.length < 2 || /[\p{L}\d]/u.test(rest.replace(/\b(?:and|see)\b/g, ' '))) return undefined;
  const files = paths.map((path) => path.replace(LINE_SUFFIX, ''));
  if (!files.every((file) => read.has(fileName(file)))) return undefined;
  return { files, claim: text.slice(0, closing.index).trim() };
}

// A word of prose, not a name: letters only, capital at most the first ("Consumers", not "Result-wrapped" or "getAll").
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;

/**
 * A text with each word that is no plain word, or none a facet keeps (a slip of the keyboard, filler), turned into a
 * clause break, so that no phrase holds or spans one.
 */
function namesAsBreaks(text: string, salience: Salience): string {
  return text
    .split(/\s+/)
    .map((word) => {
      const plain = word.replace(/^[("'“]+|[)"'”.,;:!?]+$/g, '');
      return PLAIN_WORD.test(plain) && isFacetWord(plain, salience) ? word : ';';
    })
    .join(' ');
}

// A word of prose in a statement: lower-case words, hyphenated too ("front-end"), or one capital first ("Context").
const PROSE_WORD = /^(?:[a-z]+(?:-[a-z]+)*|[A-Z][a-z]+)$/;

/**
 * A claim's prose: its words without the names and paths among them (`createService`, `getAll`, `@repo/services`,
 * "Result-wrapped"), which the files' heads and a bag of the session's identifiers hold as well; what is left is what
 * the agent said of the files.
 */
function withoutNames(claim: string): string {
  return claim
    .split(/\s+/)
    .map((word) => {
      // A name goes, the punctuation around it stays: "(createService," leaves "(,".
      const [, before, core, after] = /^([("'“]*)(.*?)([)"'”.,;:!?]*)$/.exec(word)!;
      return PROSE_WORD.test(core!) || core === '+' ? word : `${before}${after}`;
    })
    .join(' ')
    .replace(/\(\s*[,;.\s]*\)/g, ' ')
    .replace(/\(\s*[,;]\s*/g, '(')
    .replace(/\s*[,;]\s*\)/g, ')')
    .replace(/\s+([,.;:)])/g, '$1')
    .replace(/([,;])(?:\s*[,;])+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.]+|[\s,;:]+$/g, '')
    .trim();
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
  salience: Salience = sessionSalience(messages),
): DraftProbe[] {
  // A file the work changed since (the agent's edits, a subagent's reported change, `git status` listing it
  // modified) holds what the work made of it: the reading before is history, and the change has its own probe.
  const edited = new Set([
    ...fileOperations
      .filter((operation) => operation.kind !== 'read')
      .map((operation) => fileName(operation.path)),
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
        .map((operation) => fileName(operation.path)),
    );
    for (const text of items) {
      const cited = citedFiles(text, read);
      if (cited) {
        for (const file of cited.files)
          if (!edited.has(fileName(file)))
            latest.set(fileName(file), {
              path: file,
              finding: {
                text: withoutNames(cited.claim),
                messageIndex,
                claim: cited.claim,
              },
            });
        continue;
      }
      const paths = extractPaths(text);
      const files = paths
        .map((path) => path.replace(LINE_SUFFIX, ''))
        .filter((path) => read.has(fileName(path)));
      // An item about one file: one naming several compares them, which is no finding about either.
      if (files.length !== 1 || edited.has(fileName(files[0]!))) continue;
      latest.set(fileName(files[0]!), {
        path: files[0]!,
        finding: { text: saidOf(text, paths), messageIndex },
      });
    }
  });
  return [...latest.values()].flatMap(({ path, finding }) => {
    const name = fileName(path);
    // A claim cited for several files is told by its prose: a phrase of plain words, which no bag of the files'
    // names and identifiers holds ("Result-wrapped", `afterBuildQuery`, `getAll` part the phrases around them).
    const phrase = keyPhrase(finding.claim ? namesAsBreaks(finding.claim, salience) : finding.text);
    if (!phrase) return [];
    const draft: DraftProbe = {
      kind: 'artifact',
      messageIndex: finding.messageIndex,
      file: path,
      question: `What did the agent find ${name} holds?`,
      answer: `${path}, as the agent found it: ${clipWords(finding.text, 600)}`,
      facets: [[phrase]],
      statement: `${name}: ${clipWords(finding.text, STATEMENT_CHARS)}`,
    };
    if (!finding.claim) return [draft];
    // A claim cited for several files is one claim of each, told apart by the file's name beside its phrase, and
    // kept only whole: its words are said of all of them, and the file's name alone is no half of it.
    const cited: DraftProbe = { ...draft, facets: [[name], [phrase]], partialCredit: false };
    return withoutHeadsStatement(cited, messages.slice(0, finding.messageIndex));
  });
}

// The words of a tool result's opening a bag of them takes: about a line of a file as read.
const HEAD_WORDS = 8;

/**
 * A cited claim read against the opening words of each tool result before it (the files' first lines, as read): a
 * claim whose statement they state by its names (`crudIssues.ts import createService from repo/services … export`
 * for "crud.ts: wraps … a uniform service … destructured exports") is read by its facets alone, and one whose facets
 * they state is none of the agent's.
 */
function withoutHeadsStatement(draft: DraftProbe, history: readonly Message[]): DraftProbe[] {
  const heads = history
    .filter((message) => message.role === 'toolResult')
    .map((message) =>
      (contentText(message.content).match(/[\p{L}\p{N}_'’./-]+/gu) ?? []).slice(0, HEAD_WORDS),
    )
    .filter((words) => words.length > 0)
    .map((words) => `${words.join(' ')}.`)
    .join('\n');
  const matcher = createMatcher(heads);
  const read = (probe: DraftProbe) =>
    probeOutcome(matcher, { ...probe, id: 'draft', contradictions: [], source: 'derived' });
  if (read(draft) === 'missed') return [draft];
  const { statement: _stated, ...facetsOnly } = draft;
  return read(facetsOnly) === 'missed' ? [facetsOnly] : [];
}
