import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { temporaryDirectory } from '../helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let directory: { path: string; remove: () => Promise<void> };
let copy: string;

/** Runs the copy's bin/compaction-bench.js as an installed command would start (no COMPACTION_BENCH_SOURCE). */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliIn(directory.path, args);
}

/** {@link cli} in another working directory. */
async function cliIn(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' };
  delete env.COMPACTION_BENCH_SOURCE;
  try {
    const { stdout, stderr } = await run(process.execPath, [join(copy, 'bin/compaction-bench.js'), ...args], {
      cwd,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Which build answered: a stack printed by `--debug` names the bundle or the TypeScript sources. */
async function startedFrom(): Promise<'bundle' | 'sources'> {
  const result = await cli(['inspect', 'no-such-fixture', '--debug']);
  assert.equal(result.code, 2, result.stderr);
  if (/dist\/(chunks\/)?[\w-]+\.js:\d+/.test(result.stderr)) return 'bundle';
  assert.match(result.stderr, /src\/.*\.ts:\d+/);
  return 'sources';
}

before(async () => {
  directory = await temporaryDirectory();
  // A copy of the package as `npm ci` leaves it, minus the sources: bin/, dist/ (built here), fixtures, modules.
  copy = join(directory.path, 'package');
  await mkdir(join(copy, 'bin'), { recursive: true });
  await copyFile(join(ROOT, 'bin/compaction-bench.js'), join(copy, 'bin/compaction-bench.js'));
  await copyFile(join(ROOT, 'package.json'), join(copy, 'package.json'));
  await symlink(join(ROOT, 'fixtures'), join(copy, 'fixtures'));
  await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  await run(process.execPath, [join(ROOT, 'scripts/build.mjs'), join(copy, 'dist')]);
});
after(async () => {
  await directory.remove();
});

describe('the built command', () => {
  it('runs the bundle in dist/, finding the shipped fixtures', async () => {
    assert.equal(await startedFrom(), 'bundle');
    const result = await cli(['inspect', 'before-compaction']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^before-compaction {2}\(pi v3\)/);
  });

  it("words a schema's error in English, as the sources do (the bundle keeps zod's English messages alone)", async () => {
    const project = join(directory.path, 'config-error');
    await mkdir(project);
    await writeFile(join(project, 'compaction-bench.config.json'), JSON.stringify({ out: 3 }));
    const result = await cliIn(project, ['compare', 'before-compaction', '-q']);
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr,
      `compaction-bench: ${join(project, 'compaction-bench.config.json')}: out: Invalid input: expected string, received number\n`,
    );
  });

  it('still loads a TypeScript strategy file (-s ./x.ts) from the bundle', async () => {
    await copyFile(
      join(ROOT, 'docs/examples/keep-last-user-message.ts'),
      join(directory.path, 'my-strategy.ts'),
    );
    const result = await cli(['compare', 'before-compaction', '-s', './my-strategy.ts', '-o', 'out', '-q']);
    assert.equal(result.code, 0, result.stderr);
    const results = JSON.parse(
      await readFile(join(directory.path, 'out/before-compaction-results.json'), 'utf8'),
    );
    assert.deepEqual(
      results.strategies.map((strategy: { name: string; status: string }) => [
        strategy.name,
        strategy.status,
      ]),
      [['keep-last-user-message', 'ok']],
    );
  });

  it('runs the sources through tsx when one is newer than the bundle, and the bundle again once it is not', async () => {
    await cp(join(ROOT, 'src'), join(copy, 'src'), { recursive: true, preserveTimestamps: false });
    const edited = join(copy, 'src/cli.ts');
    const later = new Date(Date.now() + 60_000);
    await utimes(edited, later, later);
    assert.equal(await startedFrom(), 'sources');
    const earlier = new Date(Date.now() - 3_600_000);
    for (const file of await readdir(join(copy, 'src'), { recursive: true })) {
      await utimes(join(copy, 'src', file), earlier, earlier);
    }
    assert.equal(await startedFrom(), 'bundle');
  });
});
