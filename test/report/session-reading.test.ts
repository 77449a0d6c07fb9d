/**
 * A session's verdict and observations worked out once for its comparison Markdown and its page
 * (src/report/session-reading.ts): both reports are the same text with it as without it, and both state the reading
 * they are handed rather than working it out again.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { renderComparisonMarkdown, timingsMeasured } from '../../src/report/comparison.ts';
import { renderHtmlReport } from '../../src/report/html/page.ts';
import { observations } from '../../src/report/observations.ts';
import { readSession } from '../../src/report/session-reading.ts';
import { sessionVerdict } from '../../src/report/verdict.ts';
import type { ResultsFile } from '../../src/results/types.ts';

const BASELINES = join(import.meta.dirname, '..', '..', 'baselines', 'extractive');

let sessions: ResultsFile[];
before(async () => {
  sessions = await Promise.all(
    ['before-compaction-results.json', 'large-session-results.json'].map(
      async (name) => JSON.parse(await readFile(join(BASELINES, name), 'utf8')) as ResultsFile,
    ),
  );
});

describe('readSession', () => {
  it('is the verdict and the observations each report worked out, with times only when measured', () => {
    for (const results of sessions) {
      const reading = readSession(results);
      assert.deepEqual(reading.verdict, sessionVerdict(results));
      assert.deepEqual(reading.observations, observations(results, { timings: timingsMeasured(results) }));
      assert.ok(reading.observations.length > 0, results.fixture.name);
    }
  });

  it('leaves the comparison Markdown and the page byte for byte as they were', () => {
    for (const results of sessions) {
      const reading = readSession(results);
      assert.equal(renderComparisonMarkdown(results, reading), renderComparisonMarkdown(results));
      assert.equal(renderHtmlReport([results], undefined, reading), renderHtmlReport([results]));
    }
  });

  it('is what both reports state when handed one: neither works it out again', () => {
    const results = sessions[0]!;
    const reading = readSession(results);
    const marked = {
      verdict: { ...reading.verdict, scope: 'A scope only this reading states.' },
      observations: ['An observation only this reading states.'],
    };
    const markdown = renderComparisonMarkdown(results, marked);
    const page = renderHtmlReport([results], undefined, marked);
    for (const text of [markdown, page]) {
      assert.ok(text.includes('A scope only this reading states.'));
      assert.ok(text.includes('An observation only this reading states.'));
      for (const line of reading.observations.slice(0, 1)) assert.ok(!text.includes(line.slice(0, 40)), line);
    }
  });
});
