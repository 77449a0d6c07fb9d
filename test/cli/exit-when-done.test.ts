/**
 * The process ends once its command is done when nothing but the standard streams is open, and waits for anything
 * else; a spawned compare's output and files are whole when it does.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { onlyStreamsOpen } from '../../src/commands/exit-when-done.ts';
import { spawnCli, temporaryDirectory } from '../helpers/cli.ts';

describe('exiting once the command is done', () => {
  it('exits early with only the standard streams and closing handles open', () => {
    assert.equal(onlyStreamsOpen([]), true);
    assert.equal(onlyStreamsOpen(['TTYWrap', 'TTYWrap', 'PipeWrap']), true);
    assert.equal(onlyStreamsOpen(['PipeWrap', 'CloseReq', 'CloseReq']), true);
  });

  it('waits for any other work: a file operation, a timer, a socket, a child, a fourth pipe', () => {
    assert.equal(onlyStreamsOpen(['PipeWrap', 'FSReqCallback']), false);
    assert.equal(onlyStreamsOpen(['Timeout']), false);
    assert.equal(onlyStreamsOpen(['TTYWrap', 'TCPSocketWrap']), false);
    assert.equal(onlyStreamsOpen(['ProcessWrap', 'PipeWrap', 'PipeWrap', 'PipeWrap', 'PipeWrap']), false);
    assert.equal(onlyStreamsOpen(['PipeWrap', 'PipeWrap', 'PipeWrap', 'PipeWrap']), false);
  });

  it('leaves a spawned compare’s output and report files whole', async () => {
    const directory = await temporaryDirectory();
    try {
      const out = join(directory.path, 'out');
      const result = await spawnCli(['compare', 'before-compaction', '--json', '-q', '-o', out], {
        cwd: directory.path,
      });
      assert.equal(result.code, 0, result.stderr);
      const parsed = JSON.parse(result.stdout) as { results: Array<{ strategies: unknown[] }> };
      assert.equal(parsed.results[0]!.strategies.length, 5);
      const files = await readdir(out);
      for (const file of ['before-compaction-report.html', 'before-compaction-results.json', 'records'])
        assert.ok(files.includes(file), `${file} in ${files.join(', ')}`);
    } finally {
      await directory.remove();
    }
  });
});
