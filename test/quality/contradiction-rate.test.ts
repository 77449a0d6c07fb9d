/**
 * `contradictionRate` (contradicted fact probes / fact probes), declared once in the registry and shown in compare,
 * a suite, a chain and the gate. Summaries written by strategy modules on before-compaction's reviewed probes:
 * the whole transcript contradicts nothing, an empty summary nothing either (the rate reads beside fact recall),
 * the opposite of each of twelve facts counts twelve of thirty, a faithful paraphrase none, and one opposite
 * added to the paraphrase exactly one more.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { metricByKey } from '../../src/quality/metrics.ts';
import type { ResultsFile, StrategyResult } from '../../src/results/types.ts';
import type { SuiteResults } from '../../src/suite/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const ATTACKS = fileURLToPath(new URL('attacks/', import.meta.url));
const TYPES = fileURLToPath(new URL('../../src/strategies/types.ts', import.meta.url));
const rate = metricByKey('contradictionRate')!;

/** An attack file's sentences (`- <probe id>: <sentence>`), by probe id. */
async function sentences(file: string): Promise<Map<string, string>> {
  const text = await readFile(join(ATTACKS, file), 'utf8');
  return new Map([...text.matchAll(/^- ([\w-]+): (.+)$/gm)].map((match) => [match[1]!, match[2]!] as const));
}

/** The paraphrase of every fact, the first `turned` of them stated the opposite way instead. */
function turnedAround(
  paraphrase: Map<string, string>,
  opposite: Map<string, string>,
  turned: number,
): string {
  return [...paraphrase]
    .map(([id, sentence], index) => (index < turned ? opposite.get(id)! : sentence))
    .join('\n');
}

let paraphrase: Map<string, string>;
let opposite: Map<string, string>;

let directory: { path: string; remove: () => Promise<void> };
let sessions: string;
const modules = new Map<string, string>();

/** A strategy module that always answers `summary`, named `name`. */
async function strategyModule(file: string, name: string, summary: string): Promise<string> {
  const path = join(directory.path, file);
  await writeFile(
    path,
    `import type { Strategy } from '${TYPES}';
export default {
  name: ${JSON.stringify(name)},
  description: 'a fixed summary',
  group: 'custom',
  callsModel: false,
  async run() {
    return { summary: ${JSON.stringify(summary)} };
  },
} satisfies Strategy;
`,
  );
  return path;
}

before(async () => {
  directory = await temporaryDirectory('compaction-bench-contradiction-rate-');
  sessions = join(directory.path, 'sessions');
  await mkdir(sessions);
  // Three copies of one session: a suite with intervals whose every session has the same thirty probes.
  for (const name of ['a', 'b', 'c']) {
    await copyFile(join(FIXTURES, 'before-compaction.jsonl'), join(sessions, `${name}.jsonl`));
    await copyFile(join(FIXTURES, 'before-compaction.probes.json'), join(sessions, `${name}.probes.json`));
  }
  opposite = await sentences('before-compaction-opposite.md');
  paraphrase = await sentences('before-compaction-paraphrase.md');
  modules.set(
    'opposite',
    await strategyModule('opposite.mts', 'opposite', [...opposite.values()].join('\n')),
  );
  modules.set(
    'paraphrase',
    await strategyModule('paraphrase.mts', 'paraphrase', turnedAround(paraphrase, opposite, 0)),
  );
  modules.set(
    'one-opposite',
    await strategyModule('one-opposite.mts', 'one-opposite', turnedAround(paraphrase, opposite, 1)),
  );
  modules.set('empty', await strategyModule('empty.mts', 'empty', ''));
});
after(() => directory.remove());

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;
const strategies = () => ['identity', ...modules.values()].join(',');

describe('contradictionRate', () => {
  let out: string;
  let results: ResultsFile;
  const result = (name: string): StrategyResult =>
    results.strategies.find((strategy) => strategy.name === name)!;

  before(async () => {
    out = join(directory.path, 'compare');
    const run = await runCli(['compare', sessions, '-s', strategies(), '-o', out, '-q'], {
      cwd: directory.path,
    });
    assert.equal(run.code, 0, run.stderr);
    results = await readJson<ResultsFile>(join(out, 'a-results.json'));
  });

  const kept = (strategy: StrategyResult) =>
    strategy.quality.probesMatched + (strategy.quality.historyMatched ?? 0);

  it('is 0 for the whole transcript and a paraphrase, 12/30 for the opposite of twelve facts, +1/30 for one more', () => {
    // Live and history probes together: contradictions are counted over both.
    const quality = result('identity').quality;
    assert.equal(quality.probesTotal + (quality.historyTotal ?? 0), 30);
    assert.equal(rate.read(result('identity')), 0);
    assert.equal(rate.read(result('paraphrase')), 0);
    assert.equal(rate.read(result('opposite')), 12 / 30);
    assert.equal(rate.read(result('one-opposite')), 1 / 30);
    assert.equal(
      kept(result('paraphrase')) - kept(result('one-opposite')),
      1,
      'the fact turned around is no longer kept',
    );
    // An empty summary contradicts nothing and keeps nothing: the rate is read beside fact recall.
    assert.deepEqual([rate.read(result('empty')), result('empty').quality.probeRecall], [0, 0]);
  });

  it('shows in the comparison, beside the count', async () => {
    const markdown = await readFile(join(out, 'a-comparison.md'), 'utf8');
    const header = markdown.split('\n').find((line) => line.startsWith('| Strategy | Input Tokens'))!;
    const columns = header.split('|').map((cell) => cell.trim());
    const column = columns.indexOf('Contradiction Rate');
    assert.ok(column > columns.indexOf('Contradictions'), header);
    const row = markdown.split('\n').find((line) => line.startsWith('| opposite |'))!;
    assert.equal(row.split('|').map((cell) => cell.trim())[column], '0.40');
  });

  it('pools over a suite by probes, with an interval inside [0, 1], in the JSON and the table', async () => {
    const suite = await readJson<SuiteResults>(join(out, 'suite-results.json'));
    const opposite = suite.strategies.find((strategy) => strategy.name === 'opposite')!;
    const estimate = opposite.metrics.contradictionRate!;
    assert.equal(estimate.estimate, 36 / 90);
    assert.deepEqual([estimate.clusters, estimate.units], [3, 90]);
    assert.ok(estimate.low > 0 && estimate.low < 0.4 && estimate.high > 0.4 && estimate.high < 1);
    const markdown = await readFile(join(out, 'suite-comparison.md'), 'utf8');
    assert.match(markdown, /\| Contradiction rate \[95% CI\] \|/);
    assert.match(markdown, /\| opposite \| 3 \| [^\n]*\| 0\.40 \[0\.\d\d, 0\.\d\d\] \|/);
  });

  it('shows after the last compaction of a chain, as each compaction records it', async () => {
    const chainOut = join(directory.path, 'chain');
    const run = await runCli(
      [
        'compare',
        join(sessions, 'a.jsonl'),
        '-s',
        modules.get('opposite')!,
        '--schedule',
        'window=16000,reserve=2000,keep=3000',
        '-o',
        chainOut,
        '-q',
      ],
      { cwd: directory.path },
    );
    assert.equal(run.code, 0, run.stderr);
    const chained = (await readJson<ResultsFile>(join(chainOut, 'a-chain-results.json'))).strategies[0]!;
    const cycles = chained.chain!.cycles;
    assert.ok(cycles.length >= 2, `${cycles.length} compactions`);
    for (const cycle of cycles)
      assert.equal(cycle['contradictionRate'], cycle.contradictions! / cycle.probes, `cycle ${cycle.cycle}`);
    const last = cycles.at(-1)!;
    assert.ok((last.contradictions ?? 0) > 0);
    const markdown = await readFile(join(chainOut, 'a-chain-comparison.md'), 'utf8');
    const lines = markdown.split('\n');
    const at = lines.findIndex((line) => line.includes('| Compactions |'));
    const header = lines[at]!;
    const column = header
      .split('|')
      .map((cell) => cell.trim())
      .indexOf('Contradiction rate after the last');
    assert.ok(column > 0, header);
    const row = lines.slice(at).find((line) => line.startsWith('| opposite |'))!;
    const expected = (last.contradictions! / last.probes).toFixed(2);
    assert.equal(row.split('|').map((cell) => cell.trim())[column], expected);
  });

  it('gates: a ceiling with --fail-under, and a rise against a baseline fails', async () => {
    const session = join(sessions, 'a.jsonl');
    const ceiling = await runCli(
      ['check', session, '-s', modules.get('opposite')!, '--fail-under', 'contradictionRate=0.1', '-q'],
      { cwd: directory.path },
    );
    assert.equal(ceiling.code, 1, ceiling.stderr);
    assert.match(ceiling.stdout, /opposite contradictionRate 0\.40 > 0\.10/);

    // The same strategy name, first faithful, then with one fact turned around: 1 of 30 probes, beyond 0.02.
    const good = await strategyModule('mine-good.mts', 'mine', turnedAround(paraphrase, opposite, 0));
    const bad = await strategyModule('mine-bad.mts', 'mine', turnedAround(paraphrase, opposite, 1));
    const baseline = join(directory.path, 'baseline');
    const recorded = await runCli(
      ['check', session, '-s', good, '--fail-under', 'probeRecall=0', '--update-baseline', baseline, '-q'],
      { cwd: directory.path },
    );
    assert.equal(recorded.code, 0, recorded.stderr);
    const rose = await runCli(
      ['check', session, '-s', bad, '--baseline', baseline, '--allow-lost', '1', '-q'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(rose.code, 1, rose.stdout);
    assert.match(
      rose.stdout,
      /✗ mine contradictionRate 0\.00 → 0\.03 \(\+0\.03, beyond the tolerance 0\.02\)/,
    );
  });
});
