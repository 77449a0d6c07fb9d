/**
 * A rule the user lifted: a prohibition the user put in a request ("what's footer using? should be dimmer, don't modify
 * the theme") stands until the user's own later request asks for the very thing it ruled out ("ok, now we need to
 * adjust the light theme accordingly"). From then on the work does it at the user's word, so at a cut after that
 * request a careful reader lists what was asked last, not the rule it replaced.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import { escapeRegExp } from '../../text/regexp.ts';
import type { Probe } from '../probes.ts';
import { sentencesOf } from './phrases.ts';

// A prohibition as a request states it: a negated verb, then what it must not be done to ("don't modify the theme",
// "never touch config.ts"): the verb, and the object's words before any clause or preposition.
// An adverb before the verb ("don't silently truncate …") is passed over.
const PROHIBITION =
  /^(?:please\s+)?(?:don'?t|do not|never)\s+(?:ever\s+)?(?:\w+ly\s+)?([a-z]+)\s+(?:(?:the|this|that|these|those|a|an|any|our|my|your|its)\s+)?([\w.-]+(?:\s+[\w.-]+){0,4})/i;
// Where an object's words end: a preposition, a conjunction or a clause's start ("the theme for now", "it and …");
// one right after the verb leaves no object ("don't stop until all functions are ported").
const OBJECT_END =
  /(?:^|\s+)(?:in|on|of|for|to|with|at|from|by|until|unless|without|except|if|so|because|since|as|than|when|while|before|after|and|or|but|yet|now|again|anymore|here|there)\b.*$/i;
// Words that name nothing of their own: a rule about "it" or "anything" names no thing a later request can ask for.
const NO_OBJECT = /^(?:it|them|that|this|anything|something|everything|any|more|yet|so|too)$/i;

// Verbs of changing a thing: a request to adjust what the rule said not to modify asks for the same change.
const CHANGE_VERBS = [
  'modify',
  'change',
  'touch',
  'edit',
  'alter',
  'adjust',
  'tweak',
  'update',
  'rewrite',
  'rework',
  'redo',
  'refactor',
];

// A negation before the verb of a clause: the later sentence rules it out again, or says it was not done.
const NEGATED = /\b(?:don'?t|do not|doesn'?t|didn'?t|never|not|no need to|without|stop)\b/i;
// A question about what happened ("did you modify the theme?", "why did you change it?") asks for nothing.
const ASKS_WHAT_HAPPENED = /\b(?:did|didn't|have you|has it|had you|why|was|were)\b/i;

/**
 * What a constraint's statement forbids, when it is a prohibition of a change to a named thing: the verbs that would
 * do it and the thing's last word (its head: "the light theme" is the theme). Else undefined.
 */
export function prohibitionOf(statement: string): { verbs: string[]; object: string } | undefined {
  const match = PROHIBITION.exec(statement.trim());
  if (!match) return undefined;
  const verb = match[1]!.toLowerCase();
  const words = match[2]!.replace(OBJECT_END, '').split(/\s+/);
  const object = (words.at(-1) ?? '').replace(/[.,;:!]+$/, '');
  if (object.length < 3 || NO_OBJECT.test(object)) return undefined;
  return { verbs: CHANGE_VERBS.includes(verb) ? CHANGE_VERBS : [verb], object };
}

/** A verb in any of its forms, as a pattern: "modify" → modify, modifies, modified, modifying; "commit" → committed. */
function verbForms(verb: string): string {
  const word = escapeRegExp(verb);
  if (/[^aeiou]y$/.test(verb)) return `${word.slice(0, -1)}(?:y|ies|ied|ying)`;
  if (verb.endsWith('e')) return `${word.slice(0, -1)}(?:e|es|ed|ing)`;
  // A last consonant after one vowel is doubled before -ed and -ing ("committed", "putting").
  const doubled = /[^aeiou][aeiou][bdgmnprt]$/.test(verb) ? `|${word}${verb.at(-1)}(?:ed|ing)` : '';
  return `(?:${word}(?:s|es|ed|ing)?${doubled})`;
}

/**
 * Whether a sentence of the user's asks for the thing forbidden: one of its verbs (any form: "adjusting", "modified")
 * with the object within four words after it ("adjust the light theme"), no negation before the verb in that
 * sentence, and not a question about what happened.
 */
function asksFor(sentence: string, forbidden: { verbs: string[]; object: string }): boolean {
  const verbs = forbidden.verbs.map(verbForms).join('|');
  const asked = new RegExp(
    `\\b(?:${verbs})\\s+(?:[\\w'.-]+\\s+){0,3}?${escapeRegExp(forbidden.object)}(?:s|es)?\\b`,
    'i',
  ).exec(sentence);
  if (!asked) return false;
  const before = sentence.slice(0, asked.index);
  return !NEGATED.test(before) && !(sentence.trim().endsWith('?') && ASKS_WHAT_HAPPENED.test(before));
}

/**
 * Whether a constraint the user set as a prohibition was lifted before `cut`: a user prompt after the one that set it
 * (or said it again) asks for the thing it ruled out. Rules of an instructions file or a ticket are the project's, which one request
 * does not repeal: only a rule stated in the user's own prompt is read.
 */
export function liftedBefore(probe: Probe, messages: readonly Message[], cut: number): boolean {
  if (probe.kind !== 'constraint' || probe.statement === undefined) return false;
  const at = probe.messageIndex ?? 0;
  const source = messages[at];
  if (source === undefined || !isPrompt(source) || !contentText(source.content).includes(probe.statement))
    return false;
  const forbidden = prohibitionOf(probe.statement);
  if (!forbidden) return false;
  // The user saying the rule again sets it again: a request lifts it only after its latest statement.
  const since = Math.max(
    at,
    ...(probe.repeatedAt ?? []).filter((index) => index < cut && isPrompt(messages[index]!)),
  );
  return messages
    .slice(since + 1, cut)
    .some(
      (message) =>
        isPrompt(message) &&
        sentencesOf(contentText(message.content)).some((said) => asksFor(said, forbidden)),
    );
}
