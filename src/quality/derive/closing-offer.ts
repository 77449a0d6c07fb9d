/**
 * The offer an agent's message ends with: its last sentence a question offering to do something ("Want me to also
 * set `gc.auto 0`?", "Should I finish wiring up the `--model` flag …, or leave the code as-is for now?") or naming the
 * next unit of the work ("Ready to merge. **PR #91** next?", "Next up: **PR #91**?").
 */
import type { AssistantMessage, Message } from '../../session/types.ts';
import { sentencesOf } from './phrases.ts';

// An offer to do something, as a question at the end of a message: "Want me to also set X?", "Should I X?".
const OFFER =
  /\b(?:(?:do you )?want me to|should I|shall I|would you like me to|do you want me to|I can also|I could also)\s+(?:also\s+|now\s+)?(.+?)\??$/i;

// The next unit named as a question: "**PR #91** next?", "Next up: PR #91?", "On to PR #91?". A few words, so that a
// sentence asking what comes next ("What should we tackle next?") names nothing.
const NEXT_UNIT = /^(?:(?:next up|on to|then)\s*:?\s+([^?]{1,40}?)|([^?]{1,40}?)\s+next)\s*\?$/i;

// Words that ask what comes next without naming it.
const ASKING = /^(?:what|which|how|where|who|why|anything|something|else)\b/i;

/** The agent's prose in a message, code blocks left out. */
function proseText(message: AssistantMessage): string {
  return message.content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n')
    .replace(/```[\s\S]*?```/g, '\n')
    .trim();
}

/** The offer an assistant message ends with, when its last sentence offers to do something. */
export function offerOf(message: Message): string | undefined {
  if (message.role !== 'assistant') return undefined;
  const last = sentencesOf(proseText(message)).pop();
  if (!last?.endsWith('?')) return undefined;
  return OFFER.exec(last)?.[1]?.replace(/\*\*/g, '').trim();
}

/** The next unit an assistant message's last sentence names as a question ("PR #91" of "**PR #91** next?"). */
export function nextUnitOf(message: Message): string | undefined {
  if (message.role !== 'assistant') return undefined;
  const last = sentencesOf(proseText(message)).pop()?.replace(/\*\*/g, '').trim();
  const match = last ? NEXT_UNIT.exec(last) : undefined;
  const unit = (match?.[1] ?? match?.[2])?.trim();
  return unit && !ASKING.test(unit) ? unit : undefined;
}
