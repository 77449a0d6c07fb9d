/**
 * D84: a command is stated as it is run, its words in a row, not in other words: a package.json scripts line ("clean
 * npm run clean --workspaces build npm") runs no `npm run build`, and npm's banner ("publish npm run prepublishOnly
 * npm publish") no `npm run publish`. The command as written, or listed by its last word ("npm run check / build"),
 * still states it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import type { Session } from '../../src/session/types.ts';
import { resultHeadsBag } from '../helpers/result-heads.ts';
import { derivedProbe, session, shellRun, toolExchange, user } from '../helpers/factories.ts';

/** A session of our own making: a package's scripts read, then two rounds of build, commit and push. */
function releaseSession(): Session {
  return session([
    user('Bump the version of the package and release it.'),
    ...toolExchange(
      'Read',
      { file_path: 'package.json' },
      '{\n  "scripts": {\n    "clean": "npm run clean --workspaces",\n    "build": "npm run build --workspaces"\n  }\n}',
    ),
    ...shellRun('npm run build', 'Build finished in 2.1s'),
    ...shellRun('git commit -am "chore: bump version"', '[main 1a2b3c4] chore: bump version'),
    ...shellRun('git push', 'To github.com:acme/pkg.git\n   0f0f0f0..1a2b3c4  main -> main'),
    ...shellRun('npm run build', 'Build finished in 2.0s'),
    ...shellRun('git commit -am "docs: changelog"', '[main 5d6e7f8] docs: changelog'),
    ...shellRun('git push', 'To github.com:acme/pkg.git\n   1a2b3c4..5d6e7f8  main -> main'),
  ]);
}

test('a session of our own making: its scripts line runs no build, so the heads bag keeps no routine of it', () => {
  const history = releaseSession();
  const { probes } = deriveProbes(history);
  const routine = probes
    .filter(isLive)
    .find((probe) => probe.statement?.startsWith('For each piece of work'));
  assert.ok(routine, 'the routine is derived');
  assert.deepEqual(routine.facets, [['npm run build']]);
  const outcome = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes[routine.id];
  const heads = resultHeadsBag(history);
  assert.match(heads, /^scripts clean npm run clean --workspaces build npm\.$/m);
  assert.equal(outcome(heads), 'missed');
  // The command as written, in a sentence or listed by its last word, states it.
  assert.equal(outcome('For each change: npm run build, then commit and push.'), 'matched');
  assert.equal(outcome('Each round ran `npm run build`, committed and pushed.'), 'matched');
  assert.equal(outcome('Per change: npm run lint / build, commit, push.'), 'matched');
});

test("a command's words apart, or another command of the same words, state no command", () => {
  // The command alone, as a rule's or a next step's facet is (no statement to be read in part).
  const next = derivedProbe('constraint', { facets: [['npm run publish']], statement: undefined });
  const outcome = (text: string) => scoreProbes(createMatcher(text), [next]).probeOutcomes[next.id];
  assert.equal(outcome('pi-monorepo 0.0.2 publish npm run prepublishOnly npm publish.'), 'missed');
  assert.equal(outcome('Ran npm publish after the prepublish run.'), 'missed');
  // Written as run, it is stated; a command's flags after it are its own.
  assert.equal(outcome('Then run npm run publish again.'), 'matched');
  // Beside another facet said in other words, the command written in a row still states it.
  const learnt = derivedProbe('constraint', {
    facets: [['npm run lint'], ['before committing', 'pre-commit']],
    statement: undefined,
  });
  const learntOutcome = (text: string) => scoreProbes(createMatcher(text), [learnt]).probeOutcomes[learnt.id];
  assert.equal(learntOutcome('- pre-commit hook refuses unlinted code ⇒ `npm run lint` first.'), 'matched');
  assert.equal(
    learntOutcome('- pre-commit hook refuses unlinted code ⇒ lint it, npm run it first.'),
    'missed',
  );
  assert.equal(outcome('Then `npm run publish -- --tag next` again.'), 'matched');
});
