/**
 * The HTML report's drill-down to stored calls, and pages rebuilt from records: each call of a strategy links its
 * stored prompt and answer (the answer shown in the page is the stored one), and `report` over the records writes
 * the page the run wrote (transcript, facets and calls included).
 */
import assert from 'node:assert/strict';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { escapedAsInPage } from '../helpers/html-report.ts';
import { storedJsonAt } from '../helpers/calls-page.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const STRATEGIES = 'sequential-rolling,single-shot,truncate';
let directory: { path: string; remove: () => Promise<void> };
let out: string;

before(async () => {
  directory = await temporaryDirectory();
  for (const name of ['before-compaction.jsonl', 'before-compaction.probes.json'])
    await copyFile(join(FIXTURES, name), join(directory.path, name));
  out = join(directory.path, 'run');
  const run = await runCli(['compare', 'before-compaction.jsonl', '-s', STRATEGIES, '-o', out, '--quiet'], {
    cwd: directory.path,
  });
  assert.equal(run.code, 0, run.stderr);
});
after(async () => {
  await directory.remove();
});

/** Text of an element as the page escaped it. */
function unescapeHtml(text: string): string {
  return text
    .replaceAll('&#47;', '/')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The calls table of a strategy's panel: per row, its label, links and the answer shown (null: "the summary below"). */
function callRows(html: string, strategy: string) {
  const panel = html.match(
    new RegExp(`<details class="strategy" id="strategy-${strategy}">(.*?)</div></details>`, 's'),
  );
  assert.ok(panel, `a panel for ${strategy}`);
  const table = panel[1]!.match(/<details class="calls">(.*?)<\/table><\/details>/s);
  assert.ok(table, `a calls table for ${strategy}`);
  return [...table[1]!.matchAll(/<tr class="call">(.*?)<\/tr>/gs)].map((row) => {
    const cells = [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((cell) => cell[1]!);
    const links = Object.fromEntries(
      [...cells.at(-1)!.matchAll(/<a href="([^"]+)">(prompt|answer)<\/a>/g)].map((link) => [
        link[2]!,
        link[1]!,
      ]),
    );
    const shown = cells.at(-1)!.match(/<pre>(.*?)<\/pre>/s);
    return { label: cells[0]!, links, answer: shown ? unescapeHtml(shown[1]!) : null };
  });
}

const json = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

/** The text a link into a pack of calls opens at, as a browser shows it (the page's script run), as JSON text. */
async function linkedText(folder: string, link: string): Promise<string> {
  const [path, anchor] = link.split('#');
  return storedJsonAt(await readFile(join(folder, path!), 'utf8'), anchor!);
}

describe('stored calls in the HTML report', () => {
  it('lists each call of a sequential strategy with its stored prompt and answer, the answer shown being the stored one', async () => {
    const results = await json(join(out, 'before-compaction-results.json'));
    const strategy = results.strategies.find((one: { name: string }) => one.name === 'sequential-rolling');
    assert.ok(strategy.trace.length >= 2, `a sequential run of several calls (got ${strategy.trace.length})`);
    const html = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const rows = callRows(html, 'sequential-rolling');
    assert.deepEqual(
      rows.map((row) => row.label),
      strategy.trace.map((call: { label: string }) => call.label),
    );
    const answers: string[] = [];
    for (const [index, row] of rows.entries()) {
      const call = strategy.trace[index];
      assert.match(
        row.links.prompt!,
        new RegExp(`^records/texts-[0-9TZ]+-[0-9a-f]{8}\\.calls\\.html#${call.promptHash}$`),
      );
      assert.match(
        row.links.answer!,
        new RegExp(`^records/texts-[0-9TZ]+-[0-9a-f]{8}\\.calls\\.html#${call.answerHash}$`),
      );
      const prompt = JSON.parse(await linkedText(out, row.links.prompt!));
      assert.equal(typeof prompt.prompt, 'string');
      assert.ok(prompt.prompt.length > 0);
      const { answer } = JSON.parse(await linkedText(out, row.links.answer!));
      // The last slice's answer is the summary, shown once below the table.
      assert.equal(row.answer ?? strategy.summary, answer, `${row.label}: the page shows the stored answer`);
      answers.push(answer);
    }
    assert.equal(new Set(answers).size, answers.length, 'each slice has its own summary');
    assert.equal(answers.at(-1), strategy.summary);
  });

  it('holds each summary once: the matrix reads it from the strategy panel, the last answer points at it', async () => {
    const results = await json(join(out, 'before-compaction-results.json'));
    const html = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const data = JSON.stringify(
      JSON.parse(html.match(/<script type="application\/json" class="probe-data">(.*?)<\/script>/s)![1]!),
    );
    for (const strategy of results.strategies) {
      if (!strategy.summary) continue;
      assert.ok(
        !data.includes(JSON.stringify(strategy.summary).slice(1, -1)),
        `${strategy.name}: not in the data`,
      );
      const escaped = `<pre class="summary">${escapedAsInPage(strategy.summary)}</pre>`;
      assert.equal(html.split(escaped).length - 1, 1, `${strategy.name}: its summary once`);
      assert.equal(
        html.split(escapedAsInPage(strategy.summary)).length - 1,
        1,
        `${strategy.name}: no other copy`,
      );
    }
  });

  it('a strategy that calls no model lists no calls', async () => {
    const html = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const panel = html.match(/<details class="strategy" id="strategy-truncate">(.*?)<\/div><\/details>/s);
    assert.ok(panel);
    assert.doesNotMatch(panel[1]!, /class="calls"/);
  });
});

describe('report rebuilt from records', () => {
  it('is the page the run wrote: transcript, facets and calls, the calls linked from where it is written', async () => {
    const elsewhere = join(directory.path, 'rebuilt');
    const run = await runCli(['report', out, '-o', elsewhere], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const original = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const rebuilt = await readFile(join(elsewhere, 'before-compaction-report.html'), 'utf8');
    for (const row of callRows(rebuilt, 'sequential-rolling'))
      for (const link of Object.values(row.links))
        assert.equal(resolve(elsewhere, link), resolve(out, link.replace('../run/', '')), link);
    assert.equal(rebuilt.replaceAll('href="../run/records/', 'href="records/'), original);
    assert.match(rebuilt, /<h2 id="transcript">Transcript<\/h2>/);
    const data = JSON.parse(
      rebuilt.match(/<script type="application\/json" class="probe-data">(.*?)<\/script>/s)![1]!,
    );
    assert.ok(
      data.probes.every((probe: { facets: unknown }) => Array.isArray(probe.facets)),
      'every probe has its facets',
    );
  });

  it('says so, and writes the page without the transcript, when the transcript is gone', async () => {
    const copy = join(directory.path, 'gone');
    await copyFile(join(FIXTURES, 'before-compaction.jsonl'), join(directory.path, 'moved.jsonl'));
    const compared = await runCli(['compare', 'moved.jsonl', '-s', 'single-shot', '-o', copy, '--quiet'], {
      cwd: directory.path,
    });
    assert.equal(compared.code, 0, compared.stderr);
    await rm(join(directory.path, 'moved.jsonl'));
    const run = await runCli(['report', copy], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /moved\.jsonl: the transcript of moved cannot be read .*: its pages are written without the transcript/,
    );
    const page = await readFile(join(copy, 'moved-report.html'), 'utf8');
    assert.doesNotMatch(page, /id="transcript"/);
    assert.match(page, /rebuilt without the transcript/);
    assert.match(page, /href="records\/texts-[0-9TZ]+-[0-9a-f]{8}\.calls\.html#[0-9a-f]{64}">answer</);
  });
});
