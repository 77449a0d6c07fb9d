import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { withRecentTail } from '../../src/strategies/hybrid.ts';
import { resolveStrategies } from '../../src/strategies/registry.ts';
import { singleShot } from '../../src/strategies/single-shot.ts';
import { structuredIterative } from '../../src/strategies/structured-iterative.ts';
import { findCutPoint } from '../../src/session/cut-points.ts';
import { countMessages, getTokenizer, type Tokenizer } from '../../src/tokens.ts';
import { workSession } from '../helpers/factories.ts';
import { fakeProvider } from '../helpers/fake-provider.ts';
import { runStrategy } from '../helpers/strategy-run.ts';

let tokenizer: Tokenizer;
before(async () => {
  tokenizer = await getTokenizer('o200k_base');
});

/** Ten steps, each a request, an edit whose output carries a marker, and "Step n done.". */
function ledgerSession() {
  return workSession(10, (step) => ({
    request: `Step ${step}: update the ledger.`,
    tool: 'edit',
    path: `src/step-${step}.ts`,
    output: `step-marker-${step} ${'ledger '.repeat(120)}`,
  }));
}

describe('+recent hybrids', () => {
  it('summarizes only what lies before the cut point and keeps the rest verbatim', async () => {
    const input = ledgerSession();
    const keep = 600;
    const { firstKept } = findCutPoint(input.messages, countMessages(tokenizer, input.messages), keep);
    const provider = fakeProvider();
    const hybrid = withRecentTail(singleShot);
    assert.equal(hybrid.name, 'single-shot+recent');
    assert.equal(hybrid.group, 'core');
    const { output, trace } = await runStrategy(hybrid, input, provider, { keepRecentTokens: keep });
    assert.equal(trace.length, 1);
    assert.match(provider.requests[0]!.prompt, /step-marker-0/);
    assert.doesNotMatch(provider.requests[0]!.prompt, /step-marker-9/, 'the kept tail is not summarized');
    assert.equal(output.summary, 'summary #1');
    assert.deepEqual(output.kept, input.messages.slice(firstKept));
    assert.deepEqual(output.keptRanges, [{ start: firstKept, end: input.messages.length }]);
    assert.match(output.notes![0]!, new RegExp(`^single-shot summarized messages 0–${firstKept - 1}`));
  });

  it('keeps the base strategy’s sections, and its file lists cover only the summarized part', async () => {
    const hybrid = withRecentTail(structuredIterative);
    assert.equal(hybrid.requiredSections, structuredIterative.requiredSections);
    const { output } = await runStrategy(hybrid, ledgerSession(), fakeProvider(), { keepRecentTokens: 600 });
    assert.match(output.summary, /src\/step-0\.ts/);
    assert.doesNotMatch(output.summary, /src\/step-9\.ts/);
  });

  it('runs every core strategy as its hybrid when --keep-recent-tokens is given, and leaves the others alone', async () => {
    const names = async (selection: string, keepRecentTokens?: number) =>
      (await resolveStrategies(selection, { keepRecentTokens })).map((strategy) => strategy.name);
    assert.deepEqual(await names('single-shot,truncate,pi', 8000), ['single-shot+recent', 'truncate', 'pi']);
    assert.deepEqual(await names('single-shot,truncate,pi'), ['single-shot', 'truncate', 'pi']);
    assert.deepEqual(await names('single-shot,single-shot+recent'), ['single-shot', 'single-shot+recent']);
    assert.deepEqual(await names('single-shot,single-shot+recent', 8000), ['single-shot+recent']);
    assert.equal(
      (await names('core', 8000)).every((name) => name.endsWith('+recent')),
      true,
    );
    await assert.rejects(resolveStrategies('truncate+recent'), /unknown strategy 'truncate\+recent'/);
  });
});
