/**
 * The facts of a conversation read once per text and replayed into every request that carries it again: the core
 * strategies send the same slices of a session (parallel-stitch, the sequential ones and structured-iterative slice it
 * alike), and each call parsed the slice and read its every block afresh. What reading adds to a store depends on the
 * conversation's text and on whether it continues an earlier one, never on what the store holds, and its timeline
 * only places each fact (placeOnTimeline): the additions are recorded with their block and weight and placed again on
 * the timeline of the request that replays them, so a store ends as reading would have left it. The two readings, as
 * a first conversation and as a continuation, differ at two points only (the first message's facts, the latest request
 * as the next step): one recording holds both branches there, so a slice sent first by one strategy and as a
 * continuation by another is read once.
 */
import { splitConversation } from './conversation.ts';
import {
  type Branch,
  collectConversationFacts,
  type ConversationTimeline,
  placeOnTimeline,
  readConversationFacts,
} from './conversation-facts.ts';
import type { FactKind, FactStore, Placement } from './facts.ts';
import { normalizeKey } from './text.ts';
import type { FileOperation } from './tools.ts';
import { digestOf } from '../text/hashed-pieces.ts';
import { ownCopy, recentMap } from '../text/text-cache.ts';

/**
 * One addition reading made to a store, with the block it came from (its position on a timeline from 0), or a branch:
 * what a first conversation adds there, and what a continuation adds.
 */
type Addition =
  | { fact: FactKind; text: string; key: string; block: number; weight: number }
  | { file: FileOperation; path: string; block: number; weight: number }
  | { branch: [Addition[], Addition[]] };

/** A conversation read: how many blocks it has, and what reading it adds (both branches), once it has been read. */
type Reading = { blockCount: number; chars: number; additions: Addition[] | undefined };

// Conversations a generation remembers (text-cache.ts ages it as sessions are released): a session's slices, up to
// 32 Mi characters of them, so that what their readings hold (a fraction of their text) stays bounded whatever the
// sessions' sizes: at 4 M tokens `-s all` remembers 223 conversations, a 100-session suite 33 at once.
const readings = recentMap<string, Reading>(2_000, { of: (reading) => reading.chars, max: 1 << 25 });

// Conversations up to this long are remembered: a slice, a short session's whole transcript. A longer one (a long
// session's whole transcript, sent whole by few strategies) is read each time: its additions would be held, tens of
// MB at 4 M tokens, for what another strategy seldom sends alike.
const REMEMBERED_CONVERSATION_CHARS = 1 << 20;

// The timeline additions are recorded on: a block's position is its index.
const RECORDING = { firstPosition: 0, firstRecency: 0 };

/** A conversation as a request carries it: its block count, and its facts added to a store on a timeline. */
export type ConversationFacts = {
  readonly blockCount: number;
  /** The key its reading is remembered by (a digest of its text); undefined for one read each time. */
  readonly key: string | undefined;
  addTo(store: FactStore, timeline: ConversationTimeline): void;
};

/** The facts of `conversation` (a request's rendered conversation), read once per text (see the module comment). */
export function conversationFacts(conversation: string): ConversationFacts {
  if (conversation.length > REMEMBERED_CONVERSATION_CHARS) return readEachTime(conversation);
  // A digest, not the text, is the key: a slice's text would keep its whole prompt alive.
  const key = digestOf('sha1', conversation, 'base64');
  let reading = readings.get(key);
  let blocks = reading === undefined ? splitConversation(conversation) : undefined;
  if (reading === undefined) {
    reading = { blockCount: blocks!.length, chars: conversation.length, additions: undefined };
    readings.set(key, reading);
  }
  const known = reading;
  return {
    blockCount: known.blockCount,
    key,
    addTo(store, timeline) {
      known.additions ??= recordAdditions((blocks ??= splitConversation(conversation)));
      const at = placeOnTimeline(timeline, known.blockCount);
      replay(known.additions, store, at, timeline.continuation ? 1 : 0);
    },
  };
}

/** Adds the recorded additions to the store, placed by `at`, taking each branch's first (0) or continuation (1) side. */
function replay(
  additions: readonly Addition[],
  store: FactStore,
  at: (index: number, weight: number) => Placement,
  side: 0 | 1,
): void {
  for (const addition of additions) {
    if ('fact' in addition)
      store.add(addition.fact, addition.text, at(addition.block, addition.weight), addition.key);
    else if ('file' in addition)
      store.touchFile(addition.path, addition.file, at(addition.block, addition.weight));
    else replay(addition.branch[side], store, at, side);
  }
}

/** A conversation read afresh for each request (see {@link REMEMBERED_CONVERSATION_CHARS}). */
function readEachTime(conversation: string): ConversationFacts {
  const blocks = splitConversation(conversation);
  return {
    blockCount: blocks.length,
    key: undefined,
    addTo: (store, timeline) => collectConversationFacts(blocks, store, timeline),
  };
}

/**
 * What reading the blocks adds to a store, in order, both branches recorded; texts as strings of their own (a slice
 * would hold the prompt).
 */
function recordAdditions(blocks: ReturnType<typeof splitConversation>): Addition[] {
  let additions: Addition[] = [];
  const recorder: FactStore = {
    add(fact, text, placement: Placement) {
      // The fact's key is the store's first step at every replay: worked out once, here.
      const own = ownCopy(text);
      additions.push({
        fact,
        text: own,
        key: normalizeKey(own),
        block: placement.position,
        weight: placement.weight,
      });
    },
    touchFile(path, file, placement: Placement) {
      additions.push({ file, path: ownCopy(path), block: placement.position, weight: placement.weight });
    },
    files: new Map(),
    facts: () => [],
  };
  const branch: Branch = (asFirst, asContinuation) => {
    const outer = additions;
    const sides: [Addition[], Addition[]] = [[], []];
    additions = sides[0];
    asFirst();
    additions = sides[1];
    asContinuation();
    additions = outer;
    additions.push({ branch: sides });
  };
  readConversationFacts(blocks, recorder, placeOnTimeline(RECORDING, blocks.length), branch);
  return additions;
}
