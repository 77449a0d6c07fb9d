/** The only place that counts tokens: js-tiktoken encodings, or a labelled chars/4 estimate. */
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { InputError } from './errors.ts';
import type { Message } from './session/types.ts';

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
  countMessage(message: Message): number;
};

const RANK_LOADERS: Record<Exclude<TokenizerName, 'heuristic'>, () => Promise<TiktokenBPE>> = {
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
    countMessage(message) {
      let tokens = messageCounts.get(message);
      if (tokens === undefined) {
        tokens = countMessageContent(message, countText);
        messageCounts.set(message, tokens);
      }
      return tokens;
    },
  };
}

/**
 * A BPE counter over js-tiktoken's rank tables that splits text with the encoding's own
 * pre-tokenizer pattern and caches the count of every piece: BPE never merges across pieces, so
 * the sum is exact, and coding transcripts repeat pieces so much that this is several times faster
 * than encoding whole texts. It only counts (never decodes), so it builds one rank map keyed by the
 * piece's bytes as a latin1 string — about a quarter of the time js-tiktoken's own constructor takes,
 * which dominated `inspect` on large sessions.
 */
async function bpeCounter(name: Exclude<TokenizerName, 'heuristic'>): Promise<(text: string) => number> {
  const tables = await RANK_LOADERS[name]();
  const ranks = buildRankMap(tables.bpe_ranks);
  const pattern = new RegExp(tables.pat_str, 'gu');
  const pieceCounts = new Map<string, number>();
  return (text) => {
    let tokens = 0;
    for (const match of text.matchAll(pattern)) {
      const piece = match[0];
      let pieceTokens = pieceCounts.get(piece);
      if (pieceTokens === undefined) {
        pieceTokens = countPiece(Buffer.from(piece, 'utf8').toString('latin1'), ranks);
        // Long unique pieces (base64, minified code) would only bloat the cache.
        if (piece.length <= 64) pieceCounts.set(piece, pieceTokens);
      }
      tokens += pieceTokens;
    }
    return tokens;
  };
}

/** Byte sequence (as latin1) → rank, from js-tiktoken's compressed `bpe_ranks` lines (`! offset token…`). */
function buildRankMap(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  let lineStart = 0;
  while (lineStart < bpeRanks.length) {
    let lineEnd = bpeRanks.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = bpeRanks.length;
    const fields = bpeRanks.slice(lineStart, lineEnd).split(' ');
    let rank = Number.parseInt(fields[1] ?? '', 10);
    for (let index = 2; index < fields.length; index++) {
      // atob yields the bytes as a latin1 string directly, about twice as fast as a Buffer round trip.
      ranks.set(atob(fields[index]!), rank++);
    }
    lineStart = lineEnd + 1;
  }
  return ranks;
}

/** Tokens of one pre-tokenized piece: tiktoken's byte-pair merge, lowest rank first, counting the parts left. */
function countPiece(bytes: string, ranks: Map<string, number>): number {
  if (bytes.length <= 1 || ranks.has(bytes)) return Math.min(1, bytes.length);
  const starts: number[] = [];
  for (let index = 0; index <= bytes.length; index++) starts.push(index);
  while (starts.length > 2) {
    let lowest = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let index = 0; index + 2 < starts.length; index++) {
      const rank = ranks.get(bytes.slice(starts[index], starts[index + 2]));
      if (rank !== undefined && rank < lowest) {
        lowest = rank;
        at = index;
      }
    }
    if (at === -1) break;
    starts.splice(at + 1, 1);
  }
  return starts.length - 1;
}

function countMessageContent(message: Message, countText: (text: string) => number): number {
  if (typeof message.content === 'string') return countText(message.content);
  let tokens = 0;
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        tokens += countText(block.text);
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

/** Tokens of a request's system prompt and prompt: what a model reads, as this tokenizer counts it. */
export function countRequest(
  tokenizer: Pick<Tokenizer, 'count'>,
  request: { system: string; prompt: string },
): number {
  return tokenizer.count(request.system) + tokenizer.count(request.prompt);
}

/** Token counts of every message, in order (each counted once and cached by the tokenizer). */
export function countMessages(tokenizer: Tokenizer, messages: readonly Message[]): number[] {
  return messages.map((message) => tokenizer.countMessage(message));
}
