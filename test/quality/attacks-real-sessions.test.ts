/**
 * The cheap tricks against the derived probes on every real session at hand (issue 39): the shared transcripts of
 * ../shared/real-sessions/ and every public session ../public-sessions/SOURCES.tsv lists (each skipped, visibly, when
 * absent; the held-out sessions the lead lists are never read). At the first recorded compaction, else at the end:
 * the whole history keeps everything, nothing keeps nothing, a path list (also one glossing each file with the same
 * empty words) and an identifier bag (also one ending each line with two common words) keep at most 0.15, no
 * lexical baseline beats the best core strategy, and a summary stating each fact as false ("It is false that …",
 * "… was not done", "…. This was not done.") keeps none and contradicts each. Where the agent did the work (100 tool calls or more) the user's
 * messages copied verbatim keep at most 0.40, grep's lines at most 0.30, a bag of each file with the words its edits
 * wrote artifacts alone and at most 0.30, and a Claude Code or Codex session has at
 * least 12 live probes at a compaction or at the end. A topic bag (the transcript's frequent words after "The user has
 * views on", "The session is about", …) keeps at most 0.15 through its topic halves; a vague handoff naming each rule
 * and the task by its own words loses exactly that fact with its sentence, and names nothing said the other way.
 * Bags of the top words of each user message, of the first words of each tool result and of the headings of the files
 * read gain no more than 0.15 through halves either. A rule's allowed alternative listed bare among the session's
 * identifiers, or named for another reason, keeps no rule; said with the rule's own verb it keeps it, and that verb
 * negated contradicts it. A check not met yet on a session is a TODO (KNOWN_SHORTFALLS).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createProvider } from '../../src/providers/create.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome, scoreProbes } from '../../src/quality/probe-recall.ts';
import { outcomeCredit } from '../../src/quality/recall-credit.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { mentionsTopic } from '../../src/quality/rule-topic.ts';
import { compactedText } from '../../src/results/assemble.ts';
import { loadSession } from '../../src/session/load.ts';
import { contentText, isPrompt, toolCallsOf, type Session } from '../../src/session/types.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import { identifiersOf } from '../../src/strategies/identifier-bag.ts';
import { sessionPaths } from '../../src/strategies/lexical.ts';
import { STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { PUBLIC_SESSIONS_ROOT } from '../helpers/public-sessions.ts';
import { REAL_SESSIONS } from '../helpers/real-sessions.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

// The folder itself, links resolved: a worktree reaches ../public-sessions through a link, and the lead's held-out
// list lives beside the folder the link points to.
const PUBLIC = existsSync(PUBLIC_SESSIONS_ROOT)
  ? `${realpathSync(PUBLIC_SESSIONS_ROOT)}/`
  : PUBLIC_SESSIONS_ROOT;

/** Every public session beside the repository, as SOURCES.tsv lists them, with what the list says of each. */
function publicSessions(): Array<{ path: string; what: string }> {
  const sources = join(PUBLIC, 'SOURCES.tsv');
  if (!existsSync(sources)) return [];
  return readFileSync(sources, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((fields) => fields.length > 2)
    .map(([repository, , path, , , , what]) => ({ path: `${repository}/${path}`, what: what ?? '' }));
}

/**
 * The held-out transcripts the lead lists: never read here, whatever else is beside the repository. Without the
 * list, every session SOURCES.tsv calls held out is left out, so a missing list never makes a blind session read.
 */
function heldOut(): (entry: { path: string; what: string }) => boolean {
  const list = join(PUBLIC, '..', 'yardstick', 'HELDOUT-SESSIONS.txt');
  if (!existsSync(list)) return ({ what }) => /held-out/i.test(what);
  const paths = readFileSync(list, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  return ({ path }) => paths.some((held) => held.endsWith(path));
}

const isHeldOut = heldOut();
const sessions = [
  ...REAL_SESSIONS,
  ...publicSessions()
    .filter((entry) => !isHeldOut(entry) && existsSync(join(PUBLIC, entry.path)))
    .map(({ path }) => join(PUBLIC, path)),
];

/**
 * Checks of #39 not met yet on a session, by session and check: each shows as a TODO with its figure in every run
 * instead of failing the suite (every other check of that session still asserts). The read-only Codex
 * exploration (rollout 0199812e, at its end) was one, the user's messages 0.583 above the core strategies' 0.575,
 * until the extractive summary read the user's prompt after the editor's header ("# Context from my IDE setup: …
 * ## My request for Codex:"), which had made its goal open with the editor's open tabs and drop the task's title line
 * ("Quality score"), joined the short items of the page filters' list to their lead-in, and stated the sandbox mode the
 * environment context sets: the core strategies 0.867.
 * entireio d0, M-Claude c7d2069e and de73bc86 keep grep and the user's messages under their bounds since probes that
 * state no reader fact left (a fault the user reports set as a rule, a quoted status code as a number, an error fixed
 * before the cut kept live by the issue the agent filed about it).
 * spotter subagent.jsonl and claude-code/edit-tool-variants.jsonl passed a path list glossing each file with empty
 * words ("…: holds relevant project source code and its configuration"), 0.33 and 0.17, until an artifact was no
 * longer told by a generic word ("code" of plan.md's "Setup Code Quality Tools") nor by words said alike of several
 * files (artifact-described.ts, repeated-description.ts): 0.00 on both.
 * edit-tool-variants.jsonl then kept 0.33 through its task with "…: contains the changes made for this task and the
 * related files.": the path's words and "changes" made 0.6 of "Edit <path>, change "hello" to "goodbye"", until words
 * said of any work or file, and names read from a listed path, no longer stood for a statement's content (meaning.ts
 * GENERIC_WORDS): 0.00 on every session.
 */
const KNOWN_SHORTFALLS: ReadonlyMap<string, ReadonlySet<string>> = new Map<string, ReadonlySet<string>>([
  // The topic bags of round s14 (D46, D47) are closed: four frequent-word bags at 0.16-0.17 through
  // subject-mention.ts's halves ("Decisions were made about checkpoint." read as the checkpoint file made; "…, committed,
  // …" as a commit) and the bag in pairs at 0.35 on claude-code/read-tool-variants.jsonl ("the bash these", one word
  // beside a filler) keep no more than their bounds since D52 (round s15).
  // The first eight words of each tool result (D52's new bag) keep more than grep may (0.30) on these 11 sessions, by
  // what the lines state, not by halves (0.00-0.02 of it): "The file …/router.ex has been updated successfully" states
  // the artifact's path beside a word of change, a commit's output its subject, a ticket tool's output the task.
  // Figures of a run of D55's branch; main (1230fcb) measured the same but entireio 77 0.56 and 6d 0.33: git's "Changes
  // not staged for commit" no longer keeps the rule "don't commit" (77 fell), and "commit", no longer denied there,
  // can join a word of the next line as a phrase (6d rose; seen on the tuning cut entire explain-988: "… staged for
  // commit." above "diff --git …" read as "git commit"; not fixed). codex 01997e76, listed at 0.33, measured 0.24 on
  // main too: off the list. Round s16 (D56): entireio 89 fell 0.31 -> 0.25 (its probes of what session/state.go and
  // checkpoint/validators.go now hold, which no tool result's first words state), off the list; pi before-compaction,
  // listed at 0.38, measures 0.35 on that branch.
  // The identifier bag with two common words and no commas between the names (round s16, after D59) kept 0.16-0.24 on
  // four sessions (edit-tool-variants 0.17, de73bc86 0.20, 4d5611e5 0.16, fa812bfe 0.24): names and words read as one
  // clause, a kebab-case name among them (`multi-line`, `single-session`) as prose, and the two words pasted after
  // every line as said of each name. Since D62 (round s17) an item of a run of names is told only by the words right
  // beside it, a kebab-case word in such a run is a name, and words pasted alike beside different names say nothing:
  // 0.00 on all four, and on every other session.
  // Round s18 (D66): a phrase is said within one sentence, so a head ending a sentence no longer joins the next head
  // into one ("… staged for commit." above "diff --git …" as "git commit", "Updated task 3." above "On branch …" as
  // "update this branch"): entireio 6d 0.36 -> 0.26, off the list; pi large 0.44 -> 0.38.
  // Round s21 (D84): a command is stated as it is run, not in other words (other-words.ts): package.json's scripts line
  // "clean npm run clean --workspaces build npm" kept the routine's `npm run build`, npm's banner "publish npm run
  // prepublishOnly npm publish" the next step `npm run publish`. pi large 0.39 -> 0.20, off the list (the check fails
  // if it returns).
  // pi before-compaction was listed here at 0.31 (0.35 before D62). Round s29 (D127): a check's command written as a
  // step to take tells no outcome (check-told.ts): the plan's "- Verify with npm run check - Manual" kept
  // "`npm run check` was run last; it passed" whole, now half. 0.31 -> 0.27, off the list (the check fails if it
  // returns).
  // Round s28 (D124): entireio 72 0.32 -> 0.30 ("Exit code 1 … checkpoint_test.go 432" opens a failed run and says
  // nothing of the test file, artifact-described.ts) and 77 0.47 -> 0.30 ("Task 9 created successfully Run fmt lint
  // and" reports a to-do item made, not the step next, next-said.ts): off the list (the check fails if they return).
  // Round s19 (D73): a ticket's or commit's title line names none of the files changed for it (artifact-context.ts):
  // the tracker's "spotter-gqc.5 Add project-level review page …" kept router.ex's, mix.exs's, … statements whole.
  // spotter 258c7280 0.32 -> 0.22, off the list; ae4a77f8 0.40 -> 0.35, fa812bfe 0.55 -> 0.51.
  // Round s20 (D78): a file's numbered lines run onto one line are its text, not words said of it (meaning.ts
  // `isJoinedListing`): a read's first eight words ("1 defmodule SpotterWeb.SubagentLive do 2 use Phoenix.LiveView 3")
  // told subagent_live.ex's "use the shared computer" and a definition of each module read. spotter 4d5611e5 0.38 ->
  // 0.24, off the list; 8463c716 0.35 -> 0.33, ae4a77f8 0.35 -> 0.34, fa812bfe 0.51 (0.513 -> 0.507).
  // Round s22 (D94): a list of unrelated lines joins no fact across a line's end (line-ends.ts): a line ending a
  // sentence above one that opens none ("…/committed.go 11 - 2 files changed." above "soph/chunking cd13935 fix
  // archive transcript chunk files in.") parts the two, in the literal window and in other words. entireio 72 0.42 ->
  // 0.34, 77 0.48 -> 0.47, ae4a77f8 0.35 -> 0.32, fa812bfe 0.507 -> 0.502; none under 0.30 yet.
  // Round s23 (D99): a tool's report of its write ("File created successfully at <path>") tells no file
  // (write-report.ts), and the first word of a ticket's id (`spotter-fum.2`) names no file of that one word
  // (id-prefix.ts): spotter.css no longer kept by the tracker's title lines nor by its created line. 8463c716 0.333 ->
  // 0.317, fa812bfe 0.502 -> 0.496 (M-Claude c7d2069e, not listed, 0.14 -> 0.11); none under 0.30 yet.
  // Round s28 (D124): a commit's state is told by a word of committing or its hash (commit-told.ts): the tracker's
  // "Closed spotter-fum.1 Enriched …" and git's "On branch spotter-fum Changes not staged for commit" kept
  // "spotter-fum.1 committed (3bb8701) and closed" by the ticket's words alone. 8463c716 0.32 -> 0.26, off the list.
  // Round s35 (D147): spotter ae4a77f8 0.319 -> 0.293, off the list (the check fails if it returns). A tally of no
  // failures is a passing check (subject-mention.ts): "297 tests, 0 failures" had made `mix test`'s state read as a
  // failing one, so a read's "90 spec … ok String.t error 91 defp" half kept it as the tests' problem; and a file's name
  // word said inside the title its ticket or commit gave several files ("spotter-4te.1 Add OTEL dependencies bootstrap
  // and safe runtime") names none of them by its role: runtime.exs's and mix.exs's halves went.
  // fa812bfe (0.46 on main 81c5f60) stays: the epic's title and git's three commit lines state the task and the
  // commits, 0.36 of its five kinds before any artifact, over grep's bound whatever the matcher reads; the bound is what
  // is wrong for a tracker-driven session, not the reading (the lead's call). de73bc86 (0.37) stays: the bag splits the
  // anonymised "/home/[USER]/…" into prose, so the tool's write reports are not read as such.
  // Round s39 (D164): de73bc86 0.35 -> 0.25, off the list (the check fails if it returns). Its state "gh is logged in as
  // mischa-thisness" (0.10 of the bag) was kept by `gh api user`'s record, "login mischa-thisness id 189051010 node_id
  // …", the field's word "login" read as authenticated: a login's tool is now a facet of it (derive/logins.ts), which a
  // record naming the account does not say. The split "/home/ USER /" paths held only 0.02 of it. fa812bfe stays at
  // 0.46: the epic's title line ("spotter-a0y EPIC Single-session transcript bootstrap sync live tail") states the task
  // and git's three commit lines ("spotter-a0y dbe5100 feat add lifecycle hooks and active") the three commits, 0.32
  // of the bag, all kept rightly; its wrong readings (a close reason's "session-end hook endpoint" keeping
  // notify-session-end.sh, `sync_session_by_id` keeping session.ex, "Spotter.Transcripts.Session" half keeping
  // spotter.css, the constraint whose one facet is its topic "Bootstrap sync") are 0.06 of it.
  [
    'marot/spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl',
    new Set(['tool result heads', 'tool result heads joined']),
  ], // 0.46 (0.50 at round s29, 0.51 before D94, 0.55 before D73; 0.76 before D54); joined 0.53
  // Round s39 (D165): the same heads joined into one paragraph, each a sentence opening with a capital, keep more than
  // as lines on 10 of the 20 sessions where the agent worked (the figures beside each, lines in brackets); ". " or ", "
  // between lowercase heads keep the same. Two readings go: a rule that reads a line (a tracker's or commit's title
  // line names no file, artifact-context.ts; a write report, write-report.ts; line-ends.ts's parting before a line that
  // opens in lower case) sees one line, and the capital takes a ticket id or path at a head's start for prose
  // ("Spotter-4te.1 Add OTEL dependencies …" keeps mix.exs's, application.ex's, … "safe runtime defaults"). Not fixed:
  // read as its sentences a line apiece, a faithful handoff loses facts it states over two sentences (docs/
  // calibration-history.md, round s39, D165).
  ['entireio/cli/6d/9f76bd01e9/0/full.jsonl', new Set(['tool result heads joined'])], // 0.41 (0.21)
  ['entireio/cli/72/0c20f08988/0/full.jsonl', new Set(['tool result heads joined'])], // 0.35 (0.24)
  [
    'M-Thisness/M-Claude/CHAT_LOGS/de73bc86-61f0-4c55-98af-c43cf612e3f6.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.54 (0.25)
  [
    'M-Thisness/M-Claude/CHAT_LOGS/c7d2069e-c561-4759-8adf-b0745be78c29.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.30 (0.10)
  [
    'marot/spotter/test/fixtures/transcripts/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.51 (0.30)
  [
    'marot/spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.41 (0.23)
  [
    'marot/spotter/test/fixtures/transcripts/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.50 (0.23)
  [
    'marot/spotter/test/fixtures/transcripts/258c7280-ae70-4798-800f-63464d01a85d.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.34 (0.17)
  [
    'rollout-2025-09-24T19-22-20-01997e76-d124-7592-9cac-2ec05abbca08.jsonl',
    new Set(['tool result heads joined']),
  ], // 0.35 (0.23)
  // Round s40 (D170): the eight sessions of the spent blind set blind-s34, new to this test. Their hard checks pass
  // since D170 (docs/calibration-history.md, round s40): oh-my-posh's whole history 0.89 -> 1.00 (a Windows path's file
  // name read after its last backslash) and its statements said false all contradicted (the app's queued task
  // notifications read as context, not as 20 numbers and 10 rules "the user said"); Safecast 04's identifier bag 0.20
  // -> 0.00 and fc's path list 0.17 -> 0.00 (a current request told only by a phrase a name of the session spells,
  // `mcp.NewTool`, `go/cmd/mcp-server/`, is no probe). What stays is listed here, each with its figure and, in
  // brackets, what the reader gives the same bag at the cut's yardstick labels (calibrate's kind-balanced
  // humanForDerived): few live probes, nearly all of kinds the user states (a pasted plan's task and rules, a question,
  // a tracker session whose work is in prose and commands the derivers do not read, round s39 D166), so the user's
  // words or grep's request openings keep the bound's share rightly; not a probe that states the user's words as the
  // agent's.
  ['FSM1/cipher-box/fc/71f7dc4708/1/full.jsonl', new Set(['user-verbatim'])], // 0.50 (reader 0.49): a pasted plan's task and two rules
  // cipher-box e8's live probes 8 and 11 (D177: 8 and 13, the user's two rules at 401 and 424 read) and Safecast 04's,
  // 8 and 10 (D177: 11 and 12, its requests shown in screenshots read through the agent's reply), off the list.
  ['FSM1/cipher-box/e8/9fb6a2d646/0/full.jsonl', new Set(['grep'])], // grep 0.40 (reader 0.35): a request's opening, its number
  [
    'PackmindHub/context-evaluator/ee/7e610ffc3f/0/full.jsonl',
    new Set(['user-verbatim', 'tool result heads']),
  ], // 0.44 (reader 0.37): a pasted plan; heads 0.31
  ['JanDeDobbeleer/oh-my-posh/d3/cfdfe7f72d/0/full.jsonl', new Set(['user-verbatim', 'grep'])], // 0.45 (reader 0.65); grep 0.36 (reader 0.54)
  // agentv 88: 0.67 before D167, whose tracker items made there are live probes the user's words do not keep.
  ['EntityProcess/agentv/88/8ba8f699fb/1/full.jsonl', new Set(['user-verbatim'])], // 0.44 (reader 0.38): task and rules
  // agentv 1f (triage), listed at grep 0.38 (reader 0.28) by D170, meets its bound since D167 (the issue retitled and
  // the tracker items made are live probes grep does not keep: 0.30): off the list, the check fails if it returns.
]);

/** The known shortfalls of a session, by its path in its repository or in the shared folder. */
function shortfallsOf(name: string): ReadonlySet<string> | undefined {
  for (const [session, checks] of KNOWN_SHORTFALLS) if (name.endsWith(session)) return checks;
  return undefined;
}

/** A check that fails the test, unless it is a known shortfall of the session: then it is kept for a TODO. */
function checker(name: string) {
  const shortfalls: string[] = [];
  return {
    shortfalls,
    check(holds: boolean, check: string, message: string) {
      if (holds) return;
      if (shortfallsOf(name)?.has(check)) shortfalls.push(message);
      else assert.fail(message);
    },
  };
}

const CORE = [
  'single-shot',
  'parallel-stitch',
  'sequential-accumulated',
  'sequential-rolling',
  'structured-iterative',
];
const LEXICAL = ['paths-only', 'identifier-bag', 'grep', 'user-verbatim', 'user-errors'];

/** The history before a cut, as `compare --at-compaction` hands it to the strategies. */
function head(session: Session, cut: number): Session {
  return {
    ...session,
    messages: session.messages.slice(0, cut),
    sources: session.sources.slice(0, cut),
    fileOperations: session.fileOperations.filter((operation) => operation.messageIndex < cut),
    compactions: [],
  };
}

/**
 * Each fact stated as false, in one of the issue's two forms, "It is false that …" or "… was not done", or stated and
 * then denied by the next sentence ("…. This was not done.").
 */
function statedFalse(probes: readonly Probe[], form: 'false' | 'not done' | 'denied next'): string {
  return probes
    .filter(isLive)
    .map((probe) => {
      const fact = (probe.statement ?? probe.answer).replace(/[.?!\s]+$/, '');
      if (form === 'false') return `It is false that ${fact}.`;
      return form === 'not done' ? `${fact} was not done.` : `${fact}. This was not done.`;
    })
    .join('\n');
}

// The empty words a glossed path list puts after each file: the issue's, another set that shares none of them, and
// words said of any work ("changes", "task"), which beside a path's own words once made up half a task's terms.
const GLOSSES = [
  'holds relevant project source code and its configuration.',
  'updated as part of the work on this feature.',
  'contains the changes made for this task and the related files.',
];

/**
 * An identifier bag with a few of the session's common words: its identifiers six a line, as the identifier-bag
 * strategy writes them, each line ended by the transcript's two most frequent plain words ("…, pathSafeRegex session
 * paths"). The words say nothing of the names beside them, and a split word of one name (the `valid` of
 * `ValidateSessionID`) names no file (D59).
 */
function identifiersWithWords(history: Session, separator = ', '): string {
  const identifiers = identifiersOf(history.messages.map(messageText));
  const words = frequentWords(history, 2).join(' ');
  const lines: string[] = [];
  for (let at = 0; at < identifiers.length; at += 6)
    lines.push(`${identifiers.slice(at, at + 6).join(separator)} ${words}`);
  return lines.join('\n');
}

// The frames a topic bag says its words in: a rule's or a choice's topic, the work's, and a choice made
// (rule-topic.ts reads each as naming the topics after it).
const TOPIC_FRAMES = ['The user has views on', 'The session is about', 'Decisions were made about'];

/** Every plain word (three letters or more, lower case: no name) of the live probes' statements and facets. */
function probeWords(probes: readonly Probe[]): string[] {
  const text = probes
    .filter(isLive)
    .flatMap((probe) => [probe.statement ?? probe.answer, ...probe.facets.flat()])
    .join(' ');
  return [...new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])];
}

/** The transcript's most frequent plain words (four letters or more): what a topic bag takes without the probes. */
function frequentWords(session: Session, count: number): string[] {
  const tally = new Map<string, number>();
  for (const message of session.messages) {
    const text =
      message.role === 'assistant'
        ? message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
        : contentText(message.content);
    for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
      tally.set(word, (tally.get(word) ?? 0) + 1);
  }
  return [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([word]) => word);
}

/**
 * A topic bag: each frame once naming every word (`one`), each frame once per word (`each`), or the first 40 words
 * in four lists, as no more words than a vague handoff names by topic: ten bare words a list (`few`), or five items
 * of two words each ("the string number, the homebrew null", `pairs`).
 */
function topicBag(words: readonly string[], form: 'one' | 'each' | 'few' | 'pairs'): string {
  const said = (frame: string, some: readonly string[]) => `${frame} ${some.join(', ')}.`;
  if (form === 'one') return TOPIC_FRAMES.map((frame) => said(frame, words)).join('\n');
  if (form === 'each')
    return words.flatMap((word) => TOPIC_FRAMES.map((frame) => said(frame, [word]))).join('\n');
  return [0, 1, 2, 3]
    .map((part) => {
      const some = words.slice(part * 10, part * 10 + 10);
      const items = form === 'few' ? some : [0, 2, 4, 6, 8].map((at) => `the ${some[at]} ${some[at + 1]}`);
      return said(TOPIC_FRAMES[part % TOPIC_FRAMES.length]!, items);
    })
    .join('\n');
}

/** Each user message's five most frequent plain words (four letters or more), a line of them per message. */
function userTopWords(session: Session): string[] {
  return session.messages
    .filter(isPrompt)
    .map((message) => {
      const tally = new Map<string, number>();
      for (const word of contentText(message.content)
        .toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [])
        tally.set(word, (tally.get(word) ?? 0) + 1);
      return [...tally]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([word]) => word)
        .join(', ');
    })
    .filter((line) => line.length > 0);
}

/** The first eight words of each tool result, a line each. */
function resultHeads(session: Session): string[] {
  return session.messages
    .filter((message) => message.role === 'toolResult')
    .map((message) =>
      (contentText(message.content).match(/[\p{L}\p{N}_'’./-]+/gu) ?? []).slice(0, 8).join(' '),
    )
    .filter((line) => line.length > 0);
}

/** The Markdown headings of the files the agent read (a read's line numbers taken off), each once. */
function readHeadings(session: Session): string[] {
  const reads = new Set(
    session.fileOperations
      .filter((operation) => operation.kind === 'read')
      .map((operation) => operation.toolCallId),
  );
  const headings = session.messages.flatMap((message) =>
    message.role === 'toolResult' && reads.has(message.toolCallId)
      ? contentText(message.content)
          .split('\n')
          .map((line) => line.replace(/^\s*\d+[→\t:|]\s?/u, ''))
          .filter((line) => /^#{1,6}\s+\S/.test(line))
          .map((line) => line.replace(/^#+\s+/, '').trim())
      : [],
  );
  return [...new Set(headings)];
}

// The kinds a topic list names (rule-topic.ts): a rule's, a choice's and the work's.
const TOPIC_KINDS = new Set(['constraint', 'preference', 'decision', 'task']);

/**
 * A vague handoff's topic of each rule, choice and task: two plain words (five letters or more) of its statement
 * that no other live probe's statement holds, as a handoff naming each fact by its own subject would; a fact with
 * none gets no sentence.
 */
function vagueTopics(probes: readonly Probe[]): Array<{ probe: Probe; sentence: string; flipped: string }> {
  const live = probes.filter(isLive);
  const stem = (word: string) => meaningTerms(word)[0]?.term ?? word;
  const wordsOf = (probe: Probe) => [
    ...new Set((probe.statement ?? probe.answer).toLowerCase().match(/\p{L}{5,}/gu) ?? []),
  ];
  const stems = live.map(
    (probe) => new Set(meaningTerms(probe.statement ?? probe.answer).map((term) => term.term)),
  );
  return live.flatMap((probe, at) => {
    if (!TOPIC_KINDS.has(probe.kind)) return [];
    const own = wordsOf(probe).filter((word) =>
      stems.every((other, where) => where === at || !other.has(stem(word))),
    );
    if (own.length === 0) return [];
    const said = own.slice(0, 2).join(' and ');
    const [frame, denied] =
      probe.kind === 'task'
        ? ['The session is about', 'The session is not about']
        : ['The user has views on', 'The user has no views on'];
    return [{ probe, sentence: `${frame} ${said}.`, flipped: `${denied} ${said}.` }];
  });
}

// At least this many live probes at a compaction or at the end, on a Claude Code or Codex session of 100+ tool calls.
const MIN_LIVE_PROBES = 12;

describe(
  'cheap tricks against derived probes on real sessions',
  { skip: sessions.length === 0 ? 'no real session beside the repository' : false },
  () => {
    for (const file of sessions) {
      const name = file.includes('/public-sessions/')
        ? file.slice(file.indexOf('/public-sessions/') + 17)
        : file;
      it(`${name}: at least ${MIN_LIVE_PROBES} live probes at a compaction or at the end (Claude Code, Codex, 100+ tool calls)`, async (t) => {
        const session = await loadSession(file, { skipInvalid: true });
        const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
        if (calls < 100 || !['claude-code', 'codex'].includes(session.format)) {
          t.skip(`${session.format}, ${calls} tool calls`);
          return;
        }
        const points = [
          ...session.compactions.map((compaction) => compaction.messageIndex),
          session.messages.length,
        ];
        const counts = points.map((cut) => deriveProbes(session, { cut }).probes.filter(isLive).length);
        const where = points.map((cut, at) => `@${cut} ${counts[at]}`).join(', ');
        t.diagnostic(`${calls} tool calls; live probes ${where}`);
        const { check, shortfalls } = checker(name);
        check(Math.max(...counts) >= MIN_LIVE_PROBES, 'live probes', `${name}: live probes ${where}`);
        if (shortfalls.length > 0) t.todo(`not met yet: ${shortfalls.join('; ')}`);
      });
      it(`${name}: at the first compaction (else the end), no trick passes for the facts`, async (t) => {
        const session = await loadSession(file, { skipInvalid: true });
        const tokenizer = await getTokenizer('o200k_base');
        const provider = createProvider('extractive', { tokenizer });
        const calls = session.messages.reduce((sum, message) => sum + toolCallsOf(message).length, 0);
        // The first recorded compaction (where the agent itself compacted), else the end of the session.
        const cuts = [session.compactions?.[0]?.messageIndex ?? session.messages.length];
        // Where the agent did the work (100 tool calls or more), the user's own words are a small part of what matters;
        // in a short session the user's one prompt states most of it, and a reader credits the user's messages so too.
        const worked = calls >= 100;
        const { check, shortfalls } = checker(name);
        for (const cut of cuts) {
          const { probes } = deriveProbes(session, { cut });
          const live = probes.filter(isLive);
          const where = `${name} @${cut}`;

          if (live.length === 0) continue;
          const history = head(session, cut);
          const recall = async (strategy: string) => {
            const { output } = await runStrategy(
              STRATEGIES[strategy as keyof typeof STRATEGIES] as Strategy,
              history,
              provider,
            );
            return (
              scoreProbes(createMatcher(compactedText(output.summary, output.kept ?? [])), probes)
                .probeRecall ?? 0
            );
          };
          const scores = Object.fromEntries(
            await Promise.all(
              [...CORE, ...LEXICAL, 'identity'].map(
                async (strategy) => [strategy, await recall(strategy)] as const,
              ),
            ),
          );
          t.diagnostic(
            `${where}: ${live.length} live; ${Object.entries(scores)
              .map(([strategy, score]) => `${strategy} ${score.toFixed(2)}`)
              .join(', ')}`,
          );
          assert.equal(scores.identity, 1, `${where}: the whole history`);
          assert.equal(scoreProbes(createMatcher(''), probes).probeRecall, 0, `${where}: nothing`);
          for (const trick of ['paths-only', 'identifier-bag'])
            assert.ok(scores[trick]! <= 0.15, `${where}: ${trick} ${scores[trick]}`);
          // An identifier bag with two common words after each line keeps no more than the bag.
          const worded = scoreProbes(createMatcher(identifiersWithWords(history)), probes).probeRecall ?? 0;
          t.diagnostic(`${where}: identifier bag with common words ${worded.toFixed(2)}`);
          assert.ok(worded <= 0.15, `${where}: identifier bag with common words ${worded}`);
          // The same bag with no commas: a run of names and two words, which say nothing of the names (D62).
          const run = scoreProbes(createMatcher(identifiersWithWords(history, ' ')), probes).probeRecall ?? 0;
          t.diagnostic(`${where}: identifier bag with common words, no commas ${run.toFixed(2)}`);
          check(
            run <= 0.15,
            'identifier bag without commas',
            `${where}: identifier bag without commas ${run}`,
          );
          // A path list that labels a clause with each file in the same empty words says no more than the list,
          // whichever empty words they are.
          for (const gloss of GLOSSES) {
            const glossed = sessionPaths(history)
              .map((path) => `${path}: ${gloss}`)
              .join('\n');
            const glossedScore = scoreProbes(createMatcher(glossed), probes).probeRecall ?? 0;
            t.diagnostic(`${where}: glossed path list ("${gloss}") ${glossedScore.toFixed(2)}`);
            check(
              glossedScore <= 0.15,
              'glossed path list',
              `${where}: glossed path list ("${gloss}") ${glossedScore}`,
            );
          }
          // A bag of lines, each a file's base name and what is said of it, built from the session's own edits: where
          // the agent did the work it may keep artifacts and nothing else, in all at most what grep may keep (0.30).
          const fileBag = (label: string, linesOf: (probe: Probe, file: string) => string[]) => {
            const score = scoreProbes(
              createMatcher(
                live
                  .flatMap((probe) =>
                    probe.kind === 'artifact' && probe.file !== undefined
                      ? linesOf(probe, probe.file.slice(probe.file.lastIndexOf('/') + 1))
                      : [],
                  )
                  .join('\n'),
              ),
              probes,
            );
            t.diagnostic(`${where}: ${label} ${(score.probeRecall ?? 0).toFixed(2)}`);
            if (!worked) return;
            const beyond = live.filter(
              (probe) => probe.kind !== 'artifact' && score.probeOutcomes[probe.id] === 'matched',
            );
            assert.deepEqual(
              beyond.map((probe) => probe.id),
              [],
              `${where}: ${label} keep more than artifacts`,
            );
            assert.ok((score.probeRecall ?? 0) <= 0.3, `${where}: ${label} ${score.probeRecall}`);
          };
          // Each file with the words its edits wrote, the probes' own change words six to a line ("footer.ts: dim
          // warning 70 90 stats error"): lines of the session's edits, as grep's are of its output. Where the agent did
          // the work they may keep artifacts, which D65 lets a summary keep by what their edits wrote, and nothing else,
          // and in all at most what grep may keep (0.30); in a short session the user's one prompt may itself be the
          // edits ("change hello to goodbye in edit_basic.txt").
          fileBag('files with their change words', (probe, file) =>
            probe.change === undefined ? [] : [`${file}: ${probe.change.words.slice(0, 6).join(' ')}`],
          );
          // Each file with the names its edits took out, each on a line of its own with a removal word ("state.go:
          // TranscriptPath removed", D163): lines of the session's edits, as the change words' are; held to what they
          // are held to (artifacts alone, at most 0.30).
          fileBag('files with their removed names', (probe, file) =>
            (probe.removed ?? []).slice(0, 3).map((name) => `${file}: ${name} removed`),
          );
          if (worked) {
            check(
              scores['user-verbatim']! <= 0.4,
              'user-verbatim',
              `${where}: user-verbatim ${scores['user-verbatim']}`,
            );
            check(scores.grep! <= 0.3, 'grep', `${where}: grep ${scores.grep}`);
          }
          const best = Math.max(...CORE.map((strategy) => scores[strategy]!));
          for (const trick of LEXICAL)
            check(
              scores[trick]! <= best,
              'lexical above core',
              `${where}: ${trick} ${scores[trick]} above the best core ${best}`,
            );
          for (const form of ['false', 'not done', 'denied next'] as const) {
            const denied = scoreProbes(createMatcher(statedFalse(probes, form)), probes);
            assert.equal(denied.probeRecall, 0, `${where}: facts stated as ${form}`);
            const contradicted = live.filter((probe) => denied.probeOutcomes[probe.id] === 'contradicted');
            assert.equal(
              contradicted.length,
              live.length,
              `${where}: a contradiction for each fact stated as ${form}`,
            );
          }
          // A rule told by what it allows (D121): its alternative, often a name, listed bare among the session's
          // identifiers or said of something else keeps no more than the probe without it (whose statement may keep
          // it from such a list already); said with the rule's own verb it keeps the rule, and that verb negated
          // contradicts it.
          for (const probe of live.filter((item) => item.alternative)) {
            const { spellings, verb = 'use' } = probe.alternative!;
            const { alternative: _alternative, ...without } = probe;
            const names = identifiersOf(history.messages.map(messageText)).slice(0, 10);
            const words = frequentWords(history, 2);
            for (const spelling of spellings) {
              const said = (text: string) => probeOutcome(createMatcher(text), probe);
              const bare = [
                `${names.slice(0, 5).join(', ')}, ${spelling}, ${names.slice(5).join(', ')} ${words.join(' ')}`,
                `${names.slice(0, 5).join(', ')} ${words.join(' ')}\n${spelling}, ${names.slice(5).join(', ')}`,
                `${names.slice(0, 5).join(' ')} ${spelling} ${names.slice(5).join(' ')} ${words.join(' ')}`,
                `The ${words[0] ?? 'work'} names ${spelling} for the ${words[1] ?? 'session'}.`,
              ];
              for (const text of bare)
                assert.ok(
                  outcomeCredit(said(text)) <= outcomeCredit(probeOutcome(createMatcher(text), without)),
                  `${where}: ${probe.id} kept by ${JSON.stringify(text)} through its alternative`,
                );
              assert.equal(said(`We ${verb} ${spelling}.`), 'matched', `${where}: ${probe.id} by its verb`);
              assert.equal(
                said(`We no longer ${verb} ${spelling}.`),
                'contradicted',
                `${where}: ${probe.id} by its verb negated`,
              );
            }
          }
          // A topic bag names the transcript's most frequent words as topics, in one list per frame, one sentence per
          // word or a few short lists: its topic and subject halves lift it no higher than a path list (what its
          // sentences state of themselves, scored without those halves, is another rule's to bound). The probes' own
          // words so are shown, not bounded: a sentence holding every word of the probes' statements states them.
          // The bag in pairs ("views on the string number, the homebrew null, …") is its own check: an item must name a
          // fact's facet, not hold one word of it beside another.
          const unhinted = probes.map((probe) => ({ ...probe, subjectCredit: false }));
          for (const [source, words] of [
            ['frequent words', frequentWords(history, 150)],
            ['probe words', probeWords(probes)],
          ] as const)
            for (const form of ['one', 'each', 'few', 'pairs'] as const) {
              const bag = createMatcher(topicBag(words, form));
              const [score, stated] = [probes, unhinted].map(
                (scored) => scoreProbes(bag, scored).probeRecall ?? 0,
              );
              t.diagnostic(
                `${where}: topic bag (${source}, ${form}) ${score!.toFixed(2)}, without halves ${stated!.toFixed(2)}`,
              );
              if (source === 'frequent words')
                check(
                  score! <= Math.max(0.15, stated!),
                  form === 'pairs' ? 'topic bag in pairs' : 'topic bag',
                  `${where}: topic bag (${source}, ${form}) ${score}, without halves ${stated}`,
                );
            }
          // Bags a cheap strategy could write from other parts of the session: the top words of each user message
          // (a line each, and behind the topic frames), the first words of each tool result, and the headings of the
          // files read (a line each, and behind the frames). The halves lift neither the user's words nor the headings
          // above 0.15; the first words of tool results, lines of the transcript as grep's are, keep at most what grep
          // may (0.30 where the agent worked).
          for (const [source, lines] of [
            ['user top words', userTopWords(history)],
            ['tool result heads', resultHeads(history)],
            ['read headings', readHeadings(history)],
          ] as const) {
            const words = [...new Set(lines.flatMap((line) => line.match(/\p{L}{4,}/gu) ?? []))];
            const forms: Array<[string, string]> = [['lines', lines.map((line) => `${line}.`).join('\n')]];
            // The same heads joined into one paragraph, each a sentence opening with a capital (round s39, D165): their
            // line ends gone, words of different results read as said together.
            if (source === 'tool result heads')
              forms.push([
                'joined',
                lines.map((line) => `${line.charAt(0).toUpperCase()}${line.slice(1)}.`).join(' '),
              ]);
            if (source !== 'tool result heads')
              for (const form of ['one', 'each', 'few', 'pairs'] as const)
                forms.push([form, topicBag(words, form)]);
            for (const [form, text] of forms) {
              const bag = createMatcher(text);
              const [score, stated] = [probes, unhinted].map(
                (scored) => scoreProbes(bag, scored).probeRecall ?? 0,
              );
              t.diagnostic(
                `${where}: ${source} bag (${form}) ${score!.toFixed(2)}, without halves ${stated!.toFixed(2)}`,
              );
              // The first words of each tool result are lines of the transcript, as grep's are: they keep what grep may.
              if (source === 'tool result heads')
                check(
                  !worked || score! <= 0.3,
                  form === 'joined' ? 'tool result heads joined' : 'tool result heads',
                  `${where}: ${source} bag (${form}) ${score}, without halves ${stated}`,
                );
              else
                check(
                  score! <= Math.max(0.15, stated!),
                  'word bag',
                  `${where}: ${source} bag (${form}) ${score}, without halves ${stated}`,
                );
            }
          }
          // A vague handoff naming each rule, choice and the task by its topic: with one topic deleted it loses that
          // fact's half and nothing else; said the other way ("has no views on"), a topic earns nothing.
          const topics = vagueTopics(probes);
          const outcomes = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes;
          const vague = outcomes(topics.map((topic) => topic.sentence).join('\n'));
          const named = topics.filter((topic) => vague[topic.probe.id] === 'partial');
          t.diagnostic(`${where}: vague topics ${named.length} named of ${topics.length}`);
          for (const dropped of named) {
            const without = outcomes(
              topics
                .filter((topic) => topic !== dropped)
                .map((topic) => topic.sentence)
                .join('\n'),
            );
            const moved = live
              .filter((probe) => TOPIC_KINDS.has(probe.kind) && without[probe.id] !== vague[probe.id])
              .map((probe) => probe.id);
            check(
              moved.length === 1 && moved[0] === dropped.probe.id,
              'vague topic dropped',
              `${where}: "${dropped.sentence}" deleted moves ${moved.join(', ') || 'nothing'}, not ${dropped.probe.id}`,
            );
            // Said the other way ("The user has no views on …"), the sentence names no topic.
            check(
              !mentionsTopic(createMatcher(dropped.flipped), dropped.probe),
              'vague topic flipped',
              `${where}: "${dropped.flipped}" names the topic of ${dropped.probe.id}`,
            );
          }
        }
        if (shortfalls.length > 0) t.todo(`not met yet: ${shortfalls.join('; ')}`);
      });
    }
  },
);
