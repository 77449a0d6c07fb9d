/**
 * Forms a terse handoff writes a fact in (issue 39, round s16 D57): a child ticket named by its epic's tail and a few
 * words of its title ("dov.3 WIP: JSON debug sidecar" of spotter-dov.3, "Implement debug JSON sidecar and expand
 * controls"); a slash list of names ("totalMembers/contributors/viewers"), which is its items, not a path; the habit
 * of reading a file whole said of files in general ("read a file entirely before touching it" of the user's "read
 * src/parser.ts in full"); `w/` in a facet's literal reading ("start w/ packages/services"). Each keeps its fact where
 * a terse note writes it so, and nothing where a list of names, the id alone or the words alone are written.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { childShortForm } from '../../src/quality/derive/work-probes.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import type { Message } from '../../src/session/types.ts';
import {
  assistant,
  callsTools,
  derivedProbe,
  session,
  toolCall,
  toolResult,
  user,
} from '../helpers/factories.ts';

function bash(command: string, output: string): Message[] {
  const call = toolCall('Bash', { command });
  return [callsTools([call]), toolResult(call, output)];
}

const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe("a child ticket's next step as a terse note writes it", () => {
  const messages: Message[] = [
    user('Work on bead shop-7kq, one child at a time.'),
    ...bash(
      'bd show shop-7kq',
      '○ shop-7kq · Order history for customers   [● P1 · OPEN]\nOwner: Ada · Type: epic',
    ),
    ...bash('bd update shop-7kq.2 --status in_progress', '✓ Updated issue: shop-7kq.2'),
    ...bash(
      'bd show shop-7kq.2',
      '○ shop-7kq.2 · Implement export JSON sidecar and retry controls in shared checkout UI   [● P1 · IN_PROGRESS]',
    ),
    assistant('Claimed shop-7kq.2; editing the checkout components now.'),
  ];
  const next = deriveProbes(session(messages)).probes.find((probe) => probe.kind === 'next-step');
  const outcome = (text: string) => probeOutcome(createMatcher(text), next!);

  it('names the child by its id or its epic tail, and its title by two words of it in a row', () => {
    assert.ok(next, 'a next step is derived');
    assert.deepEqual(next.facets[0], ['shop-7kq.2', '7kq.2']);
    assert.ok(next.facets[1]!.includes('JSON sidecar'));
    assert.ok(next.facets[1]!.includes('retry controls'));
  });

  it('is kept by the epic tail said in progress beside words of the title', () => {
    assert.equal(
      outcome('shop-7kq epic.\n… 7kq.2 WIP: components now have a JSON export sidecar.'),
      'matched',
    );
    assert.equal(outcome('Next: finish shop-7kq.2 (retry controls), then commit and close it.'), 'matched');
  });

  it('is not kept by the id alone, the words alone, the item done, or another child', () => {
    assert.notEqual(outcome('shop-7kq.2, shop-7kq.1, checkout.ex'), 'matched');
    assert.notEqual(outcome('Components now have a JSON sidecar and retry controls.'), 'matched');
    assert.notEqual(outcome('7kq.3 WIP: components now have a JSON sidecar.'), 'matched');
    assert.equal(outcome('✔ 7kq.2: JSON sidecar and retry controls shipped.'), 'missed');
  });

  it('has a short form only for a child of an epic', () => {
    assert.deepEqual(childShortForm('spotter-dov.3'), ['dov.3']);
    assert.deepEqual(childShortForm('spotter-dov'), []);
    assert.deepEqual(childShortForm('ENT-108'), []);
    assert.deepEqual(childShortForm('#12'), []);
  });
});

describe('a slash list of names', () => {
  it('reads as its items', () => {
    assert.deepEqual(
      terms('shows totalMembers/contributors/viewers'),
      terms('shows totalMembers, contributors, viewers'),
    );
    assert.deepEqual(
      terms('ValidateSessionID/ToolUseID/AgentID → checkpoint'),
      terms('ValidateSessionID, ToolUseID, AgentID → checkpoint'),
    );
  });

  it('leaves a path a path: folders in lower case, or a file with its extension', () => {
    assert.deepEqual(terms('lib/generated/seed'), terms('seed'));
    assert.deepEqual(terms('src/tui/TuiRenderer.ts'), terms('TuiRenderer'));
    assert.deepEqual(terms('~/.pi/agent/themes'), terms('themes'));
  });

  it("keeps a decision whose words a terse line lists so, and not by a bag of the list's names", () => {
    const decision = derivedProbe('decision', {
      facets: [['stats'], ['summary section']],
      statement:
        'stats kept, since TeamSheet still renders a summary section that reads `currentTeam.stats.totalMembers`, `contributors`, and `viewers`.',
    });
    const read = (text: string) => probeOutcome(createMatcher(text), decision);
    assert.equal(
      read(
        'Stats kept in 1-team payload: user "why stats?" → Team Summary panel shows totalMembers/contributors/viewers.',
      ),
      'matched',
    );
    // The list's last item alone, as a path's name was read, keeps a part at most. ("Panel", not "block": a block is
    // a section, meaning-words.ts, so "Team Summary block" states the facet whatever the list holds.)
    assert.notEqual(
      read('Stats kept in 1-team payload: user "why stats?" → Team Summary panel shows viewers.'),
      'matched',
    );
    assert.equal(read('stats, totalMembers, contributors, viewers, TeamSheet, currentTeam'), 'missed');
  });
});

describe('reading a file whole, said of files in general', () => {
  const messages: Message[] = [
    user('Fix the parser limits. read src/parser.ts in full before you change anything.'),
    assistant('Reading src/parser.ts now.'),
  ];
  const rule = deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'constraint' && probe.statement?.includes('in full'),
  );
  const outcome = (text: string) => probeOutcome(createMatcher(text), rule!);

  it('is kept by the habit said of any file, and by the file read in full', () => {
    assert.ok(rule, 'a rule is derived');
    assert.equal(outcome('User rules: read a file entirely before touching it.'), 'matched');
    assert.equal(outcome('Read whole files before editing.'), 'matched');
    assert.equal(outcome('Read src/parser.ts in full first.'), 'matched');
  });

  it('is not kept by a file written whole, a path list, or the habit denied', () => {
    assert.equal(outcome('Rewrote the whole file src/parser.ts.'), 'missed');
    assert.equal(outcome('src/parser.ts, src/lexer.ts'), 'missed');
    assert.notEqual(outcome("Don't read files in full: skim them."), 'matched');
  });
});

describe('`w/` in a literal facet', () => {
  const rule = derivedProbe('constraint', {
    facets: [['start with packages/services']],
    statement: 'We should start with packages/services.',
  });
  const outcome = (text: string) => probeOutcome(createMatcher(text), rule);

  it('reads as "with"', () => {
    assert.equal(outcome('USER RULES: coexist | start w/ packages/services (@repo/services)'), 'matched');
    assert.equal(outcome('start packages/services'), 'missed');
    assert.equal(outcome('src/w/packages/services'), 'missed');
  });
});
