/**
 * A thing the agent chose to leave as it is, with its reason (issue 39, decisions): derived from the agent's sentence,
 * its name taken from the sentence before when the sentence points back; none without a reason or in a question.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { leftAloneProbes } from '../../src/quality/derive/left-alone.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { assistant, user } from '../helpers/factories.ts';

const KEPT = [
  user('Move the invoice numbering into the billing service and drop the old helpers.'),
  assistant(
    '`formatLegacyInvoice` is only used by its own test now. Since it is a public export of the package, I will leave it in place for the partners who import it.',
  ),
];

describe('a thing the agent left as it is', () => {
  it('is a decision named by the sentence before a pronoun, with the reason as its second facet', () => {
    const [probe, ...rest] = leftAloneProbes(KEPT);
    assert.equal(rest.length, 0);
    assert.equal(probe!.kind, 'decision');
    assert.equal(probe!.messageIndex, 1);
    assert.deepEqual(probe!.facets, [['formatLegacyInvoice'], ['public export']]);
    assert.equal(
      probe!.statement,
      '`formatLegacyInvoice` is only used by its own test now. Since it is a public export of the package, I will leave it in place for the partners who import it.',
    );
  });

  it('takes the reasons said before and after the choice as spellings, the thing named in the sentence itself', () => {
    const [probe] = leftAloneProbes([
      assistant(
        'The old exports still name the previous company, but these are signed archive files, so I left them unchanged to preserve the audit trail.',
      ),
    ]);
    assert.deepEqual(probe!.facets, [['signed archive files', 'audit trail']]);
  });

  it('is none without a reason, in a question, or when something else is kept', () => {
    assert.deepEqual(leftAloneProbes([assistant('I will leave it in place.')]), []);
    assert.deepEqual(leftAloneProbes([assistant('Since it is exported, should I leave it in place?')]), []);
    assert.deepEqual(leftAloneProbes([assistant('The cache is kept warm since the job runs hourly.')]), []);
  });

  it('is derived, kept by a paraphrase, missed by the name alone and by the user words', () => {
    const { probes } = deriveProbes({ messages: KEPT });
    const decisions = probes.filter((probe) => probe.kind === 'decision');
    assert.equal(decisions.length, 1);
    const score = (summary: string) => scoreProbes(createMatcher(summary), decisions).probeRecall;
    assert.equal(
      score('Kept formatLegacyInvoice (a public export partners import) although only its test calls it.'),
      1,
    );
    assert.equal(score('formatLegacyInvoice'), 0);
    assert.equal(score(KEPT[0]!.content as string), 0);
  });
});
