/**
 * The user's words less the agent's code they quote back (D103): a prompt that pastes lines of the agent's edit to
 * ask about them ("+ // Reuse a stable invoice number … isn't this doing it twice?") does not make the guard against
 * the user's messages drop the agent's choice those lines carry out; the user's own words still do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { userWordsOf } from '../../src/quality/derive/quoted-agent-code.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const CHOICE =
  'Instead of patching every comparison, we make the invoice number stable by reusing the first draft number.';
const ADDED = [
  'func invoiceNumber(draft Draft) string {',
  '\t// Reuse a stable invoice number (keeps the first draft number across edits)',
  '\treturn firstNumber(draft)',
  '}',
].join('\n');

/** The session: the agent's choice, its edit, then the user's `prompt`, and more work. */
function work(prompt: string): Message[] {
  const edit = toolCall('edit', { path: 'billing/invoice.go', oldText: 'a', newText: ADDED });
  return [
    user('The invoice total changes when a draft is saved twice; can you find out why?'),
    assistant(`Found it: the number is regenerated on every save. ${CHOICE}`),
    callsTools([edit]),
    toolResult(edit, 'Edited.'),
    user(prompt),
    assistant('You are right, the fallback was doubled; it is gone now.'),
  ];
}

/** The derived decisions of the session with `prompt`. */
function decisions(prompt: string): Probe[] {
  return deriveProbes(session(work(prompt))).probes.filter((probe) => probe.kind === 'decision');
}

/** The probe's outcome in a text. */
function outcome(probe: Probe, text: string): string {
  return scoreProbes(createMatcher(text), [probe]).probeOutcomes[probe.id]!;
}

const PASTED = [
  '+\t// Reuse a stable invoice number (keeps the first draft number across edits)',
  '+\treturn firstNumber(draft)',
  '',
  "isn't this doing the fallback twice now?",
].join('\n');

describe("the user's words less the agent's code they quote", () => {
  it('leave out the lines of a prompt that copy a line the agent wrote before it, marker and indent aside', () => {
    const messages = work(PASTED);
    const operations = session(messages).fileOperations ?? [];
    assert.deepEqual(userWordsOf(messages, operations), [
      'The invoice total changes when a draft is saved twice; can you find out why?',
      // "return firstNumber(draft)" is two words: code anyone might type, kept.
      "+\treturn firstNumber(draft)\n\nisn't this doing the fallback twice now?",
    ]);
    // Before the edit, the same line is the user's own.
    assert.deepEqual(userWordsOf(messages, operations, 2), [
      'The invoice total changes when a draft is saved twice; can you find out why?',
    ]);
  });

  it("keep the agent's choice its quoted code carries out, which a paraphrase keeps and a path list does not", () => {
    // Its statement goes (grep's opening line of the prompt holds the quoted line); its facet stays.
    const choice = decisions(PASTED).find((probe) => probe.facets[0]?.[0] === 'invoice number stable');
    assert.ok(choice, 'the choice is derived');
    assert.equal(choice.live, true);
    // The thing and its state, as a paraphrase puts them: the state first, or the thing's last word made so.
    assert.deepEqual(choice.facets, [['invoice number stable', 'stable invoice number', 'number stable']]);
    assert.equal(outcome(choice, 'Fix: a stable invoice number, reused from the first draft.'), 'matched');
    assert.equal(outcome(choice, 'The number itself is made stable across saves.'), 'matched');
    // The reverse choice: the thing not in that state.
    assert.equal(
      outcome(choice, 'The invoice number is not stable; every comparison was patched instead.'),
      'contradicted',
    );
    assert.equal(
      outcome(
        choice,
        'Rather than patching each comparison, the invoice number is kept stable across saves.',
      ),
      'matched',
    );
    assert.equal(outcome(choice, 'billing/invoice.go\nbilling/invoice_test.go'), 'missed');
    assert.equal(outcome(choice, ''), 'missed');
  });

  it("still drop a choice the user's own words state", () => {
    const asked = decisions('Please keep the invoice number stable; do not patch every comparison.');
    assert.deepEqual(asked, []);
  });
});
