/**
 * What only the real process shows: exit statuses, stdout and stderr kept apart, a reader that closes the pipe
 * early. The other CLI tests run the same program in-process (test/helpers/cli.ts); this file spawns
 * bin/compaction-bench.js.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { spawnCli, temporaryDirectory } from '../helpers/cli.ts';

const BIN = fileURLToPath(new URL('../../bin/compaction-bench.js', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('the compaction-bench process', () => {
  it('exits 0 with help on stdout alone', async () => {
    const result = await spawnCli(['--help'], { cwd: directory.path });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Usage: compaction-bench \[options\] \[command\]/);
    assert.match(result.stdout, /Exit codes: 0 ok, 1 a quality gate failed, 2 bad usage or input/);
    assert.equal(result.stderr, '');
  });

  it('exits 2 on bad input with one line on stderr and nothing on stdout', async () => {
    const result = await spawnCli(['inspect', 'no-such-fixture'], { cwd: directory.path });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^compaction-bench: unknown session 'no-such-fixture'[^\n]*\n$/);
  });

  it('exits 2 on an unknown option of a nested command, with the usage hint', async () => {
    const result = await spawnCli(['probes', 'lint', '--bogus'], { cwd: directory.path });
    assert.equal(result.code, 2);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^error: unknown option '--bogus'\n\(run with --help for usage\)\n$/);
  });

  it('prints its results to stdout and nothing to stderr when it succeeds', async () => {
    const result = await spawnCli(['inspect', 'before-compaction', '--json'], { cwd: directory.path });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(JSON.parse(result.stdout).name, 'before-compaction');
    assert.equal(result.stderr, '');
  });

  it('ends quietly with 0 when the reader closes the pipe before it writes', () => {
    // `true` exits at once, so the list is written into a pipe nobody reads: EPIPE, which is not an error.
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${BIN}" list | true; echo "status \${PIPESTATUS[0]}"`],
      { cwd: directory.path, encoding: 'utf8' },
    );
    assert.equal(result.stdout, 'status 0\n');
    assert.equal(result.stderr, '');
  });
});
