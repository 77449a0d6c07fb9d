import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { grep } from '../../src/strategies/grep.ts';
import { identifierBag, identifiersOf } from '../../src/strategies/identifier-bag.ts';
import { lexicalMatches } from '../../src/report/observations.ts';
import type { StrategyResult } from '../../src/results/types.ts';
import { pathsOnly } from '../../src/strategies/paths-only.ts';
import { userErrors } from '../../src/strategies/user-errors.ts';
import { userVerbatim } from '../../src/strategies/user-verbatim.ts';
import { getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});

/** A rounding fix: a request with constraints, a read, a failing test, a decision, an edit, the next request. */
function roundingFixSession() {
  return session(
    [
      user(
        'Fix the rounding in computeInvoiceTotals. Keep the signature, ledger-sync imports it, and no decimal.js.',
      ),
      ...toolExchange(
        'read',
        { path: 'src/billing/invoice-totals.ts' },
        'export function computeInvoiceTotals() {}',
      ),
      ...toolExchange(
        'bash',
        { command: 'npx vitest run' },
        'FAIL test/billing/invoice-totals.test.ts\nAssertionError: expected 39842 to be 39843\n 1 failed',
      ),
      assistant(
        'I decided to round each line half up with roundHalfUp, because ledger-sync rounds per line.',
      ),
      ...toolExchange('edit', { path: 'src/billing/invoice-totals.ts', oldText: 'a', newText: 'b' }, 'ok'),
      user('Great. Now make the CSV export stream instead of buffering.'),
    ],
    { cwd: '/work/shop' },
  );
}

describe('paths-only', () => {
  it('lists the files the session touched and nothing else', async () => {
    const { output } = await runStrategy(pathsOnly, roundingFixSession(), fakeProvider());
    assert.equal(output.summary, 'src/billing/invoice-totals.ts');
    assert.equal(output.kept, undefined);
  });
});

describe('identifier-bag', () => {
  it('collects identifier-like tokens, most frequent first', () => {
    const names = identifiersOf([
      'computeInvoiceTotals and ledger-sync',
      'ledger-sync and decimal.js, ERR_TOTAL',
    ]);
    assert.deepEqual(names, ['ledger-sync', 'computeInvoiceTotals', 'decimal.js', 'ERR_TOTAL']);
  });

  it('writes the paths, then identifiers, within --lexical-tokens and with no sentence', async () => {
    const { output } = await runStrategy(identifierBag, roundingFixSession(), fakeProvider(), {
      lexicalTokens: 60,
    });
    const lines = output.summary.split('\n');
    assert.equal(lines[0], 'src/billing/invoice-totals.ts');
    assert.match(output.summary, /computeInvoiceTotals/);
    assert.ok(tokenizer.count(output.summary) <= 60);
    assert.doesNotMatch(output.summary, /round each line|Keep the signature/);
  });
});

describe('grep', () => {
  it('keeps request openings, error lines and paths under three headings', async () => {
    const { output } = await runStrategy(grep, roundingFixSession(), fakeProvider());
    assert.match(output.summary, /^## Requests\nFix the rounding in computeInvoiceTotals\./);
    assert.match(output.summary, /Great\./, 'the opening of each request');
    assert.match(output.summary, /## Errors\n.*expected 39842 to be 39843/s);
    assert.match(output.summary, /## Files\nsrc\/billing\/invoice-totals\.ts/);
    assert.doesNotMatch(
      output.summary,
      /roundHalfUp|no decimal\.js|stream instead/,
      'no decision, no later sentence',
    );
  });

  it('stops at --lexical-tokens', async () => {
    const { output } = await runStrategy(grep, roundingFixSession(), fakeProvider(), { lexicalTokens: 25 });
    assert.ok(
      tokenizer.count(output.summary) <= 25 + 4,
      'the budget, up to the blank lines between sections',
    );
    assert.doesNotMatch(output.summary, /Errors/);
  });
});

describe('user-verbatim', () => {
  it('keeps every user message word for word and nothing the agent or a tool wrote', async () => {
    const { output } = await runStrategy(userVerbatim, roundingFixSession(), fakeProvider());
    assert.equal(
      output.summary,
      [
        '## User 1',
        'Fix the rounding in computeInvoiceTotals. Keep the signature, ledger-sync imports it, and no decimal.js.',
        '## User 2',
        'Great. Now make the CSV export stream instead of buffering.',
      ].join('\n'),
    );
    assert.equal(output.kept, undefined);
  });

  it('stops at --lexical-tokens, oldest message first', async () => {
    const { output } = await runStrategy(userVerbatim, roundingFixSession(), fakeProvider(), {
      lexicalTokens: 30,
    });
    assert.ok(tokenizer.count(output.summary) <= 30);
    assert.match(output.summary, /^## User 1\nFix the rounding/);
    assert.doesNotMatch(output.summary, /CSV export/);
  });
});

describe('user-errors', () => {
  it('keeps the user messages, then the error lines of tool output, and no decision', async () => {
    const { output } = await runStrategy(userErrors, roundingFixSession(), fakeProvider());
    assert.match(output.summary, /^## User 1\nFix the rounding in computeInvoiceTotals\./);
    assert.match(output.summary, /## User 2\nGreat\. Now make the CSV export stream instead of buffering\./);
    assert.match(output.summary, /\n\n## Errors\n.*expected 39842 to be 39843/s);
    assert.doesNotMatch(output.summary, /roundHalfUp|export function/);
  });

  it('spends what the user messages leave on error lines, within --lexical-tokens', async () => {
    const { output } = await runStrategy(userErrors, roundingFixSession(), fakeProvider(), {
      lexicalTokens: 45,
    });
    assert.ok(tokenizer.count(output.summary) <= 45 + 2, 'the budget, up to the blank line between sections');
    assert.match(output.summary, /CSV export/);
    assert.doesNotMatch(output.summary, /39843/);
  });

  it('is a lexical baseline, so a strategy it matches earns the ‡', () => {
    for (const strategy of [userVerbatim, userErrors]) {
      assert.equal(strategy.lexical, true, strategy.name);
      assert.equal(strategy.callsModel, false, strategy.name);
    }
    const figures = (name: string, lexical: boolean, probeRecall: number, tokensAfter: number) =>
      ({ name, lexical, status: 'ok', tokensAfter, quality: { probeRecall } }) as unknown as StrategyResult;
    const summary = figures('single-shot', false, 0.4, 2000);
    const matches = lexicalMatches(summary, [summary, figures('user-errors', true, 0.4, 1990)]);
    assert.deepEqual(
      matches.map((strategy) => strategy.name),
      ['user-errors'],
    );
  });
});
