/**
 * Opens the HTML report in a headless Chromium: no console message or uncaught error, the script ran, and a
 * screenshot is saved. Skips, saying so, when no Chromium is installed (Debian: apt-get install chromium).
 */
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findBrowser, headless as runHeadless } from '../helpers/browser.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const BROWSER = findBrowser();
const SKIP = BROWSER
  ? false
  : 'no Chromium found (CHROME_PATH or chromium on PATH; Debian: apt-get install chromium): the HTML report was not opened in a browser';

/** The shared headless run, with console messages logged to stderr. */
const headless = (page: string, flags: string[], profile: string) =>
  runHeadless(BROWSER!, page, ['--enable-logging=stderr', '--v=0', ...flags], profile);

/** Every console message and uncaught error the page produced (Chromium logs both as CONSOLE lines). */
const consoleLines = (stderr: string) => stderr.split('\n').filter((line) => /:CONSOLE[:(]/.test(line));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('the HTML report in a browser', { skip: SKIP }, () => {
  it('the check sees a page that throws (so a silent report means something)', async () => {
    const broken = join(directory.path, 'broken.html');
    await writeFile(broken, '<!doctype html><title>x</title><script>null.property;</script>');
    const { stderr } = await headless(broken, ['--dump-dom'], join(directory.path, 'profile-broken'));
    assert.equal(consoleLines(stderr).length, 1, stderr);
  });

  it('opens the report with no console message, runs its script, and saves a screenshot', async (context) => {
    const out = join(directory.path, 'run');
    const run = await runCli(['compare', 'before-compaction', '-s', 'all', '-o', out, '-q'], {
      cwd: directory.path,
    });
    assert.equal(run.code, 0, run.stderr);
    const page = join(out, 'before-compaction-report.html');
    const profile = join(directory.path, 'profile');
    const dom = await headless(page, ['--dump-dom'], profile);
    assert.deepEqual(consoleLines(dom.stderr), [], 'no console message or uncaught error');
    // The side-by-side panes are empty in the file: the page's script filled them.
    const panes = [
      ...dom.stdout.matchAll(/<div class="pane">(.*?)<\/div>\s*(?=<div class="pane">|<\/div>)/gs),
    ];
    assert.equal(panes.length, 2, 'two side-by-side panes');
    for (const pane of panes) assert.match(pane[1]!, /<h4>Probes not kept in full/);
    const screenshot = join(tmpdir(), 'compaction-bench-report.png');
    const shot = await headless(page, [`--screenshot=${screenshot}`, '--window-size=1400,2400'], profile);
    assert.deepEqual(consoleLines(shot.stderr), []);
    assert.ok(existsSync(screenshot) && statSync(screenshot).size > 20_000, 'a screenshot with content');
    context.diagnostic(`screenshot: ${screenshot}`);
  });
});
