import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AbortedError } from '../../src/errors.ts';
import { createOutputStage } from '../../src/report/output-stage.ts';
import { MARKED_EXTENSIONS } from '../../src/report/output-directory.ts';
import { REPORT_FORMATS, reportMarker } from '../../src/report/write.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

describe('the formats whose files carry the marker', () => {
  it('are the extensions the stage clears stale files of', () => {
    // output-directory.ts lists them apart from the renderers, which load after a compare's first call.
    const marked = [
      ...new Set(REPORT_FORMATS.filter((format) => format.marked).map((format) => format.extension)),
    ];
    assert.deepEqual([...MARKED_EXTENSIONS].sort(), marked.sort());
  });
});

describe('an output folder written through its stage', () => {
  it('holds nothing new until the commit, then everything, records included, in place', async () => {
    const out = join(directory.path, 'commit');
    const stage = await createOutputStage(out);
    await writeFile(join(stage.directory, 's-comparison.md'), `${reportMarker('s')}\nnew\n`);
    await mkdir(join(stage.directory, 'records', 'calls'), { recursive: true });
    await writeFile(join(stage.directory, 'records', 'run.jsonl'), '{}\n');
    await writeFile(join(stage.directory, 'records', 'calls', 'a.json'), '{}');
    assert.deepEqual(
      (await readdir(out)).filter((name) => !name.startsWith('.')),
      [],
    );
    await stage.commit();
    assert.equal(await readFile(join(out, 's-comparison.md'), 'utf8'), `${reportMarker('s')}\nnew\n`);
    assert.ok(existsSync(join(out, 'records', 'calls', 'a.json')));
    assert.equal(
      stage.final(join(stage.directory, 'records', 'run.jsonl')),
      join(out, 'records', 'run.jsonl'),
    );
    assert.deepEqual(await readdir(out), ['records', 's-comparison.md'], 'the stage is gone');
  });

  it('removes at the commit the reports of a session written that the run no longer writes, and nothing else', async () => {
    const out = join(directory.path, 'stale');
    await mkdir(out);
    await writeFile(join(out, 's-old-strategy.md'), `${reportMarker('s')}\nold\n`);
    await writeFile(join(out, 's-2-old-strategy.md'), `${reportMarker('s-2')}\nanother session's\n`);
    await writeFile(join(out, 's-notes.md'), 'my own notes\n');
    const stage = await createOutputStage(out);
    await writeFile(join(stage.directory, 's-comparison.md'), `${reportMarker('s')}\nnew\n`);
    await stage.commit();
    assert.deepEqual((await readdir(out)).sort(), ['s-2-old-strategy.md', 's-comparison.md', 's-notes.md']);
  });

  it('after a Ctrl-C moves nothing, and its discard leaves the folder as it was', async () => {
    const out = join(directory.path, 'aborted');
    await mkdir(out);
    await writeFile(join(out, 's-comparison.md'), `${reportMarker('s')}\nprevious run\n`);
    const stage = await createOutputStage(out);
    await writeFile(join(stage.directory, 's-comparison.md'), `${reportMarker('s')}\nhalf a run\n`);
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(stage.commit(controller.signal), AbortedError);
    await stage.discard();
    assert.deepEqual(await readdir(out), ['s-comparison.md']);
    assert.equal(
      await readFile(join(out, 's-comparison.md'), 'utf8'),
      `${reportMarker('s')}\nprevious run\n`,
    );
  });

  it('removes a stage left by a process that no longer runs', async () => {
    const out = join(directory.path, 'orphan');
    // A process id no process has: a stage of a run killed by a second Ctrl-C.
    const orphan = join(out, '.compaction-bench-staging-999999999-dead');
    await mkdir(orphan, { recursive: true });
    const stage = await createOutputStage(out);
    assert.ok(!existsSync(orphan));
    await stage.discard();
  });
});
