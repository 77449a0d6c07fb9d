/**
 * Adding a strategy is one file plus a registry line: a strategy registered in-process, with no other file
 * touched, is selected by its group, listed, given a colour no other strategy has, run and scored.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strategyStyles } from '../../src/report/html/colors.ts';
import { messageText } from '../../src/session/grep-lines.ts';
import { resolveStrategies, STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { registerStrategy } from '../helpers/registered-strategy.ts';

/** A sixth core strategy: every user message's first line, nothing kept. */
const firstLines: Strategy = {
  name: 'first-lines',
  description: 'every user message cut to its first line, as a throwaway sixth core strategy',
  group: 'core',
  callsModel: false,
  async run(session) {
    const lines = session.messages
      .filter((message) => message.role === 'user')
      .map((message) => messageText(message).split('\n')[0]!);
    return { summary: lines.join('\n') };
  },
};

let unregister: () => void;
let directory: { path: string; remove: () => Promise<void> };

before(async () => {
  unregister = registerStrategy(firstLines);
  directory = await temporaryDirectory();
});
after(async () => {
  unregister();
  await directory.remove();
});

describe('adding a strategy', () => {
  it('is selected by its group after the others, and as a +recent hybrid', async () => {
    const core = (await resolveStrategies('core')).map((strategy) => strategy.name);
    const expected = Object.values(STRATEGIES as Record<string, Strategy>)
      .filter((strategy) => strategy.group === 'core')
      .map((strategy) => strategy.name);
    assert.deepEqual(core, expected);
    assert.equal(core.at(-1), 'first-lines');
    const [hybrid] = await resolveStrategies('first-lines+recent');
    assert.equal(hybrid?.name, 'first-lines+recent');
  });

  it('is listed with its group and description', async () => {
    const run = await runCli(['list'], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const line = run.stdout.split('\n').find((text) => text.includes('first-lines'));
    assert.ok(line, run.stdout);
    assert.match(line, /every user message cut to its first line/);
  });

  it('gets a colour no other registered strategy has, and keeps the others’ colours', () => {
    const names = Object.keys(STRATEGIES);
    const styles = strategyStyles(names);
    const colors = names.map((name) => styles.get(name)!.color);
    assert.equal(new Set(colors).size, names.length);
    assert.equal(styles.get('first-lines')!.shape, styles.get('single-shot')!.shape);
    unregister();
    try {
      const without = strategyStyles(Object.keys(STRATEGIES));
      for (const [name, style] of without) assert.deepEqual(styles.get(name), style, name);
    } finally {
      unregister = registerStrategy(firstLines);
    }
  });

  it('any number of registered strategies keep distinct colours', () => {
    const extra = Array.from({ length: 40 }, (_, index) => ({ ...firstLines, name: `first-lines-${index}` }));
    const removers = extra.map((strategy) => registerStrategy(strategy));
    try {
      const names = Object.keys(STRATEGIES);
      const styles = strategyStyles(names);
      assert.equal(new Set(names.map((name) => styles.get(name)!.color)).size, names.length);
    } finally {
      for (const remove of removers) remove();
    }
  });

  it('runs in compare and is scored, its colour in the page', async () => {
    const out = join(directory.path, 'out');
    const run = await runCli(
      ['compare', 'before-compaction', '-s', 'first-lines,truncate', '-o', out, '-q'],
      {
        cwd: directory.path,
      },
    );
    assert.equal(run.code, 0, run.stderr);
    const results = JSON.parse(await readFile(join(out, 'before-compaction-results.json'), 'utf8')) as {
      strategies: Array<{ name: string; status: string; quality: { probeRecall: number | null } }>;
    };
    const result = results.strategies.find((strategy) => strategy.name === 'first-lines');
    assert.ok(result, 'a result for first-lines');
    assert.equal(result.status, 'ok');
    assert.ok(
      result.quality.probeRecall! > 0 && result.quality.probeRecall! < 1,
      `${result.quality.probeRecall}`,
    );
    const page = await readFile(join(out, 'before-compaction-report.html'), 'utf8');
    const color = strategyStyles(['first-lines']).get('first-lines')!.color;
    assert.ok(page.includes(color), `the page draws first-lines in ${color}`);
  });
});
