/**
 * A design choice written into a commit message (issue 39, export's X12: "The markdown files should be tracked in git
 * so they're accessible on GitHub, not regenerated each time"; prstack's P20: "… so we log and continue rather than
 * blocking the user's workflow"): a decision from a body sentence that sets the way taken against another with what
 * it is for; none from a description of the bug fixed, a list item, or a commit git refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bodyProse,
  chosenWay,
  commitMessage,
  commitReasonProbes,
} from '../../src/quality/derive/commit-reasons.ts';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, editRun, shellRun, user } from '../helpers/factories.ts';

const COMMIT = [
  "git add docs/ && git commit -m \"$(cat <<'EOF'",
  'Publish the rendered API reference',
  '',
  '- Remove the ignore rule on docs/api/*.html',
  '- Add the 40 rendered pages',
  '',
  'The rendered pages should be committed with the sources so the wiki can link',
  'them, not rebuilt by every reader.',
  '',
  'Co-Authored-By: An Agent <agent@example.com>',
  'EOF',
  ')"',
].join('\n');

const SESSION: Message[] = [
  user('The wiki links to the API reference are broken; fix them.'),
  ...editRun('docs/.gitignore'),
  ...shellRun(COMMIT, '[main 4b5c6d7] Publish the rendered API reference\n 41 files changed'),
  assistant('Committed 4b5c6d7: the rendered pages are in git now, and the wiki links resolve.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a design choice written into a commit message', () => {
  it('reads the body’s prose, list items and trailers left out, wrapped lines joined', () => {
    const message = commitMessage(COMMIT)!;
    assert.equal(message.split('\n')[0], 'Publish the rendered API reference');
    assert.deepEqual(bodyProse(message), [
      'The rendered pages should be committed with the sources so the wiki can link them, not rebuilt by every reader.',
    ]);
    assert.equal(
      commitMessage('git commit -m "Fix the parser" -m "We keep the old grammar rather than a new one."'),
      'Fix the parser\n\nWe keep the old grammar rather than a new one.',
    );
    assert.equal(
      chosenWay('The rendered pages should be committed with the sources so the wiki can link them'),
      'committed with the sources',
    );
    assert.equal(chosenWay('These are persistent failures, so we log and continue'), 'log and continue');
    assert.equal(chosenWay('The parser produced invalid output'), undefined);
  });

  it('is a live decision a handoff keeps in its words, and the user’s request, a path list and its denial do not', () => {
    const [probe] = commitReasonProbes(toolRuns(SESSION));
    assert.deepEqual(probe!.facets, [['committed with the sources']]);
    const derived = deriveProbes({ messages: SESSION }).probes.find(
      (candidate) =>
        candidate.kind === 'decision' && candidate.statement?.includes('rebuilt by every reader'),
    );
    assert.ok(derived, 'a decision probe of the commit’s choice');
    assert.ok(isLive(derived));
    assert.equal(
      outcome(
        derived,
        'Decision: the rendered pages are committed with the sources so the wiki can link them, not rebuilt by each reader.',
      ),
      'matched',
    );
    for (const missed of [
      'The wiki links to the API reference are broken; fix them.',
      'docs/.gitignore\ndocs/api/index.html',
    ])
      assert.equal(outcome(derived, missed), 'missed', missed);
    assert.equal(
      outcome(derived, 'The rendered pages were not committed with the sources; every reader rebuilds them.'),
      'contradicted',
    );
  });

  it('gives none for a bug described, a list item, or a commit git refused', () => {
    const described = shellRun(
      'git commit -m "Fix chunk reassembly\n\nThe function was passing an empty type, which produced invalid JSON instead of merged arrays."',
      '[main 1a2b3c4] Fix chunk reassembly',
    );
    assert.deepEqual(commitReasonProbes(toolRuns(described)), []);
    const listed = shellRun(
      'git commit -m "Tidy\n\n- we keep the old grammar rather than a new one"',
      '[main 1a2b3c4] Tidy',
    );
    assert.deepEqual(commitReasonProbes(toolRuns(listed)), []);
    const refused = shellRun(COMMIT, 'credo found 2 issues\nerror: pre-commit hook failed', true);
    assert.deepEqual(commitReasonProbes(toolRuns(refused)), []);
  });
});
