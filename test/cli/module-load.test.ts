import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('loading the compare command', () => {
  it('folds no words: the synonym table is made on first use, not while modules load before the first call', () => {
    // A process of its own: this one's table may have been made by other tests. Stemming every form of the table
    // cost 10-17 ms of a compare's start when a module folded a word list as it loaded (quality/derive/artifacts.ts).
    const script = [
      "await import('./src/commands/compare.ts');",
      "await import('./src/run/run-suite.ts');",
      "const { synonymTableMade } = await import('./src/quality/meaning.ts');",
      'process.stdout.write(String(synonymTableMade()));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'false');
  });
});
