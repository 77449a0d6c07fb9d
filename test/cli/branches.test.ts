/** End to end: a transcript with two branches through inspect and compare. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { samplePath } from '../session/samples.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const twoBranches = samplePath('claude-code-two-branches.jsonl');
const NOTE =
  'claude-code-two-branches: 2 branches; imported branch 2 (active, leaf line 15: 9 messages, 4 tool calls); left out branch 1 (leaf line 13: 4 messages, 2 tool calls, 2 modified files not imported) — --branch 1 to use it\n';

describe('a transcript with two branches', () => {
  it('inspect lists every branch and says on stderr what was left out', async () => {
    const text = await runCli(['inspect', twoBranches], { cwd: directory.path });
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stderr, NOTE);
    assert.match(text.stdout, /branches +2 {2}\(imported: 2; --branch <n> imports another\)/);
    assert.match(
      text.stdout,
      /│ +1 │ +13 │ +8 │ +4 │ +2 │ .*left out: 4 messages, 2 tool calls, 2 modified files not imported/,
    );
    assert.match(text.stdout, /│ +2 │ +15 │ +9 │ +4 │ +1 │ .*active, imported/);

    const json = await runCli(['inspect', twoBranches, '--json'], { cwd: directory.path });
    const result = JSON.parse(json.stdout);
    assert.equal(result.branch, 2);
    assert.equal(result.droppedWork, NOTE.trim());
    assert.deepEqual(
      result.branches.map(
        (branch: { number: number; active: boolean; imported: boolean; firstTimestamp: string }) => [
          branch.number,
          branch.active,
          branch.imported,
          branch.firstTimestamp,
        ],
      ),
      [
        [1, false, false, '2026-03-02T10:00:00.000Z'],
        [2, true, true, '2026-03-02T10:00:00.000Z'],
      ],
    );
  });

  it('--branch picks the other one, for inspect --messages as for inspect', async () => {
    const result = await runCli(['inspect', twoBranches, '--branch', '1', '--messages', '--json'], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /imported branch 1 .* — --branch 2 to use it\n$/);
    const lines = JSON.parse(result.stdout).map((entry: { line: number }) => entry.line);
    assert.deepEqual(lines, [1, 2, 5, 6, 8, 10, 11, 13]);
  });

  it('rejects a branch that does not exist with exit 2, naming the flag and the numbers', async () => {
    const result = await runCli(['inspect', twoBranches, '--branch', '3'], { cwd: directory.path });
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /^compaction-bench: --branch 3: .* holds 2 branches \(inspect lists them\); available: 1, 2\n$/,
    );
    const zero = await runCli(['inspect', twoBranches, '--branch', '0'], { cwd: directory.path });
    assert.equal(zero.code, 2);
    assert.match(zero.stderr, /--branch <n>.*expected a whole number ≥ 1/);
  });

  it('compare takes --branch too', async () => {
    const out = join(directory.path, 'results');
    const result = await runCli(
      ['compare', twoBranches, '--branch', '1', '-s', 'truncate', '--json', '--quiet', '-o', out],
      { cwd: directory.path },
    );
    assert.equal(result.code, 0, result.stderr);
    const [compared] = JSON.parse(result.stdout).results;
    assert.equal(compared.fixture.messages, 8, 'branch 1 holds 8 messages');
    assert.match(result.stderr, /imported branch 1 .* — --branch 2 to use it\n$/, 'even with --quiet');
  });

  it('compare says on stderr what it left out, even with --quiet', async () => {
    const out = join(directory.path, 'default');
    const result = await runCli(['compare', twoBranches, '-s', 'truncate', '--quiet', '-o', out], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, NOTE);
  });
});
