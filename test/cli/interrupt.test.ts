import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeSessionOfTokens } from '../../fixtures/generator/output.ts';
import { startCli, temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

describe('Ctrl-C', () => {
  it('stops an offline run: exit 130, nothing printed after the interrupted line, no file written', async () => {
    // Big enough that every strategy takes a while: the signal lands after the first has finished, long before
    // the last, while the offline summarizer keeps the thread busy.
    const { file } = await writeSessionOfTokens(300_000, join(directory.path, 'big.jsonl'));
    const out = join(directory.path, 'out');
    const cli = startCli(['compare', file, '-s', 'all', '-o', out], { cwd: directory.path });
    let stderr = '';
    let signalledAt = -1;
    cli.child.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (signalledAt === -1 && /^\[1\/\d+ /m.test(stderr)) {
        signalledAt = stderr.length;
        cli.child.kill('SIGINT');
      }
    });
    const result = await cli.done;
    assert.ok(signalledAt > 0, `no progress line came: ${result.stderr}`);
    assert.equal(result.code, 130, result.stderr);
    assert.equal(
      result.stderr.slice(signalledAt),
      '\ninterrupted: stopping, no more files are written (Ctrl-C again to quit at once)\n',
    );
    assert.equal(result.stdout, '');
    assert.deepEqual(await readdir(out).catch(() => []), []);
  });
});
