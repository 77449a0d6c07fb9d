/**
 * A request shown rather than said: the user pastes a screenshot with a few words that point at it ("can we fix
 * this?", "What to do here?") and the agent's reply says what the picture shows ("The web-chat is hitting
 * Anthropic's rate limit (50,000 input tokens/minute for Haiku)."). The user's words are too few to be a request
 * (requests.ts states none), and the picture is not in the text: a reader learns what was asked from the agent's
 * reading of it, and files it as the task. The reading is the first sentence of the agent's reply that states
 * something (not its narration, "Let me check …", nor a bare "Yes!"), its frame ("I can see the issue -") taken off.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt, toolCallsOf } from '../../session/types.ts';
import { typedRequest } from '../../session/editor-prompt-header.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, isContentWord, keyPhrase, proseOf, sentencesOf, wordsOf } from './phrases.ts';

// Fewer content words than this and the user's words say no request of their own (requests.ts's MIN_CURRENT_WORDS).
const MIN_REQUEST_WORDS = 3;
// The least a reading says, in content words, to tell what the picture shows.
const MIN_READING_WORDS = 4;
// How many of the reply's sentences are looked at for the reading: past them the agent is at work, not reading.
const READING_SENTENCES = 3;
// About one summary sentence.
const STATEMENT_CHARS = 240;

// The agent narrating what it does next, or agreeing, rather than saying what it sees ("Let me check …", "I'll look",
// "Now …", "Good question!", "Yes!").
const NARRATION =
  /^(?:let me|let's|i'll|i will|i'm going to|now\b|first\b|next\b|ok(?:ay)?\b|sure\b|great\b|good\b|perfect\b|yes\b|yeah\b|right\b|thanks?\b|looking\b|checking\b|i need to|i should)/i;
// The frame of a reading, which the reading goes on after ("I can see the issue - …", "I see the …").
const FRAME =
  /^(?:i\s+(?:can\s+)?see\s+(?:the\s+(?:issue|problem|error)\s*[-–—:,]\s*)?|it\s+looks\s+like\s+)/i;

/** Whether a user message holds a picture. */
function showsPicture(message: Message): boolean {
  return (
    message.role === 'user' &&
    typeof message.content !== 'string' &&
    message.content.some((block) => block.type === 'image')
  );
}

/** The agent's first sentence after `from` (up to the next prompt) that states what it sees, frame taken off. */
function readingAfter(messages: readonly Message[], from: number): string | undefined {
  let looked = 0;
  for (let index = from + 1; index < messages.length; index++) {
    const message = messages[index]!;
    if (isPrompt(message)) return undefined;
    if (message.role !== 'assistant') continue;
    for (const block of message.content) {
      if (block.type !== 'text') continue;
      for (const sentence of sentencesOf(proseOf(block.text))) {
        if (looked++ >= READING_SENTENCES) return undefined;
        const reading = sentence
          .replace(FRAME, '')
          .replace(/^#+\s*|\*\*/g, '')
          .trim();
        if (NARRATION.test(reading) || reading.endsWith('?') || reading.endsWith(':')) continue;
        if (wordsOf(reading).filter(isContentWord).length < MIN_READING_WORDS) continue;
        return reading;
      }
    }
    // Past the reply's first call the agent is at work: what it says then is what it found, not what it saw.
    if (toolCallsOf(message).length > 0) return undefined;
  }
  return undefined;
}

/** The requests the user showed in a picture with too few words of their own, each read through the agent's reply. */
export function shownRequestProbes(messages: readonly Message[]): DraftProbe[] {
  return messages.flatMap((message, index) => {
    if (!isPrompt(message) || message.context || !showsPicture(message)) return [];
    const said = proseOf(typedRequest(contentText(message.content)).replace(/\[image:[^\]]*\]/g, ' ')).trim();
    if (wordsOf(said).filter(isContentWord).length >= MIN_REQUEST_WORDS) return [];
    const reading = readingAfter(messages, index);
    const phrase = reading && keyPhrase(reading, 4);
    if (!reading || !phrase) return [];
    const asked = said ? `, asking "${clipWords(said, 80)}"` : '';
    return [
      {
        kind: 'task' as const,
        messageIndex: index,
        question: `What did the user show in a screenshot${asked}, and what did they want done?`,
        answer: `The user showed a screenshot${asked}; the agent read it as: ${clipWords(reading, STATEMENT_CHARS)}`,
        facets: [[phrase]],
        statement: clipWords(reading, STATEMENT_CHARS),
      },
    ];
  });
}
