/**
 * Rows of a table are compared only at the same point of the session: the agent's own compaction, scored where it
 * compacted, gets its own table and is never ranked with the strategies (the Pareto front, best recall, the
 * verdict). Run as a user runs `compare --schedule recorded` on a Codex rollout that records a compaction. Before,
 * the `recorded` row (scored on the facts before its compaction) sat in the strategies' table and led the Pareto
 * front: "recorded (0.00 at 28), single-shot (1.00 at 176)".
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderComparisonTerminal } from '../../src/report/comparison.ts';
import { readResults } from '../../src/results/digest.ts';
import { runCompare } from '../../src/run/run.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { offlineCompare } from '../helpers/compare-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

const ROLLOUT = fileURLToPath(new URL('../samples/codex.jsonl', import.meta.url));

describe('the agent’s own compaction at another point of the session', () => {
  it('has its own table, and is on no front, no best and no verdict of the strategies', async () => {
    const out = join(directory.path, 'chain');
    const outcome = await runCompare(
      offlineCompare({
        transcripts: [ROLLOUT],
        strategies: 'single-shot,truncate',
        out,
        schedule: { policy: 'recorded' },
      }),
    );
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    const recorded = results.strategies.find((strategy) => strategy.name === 'recorded')!;
    assert.ok(recorded.tokensBefore < results.fixture.tokens, 'it was scored before the end of the session');

    const markdown = await readFile(join(out, 'codex-chain-comparison.md'), 'utf8');
    const live = recorded.quality.probesTotal;
    assert.ok(live >= 1);
    const [strategiesTable, own] = markdown.split('\n\n').filter((block) => block.startsWith('| Strategy |'));
    assert.doesNotMatch(strategiesTable!, /\| recorded /);
    assert.match(own!, /^\| Strategy \|[^\n]*\n\|[^\n]*\n\| recorded \|/);
    assert.match(
      markdown,
      new RegExp(
        `The agent's own compaction, scored where it compacted \\(${recorded.tokensBefore} tokens of the session, ${live} live ${live === 1 ? 'fact' : 'facts'}\\) rather than at this run's point \\(${results.fixture.tokens} tokens\\): not comparable with the rows above`,
      ),
    );
    const front = /Quality\/size Pareto front \(probe recall vs tokens after\): ([^\n]*)/.exec(markdown)![1]!;
    assert.doesNotMatch(front, /recorded/);
    assert.doesNotMatch(markdown, /not distinguishable from `recorded`/);
    assert.match(markdown, /\*\*Recommended: `single-shot`/);

    // The chain table after it compares every row at the same compactions: the recorded one belongs there.
    const terminal = renderComparisonTerminal(results).split('Compaction chain')[0]!;
    const tables = terminal.split('\n').filter((line) => line.startsWith('│'));
    const recordedRows = tables.filter((line) => line.startsWith('│ recorded '));
    assert.equal(recordedRows.length, 1);
    assert.ok(
      tables.indexOf(recordedRows[0]!) > tables.findIndex((line) => line.startsWith('│ truncate ')) + 1,
      'its own table, after the strategies’',
    );

    const html = await readFile(join(out, 'codex-chain-report.html'), 'utf8');
    const tablesHtml = html.split('<table class="sortable comparison">').slice(1);
    assert.equal(tablesHtml.length, 2);
    assert.doesNotMatch(tablesHtml[0]!.split('</table>')[0]!, /data-strategy="recorded"/);
    assert.match(tablesHtml[1]!.split('</table>')[0]!, /data-strategy="recorded"/);
  });
});
