/**
 * bin/v8-flags.js, which bin/compaction-bench.js loads first: V8 takes the raised interrupt budget at run time, so a
 * hot function is marked for TurboFan only after several times as many calls as under V8's default.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FLAGS = fileURLToPath(new URL('../../bin/v8-flags.js', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/compaction-bench.js', import.meta.url));

/**
 * The calls a small hot function takes until V8 marks it for (or has it in) TurboFan, in a fresh node, with
 * bin/v8-flags.js imported first or not. `%GetOptimizationStatus` bits: 16 optimized, 64 TurboFan code, 256 and 512
 * marked for optimization, 1024 optimizing concurrently. Marking happens on the main thread when the budget runs
 * out, so the count does not depend on the machine's load.
 */
function callsUntilMarked(withFlags: boolean): number {
  const script = `
    ${withFlags ? `await import(${JSON.stringify(pathToFileURL(FLAGS).href)});` : ''}
    function work(x) { let s = 0; for (let i = 0; i < 20; i++) s += (i * x) % 7; return s; }
    let calls = 0;
    while ((%GetOptimizationStatus(work) & (16 | 64 | 256 | 512 | 1024)) === 0 && calls < 1e7) work(calls++);
    console.log(calls);`;
  const result = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(result.status, 0, result.stderr);
  return Number(result.stdout.trim());
}

describe('V8 flags set by the bin', () => {
  it('raise the interrupt budget: a hot function is marked for TurboFan after several times as many calls', () => {
    const plain = callsUntilMarked(false);
    const flagged = callsUntilMarked(true);
    assert.ok(plain > 10 && plain < 10_000, `plain node marked after ${plain} calls`);
    assert.ok(flagged >= 4 * plain, `${flagged} calls with the flags against ${plain} without`);
    assert.ok(flagged < 1e7, 'never marked with the flags');
  });

  it('are loaded by the bin before anything else', () => {
    const imports = [...readFileSync(BIN, 'utf8').matchAll(/^import .*$/gm)].map((match) => match[0]);
    assert.equal(imports[0], "import './v8-flags.js';");
  });
});
