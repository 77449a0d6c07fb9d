/**
 * A failure's banner is not its error. A hook that runs several checkers before a commit prints the same heading over
 * every refusal ("Pre-commit validation failed:"), then each checker's output under its own heading (`[FORMAT]`,
 * `[DIALYZER]`); a reader states the error by what the checker found (Dialyzer's `pattern_match` in a file), and a
 * formatting refusal fixed by the next commit is history while the checker's finding still blocks the work. A
 * commit's message is the agent's words for the change, no part of where the error came from.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { errorProbes } from '../../src/quality/derive/errors.ts';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { session, shellRun as shell, user } from '../helpers/factories.ts';

const banner = (checker: string, body: string) =>
  `Pre-commit validation failed:\\n\\n[${checker}]\\n${body}\\n\\nFix these issues before committing.`;
const dialyzer = banner(
  'DIALYZER',
  'Finding suitable PLTs\nStarting Dialyzer\nTotal errors: 1, Skipped: 0\n' +
    'lib/shop_web/cart_totals.ex:41:7:pattern_match\nThe pattern can never match the type.\n\nPattern:\n{:ok, _total}\n\nType:\n:error',
);
const messages: Message[] = [
  user('Add coupon totals to the cart and commit each step.'),
  ...shell(
    'git add -A && git commit -m "feat: add coupon totals to the cart"',
    banner('FORMAT', 'Code is not formatted.'),
    true,
  ),
  ...shell('mix format', ''),
  ...shell(
    'git add -A && git commit -m "feat: add coupon totals to the cart"',
    '[main 1a2b3c4] feat: add coupon totals',
  ),
  ...shell('git add -A && git commit -m "feat: show stacked coupons in checkout"', dialyzer, true),
  ...shell('git add -A && git commit --no-verify -m "feat: show stacked coupons"', dialyzer, true),
];

describe("a failure's banner", () => {
  const errors = errorProbes(messages, toolRuns(messages)).filter((probe) => probe.kind === 'error');

  it('is no error: the finding under it is, with the checker that found it', () => {
    const finding = errors.find((probe) => probe.facets[0]?.[0] === 'pattern_match')!;
    assert.deepEqual(finding.facets, [['pattern_match'], ['pattern can never match']]);
    assert.equal(
      finding.statement,
      '`git commit` failed: Dialyzer: pattern_match: pattern can never match in cart_totals.ex',
    );
    assert.equal(finding.file, 'lib/shop_web/cart_totals.ex');
    assert.equal(finding.fixedLater, false);
  });

  it('leaves a refusal with no named finding as it was, and history once the commit went through', () => {
    const format = errors.find((probe) => probe.facets[0]?.[0] === 'Pre-commit validation')!;
    assert.equal(format.fixedLater, true);
    assert.equal(format.statement, '`git commit` failed: Pre-commit validation');
  });

  it('is kept by a handoff that names the checker and the finding, not by the banner, names or the flip', () => {
    const probes = deriveProbes(session(messages)).probes;
    const live = probes.find((probe) => probe.kind === 'error' && isLive(probe))!;
    assert.deepEqual(live.facets[0], ['pattern_match']);
    const outcome = (text: string) => scoreProbes(createMatcher(text), probes).probeOutcomes[live.id];
    assert.equal(
      outcome(
        "Open: the commit gate's Dialyzer step fails with pattern_match at cart_totals.ex:41, so nothing is committed.",
      ),
      'matched',
    );
    assert.equal(
      outcome(
        'Blocked: Dialyzer says the {:ok, _total} clause in cart_totals.ex pattern matches a type that is only :error.',
      ),
      'matched',
    );
    assert.equal(outcome(''), 'missed');
    // The banner grep keeps, with the checker's heading: that Dialyzer refused the commit, not what it found.
    assert.equal(outcome('Pre-commit validation failed:\\n\\n[DIALYZER]\\nFinding suitable PLTs'), 'partial');
    assert.equal(outcome('Pre-commit validation failed:\\n\\n[FORMAT]\\nCode is not formatted.'), 'missed');
    assert.equal(
      outcome('lib/shop_web/cart_totals.ex\npattern_match, cart_totals, shop_web, ShopWeb.CartTotals'),
      'missed',
    );
    assert.equal(
      outcome('It is false that Dialyzer reports pattern_match in cart_totals.ex; the commit did not fail.'),
      'contradicted',
    );
  });
});
