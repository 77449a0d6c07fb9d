import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grep } from '../../src/strategies/grep.ts';
import { identifierBag, identifiersOf } from '../../src/strategies/identifier-bag.ts';
import { pathsOnly } from '../../src/strategies/paths-only.ts';
import { getTokenizer } from '../../src/tokens.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

const tokenizer = await getTokenizer('o200k_base');

function workSession() {
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
    const { output } = await runStrategy(pathsOnly, workSession(), fakeProvider());
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
    const { output } = await runStrategy(identifierBag, workSession(), fakeProvider(), { lexicalTokens: 60 });
    const lines = output.summary.split('\n');
    assert.equal(lines[0], 'src/billing/invoice-totals.ts');
    assert.match(output.summary, /computeInvoiceTotals/);
    assert.ok(tokenizer.count(output.summary) <= 60);
    assert.doesNotMatch(output.summary, /round each line|Keep the signature/);
  });
});

describe('grep', () => {
  it('keeps request openings, error lines and paths under three headings', async () => {
    const { output } = await runStrategy(grep, workSession(), fakeProvider());
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
    const { output } = await runStrategy(grep, workSession(), fakeProvider(), { lexicalTokens: 25 });
    assert.ok(
      tokenizer.count(output.summary) <= 25 + 4,
      'the budget, up to the blank lines between sections',
    );
    assert.doesNotMatch(output.summary, /Errors/);
  });
});
