/**
 * Decision probes: an approach the agent stated it chose, and what it rejected when it says so ("X instead of Y",
 * "rather than Y", "I'll use X", "decided to X"), from the agent's own words; a change of course that names only the
 * new way before a trailing "instead" and says how or why; a choice of one word ("rewrite it to be a macro") with the
 * sentence before it, which says what for. Facets are plain words, so neither a keyword list nor the error lines and
 * request openings a grep keeps can hold them.
 */
import type { Message } from '../../session/types.ts';
import type { DraftProbe } from './draft.ts';
import stem from 'wink-porter2-stemmer';
import { clipWords, isContentWord, keyPhrase, sentencesOf, wordsOf } from './phrases.ts';
import { plainPhrase } from './artifacts.ts';

// What sets the choice against the alternative it rejected.
const REJECTED = /\b(?:instead of|rather than|over using|not using)\b/i;
// What states a choice on its own.
const CHOSEN =
  /\b(?:I(?:'ll| will| should)(?: instead)? (?:use|go with|keep|switch to|take|do the same for|rewrite it (?:as|to be)|make it)|let's (?:use|go with|keep)|let me rewrite it (?:as|to be)|(?:I|we) (?:decided|chose|opted) (?:to|for)|(?:the|my|our) approach (?:is|will be)|going with)\b/i;

// A choice of something named elsewhere ("I'll use that alias in the next edits"): the sentence does not say what.
const POINTS_BACK = /^\s*(?:that|this|it|them|those|these|the same|one)\b/i;

// A choice the agent makes, in its own voice or as an instruction to itself ("I'll use", "let's keep", "we chose",
// "Use new files instead of modifying in place"), not a description of code ("Footer now uses dim instead of muted"),
// a guess ("it might be loading the light theme instead") or a condition.
const OWN_CHOICE =
  /^(?:[-*]\s+)?(?:(?:so|then|now|instead),?\s+)?(?:I(?:'ll| will|'m going to| am going to| should)|let's|let me|we(?:'ll| will| should)|(?:I|we) (?:decided|chose|opted|went|switched|settled)|use|keep|go with|switch to|prefer)\b/i;
const GUESS = /\b(?:might|may|could|would|perhaps|probably|maybe|if|whether|seems?)\b/i;

// A choice put as the step that takes it: "Now update WP15-17 to use new files instead of modifying in place".
const STEP_CHOICE =
  /\bto (?:use|keep|go with|switch to|put|store|move)\b[^.]*\b(?:instead of|rather than)\b/i;
// What a step is not: a report of work done ("Fixed all test files to use themes instead of chalk", "Updated X to use
// …") or a description of what code or a change does ("It changes the behaviour to store … instead of …").
const REPORT_OR_DESCRIPTION =
  /^(?:[-*]\s+)?(?:\w+ed|made|built|wrote|kept|put|set|it|its|this|that|these|those|which|the|a|an|they)\b/i;

// A choice put against its alternative first: "Instead of stripping dates everywhere, we make the session ID stable
// by reusing the existing state file." The alternative, then the choice in the agent's voice.
const INSTEAD_FIRST =
  /^(?:[-*]\s+)?(?:so,?\s+)?instead of ([^,]+),\s*(?:I'll|I will|we(?:'ll| will)?)\s+(.+)$/i;

// A change of course in the agent's voice, the new way named before a trailing "instead" ("Let me put it in
// `priv/scripts/` instead since that's what Elixir apps package", "configuring it via app environment instead"): the
// old way is what it was doing, so the sentence names only the new one. A try ("let me try X instead") chooses
// nothing yet.
const INSTEAD_LAST =
  /^(?:[-*]\s+)?(?:so,?\s+)?(?:I(?:'ll| will| should)|let me|we(?:'ll| will| should))\s+(?!try\b)(.+?)\s+instead\b(?! of)(.*)$/i;
// The reason a change of course gives after its "instead": "since …", "because …", "as …", "so that …".
const REASON = /^[\s,]*(?:since|because|as|so that|so)\s+(.+)$/i;

// A prefix that turns a word into its opposite ("consistent" / "inconsistency", "safe" / "unsafe").
const NEGATIVE_PREFIX = /^(?:in|un|non|dis|im|il|ir)-?(?=\p{L}{4})/iu;

/**
 * Whether what a choice is set against only turns its own reason round ("leave them as `interface{}` to stay
 * consistent … rather than introducing inconsistency"): a word of it is, less a negative prefix, a word the choice's
 * part says. It names no way not taken, only the outcome the choice avoids, which a paraphrase tells by the reason
 * ("transcript.go uses interface{} throughout") or not at all.
 */
function turnsReasonRound(choice: string, rejected: string): boolean {
  const said = new Set(wordsOf(choice).map((word) => stem(word.toLowerCase())));
  return wordsOf(rejected).some((word) => {
    const base = word.toLowerCase().replace(NEGATIVE_PREFIX, '');
    return base !== word.toLowerCase() && said.has(stem(base));
  });
}

// A choice that puts a thing in a state: "make the session ID stable", "keep the cache warm".
const MADE_STATE = /^(?:make|keep)\s+(?:the|a|an|its|their|our)?\s*/i;

/**
 * A choice that puts a thing in a state, its key phrase the thing and the state ("make the session ID stable":
 * "session ID stable"): its other spellings, the state before the thing ("a stable session ID") and the thing's last
 * word with it ("the ID itself is made stable"), as a paraphrase puts them; and its opposite, the thing not in that
 * state ("the session ID is not stable").
 */
function madeState(choice: string, kept: string): { spellings: string[]; opposites: string[] } {
  const made = MADE_STATE.exec(choice);
  const words = kept.split(/\s+/);
  if (!made || words.length < 3 || !choice.slice(made[0].length).startsWith(kept))
    return { spellings: [], opposites: [] };
  const state = words[words.length - 1]!;
  const thing = words.slice(0, -1).join(' ');
  const last = words[words.length - 2]!;
  return {
    spellings: [`${state} ${thing}`, `${last} ${state}`],
    opposites: [`${thing} not ${state}`, `${last} not ${state}`, `${last} is not ${state}`],
  };
}

// The label a list item of a change summary opens on, the file or name it reports on and a dash or colon after it
// ("- **`strategy/clean_test.go`** — Updated …", "- `Reset()`: Replaced …"): what follows is the item's sentence.
const ITEM_LABEL = /^(?:[-*]\s+)?(?:\*\*[^*]+\*\*|__[^_]+__|`[^`]+`):?\s*(?:—|–|-|:)?\s+/;

/** Whether a sentence of the agent's states a choice it makes (see {@link OWN_CHOICE}). */
function isChoice(sentence: string): boolean {
  const text = sentence.trim();
  // A step reported under its file's label is still a report of work done ("Updated X to use Y instead of Z").
  const step = STEP_CHOICE.test(text) && !REPORT_OR_DESCRIPTION.test(text.replace(ITEM_LABEL, ''));
  return (OWN_CHOICE.test(text) || step || INSTEAD_FIRST.test(text)) && !GUESS.test(text);
}

/**
 * What a sentence ends on: its last two words, the last a content word ("… work with do blocks": "do blocks"), code
 * spans left out (a name is measured by file and identifier recall, not as a phrase).
 */
function lastPhrase(sentence: string): string | undefined {
  const words = wordsOf(sentence.replace(/`[^`]*`/g, ' ').replace(/[.:;!]+\s*$/, ''));
  const last = words.slice(-2);
  return last.length === 2 && isContentWord(last[1]!) ? last.join(' ') : undefined;
}

/** The agent's text of a message: its text blocks, its tool calls and thinking aside. */
export function agentText(message: Message): string {
  if (message.role !== 'assistant') return '';
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** The agent's prose of a message: its text, code fences left out. */
export function agentProse(message: Message): string {
  return agentText(message).replace(/```[\s\S]*?```/g, '\n');
}

/** One probe per sentence of the agent that states a choice, with the rejected alternative when it names one. */
export function decisionProbes(messages: readonly Message[]): DraftProbe[] {
  const probes: DraftProbe[] = [];
  const seen = new Set<string>();
  messages.forEach((message, messageIndex) => {
    const sentences = sentencesOf(agentProse(message));
    sentences.forEach((sentence, at) => {
      if (sentence.endsWith('?') || sentence.length > 400 || !isChoice(sentence)) return;
      const rejected = REJECTED.exec(sentence);
      const chosen = CHOSEN.exec(sentence);
      const insteadFirst = INSTEAD_FIRST.exec(sentence.replace(/\*\*|__/g, '').trim());
      const insteadLast = INSTEAD_LAST.exec(sentence.replace(/\*\*|__/g, '').trim());
      let facets: string[][] | undefined;
      let contradictions: string[] | undefined;
      let statement = sentence;
      // What the answer quotes: the sentence, or the two a one-word choice needs.
      let said = sentence;
      if (insteadLast && !rejected) {
        // The new way, the last clause before "instead" ("fix it by removing X and configuring it via Y instead":
        // Y), by its path when it names one, else its key words; its reason, when given, is the statement's.
        const way = insteadLast[1]!
          .split(/\s+by\s+|,\s*/)
          .pop()!
          .split(/\s+and\s+/)
          .pop()!;
        const named = /`([^`\s]{3,})`/.exec(way)?.[1];
        // What it is done with, not the verb: a summary says "pushes the updates" as often as "pushing the updates".
        const object = way.replace(/^\s*\S+\s+/, '');
        const kept = named ?? keyPhrase(object, 4) ?? keyPhrase(way, 4);
        const reason = REASON.exec(insteadLast[2]!)?.[1];
        // A bare "use X instead" is most often a local fix ("use the full module path inline instead to satisfy
        // the compiler"); a choice says how it is carried out ("fix it by …") or why ("since …").
        const means = /\s+by\s+/.test(insteadLast[1]!);
        if (kept && (means || reason)) facets = [[kept]];
        statement = reason ? `${way} instead, since ${reason}` : `${way} instead`;
      } else if (insteadFirst) {
        // The choice is the facet; the alternative, said in many ways ("rather than patching each comparison"), is
        // the statement's. Said twice in other words, it is one choice: the choice's phrase is its key.
        const kept = keyPhrase(insteadFirst[2]!, 3);
        if (kept) {
          const { spellings, opposites } = madeState(insteadFirst[2]!, kept);
          facets = [[kept, ...spellings]];
          if (opposites.length > 0) contradictions = opposites;
        }
        statement = sentence.replace(/\*\*|__/g, '');
      } else if (rejected) {
        const kept = plainPhrase(sentence.slice(0, rejected.index).split(/[,;:]/).pop() ?? '', 4);
        const other = plainPhrase(sentence.slice(rejected.index + rejected[0].length), 4);
        // An alternative that is the reason turned round names none: the choice alone, three words or more, as a
        // choice with no alternative is.
        const noAlternative =
          other !== undefined && turnsReasonRound(sentence.slice(0, rejected.index), other);
        if (kept && other && !noAlternative) facets = [[kept], [other]];
        else if (kept && noAlternative && kept.split(/\s+/).length >= 3) facets = [[kept]];
        // The choice is what was taken over what: the narration before it ("Now update WP15-17 to …") is the step.
        const from = kept ? sentence.lastIndexOf(kept, rejected.index) : -1;
        if (from > 0) statement = sentence.slice(from);
      } else if (chosen && !POINTS_BACK.test(sentence.slice(chosen.index + chosen[0].length))) {
        const object = sentence.slice(chosen.index + chosen[0].length);
        const what = plainPhrase(object, 5);
        if (what && what.split(/\s+/).length >= 3) facets = [[what]];
        else {
          // A choice of one word ("Let me rewrite it to be a macro") says what only beside the sentence before it,
          // which says what for ("I need to make `with_span` work with do blocks"): both are the choice.
          const word = /^\s*(?:an?|the)?\s*([A-Za-z][\w-]{3,})[\s.:!]*$/.exec(object)?.[1];
          const before = sentences[at - 1];
          const reason = word && before && !before.endsWith('?') ? lastPhrase(before) : undefined;
          if (word && reason && !reason.toLowerCase().includes(word.toLowerCase())) {
            // A summary says "a do block" as often as "do blocks": both numbers of its last word spell it.
            const other = /[^s]s$/i.test(reason) ? reason.slice(0, -1) : `${reason}s`;
            facets = [[word], [reason, other]];
            statement = `${before} ${sentence}`;
            said = statement;
          }
        }
      }
      if (!facets) return;
      const key = facets.flat().join('|').toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      probes.push({
        kind: 'decision',
        messageIndex,
        question: `What approach did the agent choose in "${clipWords(sentence, 60)}"${rejected ? ', and over what' : ''}?`,
        answer: `The agent said: "${clipWords(said, 300)}"`,
        facets,
        statement,
        ...(contradictions ? { contradictions } : {}),
      });
    });
  });
  return probes;
}
