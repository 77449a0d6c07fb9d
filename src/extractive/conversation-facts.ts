/** Extracts facts from a rendered conversation: requests, constraints, decisions, progress, activity, next steps. */
import type { ConversationBlock } from './conversation.ts';
import { errorLines } from '../session/error-lines.ts';
import type { FactKind, FactStore, Placement } from './facts.ts';
import {
  ACKNOWLEDGEMENT,
  clip,
  constraintStrength,
  DONE_CUE,
  isProse,
  PLAN_CUE,
  pathsIn,
  proseUnits,
  REASON_CUE,
  STRONG_DECISION_CUE,
  splitSentences,
  WEAK_DECISION_CUE,
} from './text.ts';
import { memoizeByText } from '../text/text-cache.ts';
import type { CallRecord, ToolLog } from './tool-facts.ts';
import { createToolLog } from './tool-facts.ts';
import { typedRequest } from '../session/editor-prompt-header.ts';
import { withShortListsJoined } from './user-list-items.ts';
import { harnessModeLine } from './harness-mode.ts';

/** Where the conversation sits on the request's timeline. */
export type ConversationTimeline = {
  /** Position of the first block; material before the conversation (earlier summaries) sits below it. */
  firstPosition: number;
  /** Recency of the first block; the last block has recency 1. */
  firstRecency: number;
  /** The conversation continues an earlier one (a previous summary or earlier summaries came with it). */
  continuation: boolean;
};

// Importance of each kind of fact before recency (see scoreFacts); tuned so a short budget keeps the
// task, the user's constraints, the next step and open errors first.
const WEIGHT = {
  firstTask: 10,
  taskDetail: 6,
  constraint: 9,
  next: 9,
  activity: 5,
  recentCall: 4,
  newTask: 6,
  softConstraint: 6,
  strongDecision: 6,
  request: 4,
  weakDecision: 4,
  done: 4,
  labelledDone: 5,
  labelledNext: 6,
  cause: 4,
  userMentionedFile: 4,
  userDetail: 3,
  requestDetail: 2.5,
  assistantDetail: 1.5,
  mentionedFile: 1.5,
  thinkingFactor: 0.6,
} as const;

// A user message up to this long stays one bullet; a longer one opens with its first sentences (at
// least the opening length, at most the request length) and the rest become bullets of their own, so a
// tight budget can keep the constraint sentence without the whole message.
const SHORT_MESSAGE_CHARS = 200;
const REQUEST_CHARS = 300;
const REQUEST_OPENING_CHARS = 100;
const SENTENCE_CHARS = 300;
const ACTIVITY_CHARS = 240;
const MAX_SENTENCES_PER_BLOCK = 80;
const RECENT_CALLS = 2;
const MAX_PLAN_ITEMS = 4;
// Shorter statements ("Going with (2).", "Done.") say too little on their own to be worth a bullet.
const MIN_WORDS = 5;
const NEW_TASK =
  /^(?:now|next|also|then|new task|another|let'?s|can you|could you|please|pls|i want|i'd like|we need|implement|add|fix|create|write|update|refactor|make|change|port|move|rename|remove|delete|build|run|read|review|investigate|check|tackle|start|go ahead and)\b/i;
const USER_DETAIL =
  /`[^`]+`|https?:\/\/\S+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\bv?\d+\.\d+(?:\.\d+)?\b|\b\d+\s*(?:ms|s|sec|seconds?|minutes?|KB|MB|GB|tokens?|chars?|characters|lines?|%|px)\b|\bport \d+/;
// In the assistant's prose only hard values count as detail (a URL, an environment variable, a measure).
const ASSISTANT_DETAIL =
  /https?:\/\/\S+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b\d+\s*(?:ms|seconds?|minutes?|KB|MB|GB|tokens?|%)(?!\w)|\bport \d+/;
const SLASH_COMMAND = /^\/[\w-]+$/;
// How the importers render a command the user ran themselves (pi `!ls`, Claude Code `! ls`).
const USER_SHELL =
  /^\[User ran a shell command\]\n\$ ([^\n]*)\n?([\s\S]*?)(?:\n?\((exit code [^)\n]*|cancelled)\))?$/;
const STACK_FRAME = /^at\s.*:\d+(?::\d+)?\)?$/;
const OPEN_CHECKBOX = /^\s*[-*]\s+\[ \]\s+/;

/** Where a fact of block `index` of a conversation of `blockCount` blocks sits on the request's timeline. */
export function placeOnTimeline(
  timeline: Omit<ConversationTimeline, 'continuation'>,
  blockCount: number,
): (index: number, weight: number) => Placement {
  const last = Math.max(blockCount - 1, 1);
  return (index, weight) => ({
    position: timeline.firstPosition + index,
    recency: timeline.firstRecency + (1 - timeline.firstRecency) * (blockCount > 1 ? index / last : 1),
    weight,
  });
}

/** What only a first conversation or only a continuation adds here: a reading runs one, a recording both. */
export type Branch = (asFirst: () => void, asContinuation: () => void) => void;

/** Adds the facts of a conversation's blocks to the store. */
export function collectConversationFacts(
  blocks: readonly ConversationBlock[],
  store: FactStore,
  timeline: ConversationTimeline,
): void {
  const branch: Branch = (asFirst, asContinuation) => (timeline.continuation ? asContinuation : asFirst)();
  readConversationFacts(blocks, store, placeOnTimeline(timeline, blocks.length), branch);
}

/** Adds the facts of a conversation's blocks to the store, placed by `at`; where the timelines differ, `branch` adds. */
export function readConversationFacts(
  blocks: readonly ConversationBlock[],
  store: FactStore,
  at: (index: number, weight: number) => Placement,
  branch: Branch,
): void {
  const reading = new ConversationReading(blocks, store, at, branch);
  for (let index = 0; index < blocks.length; index++) reading.read(index, blocks[index]!);
  reading.finish();
}

/**
 * One conversation's blocks read in order, and what the reading keeps until its end. A class, not closures made per
 * conversation: a closure's optimized code is lost with the closures at a full collection, and a suite reads
 * thousands of conversations (quality/match.ts's classes say more).
 */
class ConversationReading {
  readonly #store: FactStore;
  readonly #at: (index: number, weight: number) => Placement;
  readonly #branch: Branch;
  readonly #tools: ToolLog;
  // Injected context (instructions, environment, notifications) before it leaves the first message the task.
  readonly #firstIndex: number;
  readonly #assistantTexts: Array<{ index: number; text: string }> = [];
  #latestRequest: { index: number; text: string } | undefined;
  // The harness's mode (Codex's sandbox and approvals): the latest context that sets one stands.
  #latestMode: { index: number; text: string } | undefined;
  #lastUserIndex = -1;

  constructor(
    blocks: readonly ConversationBlock[],
    store: FactStore,
    at: (index: number, weight: number) => Placement,
    branch: Branch,
  ) {
    this.#store = store;
    this.#at = at;
    this.#branch = branch;
    this.#tools = createToolLog(store, at);
    this.#firstIndex = firstNonContext(blocks);
  }

  read(index: number, block: ConversationBlock): void {
    const { text } = block;
    switch (block.role) {
      case 'user':
        return this.#onUser(index, text);
      // What the agent injected is background the model had, never the user's task or request; the mode the
      // harness set is a constraint of the work.
      case 'context': {
        const mode = harnessModeLine(text);
        if (mode) this.#latestMode = { index, text: mode };
        return;
      }
      case 'assistant':
        return this.#onAssistant(index, text, false);
      case 'thinking':
        return this.#onAssistant(index, text, true);
      case 'tool-calls':
        return this.#tools.calls(index, text);
      case 'tool-result':
        return this.#tools.result(index, text, false);
      case 'tool-error':
        return this.#tools.result(index, text, true);
    }
  }

  #addFacts(index: number, facts: readonly MessageFact[]): void {
    for (const fact of facts) this.#store.add(fact.kind, fact.text, this.#at(index, fact.weight));
  }

  #onUser(index: number, text: string): void {
    const tools = this.#tools;
    const store = this.#store;
    tools.startTurn();
    this.#lastUserIndex = index;
    // A message read as the session's task and read as a later request differ in their facts alone.
    const read = readUserMessage(text);
    if (read.shell) {
      const { command, output, failed } = read.shell;
      tools.userShell(index, command, output, failed);
      return;
    }
    if (read.request === undefined) return;
    for (const line of read.pasted) tools.userError(index, line);
    for (const path of read.paths)
      store.touchFile(path, 'mentioned', this.#at(index, WEIGHT.userMentionedFile));
    // The session's task is the first message of a conversation that starts with it; a slice that
    // starts elsewhere or continues a summary opens with just another request.
    if (index !== this.#firstIndex) this.#addFacts(index, read.facts);
    else
      this.#branch(
        () => this.#addFacts(index, readFirstUserMessage(text).facts),
        () => this.#addFacts(index, read.facts),
      );
    this.#latestRequest = { index, text: read.request };
  }

  #onAssistant(index: number, text: string, thinking: boolean): void {
    const store = this.#store;
    if (!thinking) this.#assistantTexts.push({ index, text });
    const read = (thinking ? readThinking : readAssistantMessage)(text);
    for (const path of read.paths) store.touchFile(path, 'mentioned', this.#at(index, WEIGHT.mentionedFile));
    const { units } = read;
    for (let unitIndex = 0; unitIndex < units.length; unitIndex++) {
      const { sentence, fact } = units[unitIndex]!;
      if (!thinking) this.#tools.explain(sentence, unitIndex === 0);
      if (fact) store.add(fact.kind, fact.text, this.#at(index, fact.weight));
    }
  }

  finish(): void {
    const store = this.#store;
    const at = this.#at;
    this.#tools.finish();
    const assistantTexts = this.#assistantTexts;
    addLatestActivity(store, at, assistantTexts.slice(-2), this.#tools.recentCalls(RECENT_CALLS));
    const latestMode = this.#latestMode;
    if (latestMode) store.add('constraint', latestMode.text, at(latestMode.index, WEIGHT.constraint));
    const latestRequest = this.#latestRequest;
    if (latestRequest) {
      const { index, text } = latestRequest;
      // The same key moves the latest request out of the goal list: the latest ask (but the task) is what comes next.
      const addNext = () => store.add('next', text, at(index, WEIGHT.next));
      if (index > this.#firstIndex) addNext();
      else this.#branch(() => undefined, addNext);
    }
    const lastUserIndex = this.#lastUserIndex;
    const after: Array<{ index: number; text: string }> = [];
    for (const entry of assistantTexts) if (entry.index > lastUserIndex) after.push(entry);
    for (const { index, text } of after.slice(-2)) {
      for (const item of plannedItems(text))
        store.add('next', clip(item, SENTENCE_CHARS), at(index, WEIGHT.next - 1));
    }
  }
}

/** The index of the first block that is not injected context; -1 when every block is. */
function firstNonContext(blocks: readonly ConversationBlock[]): number {
  for (let index = 0; index < blocks.length; index++) if (blocks[index]!.role !== 'context') return index;
  return -1;
}

/** A fact a message states, before it is placed on the conversation's timeline. */
type MessageFact = { kind: FactKind; text: string; weight: number };

/** What a user message says, read once whatever conversation it is in (see {@link readUser}). */
type UserReading = {
  /** A command the user ran themselves, with its output. */
  shell?: { command: string; output: string; failed: boolean };
  /** The request it opens with; undefined for one that asks nothing (an acknowledgement, a slash command). */
  request?: string;
  /** Error lines it pastes, the paths it names, and its facts in the order they are added. */
  pasted: string[];
  paths: string[];
  facts: MessageFact[];
};

// Messages a generation holds at most: every strategy's requests carry the same messages, read once.
const MAX_READ_MESSAGES = 50_000;

/** A user message read as the first of its conversation (the session's task) or as a later one. */
const readFirstUserMessage = memoizeByText((text) => readUser(text, true), MAX_READ_MESSAGES);
const readUserMessage = memoizeByText((text) => readUser(text, false), MAX_READ_MESSAGES);

/** What a user message says: a command it ran, or its request, pasted errors, paths and facts. */
function readUser(text: string, isFirst: boolean): UserReading {
  // An editor's header (its open tabs) is no part of the request: the task opens with what the user typed.
  const trimmed = withShortListsJoined(typedRequest(text), MIN_WORDS, SENTENCE_CHARS).trim();
  const reading: UserReading = { pasted: [], paths: [], facts: [] };
  const shell = USER_SHELL.exec(trimmed);
  if (shell) {
    const status = shell[3] ?? '';
    reading.shell = { command: shell[1]!, output: shell[2] ?? '', failed: /exit code [1-9]/.test(status) };
    return reading;
  }
  if (trimmed.split(/\s+/).length < 2 || ACKNOWLEDGEMENT.test(trimmed) || SLASH_COMMAND.test(trimmed))
    return reading;
  // Pasted output in a code fence is output; in prose only lines that start like an error count.
  const fenced = [...trimmed.matchAll(/```[^\n]*\n([\s\S]*?)(?:```|$)/g)]
    .map((match) => match[1]!)
    .join('\n');
  reading.pasted = [...new Set([...errorLines(fenced), ...errorLines(trimmed, { pasted: true })])];
  reading.paths = pathsIn(trimmed);
  const add = (kind: FactKind, fact: string, weight: number) =>
    reading.facts.push({ kind, text: fact, weight });
  const addSentence = (kind: FactKind, sentence: string, weight: number) =>
    add(kind, clip(sentence, SENTENCE_CHARS), weight);
  const addConstraint = (sentence: string): boolean => {
    const strength = constraintStrength(sentence);
    if (strength === 0) return false;
    addSentence('constraint', sentence, strength === 2 ? WEIGHT.constraint : WEIGHT.softConstraint);
    return true;
  };

  const sentences = splitSentences(trimmed).slice(0, MAX_SENTENCES_PER_BLOCK);
  const { request, taken } = openingOf(trimmed, sentences);
  const requestStrength = constraintStrength(request);
  if (isFirst) {
    add('task', request, WEIGHT.firstTask);
    // The task's own constraints also belong under Constraints.
    for (const sentence of sentences.slice(0, taken)) addConstraint(sentence);
  } else if (requestStrength > 0) {
    add('constraint', request, requestStrength === 2 ? WEIGHT.constraint : WEIGHT.softConstraint);
  } else if (NEW_TASK.test(request)) {
    add('task', request, WEIGHT.newTask);
  } else {
    add('request', request, request.endsWith('?') ? WEIGHT.request - 1 : WEIGHT.request);
  }
  reading.request = request;
  for (const sentence of sentences.slice(taken)) {
    // Pasted terminal output ("xterm-256color", "➜ repo git:(main) ✗") is not something the user asked.
    if (sentence.split(/\s+/).length < MIN_WORDS || !isProse(sentence) || STACK_FRAME.test(sentence))
      continue;
    if (addConstraint(sentence)) continue;
    if (isFirst) addSentence('task', sentence, WEIGHT.taskDetail);
    else if (USER_DETAIL.test(sentence) || pathsIn(sentence).length > 0) {
      addSentence('detail', sentence, WEIGHT.userDetail);
    } else addSentence('request', sentence, WEIGHT.requestDetail);
  }
  return reading;
}

/** What an assistant message (or its thinking) says: the paths it names, and each prose unit with its fact, if any. */
type AssistantReading = {
  paths: string[];
  units: Array<{ sentence: string; fact?: MessageFact }>;
};

const readAssistantMessage = memoizeByText((text) => readAssistant(text, false), MAX_READ_MESSAGES);
const readThinking = memoizeByText((text) => readAssistant(text, true), MAX_READ_MESSAGES);

/** Reads an assistant message or its thinking (whose facts weigh less, and which states nothing done). */
function readAssistant(text: string, thinking: boolean): AssistantReading {
  const factor = thinking ? WEIGHT.thinkingFactor : 1;
  const factOf = (sentence: string, label: string | undefined): MessageFact | undefined => {
    if (sentence.split(/\s+/).length < MIN_WORDS || !isProse(sentence)) return undefined;
    const fact = (kind: FactKind, weight: number) => ({ kind, text: clip(sentence, SENTENCE_CHARS), weight });
    const labelled = labelledKind(sentence, label);
    if (labelled) return fact(labelled.kind, labelled.weight * factor);
    if (isDecision(sentence)) {
      const strong = STRONG_DECISION_CUE.test(sentence);
      return fact('decision', (strong ? WEIGHT.strongDecision : WEIGHT.weakDecision) * factor);
    }
    if (!thinking && DONE_CUE.test(sentence)) return fact('done', WEIGHT.done);
    if (!thinking && ASSISTANT_DETAIL.test(sentence)) return fact('detail', WEIGHT.assistantDetail);
    return undefined;
  };
  return {
    paths: pathsIn(text),
    units: proseUnits(text)
      .slice(0, MAX_SENTENCES_PER_BLOCK)
      .map(({ text: sentence, label }) => {
        const fact = factOf(sentence, label);
        return fact ? { sentence, fact } : { sentence };
      }),
  };
}

// What an item says by the label of its list ("Plan:") or its own bold lead ("**Fix**:"); first match wins.
const LABEL_KINDS: ReadonlyArray<{ pattern: RegExp; kind: FactKind; weight: number }> = [
  {
    pattern: /plan|approach|fix|solution|decision|design|option/,
    kind: 'decision',
    weight: WEIGHT.strongDecision,
  },
  { pattern: /next|todo|to do|remaining|follow/, kind: 'next', weight: WEIGHT.labelledNext },
  { pattern: /change|summary|done|result|test|complete/, kind: 'done', weight: WEIGHT.labelledDone },
  { pattern: /cause|problem|issue|why|finding|root/, kind: 'detail', weight: WEIGHT.cause },
];

function labelledKind(
  sentence: string,
  listLabel: string | undefined,
): { kind: FactKind; weight: number } | undefined {
  const label = /^\*\*([^*]{1,40})\*\*/.exec(sentence)?.[1]?.toLowerCase() ?? listLabel;
  return label === undefined ? undefined : LABEL_KINDS.find((entry) => entry.pattern.test(label));
}

/** A sentence stating a decision: outright, or an intention with its reason. */
function isDecision(sentence: string): boolean {
  return (
    STRONG_DECISION_CUE.test(sentence) || (WEAK_DECISION_CUE.test(sentence) && REASON_CUE.test(sentence))
  );
}

/** The opening of a user message, which states the request: all of a short one, else its first sentences. */
function openingOf(text: string, sentences: readonly string[]): { request: string; taken: number } {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= SHORT_MESSAGE_CHARS) return { request: flat, taken: sentences.length };
  let request = '';
  let taken = 0;
  while (taken < sentences.length && request.length < REQUEST_OPENING_CHARS) {
    const longer = `${request} ${sentences[taken]}`.trim();
    if (request.length > 0 && longer.length > REQUEST_CHARS) break;
    request = longer;
    taken++;
  }
  return { request: clip(request || flat, REQUEST_CHARS), taken };
}

function addLatestActivity(
  store: FactStore,
  at: (index: number, weight: number) => Placement,
  latestTexts: ReadonlyArray<{ index: number; text: string }>,
  recentCalls: readonly CallRecord[],
): void {
  // Where the work stands: the latest statements that are not plans (plans are next steps).
  for (const { index, text } of latestTexts.slice().reverse()) {
    const status = splitSentences(text)
      .filter((sentence) => !PLAN_CUE.test(sentence))
      .slice(0, 2)
      .join(' ');
    if (status) {
      store.add('activity', clip(status, ACTIVITY_CHARS), at(index, WEIGHT.activity));
      break;
    }
  }
  // A finished call is told by its file, command or error bullet; one still waiting for its result is
  // where the work stands.
  for (const record of recentCalls) {
    if (record.outcome !== undefined) continue;
    const verb = record.call.command ? 'Running' : 'Calling';
    store.add(
      'activity',
      `${verb} ${record.call.label} (no result yet)`,
      at(record.index, WEIGHT.recentCall),
    );
  }
}

/** What an assistant message says comes next: open checklist items, then sentences of intent. */
function plannedItems(text: string): string[] {
  const openItems = text
    .split('\n')
    .filter((line) => OPEN_CHECKBOX.test(line))
    .map((line) => line.replace(OPEN_CHECKBOX, ''));
  // A stated intention with its reason is a decision, and stays one.
  const intentions = splitSentences(text).filter(
    (sentence) => PLAN_CUE.test(sentence) && !isDecision(sentence),
  );
  return [...openItems, ...intentions].slice(0, MAX_PLAN_ITEMS);
}
