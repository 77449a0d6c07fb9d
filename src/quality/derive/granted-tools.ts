/**
 * A tool the user granted the agent, and what for ("I grant you access to the screen shot tool for your ui debugging,
 * make it happen"): a leave the agent did not have, which a careful reader passes on ("they have allowed me to take
 * screenshots to debug the UI"), so that a successor uses it rather than asking again or doing without. A leave in
 * passing ("you can run it", "feel free to …") grants one step, not a tool: only the words of a grant are read.
 */
import { contentText, isPrompt, type Message } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { proseOf, sentencesOf, wordsOf } from './phrases.ts';

// "I grant you access to X for Y", "I give you permission to use X to Y", "you now have access to X for Y".
const GRANT =
  /\b(?:i\s+(?:grant|give)\s+you\s+(?:access\s+to|permission\s+to\s+use|the\s+use\s+of)|you\s+(?:now\s+)?have\s+(?:my\s+permission\s+to\s+use|access\s+to))\s+(?:the\s+|my\s+)?([\w -]{3,40}?)\s+(?:for|to)\s+(?:your\s+|the\s+)?([\w -]{3,40}?)\s*(?:[,.;!?]|$)/i;

/** A phrase of two words also spelt closed up ("screen shot tool" → "screenshot tool"), as handoffs write it. */
function spellings(phrase: string): string[] {
  const words = wordsOf(phrase.toLowerCase());
  const closed = words.length >= 2 ? [`${words[0]}${words[1]}`, ...words.slice(2)].join(' ') : undefined;
  // The thing without its last word when that word is "tool": "the screenshot tool" is "screenshots" in a handoff.
  const things = words[words.length - 1] === 'tool' && words.length >= 2 ? words.slice(0, -1) : undefined;
  return [
    ...new Set([
      words.join(' '),
      ...(closed ? [closed] : []),
      ...(things ? [things.join(' '), `${things.join('')}s`, `${things.join(' ')}s`] : []),
    ]),
  ];
}

/** One constraint for each tool the user granted in so many words, with what it is for. */
export function grantedToolProbes(messages: readonly Message[]): DraftProbe[] {
  return messages.flatMap((message, messageIndex) => {
    if (!isPrompt(message)) return [];
    return sentencesOf(proseOf(contentText(message.content))).flatMap((sentence) => {
      const grant = GRANT.exec(sentence);
      if (!grant) return [];
      const [tool, purpose] = [grant[1]!.trim(), grant[2]!.trim()];
      return [
        {
          kind: 'constraint' as const,
          messageIndex,
          question: `What did the user allow the agent to use, and what for?`,
          answer: `The user granted the agent the ${tool} for ${purpose}: "${sentence}"`,
          // The purpose as the user put it: a handoff's "debug the UI" states "ui debugging" (terms, in any order).
          facets: [spellings(tool), [wordsOf(purpose.toLowerCase()).join(' ')]],
          statement: `The user granted the agent the ${tool} for ${purpose}`,
        },
      ];
    });
  });
}
