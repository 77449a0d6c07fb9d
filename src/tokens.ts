/** The only place that counts tokens: js-tiktoken encodings, or a labelled chars/4 estimate. */
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { buildRankTable, countPiece, type RankTable } from './tokenizer/bpe-ranks.ts';
import { InputError } from './errors.ts';
import {
  rankModuleBytes,
  rankTablePath,
  readRankTable,
  type StoredTable,
} from './tokenizer/rank-table-file.ts';
import { countWindowed, PATTERN_WINDOW_CHARS } from './tokenizer/pattern-windows.ts';
import { ShortPieceCounts } from './tokenizer/short-pieces.ts';
import { countByQuotedParts } from './tokenizer/quoted-cuts.ts';
import { countAroundBody, countByHead, countFromHead } from './tokenizer/space-cuts.ts';
import { memoizeByDigest, memoizeByText, ownCopy, recentMap } from './text/text-cache.ts';
import type { Message } from './session/types.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

/** Tokenizers `--tokenizer` accepts. */
export const TOKENIZER_NAMES = ['o200k_base', 'cl100k_base', 'heuristic'] as const;
/** One of {@link TOKENIZER_NAMES}. */
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

/**
 * Tokens counted for an image block. Providers bill images by pixel size, which transcripts rarely
 * record; 1200 is about what a 1000×1000 screenshot costs on Claude and GPT-4o-class models.
 */
export const IMAGE_TOKENS = 1200;

/** Counts tokens; each message is counted once per tokenizer and cached. */
export type Tokenizer = {
  name: TokenizerName;
  /** True when counts are estimates (the heuristic), so every display can say so. */
  estimate: boolean;
  count(text: string): number;
  /**
   * What `count` gives, summed line by line where a line opens with a character no piece of the encoding's
   * pre-tokenizer runs into from the line break before it, each line's count cached: a text made of lines counted
   * before (an extractive summary of its candidate lines) is counted by look-ups.
   */
  countLines(text: string): number;
  countMessage(message: Message): number;
};

/** js-tiktoken's rank module of each encoding, imported when first needed. */
export const RANK_LOADERS: Record<Exclude<TokenizerName, 'heuristic'>, () => Promise<TiktokenBPE>> = {
  o200k_base: async () => (await import('js-tiktoken/ranks/o200k_base')).default,
  cl100k_base: async () => (await import('js-tiktoken/ranks/cl100k_base')).default,
};

const tokenizers = new Map<TokenizerName, Promise<Tokenizer>>();

/** The tokenizer of that name, loaded once per process. */
export function getTokenizer(name: string = 'o200k_base'): Promise<Tokenizer> {
  if (!isTokenizerName(name)) {
    throw new InputError(`unknown tokenizer '${name}'; available: ${TOKENIZER_NAMES.join(', ')}`);
  }
  let tokenizer = tokenizers.get(name);
  if (!tokenizer) {
    tokenizer = createTokenizer(name);
    tokenizers.set(name, tokenizer);
  }
  return tokenizer;
}

function isTokenizerName(name: string): name is TokenizerName {
  return (TOKENIZER_NAMES as readonly string[]).includes(name);
}

async function createTokenizer(name: TokenizerName): Promise<Tokenizer> {
  const countText =
    name === 'heuristic' ? (text: string) => Math.ceil(text.length / 4) : await bpeCounter(name);
  const messageCounts = new WeakMap<Message, number>();
  return {
    name,
    estimate: name === 'heuristic',
    count: countText,
    // A rounded estimate of each line would not add up to the whole's.
    countLines: name === 'heuristic' ? countText : (text) => countLineByLine(text, countText),
    countMessage(message) {
      let tokens = messageCounts.get(message);
      if (tokens === undefined) {
        tokens = countMessageContent(message, countText, name !== 'heuristic');
        messageCounts.set(message, tokens);
      }
      return tokens;
    },
  };
}

/** An encoding's rank table and pattern: the one the build stored when it fits, else built from js-tiktoken's. */
async function encodingTables(
  name: Exclude<TokenizerName, 'heuristic'>,
): Promise<{ table: RankTable; pattern: string }> {
  let stored: StoredTable | undefined;
  try {
    stored = await readRankTable(rankTablePath(name), rankModuleBytes(name));
  } catch {
    // No stored table, or js-tiktoken not where it resolves from: build it below.
  }
  if (stored) return stored;
  const tables = await RANK_LOADERS[name]();
  return { table: buildRankTable(tables.bpe_ranks), pattern: tables.pat_str };
}

/**
 * A BPE counter over js-tiktoken's rank tables that splits text with the encoding's own
 * pre-tokenizer pattern and caches the count of every piece: BPE never merges across pieces, so
 * the sum is exact, and coding transcripts repeat pieces so much that this is several times faster
 * than encoding whole texts. It only counts (never decodes), so its rank table is the compact one of
 * bpe-ranks.ts rather than js-tiktoken's own maps, whose construction dominated a short command's start.
 */
async function bpeCounter(name: Exclude<TokenizerName, 'heuristic'>): Promise<(text: string) => number> {
  const { table, pattern: patternSource } = await encodingTables(name);
  // A piece's UTF-8 bytes, encoded into one reused buffer (grown for the rare piece that needs more).
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(1024);
  const pattern = new RegExp(patternSource, 'gu');
  // The same pattern anchored where the last piece ended: `test` then finds each piece without making a match
  // array (most of the counting's garbage). The pattern leaves no character unmatched, so the pieces tile the text.
  const sticky = new RegExp(patternSource, 'uy');
  const pieceCounts = recentMap<string, number>(MAX_CACHED_PIECES);
  const countBytes = (piece: string): number => {
    if (piece.length * 3 > scratch.length) scratch = new Uint8Array(piece.length * 3);
    return countPiece(table, scratch, encoder.encodeInto(piece, scratch).written);
  };
  const countChunk = memoizeByDigest(countBytes, MAX_CACHED_BLOCKS);
  const shortPieces = new ShortPieceCounts(table);
  const countOne = (piece: string): number => {
    if (piece.length > MAX_PIECE_CHARS) return countLongPiece(piece, countChunk);
    let pieceTokens = pieceCounts.get(piece);
    if (pieceTokens === undefined) {
      pieceTokens = countBytes(piece);
      // Long unique pieces (base64, minified code) would only bloat the cache.
      if (piece.length <= 64) pieceCounts.set(ownCopy(piece), pieceTokens);
    }
    return pieceTokens;
  };
  const countWindow = (text: string): number => {
    let tokens = 0;
    sticky.lastIndex = 0;
    for (let start = 0; start < text.length; start = sticky.lastIndex) {
      if (!sticky.test(text) || sticky.lastIndex === start) {
        // Nothing (or nothing but an empty piece) matches here: count the rest as matchAll splits it.
        for (const match of text.slice(start).matchAll(pattern)) tokens += countOne(match[0]);
        return tokens;
      }
      // A short ASCII piece is counted from its characters where they stand, with no string of its own.
      const short = shortPieces.count(text, start, sticky.lastIndex);
      tokens += short >= 0 ? short : countOne(text.slice(start, sticky.lastIndex));
    }
    return tokens;
  };
  const countPieces = (text: string): number =>
    text.length <= PATTERN_WINDOW_CHARS
      ? countWindow(text)
      : countWindowed(text, { sticky, pattern, countOne, pieceChunkChars: MAX_PIECE_CHARS });
  return blockCounter(countPieces);
}

/**
 * The one place counts may differ from js-tiktoken's: a single pre-tokenized piece longer than this (a run of one
 * character, or letters with no space, digit or punctuation between them, over 262,144 characters) is counted
 * in chunks of this many characters, each merged on its own and cached by its content. No merge crosses a chunk's
 * edge, so the count of such a piece may exceed js-tiktoken's by a few tokens per edge: measured, none for a run of
 * any one printable ASCII character, a tab or a line break (each chunk ends on a token's edge), and 0 to 2 per edge
 * on random runs of letters from 2 to 26 (under 0.01% of their count). Without the split a 10 MB line of one
 * repeated character costs a whole-piece merge (seconds even with the heap merge of bpe-ranks.ts; hours with the
 * quadratic one before it); with it, every chunk after the first of such a run is a cache hit, and a piece costs
 * time linear in its length. No piece of ordinary text (code, prose, logs, base64 lines) comes near this length.
 */
export const MAX_PIECE_CHARS = 1 << 18;

/** A too-long piece counted chunk by chunk (see {@link MAX_PIECE_CHARS}), never splitting a surrogate pair. */
function countLongPiece(piece: string, countChunk: (chunk: string) => number): number {
  let tokens = 0;
  for (let start = 0; start < piece.length;) {
    let end = Math.min(start + MAX_PIECE_CHARS, piece.length);
    const last = piece.charCodeAt(end - 1);
    if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
    tokens += countChunk(piece.slice(start, end));
    start = end;
  }
  return tokens;
}

// Texts shorter than this are counted as one block (cached by content); longer ones block by block.
const LONG_TEXT_CHARS = 4096;
// A block shorter than this is looked up by its text, a longer one by a digest of it.
const CACHED_BLOCK_CHARS = 256;
// Short block counts a generation holds at most (some 50 MB of keys).
const MAX_SHORT_BLOCKS = 100_000;
// Cached block counts a generation holds at most (a bound on memory within one huge session).
const MAX_CACHED_BLOCKS = 500_000;
// Cached piece counts a generation holds at most: a session's vocabulary, far more than a transcript repeats.
const MAX_CACHED_PIECES = 200_000;

/**
 * Wraps a BPE count so that a long text is counted block by block, each block's count cached by its content:
 * every strategy renders the same messages into its prompts (slices overlap, summaries are re-sent), so each
 * rendered message or summary section is counted once per process, not once per request. Exact, not an
 * estimate: a block starts at a line that opens with `[` (a rendered message's `[Role]: ` tag), `<` (a tagged
 * block) or `#` (a heading), and neither encoding's pre-tokenizer has a piece that runs from a line break into
 * such a character or whose end depends on what follows a line break there, so the pieces, and the counts, of
 * the blocks add up to those of the whole text.
 */
function blockCounter(countPieces: (text: string) => number): (text: string) => number {
  // A short block is its own key; a longer one a digest (a key sliced from a prompt would keep the prompt alive).
  const countShort = memoizeByText(countPieces, MAX_SHORT_BLOCKS);
  // A long block's lines but its first and last are counted, and cached, on their own: a message's text is counted
  // as the message's content, then again inside its rendering in the prompts (`[Tool result]: ` before its first
  // line, the blank line after its last), which differ from it in those two lines only.
  const countInner = memoizeByDigest(countPieces, MAX_CACHED_BLOCKS);
  const countCached = (inner: string): number =>
    inner.length < CACHED_BLOCK_CHARS ? countShort(inner) : countInner(inner);
  const countAround = (block: string): number => {
    const first = firstLineCut(block);
    const last = lastLineCut(block);
    // One line (a tool call's arguments, or a prompt's calls line): its long strings' insides are counted once.
    if (first < 0 || last <= first)
      return countByQuotedParts(block, countPieces, countCached) ?? countPieces(block);
    return (
      countPieces(block.slice(0, first)) +
      countCached(block.slice(first, last)) +
      countPieces(block.slice(last))
    );
  };
  // A rendered message's block on first sight: from its text's count where the session counted that text (below).
  const countLong = memoizeByDigest(
    (block: string) => countRendered(block) ?? countAround(block),
    MAX_CACHED_BLOCKS,
  );
  const knownCount = (text: string): number | undefined =>
    text.length < CACHED_BLOCK_CHARS
      ? countShort.known(text)
      : text.length < LONG_TEXT_CHARS
        ? countLong.known(text)
        : undefined;
  // `[Role]: ` and a message's text, then the line breaks before the next block: the text was counted as the
  // message's content, and only its first and last words join what surrounds it here (tokenizer/space-cuts.ts).
  const countRendered = (block: string): number | undefined => {
    const start = block.charCodeAt(0) === OPEN_BRACKET ? block.indexOf(TAG_END) + TAG_END.length : 0;
    // The tag on the block's first line; the text may open with a line break of its own.
    if (start < TAG_END.length || block.lastIndexOf('\n', start - 1) >= 0) return undefined;
    // The blank line between blocks, or the line break after the last: a text may end with line breaks of its own.
    let end = block.length;
    if (block.charCodeAt(end - 1) === LINE_BREAK) end--;
    if (end > start && block.charCodeAt(end - 1) === LINE_BREAK) end--;
    const body = block.slice(start, end);
    // Else from its head's count: a long tool result cut in a prompt (its head was counted with it, countByHead).
    const bodyTokens =
      knownCount(body) ??
      (body.length < CACHED_BLOCK_CHARS ? undefined : countFromHead(body, knownCount, countPieces));
    if (bodyTokens === undefined) return undefined;
    const parts = { prefix: block.slice(0, start), body, suffix: block.slice(end), bodyTokens };
    return countAroundBody(parts, countPieces);
  };
  const countBlock = (block: string): number =>
    block.length < CACHED_BLOCK_CHARS ? countShort(block) : countLong(block);
  // A section of a summary in a prompt (a block under a heading) is counted by its lines, as the summary's own
  // count read them (Tokenizer.countLines): each was counted when the summary was composed. The section's sum is
  // remembered by a digest: a chain sends its summaries again in each prompt that follows, and each of their lines
  // was looked up again (at 1 M tokens two thirds of the sections' characters came again).
  const countLongSection = memoizeByDigest(
    (block: string) => sumOverLines(block, opensLine, countBlock),
    MAX_CACHED_BLOCKS,
  );
  const countSection = (block: string): number =>
    block.length < CACHED_BLOCK_CHARS ? countShort(block) : countLongSection(block);
  const countPart = (block: string): number =>
    block.charCodeAt(0) === HASH ? countSection(block) : countBlock(block);
  return (text) => {
    // A text up to a few KB is one block: an extractive summary's candidate lines come again in every call of a
    // sequential strategy, and each was counted afresh.
    if (text.length < LONG_TEXT_CHARS) return countBlock(text);
    return sumOverLines(text, opensBlock, countPart);
  };
}

/** `count` summed over the pieces of `text` cut after each line break whose next character `cutsBefore` accepts. */
function sumOverLines(
  text: string,
  cutsBefore: (code: number) => boolean,
  count: (text: string) => number,
): number {
  let tokens = 0;
  let start = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (!cutsBefore(text.charCodeAt(at + 1))) continue;
    tokens += count(text.slice(start, at + 1));
    start = at + 1;
  }
  return tokens + count(text.slice(start));
}

/** Whether a line opening with this character starts a block (see blockCounter). */
function opensBlock(code: number): boolean {
  return code === OPEN_BRACKET || code === LESS_THAN || code === HASH;
}

/**
 * A BPE count of `text` summed over its lines, cut after a line break that the next character follows on its own.
 * Exact for both encodings: a pre-tokenizer piece holds a line break only as white space (`\s*[\r\n]+`, `\s+`) or
 * after punctuation (`[^\s\p{L}\p{N}]+[\r\n/]*`), so it runs past the break only into white space or `/`; nor does
 * any piece look ahead past the break to end elsewhere, since the white space before the next character ends
 * with the break. Only printable ASCII opens a line cut off, which is what a summary's lines open with.
 */
function countLineByLine(text: string, countText: (text: string) => number): number {
  return sumOverLines(text, opensLine, countText);
}

/** Whether a line opening with this character is cut off from the line before (see countLineByLine). */
function opensLine(code: number): boolean {
  return code > SPACE && code <= TILDE && code !== SLASH;
}

/** Where the first line that {@link opensLine} cuts off starts (after its line break), or -1. */
function firstLineCut(text: string): number {
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1))
    if (opensLine(text.charCodeAt(at + 1))) return at + 1;
  return -1;
}

/** Where the last line that {@link opensLine} cuts off starts (after its line break), or -1. */
function lastLineCut(text: string): number {
  for (let at = text.lastIndexOf('\n'); at >= 0; at = at === 0 ? -1 : text.lastIndexOf('\n', at - 1))
    if (opensLine(text.charCodeAt(at + 1))) return at + 1;
  return -1;
}

// The printable ASCII range a cut-off line may open with, and the one character in it a piece runs into.
const SPACE = 32;
const TILDE = 126;
const SLASH = 47;

// The end of a rendered message's tag (`[Tool result]: `), and the line break that ends the block.
const TAG_END = ']: ';
const LINE_BREAK = 10;

// The characters a block's first line may open with (see blockCounter).
const OPEN_BRACKET = 91; // [
const LESS_THAN = 60; // <
const HASH = 35; // #

// `byHead`: a long tool result counted by its head and the rest, which add up to the whole's count for a BPE
// counter only (a rounded estimate of each part would not).
function countMessageContent(message: Message, countText: (text: string) => number, byHead: boolean): number {
  if (typeof message.content === 'string') return countText(message.content);
  const toolResult = byHead && message.role === 'toolResult';
  let tokens = 0;
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        tokens += toolResult
          ? countByHead(block.text, TOOL_RESULT_HEAD_CHARS, countText)
          : countText(block.text);
        break;
      case 'thinking':
        tokens += countText(block.thinking);
        break;
      case 'toolCall':
        tokens += countText(block.name) + countText(JSON.stringify(block.arguments));
        break;
      case 'image':
        tokens += IMAGE_TOKENS;
        break;
    }
  }
  return tokens;
}

// Where a tool result is cut in the prompts by default (settings.ts, `toolResultChars`): a longer one's text is counted
// by its head to there and the rest, the head's count cached for the prompts' cut renderings (space-cuts.ts).
const TOOL_RESULT_HEAD_CHARS = DEFAULT_SETTINGS.toolResultChars;

/** Tokens of a request's system prompt and prompt: what a model reads, as this tokenizer counts it. */
export function countRequest(
  tokenizer: Pick<Tokenizer, 'count'>,
  request: { system: string; prompt: string },
): number {
  return tokenizer.count(request.system) + tokenizer.count(request.prompt);
}

/**
 * Tokens of a message as it is now: a frozen message (the session's) cannot have changed since it was counted, so
 * its cached count stands; any other is counted from its content, since a strategy may return an object it edited
 * after it was counted.
 */
export function countMessageAsIs(tokenizer: Tokenizer, message: Message): number {
  return Object.isFrozen(message)
    ? tokenizer.countMessage(message)
    : countMessageContent(message, (text) => tokenizer.count(text), !tokenizer.estimate);
}

/** Token counts of every message, in order (each counted once and cached by the tokenizer). */
export function countMessages(tokenizer: Tokenizer, messages: readonly Message[]): number[] {
  return messages.map((message) => tokenizer.countMessage(message));
}
