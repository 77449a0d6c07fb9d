/**
 * The next step the agent handed back as an offer: the history ends on the agent's message, with no call and no
 * prompt after it, and its last sentence offers the next piece of work ("Ready to merge. **PR #91** next?", "Should I
 * finish wiring up the `--model` flag with `sonnet` as default, or leave the code as-is for now?"). The user has not
 * answered, so what comes next is that step, once the user says yes: a reader hands it over as the next step.
 */
import type { Message } from '../../session/types.ts';
import { toolCallsOf } from '../../session/types.ts';
import { messageText } from '../../session/grep-lines.ts';
import { nextUnitOf, offerOf } from './closing-offer.ts';
import type { DraftProbe } from './draft.ts';
import { clipWords, keyPhrase, phraseAfter } from './phrases.ts';

// A pull request named by its number: "PR #91", "pull request 91", "#91".
const PULL_REQUEST = /^(?:PR|pull request)?\s*#?(\d+)$/i;

// The words an offer leads with that name no work of their own: "proceed with X", "help you X", "move on to X".
const LEAD_IN =
  /^(?:(?:go ahead and|proceed with|continue with|start on|start with|move (?:on )?to|go (?:on )?to|help(?: you)?(?: to)?|try to)\s+)+/i;

// A step whose object points back or names nothing ("make that change", "implement this approach", "proceed with
// implementation", "start implementing it", "test something specific"): a summary cannot say which step it is. One
// word is a step only as a unit's name ("WP14").
const NAMES_NOTHING =
  /^(?:\S+\s+)?(?:up\s+)?(?:that|this|it|them|these|those|something|anything|any|the (?:changes?|fix|plan|implementation))\b|^(?:\S+\s+){0,2}(?:it|this|that|them)$|^[^\d\s]+(?:\s+(?:now|first|too))?$/i;

// A unit of the work named by a numbered token in the step ("continue with WP14 now", "pick up spotter-a0y.2 (…)"):
// letters and a digit, or a number after '#', not a path.
const UNIT_TOKEN =
  /(?:^|[\s(])(#\d+|(?=[\w.-]*[A-Za-z])(?=[\w.-]*\d)[A-Za-z][\w-]*(?:\.\w+)?)(?=[\s),.;:]|$)/;

// A unit's title where the transcript lists it: "PR #91: Move token usage calculation into agent logic", "**PR #91** -
// Move …". Its words up to an arrow, a parenthesis or the line's end.
const TITLE_AFTER = /^\s*[:\u2013\u2014-]\s*([^\n\\\u2192(]+)/;

// The verb a title opens with ("Move token usage …"): the title's subject is after it.
const TITLE_VERB =
  /^(?:add|move|make|create|fix|update|remove|implement|use|support|handle|refactor|rename|extract|introduce|allow|do not|don't)\s+/i;

// About one summary sentence.
const STATEMENT_CHARS = 200;

/** A unit's spellings: a pull request's number as people write it (`bare`: "#91" too), else the unit as written. */
function unitSpellings(unit: string, bare: boolean): string[] {
  const pull = PULL_REQUEST.exec(unit)?.[1];
  // Alone, named with its kind: a bare "#91" is one word, which a list of numbers holds (lint's no-phrase-facet);
  // beside its title, as a note writes it ("#91 token usage->agent logic").
  const kinds = [`PR #${pull}`, `PR ${pull}`, `pull request #${pull}`, `pull request ${pull}`];
  return pull ? (bare ? [`#${pull}`, ...kinds] : kinds) : [unit.replace(/`/g, '')];
}

/**
 * The subject of a unit's title, where a message before `end` lists the unit with one ("token usage" of "PR #91: Move
 * token usage calculation into agent logic"): the words a note keeps of it beside the unit's number.
 */
function unitTitle(messages: readonly Message[], end: number, unit: string): string[] {
  for (let index = end; index >= 0; index--) {
    const text = messageText(messages[index]!).replace(/\*\*/g, '');
    for (let at = text.lastIndexOf(unit); at >= 0; at = text.lastIndexOf(unit, at - 1)) {
      const title = TITLE_AFTER.exec(text.slice(at + unit.length))?.[1]
        ?.trim()
        .replace(/[.,;:]+$/, '');
      if (!title) continue;
      const subject = title.replace(TITLE_VERB, '');
      const phrases = [phraseAfter(subject, 2), keyPhrase(title, 3)].flatMap((phrase) =>
        phrase && phrase.includes(' ') ? [phrase] : [],
      );
      if (phrases.length > 0) return [...new Set(phrases)];
    }
  }
  return [];
}

/** The step an offer names first: "finish wiring up the flag" of "finish wiring up the flag, or leave it as-is". */
function firstStep(offer: string): string {
  return offer
    .split(/,?\s+or\s+/i)[0]!
    .replace(/[.,;:]+$/, '')
    .replace(LEAD_IN, '')
    .trim();
}

/** The next step the agent's closing offer names, when the history ends on it unanswered. */
export function offeredNextProbes(messages: readonly Message[]): DraftProbe[] {
  const messageIndex = messages.length - 1;
  const last = messages[messageIndex];
  if (!last || last.role !== 'assistant' || toolCallsOf(last).length > 0) return [];
  const asked = nextUnitOf(last);
  const unit = asked === undefined ? undefined : firstStep(asked);
  const step = unit === undefined ? offerOf(last) : undefined;
  const first = step === undefined ? undefined : firstStep(step);
  if (first !== undefined && NAMES_NOTHING.test(first.replace(/`/g, ''))) return [];
  const token = first === undefined ? undefined : UNIT_TOKEN.exec(first)?.[1];
  const named = unit ?? token;
  const title = named === undefined ? [] : unitTitle(messages, messageIndex, named);
  const facets = named
    ? title.length > 0
      ? [unitSpellings(named, true), title]
      : [unitSpellings(named, false)]
    : first
      ? [[keyPhrase(first, 4) ?? phraseAfter(first.replace(/`/g, ''), 4)].flatMap((phrase) => phrase ?? [])]
      : [];
  if (facets.length === 0 || facets[0]!.length === 0) return [];
  const said = clipWords(unit ? `move on to ${unit}` : step!, STATEMENT_CHARS);
  return [
    {
      kind: 'next-step',
      messageIndex,
      question: 'What did the agent offer to do next, and is it waiting for the user?',
      answer: `The agent closed by offering to ${said}; the user had not answered, so it is next once the user agrees.`,
      facets,
      statement: `Next, once the user agrees: ${said}`,
    },
  ];
}
