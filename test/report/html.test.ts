import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ResultsFile } from '../../src/results/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import {
  escapedAsInPage,
  figures,
  frontOf,
  marksOf,
  scoredStrategy,
  tenthsWithProbes,
} from '../helpers/html-report.ts';

let directory: { path: string; remove: () => Promise<void> };
const FIXTURES = ['before-compaction', 'large-session'];

before(async () => {
  directory = await temporaryDirectory();
  const run = await runCli(['compare', ...FIXTURES, '-s', 'all', '-o', directory.path, '-q'], {
    cwd: directory.path,
  });
  assert.equal(run.code, 0, run.stderr);
  // Two sessions are a suite, whose compare leaves each session's page to `report`.
  const report = await runCli(['report', directory.path], { cwd: directory.path });
  assert.equal(report.code, 0, report.stderr);
});
after(async () => {
  await directory.remove();
});

async function load(stem: string): Promise<{ html: string; results: ResultsFile }> {
  const html = await readFile(join(directory.path, `${stem}-report.html`), 'utf8');
  const results = JSON.parse(await readFile(join(directory.path, `${stem}-results.json`), 'utf8'));
  return { html, results };
}

/** Every mark count a report must show, derived from its results file alone. */
function assertPlots(html: string, results: ResultsFile): void {
  const scored = results.strategies.filter(scoredStrategy);
  const [recall] = figures(html, 'recall-vs-tokens');
  assert.ok(recall, 'recall-vs-tokens plot present');
  assert.equal(marksOf(recall, 'points').marks, scored.length, 'one point per scored strategy');
  const front = frontOf(results.strategies);
  assert.equal(marksOf(recall, 'front').groups, front.length > 0 ? 1 : 0, 'one front line');
  // Front points are labelled where a label fits: never two labels over each other, at least the first.
  const group = /<g data-layer="frontLabels"[^>]*>(.*?)<\/g>/s.exec(recall)?.[1] ?? '';
  const labels = [
    ...group.matchAll(/<text x="(-?[\d.]+)" y="(-?[\d.]+)" text-anchor="(\w+)"[^>]*>([^<]*)<\/text>/g),
  ].map((match) => {
    const width = match[4]!.length * 6;
    const x = Number(match[1]);
    const left = match[3] === 'start' ? x : match[3] === 'end' ? x - width : x - width / 2;
    return { x: left, y: Number(match[2]), width };
  });
  assert.equal(labels.length, marksOf(recall, 'frontLabels').marks);
  assert.ok(labels.length >= Math.min(1, front.length) && labels.length <= front.length + 1, 'front labels');
  for (const [index, label] of labels.entries()) {
    for (const other of labels.slice(index + 1)) {
      const apart =
        label.x + label.width <= other.x ||
        other.x + other.width <= label.x ||
        Math.abs(label.y - other.y) >= 12;
      assert.ok(apart, `labels overlap: ${JSON.stringify([label, other])}`);
    }
  }

  const calls = results.strategies.flatMap((strategy) => strategy.trace);
  const [timeline] = figures(html, 'timeline');
  assert.ok(timeline, 'timeline present');
  assert.equal(marksOf(timeline, 'calls').marks, calls.length, 'one bar per call');
  assert.equal(
    marksOf(timeline, 'waiting').marks,
    calls.filter((call) => call.startedAt > call.requestedAt).length,
    'one shaded bar per call that waited',
  );

  const tenths = tenthsWithProbes(results);
  const [retention] = figures(html, 'retention');
  assert.ok(tenths > 0 && retention, 'retention by position present (probes carry messageIndex)');
  assert.equal(marksOf(retention, 'retention').groups, scored.length, 'one line per strategy');
  assert.equal(marksOf(retention, 'retentionPoints').marks, scored.length * tenths);

  const cells = scored.reduce(
    (sum, strategy) => sum + Object.keys(strategy.quality.probeRecallByKind).length,
    0,
  );
  const [kinds] = figures(html, 'recall-by-kind');
  assert.ok(kinds, 'heat map present');
  assert.equal(marksOf(kinds, 'cells').marks, cells, 'one cell per strategy and kind');
  assert.equal(marksOf(kinds, 'cellLabels').marks, cells);
}

/**
 * The page loads nothing and links nowhere but within itself and to the run's stored calls beside it: no URL at
 * all (SVG namespace attributes are removed too).
 */
function assertSelfContained(html: string): void {
  assert.doesNotMatch(html, /https?:\/\//i, 'no http:// or https:// anywhere');
  assert.doesNotMatch(html, /xmlns/, 'no namespace attribute (inline SVG needs none)');
  assert.doesNotMatch(html, /<(link|iframe|img|object|embed)\b/i);
  assert.doesNotMatch(html, /<script\b[^>]*\bsrc=/i);
  const styles = [...html.matchAll(/<style>(.*?)<\/style>/gs)].map((match) => match[1]).join('');
  assert.doesNotMatch(styles, /url\(|@import/i, 'the style sheet loads nothing');
  for (const [, target] of html.matchAll(/\bhref="([^"]*)"/g))
    assert.match(
      target!,
      /^(#|records\/texts-\d{8}T\d{6}Z-[0-9a-f]{8}\.calls\.html#[0-9a-f]{64}$)/,
      `local link ${target}`,
    );
}

describe('F-report.html', () => {
  for (const transcript of FIXTURES) {
    it(`${transcript}: every plot is an inline SVG with one mark per figure of the results`, async () => {
      const { html, results } = await load(transcript);
      assert.match(html, /^<!-- compaction-bench report of fixture .*-->\n<!doctype html>/);
      assertPlots(html, results);
      assertSelfContained(html);
    });

    it(`${transcript}: a sortable comparison row, a panel and a side-by-side choice per strategy`, async () => {
      const { html, results } = await load(transcript);
      const table = html.match(/<table class="sortable comparison">(.*?)<\/table>/s)?.[1] ?? '';
      assert.equal((table.match(/<tr[ >]/g) ?? []).length, results.strategies.length + 1);
      assert.ok((table.match(/data-sort="number"/g) ?? []).length >= 8, 'registry columns sort by number');
      assert.equal((html.match(/<details class="strategy"/g) ?? []).length, results.strategies.length);
      const options = html.match(/<select aria-label="left strategy">(.*?)<\/select>/s)?.[1] ?? '';
      assert.equal((options.match(/<option /g) ?? []).length, results.strategies.length);
      // Anchors by strategy name, stable whichever strategies ran (never by position, `#s0`).
      assert.doesNotMatch(html, /id="s\d+"/);
      for (const strategy of results.strategies) {
        const panel =
          html.match(new RegExp(`id="strategy-${strategy.name}-body">(.*?)</div></details>`, 's'))?.[1] ?? '';
        const missed = Object.values(strategy.quality.probeOutcomes).filter(
          (outcome) => outcome !== 'matched',
        );
        const rows =
          panel.match(/<h4>Probes not kept in full.*?<\/h4>\n(<table class="missed">.*?<\/table>)?/s)?.[1] ??
          '';
        assert.equal(Math.max(0, (rows.match(/<tr>/g) ?? []).length - 1), missed.length, strategy.name);
        if (missed.length > 0) {
          const probe = results.probes.find(
            (candidate) =>
              candidate.id ===
              Object.keys(strategy.quality.probeOutcomes).find(
                (id) => strategy.quality.probeOutcomes[id] !== 'matched',
              ),
          )!;
          assert.ok(
            panel.includes(escapedAsInPage(probe.question)),
            `${strategy.name}: question of ${probe.id}`,
          );
        }
      }
    });
  }

  it('a budget sweep gets a combined page: one curve per strategy across the targets', async () => {
    const out = join(directory.path, 'sweep');
    const run = await runCli(
      ['compare', 'before-compaction', '-s', 'core', '--target-tokens', '1000,4000', '-o', out, '-q'],
      { cwd: directory.path },
    );
    assert.equal(run.code, 0, run.stderr);
    const html = await readFile(join(out, 'before-compaction-sweep-report.html'), 'utf8');
    const files: ResultsFile[] = await Promise.all(
      [1000, 4000].map(async (target) =>
        JSON.parse(await readFile(join(out, `before-compaction@${target}-results.json`), 'utf8')),
      ),
    );
    const [recall] = figures(html, 'recall-vs-tokens');
    const points = files.flatMap((file) => file.strategies.filter(scoredStrategy));
    assert.equal(marksOf(recall!, 'points').marks, points.length);
    assert.equal(marksOf(recall!, 'sweep').groups, new Set(points.map((strategy) => strategy.name)).size);
    assert.equal(figures(html, 'timeline').length, 2, 'one timeline per target');
    assertSelfContained(html);
  });
});
