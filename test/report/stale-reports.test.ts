import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCompare } from '../../src/run/run.ts';
import { reportMarker } from '../../src/report/write.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { offlineCompare } from '../helpers/compare-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

const compare = (strategies: string, out: string) =>
  runCompare(
    offlineCompare({
      transcripts: ['before-compaction'],
      strategies,
      out,
    }),
  );

describe('stale reports', () => {
  it('a rerun removes its session’s reports it no longer writes, and no other session’s', async () => {
    const out = join(directory.path, 'out');
    await compare('single-shot,paths-only', out);
    const stale = join(out, 'before-compaction-paths-only.md');
    assert.ok(existsSync(stale));
    // Another session whose name starts like this one's, and a file of this one's name that is not a report.
    const other = join(out, 'before-compaction-2-paths-only.md');
    await writeFile(other, `${reportMarker('before-compaction-2')}\nanother session's report\n`);
    const notes = join(out, 'before-compaction-notes.md');
    await writeFile(notes, 'my own notes\n');
    await compare('single-shot', out);
    assert.ok(!existsSync(stale), 'the strategy no longer run: its report goes');
    assert.ok(existsSync(join(out, 'before-compaction-single-shot.md')));
    assert.ok(existsSync(other), 'another session’s report stays');
    assert.ok(existsSync(notes), 'a file without the marker stays');
  });
});
