/**
 * Writing a session's reports (src/report/write.ts): each format is rendered and written in turn, the HTML page
 * as its pieces, and the files land together; a text holding an API key is refused and nothing lands.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { renderHtmlReport } from '../../src/report/html/page.ts';
import { renderSessionReports, reportMarker, writeSessionReports } from '../../src/report/write.ts';
import { reportStem } from '../../src/report-names.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

const BASELINE = join(
  import.meta.dirname,
  '..',
  '..',
  'baselines',
  'extractive',
  'before-compaction-results.json',
);

let directory: { path: string; remove: () => Promise<void> };
let results: ResultsFile;
before(async () => {
  directory = await temporaryDirectory();
  results = JSON.parse(await readFile(BASELINE, 'utf8')) as ResultsFile;
});
after(() => directory.remove());

describe('writeFixtureReports', () => {
  it('writes every format, the page written in pieces being the page rendered whole', async () => {
    const out = join(directory.path, 'good');
    const written = await writeSessionReports(results, out);
    const stem = reportStem(results);
    const page = await readFile(join(out, `${stem}-report.html`), 'utf8');
    assert.equal(page, `${reportMarker(stem)}\n${renderHtmlReport([results])}`);
    assert.deepEqual((await readdir(out)).sort(), written.map((path) => path.slice(out.length + 1)).sort());
    assert.equal(written.length, results.strategies.length + 3);
  });

  it('renders ahead writing nothing, and the reports written after it are as before', async () => {
    const before = join(directory.path, 'before-ahead');
    const afterwards = join(directory.path, 'after-ahead');
    const written = await writeSessionReports(results, before);
    const listed = await readdir(directory.path);
    // As a run renders ahead: the strategies scored while the others' calls are in flight.
    await renderSessionReports({ ...structuredClone(results), strategies: results.strategies.slice(0, 2) });
    assert.deepEqual(await readdir(directory.path), listed);
    await writeSessionReports(results, afterwards);
    for (const path of written) {
      const name = path.slice(before.length + 1);
      assert.equal(await readFile(join(afterwards, name), 'utf8'), await readFile(path, 'utf8'), name);
    }
  });

  it('refuses a report holding an API key and writes none of the files', async () => {
    const out = join(directory.path, 'secret');
    const leaking = structuredClone(results);
    leaking.strategies[0]!.summary = `${leaking.strategies[0]!.summary} sk-0123456789abcdefghijklmnop`;
    await assert.rejects(
      writeSessionReports(leaking, out),
      /refusing to write .*: it contains what looks like an API key/,
    );
    assert.deepEqual(await readdir(out), []);
  });

  it('refuses a page whose key sits in a message of the transcript, among the short pieces checked together', async () => {
    const out = join(directory.path, 'secret-transcript');
    const messages = Array.from({ length: 40 }, (_, index) => ({
      role: 'user' as const,
      content: index === 23 ? `the key is sk-${'Ab9'.repeat(9)} for now` : `message ${index}`,
      timestamp: 0,
    }));
    await assert.rejects(
      writeSessionReports(results, out, undefined, { messages, probes: [] }),
      /refusing to write .*-report\.html: it contains what looks like an API key \(sk-…\)/,
    );
    assert.deepEqual(await readdir(out).catch(() => []), []);
  });
});
