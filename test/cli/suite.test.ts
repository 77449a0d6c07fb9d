/**
 * Suites end to end: a directory of generated sessions (and a sample of another agent's format) through the real
 * CLI: the suite report, the noise-aware gate with its fact diff, the config file, one concurrency limit across
 * sessions, and a rerun after Ctrl-C that sends no request already answered.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, startCli, temporaryDirectory } from '../helpers/cli.ts';
import { figures, marksOf } from '../helpers/html-report.ts';
import { writeSuite } from '../helpers/suite-sessions.ts';
import { startMockLlmServer } from '../../support/loopback-llm-server.ts';
import type { SuiteResults } from '../../src/suite/types.ts';
import type { ResultsFile } from '../../src/results/types.ts';

const SAMPLES = new URL('../samples/', import.meta.url).pathname;
const CORE_TWO = ['-s', 'single-shot,structured-iterative,paths-only'];

let directory: { path: string; remove: () => Promise<void> };
let sessions: string;
before(async () => {
  directory = await temporaryDirectory('compaction-bench-suite-');
  sessions = join(directory.path, 'sessions');
  await writeSuite(sessions, 6);
  await mkdir(join(sessions, 'other-agent'), { recursive: true });
  await copyFile(join(SAMPLES, 'claude-code.jsonl'), join(sessions, 'other-agent', 'claude.jsonl'));
  await writeFile(join(sessions, 'README.md'), 'not a transcript\n');
  await writeFile(join(sessions, 'notes.txt'), 'not a transcript either\n');
  await writeFile(join(sessions, 'urls.txt'), 'https://example.com\n');
});
after(() => directory.remove());

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

describe('suites', () => {
  it('compare DIR writes one suite report over every session, pooled and paired as the sessions say', async () => {
    const out = join(directory.path, 'compare');
    const run = await runCli(['compare', sessions, ...CORE_TWO, '-o', out, '-q'], {
      cwd: directory.path,
      env: { COLUMNS: '100' },
    });
    assert.equal(run.code, 0, run.stderr);
    // Fitted to 100 columns: tables drop the columns that do not fit (and name them), prose wraps at spaces.
    const lines = run.stdout.trimEnd().split('\n');
    const wide = lines.filter((line) => [...line].length > 100);
    assert.deepEqual(wide, [], 'no line is wider than the terminal');
    assert.match(run.stdout, /more columns? in suite-comparison\.md and\s+suite-report\.html:\s/);
    assert.match(
      run.stdout,
      /\(open\s+suite-report\.html\s+in\s+a\s+browser;\s+compaction-bench\s+report\s+\S+\s+writes\s+each\s+session's\s+page\)\n$/,
    );
    // One line for every file that is not a transcript (it was one line each).
    assert.equal(
      run.stderr.trim(),
      'skipped 3 files that are not transcripts (it matches no supported format: sessions/notes.txt, sessions/README.md, sessions/urls.txt)',
    );
    assert.match(run.stdout, /Suite — 7\s+sessions\s+\(pi\s+6,\s+claude-code\s+1\)/);
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    assert.equal(suite.sessions.length, 7);
    assert.equal(
      suite.provenance?.command,
      `compaction-bench compare ${sessions} ${CORE_TWO.join(' ')} -o ${out} -q`,
    );
    assert.equal(suite.reference, 'single-shot');
    // Fact recall pooled over the sessions: each session's kind-balanced recall weighed by its probes.
    const perSession = await Promise.all(
      suite.sessions.map((session) => readJson<ResultsFile>(join(out, `${session.name}-results.json`))),
    );
    const stitched = (name: string) =>
      perSession.map((file) => file.strategies.find((strategy) => strategy.name === name)!);
    const weighed = stitched('structured-iterative').reduce(
      (sum, result) => sum + (result.quality.probeRecall ?? 0) * result.quality.probesTotal,
      0,
    );
    const total = stitched('structured-iterative').reduce(
      (sum, result) => sum + result.quality.probesTotal,
      0,
    );
    const row = suite.strategies.find((strategy) => strategy.name === 'structured-iterative')!;
    assert.ok(Math.abs(row.metrics.probeRecall!.estimate - weighed / total) < 1e-9);
    // Every session with a live probe is a cluster: the claude sample's is its task, the user's one request.
    assert.equal(
      row.metrics.probeRecall!.clusters,
      stitched('structured-iterative').filter((result) => result.quality.probesTotal > 0).length,
    );
    assert.equal(row.metrics.probeRecall!.clusters, 7);
    assert.ok(row.metrics.probeRecall!.low <= row.metrics.probeRecall!.estimate);
    // Win / tie / loss counts sessions, compared one by one.
    const comparison = suite.comparisons.find((candidate) => candidate.strategy === 'structured-iterative')!;
    const reference = stitched('single-shot');
    const signs = stitched('structured-iterative')
      .map((result, index) => [result, reference[index]!] as const)
      .filter(([result]) => result.quality.probesTotal > 0)
      .map(([result, other]) => Math.sign(result.quality.probesMatched - other.quality.probesMatched));
    assert.deepEqual(
      [comparison.wins, comparison.ties, comparison.losses],
      [
        signs.filter((sign) => sign > 0).length,
        signs.filter((sign) => sign === 0).length,
        signs.filter((sign) => sign < 0).length,
      ],
    );
    const lexical = suite.comparisons.find((candidate) => candidate.strategy === 'paths-only')!;
    assert.equal(lexical.verdict, 'worse');
    assert.ok(lexical.adjustedP >= lexical.pValue);
    // Mixed formats and sizes: both stratifications.
    assert.deepEqual(
      [...new Set(suite.strata.map((stratum) => `${stratum.by}:${stratum.value}`))],
      ['format:claude-code', 'format:pi', 'size:under 16K tokens', 'size:16K–64K tokens'],
    );
    const markdown = await readFile(join(out, 'suite-comparison.md'), 'utf8');
    assert.match(markdown, /^<!-- compaction-bench report of fixture "suite" -->\n# Suite: 7 sessions/);
    assert.match(markdown, /## By agent format/);
    assert.match(markdown, /## By session size/);
    // Offline, times only measure this machine: left out, so a rerun writes the same bytes.
    assert.doesNotMatch(markdown, /Time \(ms\)/);
    assert.match(markdown, /Times are left out of this file: no call went to a model during the run/);
    // The worst sessions link to reports that exist.
    const links = [...markdown.matchAll(/\]\(([^)]+-structured-iterative\.md)\)/g)].map((match) => match[1]!);
    assert.ok(links.length > 0);
    for (const link of links) assert.ok(existsSync(join(out, decodeURI(link))), link);
    // The suite page: both charts as inline SVG, one interval and one point per strategy, no URL, links that exist.
    const page = await readFile(join(out, 'suite-report.html'), 'utf8');
    assert.doesNotMatch(page, /:\/\//);
    assert.equal(figures(page, 'suite-sessions').length, 1);
    const [recallPlot] = figures(page, 'suite-recall');
    const withRecall = suite.strategies.filter((strategy) => strategy.metrics.probeRecall).length;
    assert.equal(marksOf(recallPlot!, 'intervals').marks, withRecall);
    assert.equal(marksOf(recallPlot!, 'points').marks, withRecall);
    // A point's tooltip gives the mean with its interval, rounded.
    const single = suite.strategies.find((strategy) => strategy.name === 'single-shot')!.metrics.probeRecall!;
    assert.ok(
      recallPlot!.includes(
        `fact recall ${single.estimate.toFixed(2)} [${single.low.toFixed(2)}, ${single.high.toFixed(2)}] (mean, 95% interval clustered by session)`,
      ),
    );
    // A suite's compare leaves each session's page to `report`: the suite's page links each comparison and says so.
    const sessionList = page.slice(page.indexOf('<h2 id="sessions">'));
    const hrefs = (html: string) => [...html.matchAll(/href="([^"#]+)"/g)].map((match) => match[1]!);
    assert.equal(hrefs(sessionList).length, suite.sessions.length);
    assert.match(sessionList, /is written by <code>compaction-bench report<\/code> with this folder/);
    for (const session of suite.sessions)
      assert.equal(existsSync(join(out, `${session.name}-report.html`)), false, session.name);
    // Every link of the page (the sessions, where each strategy did worst) names a file that exists.
    for (const link of hrefs(page)) assert.ok(existsSync(join(out, decodeURI(link))), link);
    // The verdict comes first, and never names a strategy flagged on some session.
    assert.ok(page.indexOf('class="verdict"') < page.indexOf('<h2 id="strategies">'));
    const recommended = /Recommended: <code>([^<]+)<\/code>/.exec(page)?.[1];
    if (recommended) {
      const chosen = suite.strategies.find((strategy) => strategy.name === recommended)!;
      assert.deepEqual(chosen.flaggedSessions, { doesNotCompress: 0, missedTarget: 0 });
      assert.equal(chosen.lexical, false);
      // Its row is marked as in a session's comparison, led by its mark ringed.
      assert.match(
        page,
        new RegExp(
          `<tr class="recommended" data-strategy="${recommended}"><td><svg class="icon"[^]*?<circle[^>]*fill="none"`,
        ),
      );
    }
    // A nav whose every link lands on an anchor of the page; each strategy's row led by its mark; recall, then
    // tokens after, the columns a narrow page shows.
    const nav = /<nav>(.*?)<\/nav>/s.exec(page)?.[1] ?? '';
    const anchors = [...nav.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(anchors.includes('verdict') && anchors.includes('suite-recall'), anchors.join(', '));
    for (const anchor of anchors) assert.ok(page.includes(` id="${anchor}"`), anchor);
    const table = page.slice(
      page.indexOf('<h2 id="strategies">'),
      page.indexOf('</table>', page.indexOf('<h2 id="strategies">')),
    );
    assert.match(
      table,
      /<th>Strategy<\/th>\n?<th class="number">Fact recall \[95% CI\]<\/th><th class="number">Tokens after \[95% CI\]<\/th>/,
    );
    assert.equal(
      [...table.matchAll(/<tr[^>]*data-strategy="[^"]+"><td><svg class="icon"/g)].length,
      suite.strategies.length,
    );
  });

  it("report OUT writes each session's page a suite's compare left to it, and the suite's page with a link to each", async () => {
    // The folder the first test's compare wrote (tests of a describe run in order).
    const out = join(directory.path, 'compare');
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    const others = (await readdir(out)).filter((file) => file.endsWith('.md') || file.endsWith('.json'));
    const before = await Promise.all(others.map((file) => readFile(join(out, file), 'utf8')));
    const run = await runCli(['report', out], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const written = run.stdout.trim().split('\n');
    for (const session of suite.sessions) {
      const path = join(out, `${session.name}-report.html`);
      assert.ok(written.includes(path), path);
      const page = await readFile(path, 'utf8');
      // The run's page: the transcript read again from the run header's path, the probes' facets, the calls linked.
      assert.match(page, /<h2 id="transcript">Transcript<\/h2>/);
      assert.match(page, /href="records\/texts-[^"]+\.calls\.html#/);
    }
    const page = await readFile(join(out, 'suite-report.html'), 'utf8');
    const sessionList = page.slice(page.indexOf('<h2 id="sessions">'));
    const hrefs = (html: string) => [...html.matchAll(/href="([^"#]+)"/g)].map((match) => match[1]!);
    assert.equal(hrefs(sessionList).length, suite.sessions.length * 2);
    assert.doesNotMatch(sessionList, /is written by <code>compaction-bench report/);
    for (const link of hrefs(page)) assert.ok(existsSync(join(out, decodeURI(link))), link);
    // Nothing else the run wrote changes.
    const after = await Promise.all(others.map((file) => readFile(join(out, file), 'utf8')));
    assert.deepEqual(after, before);
  });

  it("compare --session-pages writes each session's page in the run, linked from the suite's page", async () => {
    const out = join(directory.path, 'with-pages');
    const run = await runCli(
      [
        'compare',
        join(sessions, 'other-agent'),
        sessions,
        '-s',
        'paths-only',
        '--session-pages',
        '-o',
        out,
        '-q',
      ],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\(open\s+suite-report\.html\s+in\s+a\s+browser\)\n$/);
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    const page = await readFile(join(out, 'suite-report.html'), 'utf8');
    const sessionList = page.slice(page.indexOf('<h2 id="sessions">'));
    const hrefs = [...sessionList.matchAll(/href="([^"#]+)"/g)].map((match) => match[1]!);
    assert.equal(hrefs.length, suite.sessions.length * 2);
    assert.doesNotMatch(sessionList, /is written by <code>compaction-bench report/);
    for (const session of suite.sessions)
      assert.ok(existsSync(join(out, `${session.name}-report.html`)), session.name);
  });

  it('check --baseline passes an unchanged suite and fails one that lost facts, verdict first, with the facts lost', async () => {
    const out = join(directory.path, 'gate');
    const baseline = join(directory.path, 'baseline');
    const summary = join(directory.path, 'summary.md');
    const first = await runCli(
      [
        'check',
        sessions,
        ...CORE_TWO,
        '-o',
        out,
        '-q',
        '--fail-under',
        'probeRecall=0',
        '--update-baseline',
        baseline,
      ],
      { cwd: directory.path },
    );
    assert.equal(first.code, 0, first.stdout + first.stderr);
    // The output directory holds suite-results.json too: as a baseline directory it is not a session's baseline.
    const same = await runCli(['check', sessions, ...CORE_TWO, '-o', out, '-q', '--baseline', out], {
      cwd: directory.path,
    });
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.match(same.stdout.split('\n')[0]!, /^PASS {2}3 strategies against the baseline: no fact lost/);
    const worse = await runCli(
      ['check', sessions, ...CORE_TWO, '-o', out, '-q', '--baseline', baseline, '--reserve-tokens', '400'],
      { cwd: directory.path, env: { GITHUB_STEP_SUMMARY: summary } },
    );
    assert.equal(worse.code, 1, worse.stdout + worse.stderr);
    // Deterministic answers: every fact lost counts, and the verdict says so first.
    assert.match(worse.stdout.split('\n')[0]!, /^FAIL {2}single-shot.*: \d+ facts lost against the baseline/);
    assert.match(
      worse.stdout,
      /single-shot: \d+ lost, \d+ gained(; \d+ history facts? lost \(not gated\))?\n {4}− lost \S+ in \d+ of \d+ sessions? \(gen-/,
    );
    const step = await readFile(summary, 'utf8');
    assert.ok(step.startsWith('## ❌ FAIL: single-shot'), step.slice(0, 200));
    assert.equal(
      step.slice(0, step.indexOf('# Suite: 7 sessions')),
      `${await readFile(join(out, 'suite-gate.md'), 'utf8')}\n\n`,
    );
    assert.match(step, /### Facts lost and gained/);
    assert.match(step, /- ❌ lost `[^`]+` in \d+ of \d+ sessions?/);
    assert.doesNotMatch(step, /strategy comparison/, 'the suite, not one comparison per session');
  });

  it('runs the config file with no arguments; flags override it; a bad key is exit 2 naming file and key', async () => {
    const project = join(directory.path, 'project');
    await mkdir(join(project, 'nested'), { recursive: true });
    const config = {
      suite: [join(sessions, 'gen-*.jsonl')],
      strategies: ['single-shot', 'structured-iterative'],
      out: 'results',
      settings: { sliceTokens: 6000, overlapTokens: 500 },
      gate: { failUnder: { probeRecall: 0.1 } },
    };
    await writeFile(join(project, 'compaction-bench.config.json'), JSON.stringify(config));
    // Found from a folder below it; its relative paths are the config's folder's.
    const run = await runCli(['check', '-q'], { cwd: join(project, 'nested') });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const suite = await readJson<SuiteResults>(join(project, 'results', 'suite-results.json'));
    assert.deepEqual(
      suite.strategies.map((strategy) => strategy.name),
      ['single-shot', 'structured-iterative'],
    );
    assert.equal(suite.sessions.length, 6);
    const perSession = await readJson<ResultsFile>(
      join(project, 'results', `${suite.sessions[0]!.name}-results.json`),
    );
    assert.equal(perSession.config.sliceTokens, 6000);
    const overridden = await runCli(['check', '-q', '-s', 'single-shot', '--slice-tokens', '7000'], {
      cwd: project,
    });
    assert.equal(overridden.code, 0, overridden.stderr);
    const again = await readJson<SuiteResults>(join(project, 'results', 'suite-results.json'));
    assert.deepEqual(
      again.strategies.map((strategy) => strategy.name),
      ['single-shot'],
    );

    await writeFile(
      join(project, 'compaction-bench.config.json'),
      JSON.stringify({ ...config, gate: { tolerance: 2 } }),
    );
    const bad = await runCli(['check'], { cwd: project });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /compaction-bench\.config\.json: gate\.tolerance: .*<=1/);
    await writeFile(
      join(project, 'compaction-bench.config.json'),
      JSON.stringify({ ...config, stratgies: 'core' }),
    );
    const unknown = await runCli(['compare'], { cwd: project });
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /compaction-bench\.config\.json: stratgies: unknown key; known: .*strategies/,
    );

    const manifest = join(directory.path, 'manifest');
    await mkdir(manifest, { recursive: true });
    await writeFile(
      join(manifest, 'package.json'),
      JSON.stringify({ name: 'x', compactionBench: { settings: { ratio: 5 } } }),
    );
    const fromPackage = await runCli(['compare', 'before-compaction'], { cwd: manifest });
    assert.equal(fromPackage.code, 2);
    assert.match(
      fromPackage.stderr,
      /package\.json: compactionBench\.settings\.ratio: expected a number from 0\.001 to 1, got '5'/,
    );
    const ignored = await runCli(
      ['compare', 'before-compaction', '--no-config', '-s', 'paths-only', '-o', join(manifest, 'out')],
      {
        cwd: manifest,
      },
    );
    assert.equal(ignored.code, 0, ignored.stderr);
    const none = await runCli(['check'], { cwd: directory.path });
    assert.equal(none.code, 2);
    assert.match(
      none.stderr,
      /no sessions: give names in fixtures\/, transcript files, directories or patterns, or a "suite" in compaction-bench\.config\.json/,
    );
  });

  it('runs every session under one concurrency limit, and a rerun after Ctrl-C sends no request already answered', async () => {
    const answered = 12;
    const cache = join(directory.path, 'cache');
    const server = await startMockLlmServer({
      reply: (_request, index) =>
        index < answered ? { kind: 'text', text: `summary ${index}` } : { kind: 'slow', ms: 60_000 },
    });
    const args = (url: string, out: string) => [
      'compare',
      join(sessions, 'gen-*.jsonl'),
      '-s',
      'single-shot,parallel-stitch',
      '--slice-tokens',
      '4000',
      '--overlap-tokens',
      '200',
      '-p',
      'openai:mock-model',
      '--base-url',
      url,
      '--concurrency',
      '3',
      '--cache-dir',
      cache,
      '-o',
      join(directory.path, out),
      '-q',
    ];
    try {
      const cli = startCli(args(server.url, 'interrupted'), { cwd: directory.path });
      while (server.requests.length < answered + 3) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(server.maxInFlight, 3, 'one limit across all sessions');
      cli.child.kill('SIGINT');
      const interrupted = await cli.done;
      assert.equal(interrupted.code, 130, interrupted.stderr);
    } finally {
      await server.close();
    }
    const bodies = (requests: typeof server.requests) =>
      requests.map((request) => JSON.stringify(request.body));
    const answeredBodies = new Set(bodies(server.requests.slice(0, answered)));
    const rerunServer = await startMockLlmServer({
      reply: (_request, index) => ({ kind: 'text', text: `again ${index}` }),
    });
    try {
      const rerun = await runCli(args(rerunServer.url, 'rerun'), { cwd: directory.path });
      assert.equal(rerun.code, 0, rerun.stderr);
      assert.doesNotMatch(rerun.stderr, /MaxListenersExceededWarning/, 'many calls wait on one abort signal');
      const resent = bodies(rerunServer.requests).filter((body) => answeredBodies.has(body));
      assert.deepEqual(resent, [], 'no request answered before the interruption is sent again');
      assert.ok(rerunServer.requests.length > 0);
      assert.ok(rerunServer.maxInFlight <= 3);
      const suite = await readJson<SuiteResults>(join(directory.path, 'rerun', 'suite-results.json'));
      assert.equal(suite.sessions.length, 6);
      const sent = rerunServer.requests.length;
      const third = await runCli(args(rerunServer.url, 'third'), { cwd: directory.path });
      assert.equal(third.code, 0, third.stderr);
      assert.equal(rerunServer.requests.length, sent, 'a finished suite reruns from the cache alone');
    } finally {
      await rerunServer.close();
    }
  });
});
