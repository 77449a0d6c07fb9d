/**
 * A model whose answers keep no fact (a loopback server answering the same empty sentence every time), run as a
 * user runs compare: no strategy is recommended, the verdict says why, and no advice pretends the budgets were
 * generous. Before: "Recommended: parallel-stitch, probe recall 0.00 [0.00, 0.06]", then advice to try
 * large-session on a run of it.
 */
import assert from 'node:assert/strict';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderComparisonTerminal } from '../../src/report/comparison.ts';
import { readResults } from '../../src/results/digest.ts';
import { runCompare } from '../../src/run/run.ts';
import { type MockLlmServer, startMockLlmServer } from '../../support/loopback-llm-server.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
let server: MockLlmServer;
before(async () => {
  directory = await temporaryDirectory();
  server = await startMockLlmServer({
    reply: () => ({ kind: 'text', text: 'Summary: work continued on the project.' }),
  });
});
after(async () => {
  await server.close();
  await directory.remove();
});

describe('a model whose answers keep no fact', () => {
  it('gets no recommendation: the verdict says no strategy kept the facts, and why', async () => {
    // The session is large-session itself: no advice may send the user to it.
    const session = join(directory.path, 'large-session.jsonl');
    const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));
    await copyFile(join(fixtures, 'large-session.jsonl'), session);
    await copyFile(
      join(fixtures, 'large-session.probes.json'),
      join(directory.path, 'large-session.probes.json'),
    );
    const out = join(directory.path, 'out');
    const outcome = await runCompare({
      transcripts: [session],
      strategies: 'single-shot,parallel-stitch,sequential-rolling',
      provider: 'openai:test-model',
      providerOptions: { baseUrl: server.url, cacheDirectory: false },
      out,
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 4,
      runs: 1,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    assert.ok(results.strategies.every((strategy) => strategy.quality.probeRecall === 0));
    const markdown = await readFile(join(out, 'large-session-comparison.md'), 'utf8');
    assert.match(
      markdown,
      /\*\*No recommendation: no strategy kept the facts: the best, `\S+`, keeps 0\.00 \[0\.00, 0\.\d\d\] of \d+ live facts, no more than an empty summary \(summaries of \d+(–\d+)? tokens\); a model that ignores the prompt \(read its summaries in each strategy's report\), or a budget too small for these facts \(--ratio, --reserve-tokens\)\.\*\*/,
    );
    assert.doesNotMatch(markdown, /Recommended:/);
    assert.doesNotMatch(markdown, /Every summarizing strategy has the same probe recall/);
    const terminal = renderComparisonTerminal(results);
    assert.match(terminal, /^Verdict — No recommendation: no strategy kept the facts/m);
    assert.doesNotMatch(terminal, /a longer fixture|budgets are generous/);
    // Before: "Best probe recall among strategies that compress: … (0.00)" and a Pareto front of three at 0.00.
    assert.match(
      terminal,
      /• No strategy kept a fact: every probe recall is 0\.00, as an empty summary's would be\./,
    );
    assert.doesNotMatch(terminal, /Best probe recall|Pareto front/);
    const html = await readFile(join(out, 'large-session-report.html'), 'utf8');
    assert.match(html, /No recommendation: no strategy kept the facts/);
    assert.doesNotMatch(html, /class="recommended"/);
  });
});
