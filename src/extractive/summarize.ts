/** The extractive summarizer end to end: read the request, gather facts, score them, write within budget. */
import type { Tokenizer } from '../tokens.ts';
import type { Composed } from './compose.ts';
import { composeSummary } from './compose.ts';
import type { Fact, FactStore } from './facts.ts';
import { createFactStore, scoreFacts } from './facts.ts';
import { type ConversationFacts, conversationFacts } from './replayed-conversation-facts.ts';
import { readRequest, type SummaryRequest } from './request.ts';
import { countRequestTokens } from './request-tokens.ts';
import { planSections, sectionFor } from './sections.ts';
import { collectSummaryFacts } from './summary-facts.ts';

// Where a previous summary sits on the recency scale: older than everything in the new conversation,
// but not worthless, since it was already a selection.
const PREVIOUS_SUMMARY_RECENCY = 0.3;
const NOTHING_TO_SUMMARIZE = '(nothing to summarize)';

/** A summary and the tokens of the request it answers, as `countRequest` counts them. */
export type Summary = Composed & { inputTokens: number };

/** A deterministic summary of the request's material, counting at most `maxTokens` with the tokenizer. */
export function summarizeExtractively(
  request: { system: string; prompt: string; maxTokens: number },
  tokenizer: Pick<Tokenizer, 'count' | 'countLines' | 'estimate'>,
): Summary {
  const parsed = readRequest(request.system, request.prompt);
  const conversation = conversationFacts(parsed.conversation);
  const inputTokens = countRequestTokens(tokenizer, request, {
    text: parsed.conversation,
    at: parsed.conversationAt,
    key: conversation.key,
  });
  return { ...summarize(request, tokenizer, parsed, conversation), inputTokens };
}

/** The summary of a request taken apart, its conversation's facts read. */
function summarize(
  request: { maxTokens: number },
  tokenizer: Pick<Tokenizer, 'count' | 'countLines'>,
  parsed: SummaryRequest,
  conversation: ConversationFacts,
): Composed {
  const store = createFactStore();
  let position = 0;
  if (parsed.previousSummary) {
    position = collectSummaryFacts(parsed.previousSummary, store, {
      firstPosition: position,
      recency: PREVIOUS_SUMMARY_RECENCY,
      superseded: true,
    });
  }
  let earlier: FactStore | undefined;
  if (parsed.summaries.length > 0 && parsed.summariesUse === 'merge') {
    // The later a slice summary, the more recent its material; beside a conversation they are older still.
    const scale = conversation.blockCount > 0 ? 0.5 : 1;
    parsed.summaries.forEach((summary, index) => {
      position = collectSummaryFacts(summary, store, {
        firstPosition: position,
        recency: (scale * (index + 1)) / parsed.summaries.length,
        // Only the last summary's current work and next steps are still current.
        superseded: index < parsed.summaries.length - 1,
      });
    });
  } else if (parsed.summaries.length > 0) {
    earlier = createFactStore();
    for (const summary of parsed.summaries) {
      collectSummaryFacts(summary, earlier, { firstPosition: 0, recency: 0, superseded: false });
    }
  }
  conversation.addTo(store, {
    firstPosition: position,
    firstRecency: position > 0 ? PREVIOUS_SUMMARY_RECENCY : 0,
    continuation: position > 0 || earlier !== undefined,
  });

  const facts = earlier ? withoutRepeats(store, earlier) : store.facts();
  const sections = planSections(parsed.headings);
  const placed = scoreFacts(facts, parsed.focusWords, (fact) => sectionFor(sections, fact.kind, fact.text));
  if (placed.length === 0 && !sections.some((section) => section.required)) {
    const tokens = tokenizer.count(NOTHING_TO_SUMMARIZE);
    return tokens <= request.maxTokens ? { text: NOTHING_TO_SUMMARIZE, tokens } : { text: '', tokens: 0 };
  }
  return composeSummary(sections, placed, request.maxTokens, tokenizer);
}

/** Facts the earlier summaries do not already state (a file counts as stated when no operation is new). */
function withoutRepeats(store: FactStore, earlier: FactStore): Fact[] {
  const stated = new Set(earlier.facts().map((fact) => fact.key));
  return store.facts().filter((fact) => {
    const record = fact.path === undefined ? undefined : store.files.get(fact.path);
    if (!record) return !stated.has(fact.key);
    const known = earlier.files.get(record.path);
    return !known || record.operations.some((operation) => !known.operations.includes(operation));
  });
}
