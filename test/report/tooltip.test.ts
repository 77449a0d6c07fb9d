/** A tooltip whose first lines were escaped ahead is the tooltip of all its lines. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tooltip, tooltipAfter, tooltipLines } from '../../src/report/html/svg.ts';

describe('a tooltip escaped in two parts', () => {
  it('is the text of the tooltip of all its lines, escapes and links included', () => {
    const cases: Array<[string[], string[]]> = [
      [['single-shot', 'probes planted in 0–10% of the session'], []],
      [['a <b> & "c"', 'see https://example.com'], ["also here: d's line"]],
      [['ends with a colon:'], ['//not a link', 'x']],
      [['one'], ['two', 'three://four']],
    ];
    for (const [head, more] of cases)
      assert.equal(tooltipAfter(tooltipLines(head), more), tooltip([...head, ...more]));
    assert.equal(tooltipAfter(tooltipLines(['a:']), ['//b']), '<title>a:\n//b</title>');
    assert.equal(
      tooltipAfter(tooltipLines(['<x>']), ['http://y']),
      '<title>&lt;x&gt;\nhttp:&#47;&#47;y</title>',
    );
  });
});
