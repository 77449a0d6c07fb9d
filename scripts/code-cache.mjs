#!/usr/bin/env node
// `npm run build`'s last step: runs the CLI's script (dist/script/cli.cjs) as `compare` runs against a model, up to
// the run's first request, and stores V8's code cache of it then (bin/cached-script.js): the cache holds what a start
// compiles before its first request, and nothing compiled after it (scoring, reports), which a start would only
// deserialize to no use. The model is a loopback server here that never answers; the run is left at its first request.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { cacheFileOf, runScript } from '../bin/cached-script.js';

const scriptPath = process.argv[2];
const session = fileURLToPath(new URL('../fixtures/before-compaction.jsonl', import.meta.url));
// The V8 flags the CLI changes as it runs (src/cli.ts, src/collect-garbage.ts): a cache records the flags it was made
// under, and V8 refuses it under any others, so they are set back to V8's defaults before the cache is made.
const CHANGED_FLAGS = ['heap-growing-percent', 'interrupt-budget', 'expose-gc'];

/** V8's default of each flag the CLI changes, as `--name=value` (`node --v8-options` prints them). */
function defaultFlags() {
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  return CHANGED_FLAGS.map((name) => {
    const match = new RegExp(`^\\s+--${name} .*\\n.*default: (--\\S+)`, 'm').exec(options);
    if (!match) throw new Error(`node --v8-options names no default for --${name}`);
    return match[1];
  });
}

const flags = defaultFlags();
const out = mkdtempSync(join(tmpdir(), 'compaction-bench-code-cache-'));
const { exports: cli, script } = runScript(scriptPath);
const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    // The provider's warm-up: any answer will do.
    response.writeHead(404).end();
    return;
  }
  for (const flag of flags) setFlagsFromString(flag);
  const cacheFile = cacheFileOf(scriptPath);
  // Written whole under another name, then renamed: a start never reads half a cache.
  writeFileSync(`${cacheFile}.tmp-${process.pid}`, script.createCachedData());
  renameSync(`${cacheFile}.tmp-${process.pid}`, cacheFile);
  rmSync(out, { recursive: true, force: true });
  process.exit(0);
});
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  const stderr = [];
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const errors = new Writable({
    write: (chunk, _encoding, done) => {
      stderr.push(chunk);
      done();
    },
  });
  process.env.OPENAI_API_KEY = 'code-cache';
  const code = await cli.runInProcess(
    [
      'compare',
      session,
      '-p',
      'openai:code-cache',
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--no-cache',
    ].concat(['-o', out, '-q']),
    { stdout: sink, stderr: errors },
  );
  // Reached only when the run ended before its first request.
  rmSync(out, { recursive: true, force: true });
  process.stderr.write(
    `code-cache: the run sent no request (exit ${code}):\n${Buffer.concat(stderr).toString()}`,
  );
  process.exit(1);
});
