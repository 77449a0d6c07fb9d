/**
 * Files the agent hands back to their owner again and again are a rule of the environment it learnt (issue 39, export's
 * X5: "the agent's commands run as root, so files it creates come out root-owned and must be chowned to
 * mischa:mischa"): a constraint once two runs that went through gave files to one owner, none for a single fix.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { handedBackOwner } from '../../src/quality/derive/handed-back-files.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import { identifiersOf } from '../../src/strategies/identifier-bag.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const EXPORT: Message[] = [
  user('Export my chat history to a Markdown file in my home folder.'),
  ...shell('python3 export.py > /home/ana/history.md', ''),
  user('Cosmic Text shows the file as empty.'),
  assistant('The file is owned by root, so your editor cannot read it. Let me fix the ownership.'),
  ...shell('sudo chown ana:ana /home/ana/history.md && chmod 644 /home/ana/history.md', ''),
  ...shell('cp -r /root/.claude/debug /home/ana/transcripts', ''),
  ...shell('sudo chown -R ana:ana /home/ana/transcripts', ''),
];

const ownerRule = (messages: Message[]): Probe | undefined =>
  deriveProbes({ messages }).probes.find((probe) => probe.question.startsWith('Who must own the files'));

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('files handed back to their owner', () => {
  it('is a live constraint once two runs gave files to one owner', () => {
    const probe = ownerRule(EXPORT);
    assert.ok(probe, 'a constraint for the files handed back');
    assert.equal(probe.kind, 'constraint');
    assert.ok(isLive(probe));
    assert.equal(probe.statement, 'Whatever is written here is chowned to ana:ana');
    assert.deepEqual(probe.facets, [
      ['chown ana:ana', 'chown -R ana:ana', 'chowned to ana:ana', 'owned by ana'],
    ]);
  });

  it('is kept by a handoff in its own words, not by a path list, a bag of names or the user messages', () => {
    const probe = ownerRule(EXPORT)!;
    for (const kept of [
      'Anything the agent writes ends up owned by root and has to be handed back with `sudo chown ana:ana`.',
      'agent = root ⇒ new files root:root ⇒ `sudo chown ana:ana` (empty-in-Cosmic-Text cause).',
      'Files must end up owned by ana, not root.',
    ])
      assert.equal(outcome(probe, kept), 'matched', kept);
    for (const missed of [
      '/home/ana/history.md /home/ana/transcripts',
      // The identifier bag's names: a chown and an owner are no identifiers, so it holds neither.
      ['/home/ana/history.md', '/home/ana/transcripts', ...identifiersOf(EXPORT.map(messageText))].join(', '),
      'Export my chat history to a Markdown file in my home folder. Cosmic Text shows the file as empty.',
      '',
    ])
      assert.equal(outcome(probe, missed), 'missed', missed);
    assert.equal(
      outcome(probe, 'It is false that whatever is written here is chowned to ana:ana.'),
      'contradicted',
    );
  });

  it('is no rule for one chown, for a run that failed, or for chown in a string', () => {
    assert.equal(ownerRule(EXPORT.slice(0, 9)), undefined);
    const failed = [
      ...shell('sudo chown ana:ana a.md', ''),
      ...shell('sudo chown ana:ana b.md', 'chown: invalid user: ‘ana:ana’', true),
    ];
    assert.equal(handedBackOwner(toolRuns(failed)), undefined);
    const said = [
      ...shell('echo "run chown ana:ana x when done"', 'run chown ana:ana x when done'),
      ...shell('grep -n "chown ana:ana" notes.md', '3: chown ana:ana'),
    ];
    assert.equal(handedBackOwner(toolRuns(said)), undefined);
    const twoOwners = [...shell('chown ana a.md', ''), ...shell('chown bob b.md', '')];
    assert.equal(handedBackOwner(toolRuns(twoOwners)), undefined);
  });
});
