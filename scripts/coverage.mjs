#!/usr/bin/env node
// `npm run coverage [-- <part of a path>...]`: the whole suite (npm test and test:e2e) with V8 coverage collected
// from every process it starts, then c8's report of every file of src/ (.c8rc.json) in coverage/. Spawned commands
// run the sources (COMPACTION_BENCH_SOURCE=1): through a bundle's source map their lines would count less exactly.
//
// Not `c8 node scripts/test.mjs`: tests load strategy files of their own through tsx, which gives them `data:` URLs,
// and c8's report stops on a source map of a `data:` URL. Those files are not src/, so their maps are dropped first.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RAW = join(ROOT, 'coverage', '.v8');

rmSync(join(ROOT, 'coverage'), { recursive: true, force: true });
const tests = spawnSync(
  process.execPath,
  [join(ROOT, 'scripts/test.mjs'), '--all', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, NODE_V8_COVERAGE: RAW, COMPACTION_BENCH_SOURCE: '1' },
  },
);

for (const name of readdirSync(RAW)) {
  const file = join(RAW, name);
  const coverage = JSON.parse(readFileSync(file, 'utf8'));
  const maps = coverage['source-map-cache'];
  if (!maps || Object.keys(maps).every((url) => url.startsWith('file:'))) continue;
  coverage['source-map-cache'] = Object.fromEntries(
    Object.entries(maps).filter(([url]) => url.startsWith('file:')),
  );
  writeFileSync(file, JSON.stringify(coverage));
}

const report = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules/c8/bin/c8.js'), 'report', '--temp-directory', RAW],
  { stdio: 'inherit', cwd: ROOT },
);
rmSync(RAW, { recursive: true, force: true });
process.exit(tests.status !== 0 ? (tests.status ?? 1) : (report.status ?? 1));
