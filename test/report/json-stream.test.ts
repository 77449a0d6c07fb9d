import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type JsonField, jsonPieces } from '../../src/report/json-stream.ts';

async function text(fields: readonly JsonField[]): Promise<string> {
  let all = '';
  for await (const piece of jsonPieces(fields)) all += piece;
  return all;
}

async function* items(values: readonly unknown[]): AsyncGenerator<string> {
  for (const value of values) yield JSON.stringify(value, null, 2);
}

describe('JSON written piece by piece', () => {
  it('is exactly JSON.stringify with an indent of 2, lists streamed item by item', async () => {
    const results = [
      { name: 'a', nested: { list: [1, 2, { deep: 'x\ny' }], empty: [], none: {} } },
      { name: 'b', text: 'quotes " and \\ backslashes', value: null },
    ];
    const suites = [{ kind: 'suite', strategies: [{ name: 'single-shot', metrics: { probeRecall: 0.5 } }] }];
    assert.equal(
      await text([
        { key: 'results', items: items(results) },
        { key: 'suites', value: suites },
      ]),
      JSON.stringify({ results, suites }, null, 2),
    );
    assert.equal(
      await text([
        { key: 'verdict', value: { passed: true, failures: [] } },
        { key: 'results', items: items([]) },
        { key: 'baselineGate', value: null },
      ]),
      JSON.stringify({ verdict: { passed: true, failures: [] }, results: [], baselineGate: null }, null, 2),
    );
  });

  it('leaves out a field whose value JSON leaves out, as JSON.stringify does', async () => {
    assert.equal(
      await text([
        { key: 'kept', value: 1 },
        { key: 'dropped', value: undefined },
      ]),
      JSON.stringify({ kept: 1, dropped: undefined }, null, 2),
    );
    assert.equal(await text([]), JSON.stringify({}, null, 2));
  });
});
