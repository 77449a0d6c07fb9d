/**
 * More of a developer note's shorthand read as the words it stands for (issue 39, the terse and faithful handoffs of
 * round s13): an acronym's plural is the acronym ("the missing FKs", "stacked PRs"), not an identifier of the words "F"
 * and "Ks"; common shorthands of code work (`wt`, `br`, `sess`, `mgr`, `fmt`, `thru`, `feats`, `srcs`, `creds`,
 * `attrs`, `chars`, `approx`) read as their words; and to look into a thing is to investigate it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, derivedProbe, session, user } from '../helpers/factories.ts';

const terms = (text: string) => meaningTerms(text).map((term) => term.term);
const names = (text: string) =>
  meaningTerms(text)
    .filter((term) => term.name)
    .map((term) => term.term);

describe("an acronym's plural", () => {
  it('reads as the acronym, in prose', () => {
    assert.deepEqual(terms('the missing FKs'), terms('the missing FK'));
    assert.deepEqual(terms('stacked PRs, APIs and URLs'), terms('stacked PR, API and URL'));
    assert.deepEqual(terms('TODOs left in CLIs'), terms('TODO left in CLI'));
    assert.deepEqual(names('the missing FKs'), []);
  });

  it('leaves identifiers as their words, a file as a name, and one capital alone', () => {
    assert.deepEqual(terms('HTTPServer'), ['http', 'server']);
    assert.ok(names('HTTPServer').length === 2);
    assert.deepEqual(terms('Xs'), terms('xs'));
    // A file stays a name, every term of it.
    assert.deepEqual(names('see docs/URLs.md'), terms('docs/URLs.md'));
    assert.ok(names('see docs/URLs.md').length > 0);
  });
});

describe('shorthands of code work', () => {
  it('read as their words', () => {
    assert.deepEqual(
      terms('merge main into our br; wt idx; settings mgr; walked thru the sess'),
      terms('merge main into our branch; worktree index; settings manager; walked through the session'),
    );
    assert.deepEqual(
      terms('fmt first; no default feats; remove Python srcs; creds, attrs, chars; approx 40'),
      terms(
        'format first; no default features; remove Python sources; credentials, attributes, characters; approximately 40',
      ),
    );
  });

  it('are left alone where they are ambiguous', () => {
    assert.notDeepEqual(terms('ln'), terms('line'));
    assert.notDeepEqual(terms('est'), terms('estimate'));
  });
});

describe('looking into a thing', () => {
  it('is investigating it, in any form of the verb', () => {
    assert.deepEqual(terms('to look into the hooks'), terms('to investigate the hooks'));
    assert.deepEqual(terms('we looked into the flaky test'), terms('we investigated the flaky test'));
    assert.deepEqual(terms('digging into the logs'), terms('investigating the logs'));
    // Looking at a thing is reading it, not an investigation.
    assert.notDeepEqual(terms('look at the hooks'), terms('investigate the hooks'));
  });
});

describe('a probe derived from a session of its own, kept by a note in shorthand', () => {
  const history = session([
    user(
      'Add the foreign keys to the schema. Never drop FK constraints on the orders table, the reports depend on them.',
    ),
    assistant('I will add the foreign keys and keep every FK constraint on the orders table.'),
  ]);

  it('keeps the rule a note states with the acronym in the plural; a name list does not keep it, a denial contradicts it', () => {
    const { probes } = deriveProbes(history);
    const rule = probes.find(
      (probe) => probe.kind === 'constraint' && /FK/.test(JSON.stringify(probe.facets)),
    );
    assert.ok(rule, `a constraint about FK constraints: ${JSON.stringify(probes.map((p) => p.facets))}`);
    assert.equal(probeOutcome(createMatcher('- orders: never drop its FKs'), rule), 'matched');
    assert.notEqual(probeOutcome(createMatcher('- FKs, orders, reports'), rule), 'matched');
    assert.equal(
      probeOutcome(createMatcher('- Rules: we may drop the FKs on the orders table.'), rule),
      'contradicted',
    );
  });

  it('keeps a filed issue stated as looking into what the issue investigates', () => {
    const filed = derivedProbe('state', {
      facets: [['ENT-140'], ['Investigate hooks interfering with claude']],
      statement: 'Created Linear issue ENT-140: Investigate hooks interfering with `claude -p` behavior.',
    });
    assert.equal(
      probeOutcome(createMatcher('filed ENT-140: look into hooks interfering w/ claude'), filed),
      'matched',
    );
    assert.notEqual(probeOutcome(createMatcher('ENT-140, hooks, claude'), filed), 'matched');
  });
});
