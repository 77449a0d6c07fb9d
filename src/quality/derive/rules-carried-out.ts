/**
 * A rule the user set, carried out: the choice the agent states while it answers the prompt that set the rule, and
 * that it makes to follow it ("can we keep the old code around for reference? … just call it main-new and cli-new",
 * then "Let me update the plan to use the "keep old code" approach" and "Now update WP15-17 to use new files instead
 * of modifying in place"), is that rule in the agent's words, not a decision of its own. A reader lists it once, as
 * the user's rule; two probes would weigh one fact twice and ask for the agent's wording of it besides.
 */
import type { Message } from '../../session/types.ts';
import { contentText, isPrompt } from '../../session/types.ts';
import stem from 'wink-porter2-stemmer';
import { createMatcher } from '../match.ts';
import { agentProse, decisionProbes } from './decisions.ts';
import { constraintProbes } from './requests.ts';
import type { DraftProbe } from './draft.ts';
import { isContentWord, wordsOf } from './phrases.ts';

/** The content words of a text, stemmed, parts of a joined name (`main-new`, `cli_new`) as words of their own. */
function contentStems(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .flatMap((word) => [word, ...word.split(/[-_/.]+/)])
      .filter(isContentWord)
      .map((word) => stem(word.toLowerCase())),
  );
}

/** The prompt `at` answers (the last prompt of the user's at or before it), its words, and the agent's prose since. */
function answerOf(
  messages: readonly Message[],
  at: number,
): { prompt: number; asked: string; prose: string } | undefined {
  let prompt = at;
  while (prompt >= 0 && !isPrompt(messages[prompt]!)) prompt--;
  const said = messages[prompt];
  if (said === undefined || !isPrompt(said)) return undefined;
  const prose = messages
    .slice(prompt + 1, at + 1)
    .map((message) => agentProse(message))
    .join('\n');
  return { prompt, asked: contentText(said.content), prose };
}

/** The decisions left the agent's own, and the rules with the choices that carried them out. */
export type RulesCarriedOut = { decisions: DraftProbe[]; rules: DraftProbe[] };

/**
 * The agent's decisions less those that carry out a rule the user has just set, and the rules with them: a decision
 * carries out a rule when it is stated in the answer to the prompt the rule (a constraint probe) comes from, before
 * any other prompt of the user's; when the agent's prose of that answer, up to the decision, names the rule by its
 * facets (it took the rule up: "the "keep old code" approach"); and when the decision's sentence shares a content word
 * with the user's prompt (it is about what the rule is about, not another choice made on the way). The rule is one
 * probe: its facets the user's words, its statement the rule and then the choice, so that a text telling the rule by
 * how it was carried out ("the new entry points live in separate files") states it in other words.
 */
export function rulesCarriedOut(
  messages: readonly Message[],
  requests: Parameters<typeof constraintProbes>[0],
): RulesCarriedOut {
  return carriedOut(decisionProbes(messages), constraintProbes(requests), messages);
}

/** {@link rulesCarriedOut} of drafted decisions and rules. */
export function carriedOut(
  decisions: readonly DraftProbe[],
  rules: readonly DraftProbe[],
  messages: readonly Message[],
): RulesCarriedOut {
  const carried = new Map<DraftProbe, DraftProbe[]>();
  const own = decisions.filter((decision) => {
    const rule = ruleCarriedOut(decision, rules, messages);
    if (rule === undefined) return true;
    carried.set(rule, [...(carried.get(rule) ?? []), decision]);
    return false;
  });
  return {
    decisions: own,
    rules: rules.map((rule) => {
      const choices = carried.get(rule);
      if (choices === undefined || rule.statement === undefined) return rule;
      const how = choices.map((choice) => (choice.statement ?? '').replace(/[\s:;,.?!]+$/, ''));
      return { ...rule, statement: [rule.statement.replace(/[\s:;,.?!]+$/, ''), ...how].join('; ') };
    }),
  };
}

/** The rule a decision carries out (see {@link rulesCarriedOut}), if any. */
function ruleCarriedOut(
  decision: DraftProbe,
  rules: readonly DraftProbe[],
  messages: readonly Message[],
): DraftProbe | undefined {
  if (decision.kind !== 'decision' || decision.statement === undefined) return undefined;
  const answer = answerOf(messages, decision.messageIndex);
  if (answer === undefined || answer.prompt === decision.messageIndex) return undefined;
  const set = rules.filter((rule) => rule.kind === 'constraint' && rule.messageIndex === answer.prompt);
  if (set.length === 0) return undefined;
  const prose = createMatcher(answer.prose);
  const rule = set.find((candidate) => candidate.facets.every((spellings) => prose.hasAny(spellings)));
  if (rule === undefined) return undefined;
  const asked = contentStems(answer.asked);
  return [...contentStems(decision.statement)].some((word) => asked.has(word)) ? rule : undefined;
}
