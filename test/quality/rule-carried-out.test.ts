/**
 * A rule the user set, carried out (issue 39, the faithful handoff at pi): the choice the agent states in its answer
 * to the prompt that set a rule, once it has taken the rule up by name and about what the prompt is about ("keep the
 * old importer around for reference? just call the new one importer-next", then "the "keep old importer" approach"
 * and "update step 3 to use new files instead of modifying in place"), is the rule in the agent's words: no decision
 * probe of its own; the user's rule is the one probe, its statement the rule and then the choice. A choice made
 * before the agent names the rule, after another prompt of the user's, or about something the prompt does not speak
 * of, is the agent's own decision.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { draftProbes } from '../../src/quality/derive/derive.ts';
import { carriedOut } from '../../src/quality/derive/rules-carried-out.ts';
import type { Message } from '../../src/session/types.ts';
import type { DraftProbe } from '../../src/quality/derive/draft.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

const RULE =
  'btw, can we make it so we keep the old importer around for reference? just call the new one importer-next, then i can compare both.';
const TAKEN_UP = 'Good idea. Let me update the plan to use the "keep old importer" approach.';
const CHOICE = 'Now update step 3 to use new files instead of modifying in place:';

/** A session where the user sets the rule at message 4 and the agent's answer says `answer`, in order. */
function importerSession(...answer: string[]): Message[] {
  return [
    user('Rewrite the CSV importer so it streams rows instead of loading the whole file.'),
    ...editRun('docs/plan.md'),
    assistant('The plan is written.'),
    user(RULE), // 4
    ...answer.flatMap((text): Message[] =>
      text.startsWith('USER:') ? [user(text.slice(5))] : [assistant(text), ...editRun('docs/plan.md')],
    ),
    assistant('The plan now keeps both.'),
  ];
}

/** The decision and constraint drafts of a session, as "kind: statement". */
function drafted(messages: Message[]): string[] {
  return draftProbes(session(messages))
    .filter((draft) => draft.kind === 'decision' || draft.kind === 'constraint')
    .map((draft) => `${draft.kind}: ${draft.statement ?? draft.facets.join(' + ')}`);
}

/** Whether the drafts hold the agent's choice as a decision. */
const chosen = (found: string[]) =>
  found.some((line) => /^decision: .*use new files instead of modifying in place/.test(line));
const USER_RULE = 'constraint: can we make it so we keep the old importer around for reference?';
// The rule with the choice that carried it out: one probe, its statement both.
const CARRIED_RULE =
  /^constraint: can we make it so we keep the old importer around for reference; (?:update step 3 to )?use new files instead of modifying in place$/;

describe('a rule the user set, carried out', () => {
  it('is the rule: no decision of its own once the agent has named the rule in its answer', () => {
    const found = drafted(importerSession(TAKEN_UP, CHOICE));
    assert.ok(
      found.some((line) => CARRIED_RULE.test(line)),
      found.join('\n'),
    );
    assert.ok(!chosen(found), found.join('\n'));
  });

  it('is a decision of its own where the agent never names the rule in its answer', () => {
    const found = drafted(importerSession('Good idea. Let me update the plan.', CHOICE));
    assert.ok(chosen(found), found.join('\n'));
    assert.ok(found.includes(USER_RULE), found.join('\n'));
  });

  it('is a decision of its own where it comes before the agent names the rule', () => {
    assert.ok(chosen(drafted(importerSession(CHOICE, TAKEN_UP))));
  });

  it('is a decision of its own after another prompt of the user', () => {
    assert.ok(chosen(drafted(importerSession(TAKEN_UP, 'USER:also add a progress bar.', CHOICE))));
  });

  it('is a decision of its own where it speaks of nothing the prompt says', () => {
    const found = drafted(
      importerSession(TAKEN_UP, "I'll use a bounded queue instead of an unbounded channel for the rows."),
    );
    assert.ok(
      found.some((line) => line.startsWith('decision:') && /bounded queue/.test(line)),
      found.join('\n'),
    );
  });

  it('reads only decisions, and only a constraint of the prompt answered', () => {
    const messages = importerSession(TAKEN_UP, CHOICE);
    const draft = (kind: DraftProbe['kind'], facets: string[][], messageIndex: number): DraftProbe => ({
      kind,
      facets,
      messageIndex,
      question: 'q',
      answer: 'a',
    });
    const choice = {
      ...draft('decision', [['use new files'], ['modifying in place']], 7),
      statement: 'use new files instead of modifying in place',
    };
    const rule = (messageIndex: number) => draft('constraint', [['old importer']], messageIndex);
    const drop = (rules: DraftProbe[]) => carriedOut([choice], rules, messages).decisions.length;
    assert.equal(drop([rule(4)]), 0);
    // The rule's probe is kept, its facets the user's words; a rule with no statement is left as it is.
    const [kept] = carriedOut([choice], [{ ...rule(4), statement: 'keep the old importer' }], messages).rules;
    assert.deepEqual(kept!.facets, [['old importer']]);
    assert.equal(kept!.statement, 'keep the old importer; use new files instead of modifying in place');
    assert.equal(carriedOut([choice], [rule(4)], messages).rules[0]!.statement, undefined);
    // A rule of the first prompt, or none: the choice stands.
    assert.equal(drop([rule(0)]), 1);
    assert.equal(drop([]), 1);
    // A task of the prompt answered is not a rule.
    assert.equal(drop([{ ...rule(4), kind: 'task' }]), 1);
  });
});
