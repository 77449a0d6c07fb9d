/**
 * A thing the agent chose to leave as it is, with the reason it gives: "Since it's an exported function, I'll leave it
 * in place", "these are historical chat logs documenting past conversations, so I left them unchanged to preserve the
 * accuracy of the historical record". The work would have changed it (a rename, dead code after a refactor), so
 * keeping it is a choice a successor must not undo; the reason is what tells it from an oversight.
 */
import type { Message } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import { agentProse } from './decisions.ts';
import { clipWords, keyPhrase, sentencesOf } from './phrases.ts';

// The choice in the agent's voice: what it leaves (a pronoun, or a name) and how ("unchanged", "in place").
const LEFT_ALONE =
  /\b(?:I(?:'ll|'ve| will| have)?|we(?:'ll|'ve| will| have)?) (?:left|leave|kept|keep)\s+(.{2,60}?)\s+(?:unchanged|untouched|in place|as[- ]is|alone|as (?:they are|it is))\b/i;
// The reason put before the choice: "Since it's an exported function, I'll …", "… conversations, so I left …".
const REASON_FIRST = /^(?:since|because|as|given that)\s+(.+?),\s*(?:I|we)\b/i;
const REASON_FIRST_CLAUSE = /^(?:since|because|as|given that)\s+.+?,\s*/i;
const REASON_SO = /^(?:.*?\bbut\s+)?(.+?),?\s+so\s+(?:I|we)\b/i;
// The reason put after it: "… to preserve the accuracy of the historical record", "… since nothing calls it".
const REASON_AFTER = /^\s*(?:to (?:preserve|keep|avoid|stay)|since|because|as)\b\s*(.+)$/i;
// A thing named by a pronoun: the sentence before names it.
const POINTS_BACK = /^(?:it|them|this|that|these|those)$/i;
// A name in code: one identifier, not a file, a path or a glob, which file recall measures.
const CODE_NAME = /`([A-Za-z_]\w*[A-Za-z0-9_])`/;

/** Why the agent leaves the thing as it is, as it says it before and after the choice in its sentence. */
function reasonsOf(sentence: string, choice: RegExpExecArray): string[] {
  const before = sentence.slice(0, choice.index + choice[0].length);
  const after = sentence.slice(choice.index + choice[0].length).replace(/[.!]+$/, '');
  const first = REASON_FIRST.exec(before)?.[1] ?? REASON_SO.exec(before)?.[1];
  const last = REASON_AFTER.exec(after)?.[1];
  return [first, last].filter((reason): reason is string => reason !== undefined);
}

/**
 * One decision per sentence of the agent's that leaves a thing as it is and says why: its facets the thing's name in
 * code (from the sentence before when the sentence points back to it) and the reason's key phrases, or the reason's
 * alone; its statement the sentence, after the one that names the thing.
 */
export function leftAloneProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  messages.forEach((message, messageIndex) => {
    const sentences = sentencesOf(agentProse(message));
    sentences.forEach((sentence, at) => {
      const text = sentence.replace(/\*\*|__/g, '').trim();
      if (text.endsWith('?')) return;
      const choice = LEFT_ALONE.exec(text);
      if (!choice) return;
      // Each way the sentence gives the reason is a spelling of it ("… historical chat logs …, so I left them
      // unchanged to preserve … the historical record").
      const why = reasonsOf(text, choice).flatMap(
        (reason) => keyPhrase(reason.replace(/`[^`]*`/g, ' '), 3) ?? [],
      );
      if (why.length === 0) return;
      // A pronoun names what the sentence before names, unless the sentence names it itself before the choice.
      const opening = text.slice(0, choice.index).replace(REASON_FIRST_CLAUSE, '').trim();
      const pointsBack = POINTS_BACK.test(choice[1]!.trim()) && opening === '';
      const before = pointsBack ? sentences[at - 1] : undefined;
      const name = CODE_NAME.exec(pointsBack ? (before ?? '') : text)?.[1];
      const statement = before ? `${before} ${text}` : text;
      probes.push({
        kind: 'decision',
        messageIndex,
        question: `What did the agent leave as it was, and why, in "${clipWords(text, 60)}"?`,
        answer: `The agent said: "${clipWords(statement, 300)}"`,
        facets: name ? [[name], why] : [why],
        statement,
      });
    });
  });
  return probes;
}
