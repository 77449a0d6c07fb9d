import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../src/errors.ts';
import { resolveStrategies, STRATEGIES } from '../../src/strategies/registry.ts';
import type { Strategy } from '../../src/strategies/types.ts';

const testDirectory = fileURLToPath(new URL('.', import.meta.url));
const testSources = readdirSync(testDirectory)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => readFileSync(`${testDirectory}/${file}`, 'utf8'))
  .join('\n');

describe('strategy registry', () => {
  for (const [key, strategy] of Object.entries(STRATEGIES)) {
    it(`${key}: key equals name, has a description and a test`, () => {
      assert.equal(strategy.name, key);
      assert.ok(strategy.description.length > 10);
      assert.ok(testSources.includes(`describe('${key}'`), `test/strategies has a describe('${key}', …)`);
    });
  }

  it('resolves groups and names in order without duplicates', async () => {
    const core = await resolveStrategies('core');
    const registered = Object.values(STRATEGIES as Record<string, Strategy>);
    assert.deepEqual(
      core.map((strategy) => strategy.name),
      registered.filter((strategy) => strategy.group === 'core').map((strategy) => strategy.name),
    );
    assert.ok(core.length > 1);
    const picked = await resolveStrategies('structured-iterative, single-shot,structured-iterative');
    assert.deepEqual(
      picked.map((strategy) => strategy.name),
      ['structured-iterative', 'single-shot'],
    );
  });

  it('fails loudly on an unknown name and lists what exists', async () => {
    await assert.rejects(resolveStrategies('single-shot,foo'), (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(
        error.message,
        /^unknown strategy 'foo'; available: single-shot, parallel-stitch, .*core.*all/,
      );
      return true;
    });
  });

  it('loads a strategy from a file, and rejects a module that is not one', async () => {
    const example = fileURLToPath(new URL('../../docs/examples/keep-last-user-message.ts', import.meta.url));
    const [loaded] = await resolveStrategies(example);
    assert.equal(loaded?.name, 'keep-last-user-message');
    const notAStrategy = fileURLToPath(new URL('../helpers/factories.ts', import.meta.url));
    await assert.rejects(
      resolveStrategies(notAStrategy),
      /must export \(default, or as 'strategy'\) an object with name/,
    );
    // The user's path and why, never the module that imported it (src/strategies/, or dist/chunks/ when bundled).
    await assert.rejects(resolveStrategies('./no/such/strategy.ts'), {
      message: 'cannot load strategy module ./no/such/strategy.ts: no such file or directory',
    });
    await assert.rejects(resolveStrategies('./test'), {
      message: 'cannot load strategy module ./test: it is not a file',
    });
  });
});
