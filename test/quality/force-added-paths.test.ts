/**
 * A file git ignores that the agent added anyway (issue 39, fum's S10: "priv/static/assets is gitignored build
 * output, so spotter.css is force-added (`git add -f`)"): a decision probe after git refused the path and a `git add
 * -f` took it in; none for a force-add git never refused, nor for the refusal alone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { forceAddedPaths, forceAddedProbes } from '../../src/quality/derive/force-added-paths.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const REFUSAL = [
  'The following paths are ignored by one of your .gitignore files:',
  'public/build',
  'hint: Use -f if you really want to add them.',
].join('\n');

const SESSION: Message[] = [
  user('Give the report page its own stylesheet and commit it.'),
  ...shell('git add src/report.tsx public/build/report.css', REFUSAL, true),
  assistant(
    'The build folder is ignored; the existing theme.css there was force-added, so I will do the same.',
  ),
  ...shell(
    'git add -f public/build/report.css && git add src/report.tsx && git commit -m "report stylesheet"',
    '[main 9f8e7d6] report stylesheet\n 2 files changed\n create mode 100644 public/build/report.css',
  ),
  assistant('Committed 9f8e7d6.'),
];

const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a file force-added past .gitignore', () => {
  it('is read from a git add -f of a path git refused as ignored', () => {
    assert.deepEqual(forceAddedPaths(toolRuns(SESSION)), [
      { path: 'public/build/report.css', ignored: 'public/build', messageIndex: 5 },
    ]);
    const [probe] = forceAddedProbes(toolRuns(SESSION));
    assert.equal(
      probe!.statement,
      'report.css is force-added with `git add -f`, since its folder is gitignored',
    );
  });

  it('is a live decision a handoff keeps with its reason, and a path list or git’s refusal does not', () => {
    const probes = deriveProbes({ messages: SESSION }).probes;
    const forced = probes.find(
      (probe) => probe.kind === 'decision' && probe.statement?.includes('force-added'),
    )!;
    assert.ok(forced, 'a decision probe of the force-add');
    assert.ok(isLive(forced));
    for (const kept of [
      'public/build is gitignored, so report.css is force-added with `git add -f`, like theme.css.',
      'report.css: git ignores public/build, added with `git add -f`.',
    ])
      assert.equal(outcome(forced, kept), 'matched', kept);
    for (const missed of [
      'public/build/report.css\nsrc/report.tsx',
      'Give the report page its own stylesheet and commit it.',
    ])
      assert.equal(outcome(forced, missed), 'missed', missed);
    // git's refusal, as grep of the error lines keeps it, says the folder is ignored, not that the file was added.
    assert.notEqual(outcome(forced, REFUSAL), 'matched');
  });

  it('gives none for a force-add git never refused, nor for the refusal alone', () => {
    const unrefused = [user('Commit the stylesheet.'), ...shell('git add -f public/build/report.css', '')];
    assert.deepEqual(forceAddedProbes(toolRuns(unrefused)), []);
    assert.deepEqual(forceAddedProbes(toolRuns(SESSION.slice(0, 3))), []);
  });
});
