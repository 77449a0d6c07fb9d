/** What a failing check leaves behind besides its exit code: the gate in the HTML report and a JUnit file. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

describe('a failing check', () => {
  it('puts its verdict and every failure at the top of the HTML report, and writes a JUnit file', async () => {
    const out = join(directory.path, 'out');
    const junit = join(directory.path, 'reports', 'junit.xml');
    const run = await runCli(
      [
        'check',
        'before-compaction',
        '-s',
        'single-shot,parallel-stitch',
        '--fail-under',
        'single-shot.probeRecall=0.99',
        '-o',
        out,
        '-q',
        '--junit',
        junit,
      ],
      { cwd: directory.path },
    );
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^FAIL {2}single-shot: 1 failure/);
    const page = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    assert.match(page, /<nav><ul><li><a href="#gate">Gate<\/a><\/li>/);
    const gate = /<section class="verdict gate fail" id="gate"[^>]*>(.*?)<\/section>/s.exec(page)?.[1] ?? '';
    assert.match(gate, /<span class="gate-word">FAIL<\/span> single-shot: 1 failure/);
    assert.match(gate, /<li>✗ single-shot probeRecall 0\.95 &lt; 0\.99<\/li>/);
    // Before the run's own verdict: the first thing a reader sees.
    assert.ok(page.indexOf('id="gate"') < page.indexOf('id="verdict"'));
    const xml = await readFile(junit, 'utf8');
    assert.match(
      xml,
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="compaction-bench" tests="2" failures="1"/,
    );
    assert.match(
      xml,
      /<testcase classname="compaction-bench check before-compaction" name="parallel-stitch" time="0"\/>/,
    );
    assert.match(
      xml,
      /<testcase [^>]*name="single-shot"[^>]*>\n\s*<failure message="single-shot probeRecall 0\.95 &lt; 0\.99" type="floor">/,
    );
  });
});
