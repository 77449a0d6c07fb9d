/**
 * The V8 settings `main` applies once the command's modules are loaded (src/cli.ts): V8 takes the raised interrupt
 * budget at run time, so a hot function is marked for TurboFan only after several times as many calls as under V8's
 * default; a run that names a model has Node's fetch loaded before them, from Node's code cache.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { namesRemoteModel } from '../../src/cli.ts';

const CLI = pathToFileURL(fileURLToPath(new URL('../../src/cli.ts', import.meta.url))).href;

/**
 * The calls a small hot function takes until V8 marks it for (or has it in) TurboFan, in a fresh node, after the CLI
 * ran `--version` in it or without the CLI. `%GetOptimizationStatus` bits: 16 optimized, 64 TurboFan code, 256 and
 * 512 marked for optimization, 1024 optimizing concurrently. Marking happens on the main thread when the budget runs
 * out, so the count does not depend on the machine's load.
 */
function callsUntilMarked(afterCli: boolean): number {
  const script = `
    if (${afterCli}) {
      const { main } = await import(${JSON.stringify(CLI)});
      await main(['node', 'compaction-bench', '--version']);
    }
    function work(x) { let s = 0; for (let i = 0; i < 20; i++) s += (i * x) % 7; return s; }
    let calls = 0;
    while ((%GetOptimizationStatus(work) & (16 | 64 | 256 | 512 | 1024)) === 0 && calls < 1e7) work(calls++);
    process.stderr.write(\`calls \${calls}\\n\`);`;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--allow-natives-syntax', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  const calls = /^calls (\d+)$/m.exec(result.stderr);
  assert.ok(calls, result.stderr);
  return Number(calls[1]);
}

describe("the CLI's V8 settings", () => {
  it('raise the interrupt budget: a hot function is marked for TurboFan after several times as many calls', () => {
    const plain = callsUntilMarked(false);
    const withCli = callsUntilMarked(true);
    assert.ok(plain > 10 && plain < 10_000, `plain node marked after ${plain} calls`);
    assert.ok(withCli >= 4 * plain, `${withCli} calls after the CLI ran against ${plain} without`);
    assert.ok(withCli < 1e7, 'never marked after the CLI ran');
  });
});

/**
 * The built-in modules a fresh node had loaded when `main` first changed a V8 flag, with `args` on the command line
 * (`--help`: the command's options are read, its action does not run).
 */
function modulesBeforeFlags(args: readonly string[]): string[] {
  const script = `
    import v8 from 'node:v8';
    import { syncBuiltinESMExports } from 'node:module';
    const set = v8.setFlagsFromString;
    let loaded;
    v8.setFlagsFromString = (flags) => {
      loaded ??= [...process.moduleLoadList];
      return set(flags);
    };
    syncBuiltinESMExports();
    const { main } = await import(${JSON.stringify(CLI)});
    await main(['node', 'compaction-bench', ...${JSON.stringify(args)}]);
    process.stderr.write(\`loaded \${JSON.stringify(loaded)}\\n\`);`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  const loaded = /^loaded (.*)$/m.exec(result.stderr);
  assert.ok(loaded, result.stderr);
  return JSON.parse(loaded[1]!) as string[];
}

describe("Node's fetch before the V8 flags", () => {
  const UNDICI = 'NativeModule internal/deps/undici/undici';

  it('is loaded before the flags change when the run names a model behind HTTP', () => {
    assert.ok(modulesBeforeFlags(['compare', '-p', 'openai:m', '--help']).includes(UNDICI));
    assert.ok(modulesBeforeFlags(['compare', '--judge=anthropic:m', '--help']).includes(UNDICI));
  });

  it('is not loaded for an offline run', () => {
    assert.ok(!modulesBeforeFlags(['compare', '-p', 'extractive', '--help']).includes(UNDICI));
    assert.ok(!modulesBeforeFlags(['compare', '--help']).includes(UNDICI));
  });

  it('reads the provider from -p, --provider and --judge, inline or as the next word', () => {
    const names = (...args: string[]) => namesRemoteModel(['node', 'compaction-bench', ...args]);
    assert.equal(names('compare', 'large-session', '-p', 'openai:gpt-4.1-mini'), true);
    assert.equal(names('compare', '-popenai:m'), true);
    assert.equal(names('compare', '--provider=anthropic:m'), true);
    assert.equal(names('compare', '--provider', 'anthropic:m'), true);
    assert.equal(names('score', 'results.json', '--judge', 'openai:m'), true);
    assert.equal(names('compare', '-p', 'extractive'), false);
    assert.equal(names('compare', '--provider=extractive', '-q'), false);
    assert.equal(names('compare', 'large-session', '-q', '-s', 'all'), false);
    assert.equal(names('compare', '-p'), false);
    assert.equal(names('compare', '-p', '--quiet'), false);
  });
});
