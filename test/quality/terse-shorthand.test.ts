/**
 * A terse note's shorthand read as the words it stands for (issue 39, the terse handoff): `!=`, `≠` and `∅` deny what
 * follows them as `¬` does ("stop hook shows it != stop hook causes it" says the stop hook does not cause it), and an
 * exclamation mark still ends a clause; its shorthand for words of code work (`ckpt`, `idx`, `tbl`, `opt`) and for prepositions
 * (`w/`, `w/o`, `b4`) reads as the words, and so does a slash list of participles ("NOT built/tested/committed"); a check mark before a commit's hash ("fum.1 ✔ 3bb8701") states the commit, and so does its hash said pushed where
 * the session pushed it ("Fixed+pushed (d1f37d0)").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import {
  callsTools,
  committedRetryBudget,
  derivedProbe,
  session,
  toolCall,
  toolResult,
} from '../helpers/factories.ts';

const denied = (text: string) =>
  meaningTerms(text)
    .filter((term) => term.negated)
    .map((term) => term.term);
const terms = (text: string) => meaningTerms(text).map((term) => term.term);

describe("a terse note's shorthand for words of code work", () => {
  it('reads as the words', () => {
    assert.deepEqual(
      terms('ckpt idx, coords nullable, new tbl, asst text, 2 objs'),
      terms('checkpoint index, coordinates nullable, new table, assistant text, 2 objects'),
    );
    assert.deepEqual(terms('opt. usage overlay'), terms('optional usage overlay'));
    assert.deepEqual(terms('opt. usage overlay'), terms('option usage overlay'));
  });
});

describe("a terse note's shorthand for GitHub, logging in and units of time", () => {
  it('reads as the words', () => {
    assert.deepEqual(terms('via gh CLI login'), terms('via GitHub CLI authenticate'));
    assert.deepEqual(
      terms('this Q vs last Q, 3 wks, 2 yrs'),
      terms('this quarter vs last quarter, 3 weeks, 2 years'),
    );
  });

  it("keeps a user's choice and a request's detail that a note writes so", () => {
    const choice = derivedProbe('constraint', {
      facets: [['Authenticate GitHub CLI']],
      statement: "The user's choices: All of the above; Private; Authenticate GitHub CLI",
    });
    assert.equal(
      probeOutcome(createMatcher('- setup: private repo, via gh CLI login (not web)'), choice),
      'matched',
    );
    assert.notEqual(probeOutcome(createMatcher('- gh, cli, login.ts'), choice), 'matched');
    const detail = derivedProbe('task', { facets: [['Quality score'], ['quarter vs last quarter']] });
    assert.equal(
      probeOutcome(
        createMatcher('new page "Quality score": issue count per label over time (this Q vs last Q)'),
        detail,
      ),
      'matched',
    );
  });
});

describe("a terse note's shorthand for prepositions", () => {
  it('reads as the words, and w/o denies what follows it', () => {
    assert.deepEqual(
      terms('start w/ the services, ask b4 destructive ops'),
      terms('start with the services, ask before destructive ops'),
    );
    assert.deepEqual(denied('checkpoint saved w/o transcript'), terms('transcript'));
    assert.deepEqual(denied('checkpoint saved w/ transcript'), []);
  });

  it('is no shorthand inside a path or a name', () => {
    const read = terms('src/w/o.ts, w/output, b4f2c9e');
    assert.equal(read.includes('not'), false);
    assert.equal(read.includes('befor'), false);
  });
});

describe('a commit a terse note marks done by its hash', () => {
  const work = committedRetryBudget();
  const state = deriveProbes(work).probes.find((probe) => probe.kind === 'state')!;
  const outcome = (text: string) => probeOutcome(createMatcher(text), state);

  it('is stated by a check mark before the hash', () => {
    assert.equal(outcome('- retry.1 ✔ 1a2b3c4 — budget of 3 per request'), 'matched');
    assert.equal(outcome('retry ✓ 1a2b3c4'), 'matched');
    assert.equal(outcome('DONE: ✅ 1a2b3c4'), 'matched');
  });

  it('is not stated by the hash alone, a mark after it, or the mark before another hash', () => {
    assert.equal(outcome('1a2b3c4, 9f8e7d6, retry.ex'), 'missed');
    assert.equal(outcome('1a2b3c4 ✔'), 'missed');
    assert.equal(outcome('✔ 9f8e7d6; 1a2b3c4 reverted'), 'missed');
  });
});

describe('a commit a terse note says pushed', () => {
  const push = toolCall('bash', { command: 'git push origin main' });
  const pushed = session([
    ...committedRetryBudget().messages,
    callsTools([push]),
    toolResult(push, 'To github.com:acme/client.git\n   9f8e7d6..1a2b3c4  main -> main'),
  ]);
  const stateOf = (work: typeof pushed) =>
    deriveProbes(work).probes.find((probe) => probe.kind === 'state' && probe.check === 'git commit')!;
  const outcome = (text: string, work = pushed) => probeOutcome(createMatcher(text), stateOf(work));

  it('is stated by the hash said pushed, when a push took it to the remote', () => {
    assert.equal(outcome('NOW: budget fixed+pushed (1a2b3c4) → report back'), 'matched');
    assert.equal(outcome('branch: 9f8e7d6 1a2b3c4(budget). all pushed, tree clean'), 'matched');
  });

  it('is not stated by the hash alone, or pushed where no push was made; said not pushed, it is contradicted', () => {
    assert.equal(outcome('1a2b3c4, 9f8e7d6, retry.ex'), 'missed');
    assert.equal(outcome('budget fixed+pushed (1a2b3c4)', committedRetryBudget()), 'missed');
    // A pushed commit said not pushed of its hash: its opposite (opposite.ts).
    assert.equal(outcome('budget 1a2b3c4 not pushed'), 'contradicted');
  });
});

describe("a terse note's slash list of participles", () => {
  it('reads as the words, denied by a negation before it, and a path stays a name', () => {
    assert.deepEqual(
      denied('retry.2 edits made, NOT built/tested/committed'),
      terms('built tested committed'),
    );
    // "compiled/tested/credo" ends in no participle: a name, as a path's last folder is.
    assert.deepEqual(
      denied("retry.2: not compiled/tested/credo'd/closed/committed/pushed"),
      terms('credo closed committed'),
    );
    assert.deepEqual(
      meaningTerms('lib/generated/seed and src/shared/derived').map((term) => term.name),
      [true, true],
    );
  });

  it('states work left uncommitted', () => {
    const probe = derivedProbe('state', {
      facets: [['not committed', 'uncommitted changes', 'still uncommitted']],
      statement: 'The edits since the last commit (1a2b3c4) are not committed yet',
    });
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(
      outcome("- .2 IN PROGRESS, edits made, NOT compiled/tested/credo'd/committed/closed"),
      'matched',
    );
    assert.notEqual(outcome('- .2 IN PROGRESS, edits made, compiled/tested/committed/closed'), 'matched');
  });
});

describe("a terse note's signs of negation", () => {
  it('deny the terms after them', () => {
    assert.deepEqual(
      denied('the deploy hook shows it != the deploy hook causes it'),
      terms('deploy hook causes'),
    );
    assert.deepEqual(denied('bad token ≠ 401 response'), terms('401 response'));
    assert.deepEqual(denied('∅ migrations, ∅ route changes'), terms('migrations route changes'));
    assert.deepEqual(denied('Stop! Now deploy it'), []);
    assert.deepEqual(terms('Stop! Now deploy it'), terms('Stop. Now deploy it'));
  });

  it("keep a user's correction that a note writes with != and contradict it without", () => {
    const probe = derivedProbe('constraint', {
      answer: 'The user said: "it doesn\'t mean the deploy hook caused it"',
      facets: [['mean the deploy hook caused']],
      statement: "it doesn't mean the deploy hook caused it",
    });
    const outcome = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.notEqual(
      outcome('RULES: proof > assertion; deploy hook shows it != deploy hook causes it'),
      'contradicted',
    );
    assert.equal(
      outcome('RULES: proof > assertion; deploy hook shows it, so deploy hook causes it'),
      'contradicted',
    );
  });
});
