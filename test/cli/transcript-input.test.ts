/** End to end: transcripts as users have them (compressed, with a BOM, half written, unreadable). */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { type CliResult, runCli, temporaryDirectory } from '../helpers/cli.ts';
import { samplePath } from '../session/samples.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

function assertInputError(result: CliResult, pattern: RegExp): void {
  assert.equal(result.code, 2, result.stderr);
  assert.equal(result.stdout, '');
  assert.match(result.stderr, pattern);
  assert.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  assert.doesNotMatch(result.stderr, /at .*\.ts:\d+|errno|EISDIR/);
}

describe('inspect on transcripts as users have them', () => {
  it('reads a .jsonl.gz with a byte-order mark end to end', async () => {
    const text = await readFile(samplePath('claude-code.jsonl'), 'utf8');
    const file = join(directory.path, 'session.jsonl.gz');
    await writeFile(file, gzipSync(`\uFEFF${text}`));
    const result = await runCli(['inspect', file, '--json'], { cwd: directory.path });
    assert.equal(result.code, 0, result.stderr);
    const inspected = JSON.parse(result.stdout);
    assert.equal(inspected.name, 'session');
    assert.equal(inspected.format, 'claude-code');
  });

  it('rejects a directory with one line and exit 2', async () => {
    const folder = join(directory.path, 'a-folder');
    await mkdir(folder);
    assertInputError(
      await runCli(['inspect', folder], { cwd: directory.path }),
      /^compaction-bench: .*a-folder: cannot read the file: it is a directory\n$/,
    );
  });

  it('suggests --skip-invalid for a half-written last line, and reads the file with it', async () => {
    const text = await readFile(samplePath('pi-v1.jsonl'), 'utf8');
    const file = join(directory.path, 'live.jsonl');
    await writeFile(file, text.trimEnd().slice(0, -30));
    assertInputError(
      await runCli(['inspect', file], { cwd: directory.path }),
      /live\.jsonl:\d+: the last line is not complete JSON .*--skip-invalid reads it without that line/,
    );
    const skipped = await runCli(['inspect', file, '--skip-invalid'], { cwd: directory.path });
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.match(skipped.stdout, /skipped +1 invalid line \(line \d+: /);
  });

  it('says on compare which lines --skip-invalid skipped, even with --quiet', async () => {
    const lines = (await readFile(samplePath('pi-v1.jsonl'), 'utf8')).split('\n');
    lines[3] = 'not json at all';
    const file = join(directory.path, 'one-bad-line.jsonl');
    await writeFile(file, lines.join('\n'));
    const out = join(directory.path, 'skipped-out');
    const result = await runCli(['compare', file, '--skip-invalid', '-s', 'truncate', '-q', '-o', out], {
      cwd: directory.path,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(
      result.stderr,
      /^\S*one-bad-line\.jsonl: --skip-invalid skipped 1 invalid line \(line 4: not valid JSON[^\n]*\)\n$/,
    );
  });

  it('names a second pi session appended to the file', async () => {
    const text = await readFile(samplePath('pi-v3-branches.jsonl'), 'utf8');
    const file = join(directory.path, 'two-sessions.jsonl');
    const second =
      '{"type":"session","version":3,"id":"later","timestamp":"2026-01-06T00:00:00.000Z","cwd":"/w"}';
    await writeFile(file, `${text}${second}\n`);
    assertInputError(
      await runCli(['inspect', file], { cwd: directory.path }),
      /two-sessions\.jsonl:\d+: a second session header \(id later\): this file holds two sessions/,
    );
  });
});
