/** Writes the summary within the token budget: the best-scoring facts that fit, each in its section, in order. */
import type { Tokenizer } from '../tokens.ts';
import type { FactKind, PlacedFact, ScoredFact } from './facts.ts';
import { compareScored } from './facts.ts';
import type { BulletStyle, Section } from './sections.ts';
import { ownCopy, recentMap } from '../text/text-cache.ts';

export type { PlacedFact } from './facts.ts';

/** The written summary and its token count. */
export type Composed = { text: string; tokens: number };

type Counter = Pick<Tokenizer, 'count' | 'countLines'>;

const EMPTY_SECTION = '(none)';
// Once this little budget is left, no bullet fits; stop instead of counting the rest.
const SMALLEST_LINE = 4;
// Facts that did not fit, tried in a row before giving up on the rest (keeps one call fast on huge inputs).
const MAX_REJECTIONS = 400;
// A sentence restated inside a longer one already written (a summary line and its source, a message
// and its request sentence) is not written again.
const PROSE_KINDS: ReadonlySet<FactKind> = new Set([
  'task',
  'request',
  'constraint',
  'decision',
  'done',
  'activity',
  'next',
  'detail',
]);
const MIN_OVERLAP_CHARS = 24;

/** What a fact's line costs under each bullet style tried, with the count that made the figures. */
type LineCosts = { count: Counter['count']; byStyle: Partial<Record<BulletStyle, number>> };
// Facts' line costs a generation remembers, by text: the calls of a session's strategies choose among mostly the same
// facts (their texts the very strings a replayed conversation adds), and each call built every line it tried again
// and looked it up in the tokenizer's caches.
const lineCostsOf = recentMap<string, LineCosts>(50_000);

/**
 * Picks facts (each section's best first, then by score) until the budget is spent, then writes the
 * sections in order with their facts in conversation order. Lines are counted once each; their sum
 * bounds the whole (pieces do not merge across line ends except newlines, which only lowers the
 * count), and one exact count checks the result.
 */
export function composeSummary(
  sections: readonly Section[],
  facts: readonly PlacedFact[],
  maxTokens: number,
  tokenizer: Counter,
): Composed {
  const budget = Math.max(0, Math.floor(maxTokens));
  const headingCost = sections.map((section) => tokenizer.count(`\n${section.heading}\n`));
  const placeholderCost = tokenizer.count(`${EMPTY_SECTION}\n`);
  let used = 0;
  sections.forEach((section, index) => {
    if (section.required) used += headingCost[index]! + (section.parent ? 0 : placeholderCost);
  });
  const ranked = facts.filter((fact) => fact.section >= 0).sort(compareScored);
  if (used > budget) return fallback(ranked, budget, tokenizer);

  const filled = sections.map(() => 0);
  const chosen = new Set<PlacedFact>();
  const chosenProse: PlacedFact[] = [];
  let rejections = 0;
  // Each section's best fact is tried first, so a tight budget still covers every section it can.
  const bestOfSection = new Map<number, PlacedFact>();
  for (const fact of ranked) if (!bestOfSection.has(fact.section)) bestOfSection.set(fact.section, fact);
  for (const fact of [...bestOfSection.values(), ...ranked]) {
    if (budget - used < SMALLEST_LINE || rejections >= MAX_REJECTIONS) break;
    if (chosen.has(fact)) continue;
    const prose = PROSE_KINDS.has(fact.kind) && fact.key.length >= MIN_OVERLAP_CHARS;
    if (prose && chosenProse.some((chosenFact) => restates(chosenFact, fact))) continue;
    const section = sections[fact.section]!;
    const lineCost = lineCostOf(fact.text, section.bullet, tokenizer);
    const opening =
      filled[fact.section] === 0 ? (section.required ? -placeholderCost : headingCost[fact.section]!) : 0;
    if (used + lineCost + opening > budget) {
      rejections++;
      continue;
    }
    used += lineCost + opening;
    filled[fact.section]!++;
    chosen.add(fact);
    if (prose) chosenProse.push(fact);
  }

  // The line sums are an upper bound for ordinary tokenizers; an exotic one may still count more, and
  // then the last fact chosen goes first. The text is counted line by line: most of its lines were counted above.
  const selection = [...chosen];
  while (true) {
    const text = render(sections, selection);
    const tokens = tokenizer.countLines(text);
    if (tokens <= budget) return { text, tokens };
    if (selection.length === 0) return fallback(ranked, budget, tokenizer);
    selection.pop();
  }
}

/** The tokens of a fact's line, as the first bullet of its style: `- text` and its line break. */
function lineCostOf(text: string, style: BulletStyle, tokenizer: Counter): number {
  let known = lineCostsOf.get(text);
  if (known === undefined || known.count !== tokenizer.count) {
    known = { count: tokenizer.count, byStyle: {} };
    lineCostsOf.set(ownCopy(text), known);
  }
  return (known.byStyle[style] ??= tokenizer.count(`${bulletPrefix(style, 0)}${text}\n`));
}

/** Whether `candidate` says nothing `written` does not; a constraint still gets its own line under Constraints. */
function restates(written: PlacedFact, candidate: PlacedFact): boolean {
  if (candidate.kind === 'constraint' && written.kind !== 'constraint') return false;
  return written.key.includes(candidate.key);
}

function render(sections: readonly Section[], chosen: readonly PlacedFact[]): string {
  const bySection = sections.map((): PlacedFact[] => []);
  for (const fact of chosen) bySection[fact.section]!.push(fact);
  const blocks: string[] = [];
  sections.forEach((section, index) => {
    const items = bySection[index]!.sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : 1));
    if (items.length === 0 && !section.required) return;
    const lines = [section.heading];
    if (items.length === 0 && !section.parent) lines.push(EMPTY_SECTION);
    items.forEach((fact, itemIndex) => {
      lines.push(`${bulletPrefix(section.bullet, itemIndex)}${fact.text}`);
    });
    blocks.push(lines.join('\n'));
  });
  return blocks.join('\n\n');
}

function bulletPrefix(style: BulletStyle, index: number): string {
  switch (style) {
    case 'dash':
      return '- ';
    case 'checked':
      return '- [x] ';
    case 'unchecked':
      return '- [ ] ';
    case 'number':
      return `${index + 1}. `;
  }
}

/** When even the headings do not fit: the best facts as bare bullets, the first cut to fit if it must be. */
function fallback(ranked: readonly ScoredFact[], budget: number, tokenizer: Counter): Composed {
  const lines: string[] = [];
  let used = 0;
  let rejections = 0;
  for (const fact of ranked) {
    if (budget - used < SMALLEST_LINE || rejections >= MAX_REJECTIONS) break;
    const line = `- ${fact.text}`;
    const cost = tokenizer.count(`${line}\n`);
    if (used + cost <= budget) {
      lines.push(line);
      used += cost;
    } else if (lines.length === 0) {
      lines.push(clipToTokens(line, budget, tokenizer));
      break;
    } else rejections++;
  }
  let text = lines.join('\n');
  let tokens = tokenizer.count(text);
  while (tokens > budget && lines.length > 0) {
    lines.pop();
    text = lines.join('\n');
    tokens = tokenizer.count(text);
  }
  return { text, tokens };
}

/** The longest prefix of a line (cut, with an ellipsis) that counts within the budget; '' if none does. */
function clipToTokens(line: string, budget: number, tokenizer: Counter): string {
  let low = 0;
  let high = line.length;
  let best = '';
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = `${line.slice(0, middle).trimEnd()}…`;
    if (tokenizer.count(candidate) <= budget) {
      best = candidate;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}
