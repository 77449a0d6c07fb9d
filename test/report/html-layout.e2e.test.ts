/**
 * The HTML pages laid out by a browser at 800 and 400 pixels (one headless Chromium for the whole file, every page
 * in an iframe of that width): no chart or legend reaches past the page's edge, and every strategy has one colour
 * in all the page's charts, legends and its comparison table. Skips, saying so, when no Chromium is installed.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { findBrowser, headless } from '../helpers/browser.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';

const BROWSER = findBrowser();
const SKIP = BROWSER
  ? false
  : 'no Chromium found (CHROME_PATH or chromium on PATH; Debian: apt-get install chromium): the pages were not laid out';

/** Runs compare in this process with these arguments; it must succeed. */
async function compare(args: string[]): Promise<void> {
  const result = await runCli(['compare', ...args, '--no-config', '-q'], { cwd: directory.path });
  assert.equal(result.code, 0, result.stderr);
}

type Layout = {
  page: string;
  width: number;
  viewport: number;
  overflow: string[];
  colors: Record<string, string[]>;
};

// Runs in the harness page once every frame has loaded: what each page looks like at its width.
const MEASURE = `
window.addEventListener('load', function () {
  var answer = Array.prototype.map.call(document.querySelectorAll('iframe'), function (frame) {
    var doc = frame.contentDocument;
    var viewport = doc.documentElement.clientWidth;
    var overflow = [];
    doc.querySelectorAll('figure svg.chart, figure .chart-legend').forEach(function (element) {
      if (getComputedStyle(element).display === 'none') return;
      var box = element.getBoundingClientRect();
      if (box.left < -0.5 || box.right > viewport + 0.5)
        overflow.push(element.closest('figure').getAttribute('data-plot') + ' ' + element.getAttribute('class') + ': ' + Math.round(box.left) + ' to ' + Math.round(box.right));
    });
    if (doc.documentElement.scrollWidth > viewport + 0.5) overflow.push('the page scrolls sideways: ' + doc.documentElement.scrollWidth);
    var colors = {};
    var note = function (name, mark) {
      var fill = mark.getAttribute('fill');
      var color = fill && fill !== 'none' && fill !== '#fff' ? fill : mark.getAttribute('stroke');
      colors[name] = colors[name] || [];
      if (colors[name].indexOf(color) < 0) colors[name].push(color);
    };
    doc.querySelectorAll('figure svg.chart [data-strategy]:not(.heat)').forEach(function (mark) { note(mark.getAttribute('data-strategy'), mark); });
    doc.querySelectorAll('figure .chart-legend li[data-strategy], table.comparison tr[data-strategy]').forEach(function (item) {
      var icon = item.querySelector('svg.icon circle:not([fill="none"]), svg.icon path');
      if (icon) note(item.getAttribute('data-strategy'), icon);
    });
    return { page: frame.getAttribute('data-page'), width: frame.clientWidth, viewport: viewport, overflow: overflow, colors: colors };
  });
  var pre = document.createElement('pre');
  pre.id = 'layout';
  pre.textContent = JSON.stringify(answer);
  document.body.appendChild(pre);
});`;

let directory: { path: string; remove: () => Promise<void> };
let layouts: Layout[] = [];

before(async () => {
  directory = await temporaryDirectory();
  if (SKIP) return;
  const out = (name: string) => join(directory.path, name);
  const sessions = join(directory.path, 'sessions');
  await writeSuite(sessions, 3);
  await compare(['before-compaction', '-s', 'all', '-o', out('session')]);
  await compare(['before-compaction', '-s', 'core', '--target-tokens', '2000,4000', '-o', out('sweep')]);
  await compare([sessions, '-s', 'core,pi', '-o', out('suite')]);
  await compare([
    'before-compaction',
    '-s',
    'core',
    '--schedule',
    'window=20000,reserve=4000,keep=4000',
    '-o',
    out('chain'),
  ]);
  await compare(['before-compaction', '-s', 'core,pi', '--continuation', '2', '-o', out('continuation')]);
  const pages = [
    join(out('session'), 'before-compaction-report.html'),
    join(out('sweep'), 'before-compaction-sweep-report.html'),
    join(out('suite'), 'suite-report.html'),
    join(out('chain'), 'before-compaction-chain-report.html'),
    join(out('continuation'), 'before-compaction-continuation@59-report.html'),
  ];
  const frames = pages.flatMap((page) =>
    [800, 400].map(
      (width) =>
        `<iframe data-page="${page.slice(directory.path.length + 1)}" src="${pathToFileURL(page).href}" style="width:${width}px;height:1600px;border:0;display:block"></iframe>`,
    ),
  );
  const harness = join(directory.path, 'harness.html');
  await writeFile(
    harness,
    `<!doctype html><html><body>${frames.join('\n')}<script>${MEASURE}</script></body></html>`,
  );
  const { stdout, stderr } = await headless(
    BROWSER!,
    harness,
    ['--allow-file-access-from-files', '--virtual-time-budget=20000', '--dump-dom'],
    join(directory.path, 'profile'),
  );
  const found = /<pre id="layout">(.*?)<\/pre>/s.exec(stdout);
  assert.ok(found, `no measurement from the harness: ${stderr.slice(-2000)}`);
  layouts = JSON.parse(
    found[1]!
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>'),
  );
});
after(() => directory.remove());

describe('the pages laid out at 800 and 400 pixels', { skip: SKIP }, () => {
  it('lays out every page of every kind at both widths', () => {
    assert.equal(layouts.length, 10);
    assert.deepEqual([...new Set(layouts.map((layout) => layout.width))], [800, 400]);
  });

  it('keeps every chart and legend inside the page, and no page scrolls sideways', () => {
    for (const layout of layouts)
      assert.deepEqual(layout.overflow, [], `${layout.page} at ${layout.width} px`);
  });

  it('gives every strategy one colour across the page’s charts, legends and table', () => {
    for (const layout of layouts) {
      const names = Object.keys(layout.colors);
      assert.ok(names.length >= 5, `${layout.page}: ${names.join(', ')}`);
      for (const [name, colors] of Object.entries(layout.colors))
        assert.equal(
          colors.length,
          1,
          `${layout.page} at ${layout.width} px: ${name} in ${colors.join(', ')}`,
        );
    }
  });
});
