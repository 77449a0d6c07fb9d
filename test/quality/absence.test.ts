/**
 * A state of absence (D129): nothing committed since the last edit, nothing changed while the agent only read. Read
 * from a context's events where it holds the session's own calls, by a facet written as it is in a summary, and
 * checked by lint against the events.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { absenceByEvents } from '../../src/quality/absence.ts';
import { readOnlyProbe } from '../../src/quality/derive/absences.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { lintProbes } from '../../src/quality/probe-lint.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Probe } from '../../src/quality/probes.ts';
import { renderMessages, toolCallsLine } from '../../src/session/transcript.ts';
import type { FileOperation, Message } from '../../src/session/types.ts';

const render = (messages: readonly Message[]) =>
  `\n\n${renderMessages(messages, { toolResultChars: Number.POSITIVE_INFINITY })}`;

let calls = 0;
/** One call and its result: an assistant message of one call, then the tool's answer. */
function run(name: string, args: Record<string, unknown>, output = 'ok'): Message[] {
  const id = `call-${++calls}`;
  return [
    { role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: args }] },
    {
      role: 'toolResult',
      toolCallId: id,
      toolName: name,
      content: [{ type: 'text', text: output }],
      isError: false,
    },
  ];
}

const reads = (count: number): Message[] =>
  Array.from({ length: count }, (_, at) =>
    run('shell', { command: `sed -n '1,200p' src/file${at}.ts` }),
  ).flat();

/** A session that reads, edits, commits, edits again and stops: its last edit is not committed. */
function editedSession(): { messages: Message[]; fileOperations: FileOperation[] } {
  const messages: Message[] = [
    { role: 'user', content: 'Fix the retry budget in src/retry.ts and commit it.' },
    ...reads(2),
    ...run('Edit', { file_path: 'src/retry.ts', old_string: 'a', new_string: 'b' }),
    ...run('Bash', { command: 'git commit -am "fix: retry budget"' }, '[main 1a2b3c4] fix: retry budget'),
    ...run('Edit', { file_path: 'src/budget.ts', old_string: 'c', new_string: 'd' }),
    { role: 'assistant', content: [{ type: 'text', text: 'The budget helper is adjusted as well.' }] },
  ];
  const edit = (index: number, path: string): FileOperation => ({
    kind: 'edit',
    path,
    tool: 'Edit',
    toolCallId: (messages[index]!.content as Array<{ id?: string }>)[0]!.id!,
    messageIndex: index,
  });
  return { messages, fileOperations: [edit(5, 'src/retry.ts'), edit(9, 'src/budget.ts')] };
}

describe('a state of absence', () => {
  const session = editedSession();
  const probe = deriveProbes(session).probes.find((candidate) => candidate.absence?.denies === 'commit')!;

  it('the edits after the last commit: derived with no spelling in the transcript, kept by the whole of it', () => {
    assert.equal(probe.statement, 'The edits since the last commit (1a2b3c4) are not committed yet');
    assert.equal(probe.messageIndex, 9);
    assert.equal(probeOutcome(createMatcher(render(session.messages)), probe), 'matched');
    assert.deepEqual(
      lintProbes({ probes: [probe], messages: session.messages }).map((finding) => finding.rule),
      [],
    );
  });

  it('a commit after the last edit in the context contradicts it, and lint says the absence is unfounded', () => {
    const committed = [...session.messages, ...run('Bash', { command: 'git commit -am "budget"' })];
    assert.equal(absenceByEvents(createMatcher(render(committed)), probe.absence!), 'contradicted');
    assert.deepEqual(
      lintProbes({ probes: [probe], messages: committed }).map((finding) => finding.rule),
      ['absence-unfounded'],
    );
  });

  it('a summary that pastes the call lines holds no event; a kept tail after the commit does not speak for it', () => {
    const pasted = session.messages.flatMap((message) => toolCallsLine(message) ?? []).join('\n\n');
    assert.equal(absenceByEvents(createMatcher(pasted), probe.absence!), undefined);
    assert.equal(probeOutcome(createMatcher(pasted), probe), 'missed');
    assert.equal(probeOutcome(createMatcher(render(session.messages.slice(8))), probe), 'missed');
  });

  it('a summary keeps it by a facet as written; a rule or its denial does not keep it', () => {
    const said = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      said('I have not committed anything since 1a2b3c4; the budget edits are not committed yet.'),
      'matched',
    );
    assert.equal(said('Do NOT commit unless asked to by the user.'), 'missed');
    assert.equal(
      said('It is false that the edits since the last commit are not committed yet.'),
      'contradicted',
    );
    assert.equal(said('The changes were committed.'), 'contradicted');
    assert.equal(said(''), 'missed');
  });

  it('a terse note keeps it as an item of one negated list of participles, not as a list of other things', () => {
    const said = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(said("Budget WIP: not compiled/tested/credo'd/committed/pushed."), 'matched');
    assert.equal(said('The budget edits are not reviewed, tested or committed.'), 'matched');
    assert.equal(
      said('The budget edits are not reviewed or tested; committed 1a2b3c4 before them.'),
      'missed',
    );
    assert.equal(said('Not compiled/tested. Next: commit the budget edits.'), 'missed');
  });

  it('nothing changed: five reads and no write; not with an edit, nor with a command that writes a file', () => {
    const messages: Message[] = [{ role: 'user', content: 'How does the retry budget work?' }, ...reads(5)];
    const readOnly = readOnlyProbe(messages, []) as Probe & { absence: NonNullable<Probe['absence']> };
    assert.equal(readOnly.absence.denies, 'change');
    assert.equal(readOnly.messageIndex, 9);
    const scored: Probe = { ...readOnly, id: 'state@9', contradictions: [], source: 'derived' };
    assert.equal(probeOutcome(createMatcher(render(messages)), scored), 'matched');
    assert.equal(
      probeOutcome(createMatcher('No file has been created or changed so far.'), scored),
      'matched',
    );
    assert.equal(probeOutcome(createMatcher('Do not change any files.'), scored), 'missed');
    assert.equal(probeOutcome(createMatcher('STATE: 57 reads, 0 files touched.'), scored), 'matched');
    assert.equal(readOnlyProbe(reads(4), []), undefined);
    assert.equal(
      readOnlyProbe([...messages, ...run('shell', { command: 'echo x > notes.md' })], []),
      undefined,
    );
    assert.equal(
      readOnlyProbe([...messages, ...run('apply_patch', { input: '*** Begin Patch' })], []),
      undefined,
    );
  });
});
