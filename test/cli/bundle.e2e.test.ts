import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
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
function cli(
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return cliIn(directory.path, args, extraEnv);
}

/** {@link cli} in another working directory. */
async function cliIn(
  cwd: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' };
  delete env.COMPACTION_BENCH_SOURCE;
  delete env.COMPACTION_BENCH_CODE_CACHE;
  Object.assign(env, extraEnv);
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

/** Which build `command` starts from: the script compiled from its code cache, or the ES build's chunks. */
async function commandStartedFrom(
  command: string,
  env: NodeJS.ProcessEnv = {},
): Promise<'script' | 'chunks'> {
  const result = await cli([command, 'no-such-fixture', '--debug'], env);
  assert.equal(result.code, 2, result.stderr);
  if (/dist\/script\/cli\.cjs:\d+/.test(result.stderr)) return 'script';
  assert.match(result.stderr, /dist\/(chunks\/)?[\w-]+\.js:\d+/);
  return 'chunks';
}

/** The files of a results folder as JSON, without what differs run to run (times, dates, the command line). */
async function resultsOf(out: string): Promise<unknown> {
  const withoutTimings = (json: unknown): unknown => {
    if (Array.isArray(json)) return json.map(withoutTimings);
    if (json === null || typeof json !== 'object') return json;
    return Object.fromEntries(
      Object.entries(json)
        .filter(([key]) => !/(Ms|At)$|^(ms|command|date)$/.test(key))
        .map(([key, value]) => [key, withoutTimings(value)]),
    );
  };
  const names = (await readdir(out)).filter((name) => name.endsWith('-results.json')).sort();
  assert.ok(names.length > 0, `no results in ${out}`);
  return Promise.all(
    names.map(async (name) => withoutTimings(JSON.parse(await readFile(join(out, name), 'utf8')))),
  );
}

before(async () => {
  directory = await temporaryDirectory();
  // A copy of the package as `npm ci` leaves it, minus the sources: bin/, dist/ (built here), fixtures, modules.
  copy = join(directory.path, 'package');
  await mkdir(join(copy, 'bin'), { recursive: true });
  await copyFile(join(ROOT, 'bin/compaction-bench.js'), join(copy, 'bin/compaction-bench.js'));
  await copyFile(join(ROOT, 'bin/cached-script.js'), join(copy, 'bin/cached-script.js'));
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

  it('starts compare and check from the script with its code cache, every other command from the chunks', async () => {
    assert.equal(await commandStartedFrom('compare'), 'script');
    assert.equal(await commandStartedFrom('check'), 'script');
    assert.equal(await commandStartedFrom('inspect'), 'chunks');
    assert.equal(await commandStartedFrom('compare', { COMPACTION_BENCH_CODE_CACHE: '0' }), 'chunks');
  });

  it('starts compare from the chunks when the cache is missing or older than the script', async () => {
    const script = join(copy, 'dist/script/cli.cjs');
    const [cacheName] = (await readdir(join(copy, 'dist/script'))).filter((name) => name.endsWith('.cache'));
    assert.ok(cacheName, 'the build stored no code cache');
    const cache = join(copy, 'dist/script', cacheName);
    const { mtime } = await stat(script);
    try {
      await utimes(cache, new Date(mtime.getTime() - 60_000), new Date(mtime.getTime() - 60_000));
      assert.equal(await commandStartedFrom('compare'), 'chunks');
      await rename(cache, `${cache}.aside`);
      assert.equal(await commandStartedFrom('compare'), 'chunks');
    } finally {
      await rename(`${cache}.aside`, cache).catch(() => undefined);
      await utimes(cache, new Date(), new Date());
    }
    assert.equal(await commandStartedFrom('compare'), 'script');
  });

  it('gives the same results from the script, from a cache V8 refuses, and from the chunks', async () => {
    const run = async (out: string, env: NodeJS.ProcessEnv) => {
      const result = await cli(['compare', 'before-compaction', '-s', 'core', '-o', out, '-q'], env);
      assert.equal(result.code, 0, result.stderr);
      return resultsOf(join(directory.path, out));
    };
    const fromChunks = await run('from-chunks', { COMPACTION_BENCH_CODE_CACHE: '0' });
    assert.deepEqual(await run('from-script', {}), fromChunks);
    const [cacheName] = (await readdir(join(copy, 'dist/script'))).filter((name) => name.endsWith('.cache'));
    const cache = join(copy, 'dist/script', cacheName!);
    const kept = await readFile(cache);
    try {
      // A damaged cache: V8 refuses it and compiles the script from source.
      await writeFile(cache, Buffer.alloc(kept.length, 7));
      assert.deepEqual(await run('from-refused-cache', {}), fromChunks);
    } finally {
      await writeFile(cache, kept);
    }
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
