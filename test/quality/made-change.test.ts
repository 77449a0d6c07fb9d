/**
 * A change the user dictated, made (D133): a file's change the user's words keep is a probe that only a statement of
 * it made keeps, or a context that holds the request and the write after it; the request itself, a plan, a pasted
 * call line keep nothing; said not made it is contradicted; lint checks the write follows the request.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { madeByEvents } from '../../src/quality/made.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { lintProbes } from '../../src/quality/probe-lint.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { renderMessages, toolCallsLine } from '../../src/session/transcript.ts';
import type { Message, Session } from '../../src/session/types.ts';
import { assistant, callsTools, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const render = (messages: readonly Message[]) =>
  renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY });

const REQUEST =
  'Create a full implementation plan for the coding agent refactoring in docs/refactor.md, with work packages.';
const PLAN = [
  '# Coding Agent Refactoring Plan',
  '',
  '## Architecture Overview',
  '',
  'The agent session sits between the modes and the transport layer.',
  '',
  '## Work Packages',
  '',
  '- [ ] WP1: extract the bash executor',
].join('\n');

/** The user asks for a plan document, the agent writes it and says so. */
function dictatedSession(): Session {
  const write = toolCall('write', { path: 'docs/refactor.md', content: PLAN });
  return session([
    user(REQUEST),
    callsTools([write]),
    toolResult(write, 'File created successfully at docs/refactor.md'),
    assistant('The plan is in place; a new session can resume from it.'),
  ]);
}

describe('a change the user dictated, made', () => {
  const dictated = dictatedSession();
  const probe = deriveProbes(dictated).probes.find((candidate) => candidate.made)!;
  const said = (text: string) => probeOutcome(createMatcher(text), probe);

  it('is derived from the request and the write after it, and the whole transcript keeps it by those events', () => {
    assert.equal(probe.kind, 'artifact');
    assert.equal(probe.messageIndex, 1);
    assert.deepEqual(probe.facets, [['refactor.md'], ['Coding Agent Refactoring Plan']]);
    assert.equal(probeOutcome(createMatcher(render(dictated.messages)), probe), 'matched');
    assert.deepEqual(
      lintProbes({ probes: [probe], messages: dictated.messages }).map((finding) => finding.rule),
      [],
    );
  });

  it("the user's words keep nothing: the request, its imperative, a plan", () => {
    assert.equal(said(REQUEST), 'missed');
    assert.equal(said(render(dictated.messages.slice(0, 1))), 'missed');
    assert.equal(said('Next: write the Coding Agent Refactoring Plan in docs/refactor.md.'), 'missed');
    assert.equal(said('We should write the Coding Agent Refactoring Plan to docs/refactor.md.'), 'missed');
    assert.equal(said('- [ ] docs/refactor.md: Coding Agent Refactoring Plan'), 'missed');
  });

  it('a line that states it made keeps it, in other words or under a done heading', () => {
    assert.equal(said('docs/refactor.md: wrote the Coding Agent Refactoring Plan (WP1-WP3).'), 'matched');
    assert.equal(
      said('Created docs/refactor.md, the coding agent refactoring plan, with work packages.'),
      'matched',
    );
    assert.equal(said('## Done\n- docs/refactor.md: Coding Agent Refactoring Plan'), 'matched');
    assert.equal(said('## Next steps\n- docs/refactor.md: Coding Agent Refactoring Plan'), 'missed');
  });

  it('a line labelled by the file that describes it as it now is keeps it; a list of bare words does not', () => {
    // The file's new state under its name, in a clause (a function word, a sign of code): what a terse note writes.
    assert.equal(said('- docs/refactor.md: the Coding Agent Refactoring Plan, 20 work packages.'), 'matched');
    // The same words as items of a list, a done word among them: no clause says it of the file.
    assert.equal(
      said('Topics: docs/refactor.md, changed, Coding Agent Refactoring Plan, packages, work.'),
      'missed',
    );
    assert.equal(said('docs/refactor.md: Coding Agent Refactoring Plan work packages'), 'missed');
    // A file whose name opens with a verb's letters is not an imperative ("refactor.md: …" is no "Refactor …").
    assert.equal(said('refactor.md: the Coding Agent Refactoring Plan, with work packages.'), 'matched');
  });

  it('said not made, still to do or reverted, it is contradicted', () => {
    assert.equal(
      said('The Coding Agent Refactoring Plan in docs/refactor.md was not written.'),
      'contradicted',
    );
    assert.equal(
      said('It is false that the Coding Agent Refactoring Plan was written to docs/refactor.md.'),
      'contradicted',
    );
    assert.equal(said('docs/refactor.md: the Coding Agent Refactoring Plan was reverted.'), 'contradicted');
    assert.equal(
      said('The Coding Agent Refactoring Plan in docs/refactor.md was not changed.'),
      'contradicted',
    );
    assert.equal(
      said('It is false that the Coding Agent Refactoring Plan in docs/refactor.md was changed.'),
      'contradicted',
    );
    // The file said not changed denies its change, even beside a line that says it made or with no other facet.
    assert.equal(said('docs/refactor.md was not changed.'), 'contradicted');
    assert.equal(
      said('docs/refactor.md: wrote the Coding Agent Refactoring Plan.\ndocs/refactor.md was not changed.'),
      'contradicted',
    );
    // Another file said not changed denies nothing of this one.
    assert.equal(
      said('docs/refactor.md: wrote the Coding Agent Refactoring Plan.\ndocs/other.md was not changed.'),
      'matched',
    );
  });

  it('a pasted call line is no event; without the write after the request, lint says it is unfounded', () => {
    const pasted = [`[User]: ${REQUEST}`, toolCallsLine(dictated.messages[1]!)!].join('\n\n');
    assert.equal(madeByEvents(createMatcher(pasted), probe.made!), undefined);
    assert.equal(said(pasted), 'missed');
    const unmade: Message[] = dictated.messages.slice(0, 1);
    assert.deepEqual(
      lintProbes({ probes: [probe], messages: unmade })
        .map((finding) => finding.rule)
        .filter((rule) => rule === 'made-unfounded'),
      ['made-unfounded'],
    );
    // The write alone, its request cut away (a kept tail after it), is read by its words.
    assert.equal(madeByEvents(createMatcher(render(dictated.messages.slice(1))), probe.made!), undefined);
  });
});
