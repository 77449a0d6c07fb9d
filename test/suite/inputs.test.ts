import assert from 'node:assert/strict';
import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { InputError } from '../../src/errors.ts';
import { expandGlob } from '../../src/suite/glob.ts';
import { expandInputs, skippedNotice, uniqueNames } from '../../src/suite/inputs.ts';
import { temporaryDirectory } from '../helpers/cli.ts';

const SAMPLES = new URL('../samples/', import.meta.url).pathname;
let directory: { path: string; remove: () => Promise<void> };

before(async () => {
  directory = await temporaryDirectory('compaction-bench-inputs-');
  const root = directory.path;
  await mkdir(join(root, 'sessions/pi'), { recursive: true });
  await mkdir(join(root, 'sessions/claude'), { recursive: true });
  await mkdir(join(root, 'sessions/.hidden'), { recursive: true });
  await copyFile(join(SAMPLES, 'pi-v3-branches.jsonl'), join(root, 'sessions/pi/a.jsonl'));
  await copyFile(join(SAMPLES, 'pi-v2.jsonl'), join(root, 'sessions/pi/b.jsonl'));
  await copyFile(join(SAMPLES, 'claude-code.jsonl'), join(root, 'sessions/claude/a.jsonl'));
  await copyFile(join(SAMPLES, 'claude-code.jsonl'), join(root, 'sessions/.hidden/c.jsonl'));
  await writeFile(join(root, 'sessions/pi/a.probes.json'), '{"version":2,"probes":[]}');
  await writeFile(join(root, 'sessions/notes.md'), '# not a transcript\n');
  await writeFile(join(root, 'sessions/empty.jsonl'), '');
});
after(() => directory.remove());

describe('suite inputs', () => {
  it('follows symbolic links in a folder, and says which links it skipped and why', async () => {
    const root = directory.path;
    const linked = join(root, 'linked');
    await mkdir(linked, { recursive: true });
    await symlink(join(root, 'sessions/pi/a.jsonl'), join(linked, 'one.jsonl'));
    await symlink(join(root, 'sessions/claude'), join(linked, 'claude'));
    await symlink(join(root, 'sessions/gone.jsonl'), join(linked, 'broken.jsonl'));
    await symlink(linked, join(linked, 'loop'));
    const inputs = await expandInputs([linked]);
    // Before: a folder of linked transcripts was "no transcripts".
    assert.deepEqual(
      inputs.transcripts.map((file) => file.slice(root.length + 1)),
      ['linked/claude/a.jsonl', 'linked/one.jsonl'],
    );
    assert.deepEqual(
      inputs.skipped.map((skipped) => [skipped.file.slice(root.length + 1), skipped.reason]),
      [
        ['linked/broken.jsonl', 'a symbolic link to nothing (its target does not exist)'],
        ['linked/loop', 'a symbolic link back into a folder being read (a loop)'],
      ],
    );
  });

  it('walks a directory: transcripts sorted, a sidecar silently, one line for the files that are not transcripts', async () => {
    const inputs = await expandInputs([join(directory.path, 'sessions')]);
    const relative = inputs.transcripts.map((file) => file.slice(directory.path.length + 1));
    assert.deepEqual(relative, ['sessions/claude/a.jsonl', 'sessions/pi/a.jsonl', 'sessions/pi/b.jsonl']);
    assert.deepEqual(
      inputs.skipped.map((skipped) => skipped.file.slice(directory.path.length + 1)),
      ['sessions/empty.jsonl', 'sessions/notes.md'],
    );
    assert.match(inputs.skipped[0]!.reason, /^the file is empty/);
    assert.equal(inputs.skipped[1]!.reason, 'it matches no supported format');
    assert.match(
      skippedNotice(inputs.skipped, directory.path)!,
      /^skipped 2 files that are not transcripts \(the file is empty[^:]*: sessions\/empty\.jsonl; it matches no supported format: sessions\/notes\.md\)$/,
    );
    assert.equal(
      skippedNotice(inputs.skipped.slice(1), directory.path),
      `skipped ${join(directory.path, 'sessions/notes.md')}: not a transcript (it matches no supported format)`,
    );
    assert.equal(skippedNotice([]), undefined);
    const many = ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'].map((file) => ({
      file: join(directory.path, 'src', file),
      reason: 'it matches no supported format',
    }));
    assert.equal(
      skippedNotice(many, directory.path),
      'skipped 5 files that are not transcripts (it matches no supported format: src/a.ts, src/b.ts, src/c.ts and 2 more)',
    );
    assert.equal(inputs.lenient, true);
    // Two sessions named `a`: each is reported under its folder too.
    assert.deepEqual(Object.values(inputs.names).sort(), ['claude-a', 'pi-a']);
  });

  it('expands glob patterns relative to the working directory: *, **, {a,b}, and hidden entries only when named', async () => {
    const cwd = directory.path;
    const names = (files: string[]) => files.map((file) => file.slice(cwd.length + 1));
    assert.deepEqual(names(await expandGlob('sessions/*/*.jsonl', cwd)), [
      'sessions/claude/a.jsonl',
      'sessions/pi/a.jsonl',
      'sessions/pi/b.jsonl',
    ]);
    assert.deepEqual(names(await expandGlob('sessions/**/a.jsonl', cwd)), [
      'sessions/claude/a.jsonl',
      'sessions/pi/a.jsonl',
    ]);
    assert.deepEqual(names(await expandGlob('sessions/pi/{b,c}.jsonl', cwd)), ['sessions/pi/b.jsonl']);
    assert.deepEqual(names(await expandGlob('sessions/.hidden/*.jsonl', cwd)), ['sessions/.hidden/c.jsonl']);
    const pattern = await expandInputs(['sessions/*/*.json*'], { cwd });
    assert.equal(pattern.transcripts.length, 3, 'the sidecar left out');
    await assert.rejects(
      expandInputs(['sessions/*/*.txt'], { cwd }),
      /'sessions\/\*\/\*\.txt': no file matches this pattern/,
    );
  });

  it('keeps a single named file strict: not a transcript is bad input, an unknown name lists the fixtures', async () => {
    await assert.rejects(expandInputs([join(directory.path, 'sessions/notes.md')]), (error) => {
      assert.ok(error instanceof InputError);
      assert.match(error.message, /notes\.md: it matches no supported format/);
      return true;
    });
    await assert.rejects(
      expandInputs(['no-such-fixture', join(directory.path, 'sessions')]),
      /unknown session 'no-such-fixture'/,
    );
    await assert.rejects(
      expandInputs([join(directory.path, 'sessions/notes.md'), join(directory.path, 'sessions/empty.jsonl')]),
      /no transcripts in .* \(2 files skipped\)/,
    );
  });

  it('names sessions apart by their folders, and never `suite` (the suite report is suite-comparison.md)', () => {
    assert.deepEqual(
      uniqueNames(['/x/pi/large-session.jsonl', '/x/cc/large-session.jsonl', '/x/cc/other.jsonl']),
      {
        '/x/pi/large-session.jsonl': 'pi-large-session',
        '/x/cc/large-session.jsonl': 'cc-large-session',
      },
    );
    assert.deepEqual(uniqueNames(['/x/runs/suite.jsonl']), { '/x/runs/suite.jsonl': 'runs-suite' });
    assert.deepEqual(uniqueNames(['/a/same/s.jsonl', '/b/same/s.jsonl']), {
      '/a/same/s.jsonl': 'a-same-s',
      '/b/same/s.jsonl': 'b-same-s',
    });
  });
});
