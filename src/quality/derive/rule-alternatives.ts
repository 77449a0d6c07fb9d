/**
 * What a rule allows instead of what it rules out, read from the rule's own sentence (docs/derived-probes.md): "Do
 * not add a second syntax highlighting library; continue with highlight.js", "Instead of adding the Anthropic SDK …,
 * we shell out to the `claude` CLI", "verify deletion via `git branch --list` CLI instead of go-git
 * `repo.Reference`", "Keep expansion state … in LiveView assigns/computer inputs; do not rely on client-only hidden
 * DOM state". The rule's facet holds the thing ruled out, so a note that states the rule by its alternative
 * ("highlight.js only") reads as nothing, or as the opposite, against the facet: the alternative is a slot of its own.
 */
import type { RuleAlternative } from '../probes.ts';
import type { DraftProbe } from './draft.ts';

// The rule's two sides in its sentence: `x` what it allows, `y` what it rules out (where the facet must stand).
// "<x> instead of / rather than <y>", after a label or a lead-in ("… — verify deletion via X instead of Y",
// "Similarly, compute X instead of Y").
const X_INSTEAD_OF_Y = /(?:^|[—:;,]\s+)(?<x>[^;:—,]+?)\s+(?:instead of|rather than)\s+(?<y>[^;]+)/iu;
// "Instead of <y>, (we) <x>" (a full stop inside a name, "highlight.js", ends nothing).
const INSTEAD_OF_Y_X = /\b(?:instead of|rather than)\s+(?<y>[^,;]+),\s*(?<x>(?:[^;.]|\.(?=\S))+)/iu;
// "Do not <y>; continue with / use / stick to <x>".
const NOT_Y_THEN_X =
  /\b(?:do not|don't|never)\s+(?<y>[^;]+);\s*(?<x>(?:continue (?:with|using)|stick (?:to|with)|keep using|only use|use only|use|prefer)\s+(?:[^;.]|\.(?=\S))+)/iu;
// "Keep / use <x>; do not <y>".
const X_THEN_NOT_Y =
  /(?:^|[—:;]\s+)(?<x>(?:keep|use|stick (?:to|with)|prefer)\s+[^;]+);\s*(?:do not|don't|never)\s+(?<y>[^;]+)/iu;
const SIDES = [NOT_Y_THEN_X, X_THEN_NOT_Y, INSTEAD_OF_Y_X, X_INSTEAD_OF_Y];

// Who does it, before the verb of what is allowed ("we shell out to …").
const SUBJECT = /^(?:(?:we|i|you)(?:'ll| will| can| should)?\s+)?(?:just\s+)?/iu;
// The words that end a verb before its object ("shell out to", "continue with", "verify deletion via").
const PREPOSITIONS = new Set(['with', 'via', 'in', 'on', 'to', 'through', 'using', 'into']);
const ARTICLES = /^(?:the|a|an)\s+/iu;
// Where the object ends: another act joined to it, a purpose, a condition.
const OBJECT_END = /\s+(?:and|so|for|when|while|if|because|to)\s+.*$|[,:(].*$/iu;
// A name: a one-word alternative is one only when it is written as code ("highlight.js", "opentelemetry_ash").
const NAME = /[._/\d-]|[a-z][A-Z]/u;
const MAX_OBJECT_WORDS = 5;

/** The rule's alternative, when its sentence names one on the other side from the facet; else undefined. */
export function ruleAlternative(sentence: string, facet: string): RuleAlternative | undefined {
  const text = sentence.replaceAll('**', '').replace(/\s+/gu, ' ').trim();
  const ruledOut = plain(facet);
  for (const pattern of SIDES) {
    const { x, y } = pattern.exec(text)?.groups ?? {};
    if (x === undefined || y === undefined || !plain(y).includes(ruledOut) || plain(x).includes(ruledOut))
      continue;
    const alternative = splitVerb(
      x
        .replace(SUBJECT, '')
        .replace(/[:.]+$/u, '')
        .trim(),
    );
    if (alternative) return alternative;
  }
  return undefined;
}

/**
 * A constraint with its alternative, where its statement names one (else the draft as it was): the rule's sentence of
 * a ticket, a plan or the agent's own words (the user's request reader reads the whole sentence itself).
 */
export function withRuleAlternative(draft: DraftProbe): DraftProbe {
  if (draft.kind !== 'constraint' || draft.alternative || draft.facets.length !== 1) return draft;
  const sentence = draft.statement ?? draft.answer;
  for (const facet of draft.facets[0]!) {
    const alternative = ruleAlternative(sentence, facet);
    if (alternative) return { ...draft, alternative };
  }
  return draft;
}

/** Text compared without case, code marks and spacing. */
function plain(text: string): string {
  return text.replaceAll('`', '').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** The allowed act split into its verb and its object's spellings ("continue with" + "highlight.js"). */
function splitVerb(act: string): RuleAlternative | undefined {
  const code = act.indexOf('`');
  let verb: string;
  let object: string;
  if (code > 0) {
    verb = act.slice(0, code);
    object = act.slice(code);
  } else {
    const words = act.split(' ');
    let at = 0;
    for (let index = 1; index < words.length - 1; index++)
      if (PREPOSITIONS.has(words[index]!.toLowerCase())) at = index;
    verb = words.slice(0, at + 1).join(' ');
    object = words.slice(at + 1).join(' ');
  }
  verb = verb.replace(/\s+(?:the|a|an)\s*$/iu, '').trim();
  object = object.replace(ARTICLES, '').replace(OBJECT_END, '').replaceAll('`', '').trim();
  const words = object.split(' ');
  if (!verb || !object || words.length > MAX_OBJECT_WORDS || (words.length === 1 && !NAME.test(object)))
    return undefined;
  return { spellings: objectSpellings(act, object), verb: verb.toLowerCase() };
}

/**
 * An object's spellings: as written; its code span alone when words follow it and the span is a name ("git branch
 * --list" of "`git branch --list` CLI"); a slash between words read as the choice it is ("assigns or computer
 * inputs"); and without a first word that qualifies the rest ("assigns/computer inputs" of "LiveView
 * assigns/computer inputs").
 */
function objectSpellings(act: string, object: string): string[] {
  const spellings = [object];
  const span = /`([^`]+)`/u.exec(act)?.[1]?.trim();
  if (span && span !== object && object.startsWith(span) && (NAME.test(span) || span.includes(' ')))
    spellings.push(span);
  const words = object.split(' ');
  if (words.length >= 3) spellings.push(words.slice(1).join(' '));
  for (const spelling of [...spellings])
    if (/\p{L}\/\p{L}/u.test(spelling) && !/[._]/u.test(spelling))
      spellings.push(spelling.replace(/(\p{L})\/(\p{L})/gu, '$1 or $2'));
  return [...new Set(spellings)];
}
