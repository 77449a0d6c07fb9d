/**
 * A release the agent cut and could not publish (issue 39, pi large-session at its end): the version tag made on the
 * release commit and pushed is the state of the release; a publish that fails at its build on a compiler error naming
 * a quoted module ("Module '\"@scope/ui\"' has no exported member 'X'") is the live error; fixing it and publishing
 * again is the next step. Each is a fact a summary in fresh words keeps, and grep of the error lines does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { errorFacets, errorProbes } from '../../src/quality/derive/errors.ts';
import { releaseProbes } from '../../src/quality/derive/release-state.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { requestOpenings, toolErrorLines } from '../../src/session/grep-lines.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user, shellRun as shell } from '../helpers/factories.ts';

const MISSING = [
  "src/theme/theme.ts(5,15): error TS2305: Module '\"@scope/ui\"' has no exported member 'EditorTheme'.",
  "src/theme/theme.ts(5,28): error TS2305: Module '\"@scope/ui\"' has no exported member 'MarkdownTheme'.",
  'npm error Lifecycle script `build` failed with error:',
].join('\n');

/** The release: version bumped, committed, tagged and pushed, then the publish fails at the build (twice). */
const RELEASE: Message[] = [
  user('We are ready to release a new version. Bump minor, commit, tag, push and publish.'),
  ...shell('npm run version:minor', 'All packages at 0.8.0'),
  ...shell('git add . && git commit -m "Release v0.8.0"', '[main 45ffe0a] Release v0.8.0\n 48 files changed'),
  ...shell('git tag v0.8.0', ''),
  ...shell('git push origin main', 'To https://example.com/app.git\n   17d213a..45ffe0a  main -> main'),
  ...shell('git push origin v0.8.0', 'To https://example.com/app.git\n * [new tag]         v0.8.0 -> v0.8.0'),
  ...shell('npm run publish', `> app publish\n> npm run build\n${MISSING}`, true),
  ...shell('npm run build -w @scope/agent', MISSING, true),
  assistant('These errors look like an API mismatch between the packages.'),
];

const asProbe = (draft: Omit<Probe, 'id' | 'source' | 'contradictions'>): Probe => ({
  ...draft,
  id: 'probe',
  source: 'derived',
  contradictions: [],
});
const outcome = (probe: Probe, text: string) => probeOutcome(createMatcher(text), probe);

describe('a compiler error that names a quoted module', () => {
  it('is read by the words after the module, up to the member it names', () => {
    assert.deepEqual(
      errorFacets(
        "src/a.ts(5,15): error TS2305: Module '\"@scope/ui\"' has no exported member 'EditorTheme'.",
      ),
      { code: 'TS2305', phrase: 'has no exported member' },
    );
    // A message whose words come first is read as before.
    assert.deepEqual(
      errorFacets("a.ts(1,2): error TS2345: Argument of type '\"x\"' is not assignable to 'Color'."),
      { code: 'TS2345', phrase: 'Argument of type' },
    );
  });

  it('is one live error of the publish, and the next step is to publish again', () => {
    const probes = errorProbes(RELEASE, toolRuns(RELEASE));
    const errors = probes.filter((probe) => probe.kind === 'error');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.fixedLater, false);
    assert.equal(
      errors[0]!.statement,
      '`npm run publish` failed: TS2305: has no exported member in theme.ts',
    );
    const step = probes.find((probe) => probe.kind === 'next-step')!;
    assert.equal(
      step.statement,
      'Next: fix TS2305: has no exported member in theme.ts, then run `npm run publish` again',
    );
    assert.deepEqual(step.facets, [['npm run publish']]);
    const next = asProbe(step);
    assert.equal(
      outcome(
        next,
        'The publish failed (pi-tui has no exported member EditorTheme). Next: fix the build, then rerun npm run publish.',
      ),
      'matched',
    );
    assert.equal(outcome(next, `It is false that ${step.statement}.`), 'contradicted');
  });

  it('names the check again, not a release, when the failed command only builds with a release flag', () => {
    const messages = [
      user('Build it.'),
      ...shell(
        'cargo build --release',
        'error[E0277]: the trait bound `Text: Widget` is not satisfied',
        true,
      ),
    ];
    const step = errorProbes(messages, toolRuns(messages)).find((probe) => probe.kind === 'next-step')!;
    assert.deepEqual(step.facets, [['cargo build']]);
    assert.match(step.statement!, /then run `cargo build` again until it passes$/);
  });

  it('leaves no release step once the publish passed', () => {
    const messages = [...RELEASE, ...shell('npm run publish', '+ @scope/agent@0.8.0')];
    const probes = errorProbes(messages, toolRuns(messages));
    assert.equal(
      probes.some((probe) => probe.kind === 'next-step' && probe.facets[0]![0] === 'npm run publish'),
      false,
    );
  });
});

describe('the release tag', () => {
  it('is the state of the release: its commit, its tag, and that the tag was pushed', () => {
    const [probe, ...rest] = releaseProbes(toolRuns(RELEASE));
    assert.equal(rest.length, 0);
    assert.equal(
      probe!.statement,
      'Release v0.8.0 committed (45ffe0a), tagged v0.8.0 and pushed to the remote',
    );
    const state = asProbe(probe!);
    assert.equal(outcome(state, 'Committed 45ffe0a, tagged v0.8.0 and pushed main and the tag.'), 'matched');
    assert.equal(outcome(state, 'All packages are at v0.8.0.'), 'missed');
    assert.equal(outcome(state, `It is false that ${probe!.statement}.`), 'contradicted');
    assert.equal(outcome(state, `${probe!.statement} was not done.`), 'contradicted');
  });

  it('says the tag is not pushed when no push sent it, and makes none of a deleted tag or a listing', () => {
    const unpushed = toolRuns([
      user('Tag it.'),
      ...shell('git commit -m "Release 2.1.0"', '[main abc1234] Release 2.1.0'),
      ...shell('git tag -a v2.1.0 -m "2.1.0"', ''),
    ]);
    assert.equal(
      releaseProbes(unpushed)[0]!.statement,
      'Release 2.1.0 committed (abc1234), tagged v2.1.0, the tag not pushed yet',
    );
    assert.deepEqual(
      releaseProbes(
        toolRuns([user('Clean up.'), ...shell('git tag -d v2.1.0', ''), ...shell('git tag -l', 'v2.0.0')]),
      ),
      [],
    );
    assert.deepEqual(releaseProbes(toolRuns([user('Mark it.'), ...shell('git tag nightly', '')])), []);
    const named = toolRuns([
      user('Tag the old release.'),
      ...shell('git commit -m "Fix typo"', '[main 9f8e7d6] Fix typo'),
      ...shell('git tag v1.0.1 abc1234', ''),
    ]);
    assert.equal(releaseProbes(named)[0]!.statement, 'tagged v1.0.1, the tag not pushed yet');
  });
});

describe('the release at the end of a session', () => {
  it('is live as state, error and next step; grep of the error lines keeps only the error', () => {
    const { probes } = deriveProbes({ messages: RELEASE });
    const live = probes.filter(isLive);
    const of = (kind: string) => live.filter((probe) => probe.kind === kind);
    assert.ok(of('state').some((probe) => /tagged v0\.8\.0/.test(probe.statement ?? '')));
    assert.equal(of('error').length, 1);
    assert.ok(of('next-step').some((probe) => probe.facets[0]![0] === 'npm run publish'));
    const grep = [...requestOpenings({ messages: RELEASE }), ...toolErrorLines({ messages: RELEASE })].join(
      '\n',
    );
    for (const probe of [...of('next-step'), ...of('state').filter((p) => /tagged/.test(p.statement ?? ''))])
      assert.equal(outcome(probe, grep), 'missed', probe.statement);
  });
});
