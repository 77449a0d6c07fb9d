/**
 * The HTML report drilled into in a headless Chromium: a click on a probe cell shows the facet highlighted where
 * the summary states it and the transcript message that states the fact; every chart gives a strategy one colour,
 * the one `strategyStyles` fixes. Skips, saying so, when no Chromium is installed.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strategyStyles } from '../../src/report/html/colors.ts';
import type { ResultsFile } from '../../src/results/types.ts';
import { evaluateInPage, findBrowser } from '../helpers/browser.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const BROWSER = findBrowser();
const SKIP = BROWSER
  ? false
  : 'no Chromium found (CHROME_PATH or chromium on PATH): the report was not drilled into in a browser';

let directory: { path: string; remove: () => Promise<void> };
let page: string;
let results: ResultsFile;
before(async () => {
  directory = await temporaryDirectory();
  if (SKIP) return;
  const out = join(directory.path, 'run');
  const run = await runCli(['compare', 'before-compaction', '-s', 'all', '-o', out, '-q'], {
    cwd: directory.path,
  });
  assert.equal(run.code, 0, run.stderr);
  page = join(out, 'before-compaction-report.html');
  results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8')) as ResultsFile;
});
after(async () => {
  await directory.remove();
});

type Probe = { id: string; messageIndex?: number; facets: string[][] };

describe('drilling into the HTML report', { skip: SKIP }, () => {
  it('a click on a kept probe cell highlights the facet in the summary and shows the message that states it', async () => {
    const sidecar = JSON.parse(
      await readFile(join(process.cwd(), 'fixtures', 'before-compaction.probes.json'), 'utf8'),
    ) as { probes: Probe[] };
    // The first single-shot cell that is kept: a summary-only strategy, so the facet must be in its summary.
    const column = results.strategies
      .filter((strategy) => strategy.status === 'ok' && strategy.quality.probesTotal > 0)
      .findIndex((strategy) => strategy.name === 'single-shot');
    const strategy = results.strategies.find((candidate) => candidate.name === 'single-shot')!;
    const row = results.probes.findIndex(
      (probe) => strategy.quality.probeOutcomes[probe.id] === 'matched' && probe.messageIndex !== null,
    );
    assert.ok(column >= 0 && row >= 0, 'a kept, placed probe of single-shot');
    const answer = (await evaluateInPage(
      BROWSER!,
      page,
      `var cell = document.querySelector('table.matrix').tBodies[0].rows[${row}].querySelectorAll('td.cell')[${column}];
       cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
       var detail = document.querySelector('.probe-detail');
       var link = detail.querySelector('a[data-message]');
       var index = link ? link.getAttribute('data-message') : null;
       var message = index === null ? null : document.getElementById('message-' + index);
       return {
         heading: detail.querySelector('h4').textContent,
         marks: Array.prototype.map.call(detail.querySelectorAll('.summary-excerpt mark.facet'), function (mark) { return mark.textContent; }),
         stated: Array.prototype.map.call(detail.querySelectorAll('li.stated'), function (item) { return item.textContent; }),
         message: index === null ? null : Number(index),
         messageText: message ? message.querySelector('pre').textContent : null,
         transcriptMarks: Array.prototype.map.call(detail.querySelectorAll('.transcript-excerpt mark.facet'), function (mark) { return mark.textContent; }),
       };`,
      join(directory.path, 'profile-click'),
    )) as {
      heading: string;
      marks: string[];
      stated: string[];
      message: number | null;
      messageText: string | null;
      transcriptMarks: string[];
    };
    const probe = sidecar.probes.find((candidate) => candidate.id === results.probes[row]!.id)!;
    assert.match(answer.heading, new RegExp(`^${probe.id} .* single-shot: kept$`));
    const spellings = probe.facets.flat().map((spelling) => spelling.toLowerCase());
    assert.ok(answer.marks.length > 0, 'the facet is highlighted in the summary');
    for (const mark of answer.marks) assert.ok(spellings.includes(mark.toLowerCase()), `${mark} is a facet`);
    for (const mark of answer.marks) assert.ok(strategy.summary.toLowerCase().includes(mark.toLowerCase()));
    assert.ok(answer.stated.length > 0, 'the facets the summary states are listed');
    assert.equal(answer.message, probe.messageIndex, 'the message that states the fact');
    assert.ok(answer.messageText !== null, 'the transcript is in the page');
    assert.ok(
      spellings.some((spelling) => answer.messageText!.toLowerCase().includes(spelling)),
      'the message holds a facet of the fact',
    );
    assert.ok(answer.transcriptMarks.length > 0, 'the facet is highlighted in the message');
  });

  it('the filters leave the failing rows of one strategy only', async () => {
    const strategy = results.strategies.find((candidate) => candidate.name === 'single-shot')!;
    const column = results.strategies
      .filter((candidate) => candidate.status === 'ok' && candidate.quality.probesTotal > 0)
      .indexOf(strategy);
    const visible = (await evaluateInPage(
      BROWSER!,
      page,
      `var view = document.querySelector('.probe-matrix');
       var rows = function () { return Array.prototype.filter.call(view.querySelectorAll('tbody tr'), function (row) { return !row.hidden; }).length; };
       var mode = view.querySelector('.show-filter');
       mode.value = 'failures';
       mode.dispatchEvent(new Event('change'));
       var failures = rows();
       var select = view.querySelector('.strategy-filter');
       select.value = '${column}';
       select.dispatchEvent(new Event('change'));
       var ofOne = rows();
       mode.value = 'passes';
       mode.dispatchEvent(new Event('change'));
       return [failures, ofOne, rows()];`,
      join(directory.path, 'profile-filter'),
    )) as number[];
    // With lexical baselines in the run, failures are the candidates' (a baseline misses most probes by design).
    const candidates = results.strategies.filter(
      (candidate) => candidate.status === 'ok' && candidate.quality.probesTotal > 0 && !candidate.lexical,
    );
    const failing = results.probes.filter((probe) =>
      candidates.some((candidate) => candidate.quality.probeOutcomes[probe.id] !== 'matched'),
    );
    assert.ok(failing.length < results.probes.length, 'the baselines do not make every probe a failure');
    assert.deepEqual(visible, [
      failing.length,
      strategy.quality.missedProbes.length,
      results.probes.length - strategy.quality.missedProbes.length,
    ]);
  });

  it('every chart and legend gives each strategy the one colour the palette fixes for it', async () => {
    const colors = (await evaluateInPage(
      BROWSER!,
      page,
      `var seen = {};
       document.querySelectorAll('figure svg.chart [data-strategy]:not(.heat), figure .chart-legend [data-strategy]').forEach(function (mark) {
         var name = mark.getAttribute('data-strategy');
         var shape = mark.tagName === 'LI' ? mark.querySelector('svg.icon circle:not([fill="none"]), svg.icon path') : mark;
         if (!shape) return;
         var fill = shape.getAttribute('fill');
         var color = fill && fill !== 'none' && fill !== '#fff' ? fill : shape.getAttribute('stroke');
         var where = mark.closest('figure').getAttribute('data-plot') + (mark.tagName === 'LI' ? ' legend' : '');
         seen[name] = seen[name] || {};
         seen[name][color] = (seen[name][color] || []).concat(where).filter(function (value, index, all) { return all.indexOf(value) === index; });
       });
       return seen;`,
      join(directory.path, 'profile-colors'),
    )) as Record<string, Record<string, string[]>>;
    const expected = strategyStyles(results.strategies.map((strategy) => strategy.name));
    // Heat map cells are coloured by their share, not by strategy.
    const charted = Object.keys(colors);
    assert.ok(charted.length >= 10, `strategies in the charts: ${charted.join(', ')}`);
    for (const [name, byColor] of Object.entries(colors)) {
      assert.deepEqual(
        Object.keys(byColor),
        [expected.get(name)!.color],
        `${name}: ${JSON.stringify(byColor)}`,
      );
    }
    const looks = charted.map((name) => `${expected.get(name)!.color} ${expected.get(name)!.shape}`);
    assert.equal(new Set(looks).size, charted.length, 'no two alike');
  });
});
