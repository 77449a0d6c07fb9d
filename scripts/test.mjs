#!/usr/bin/env node
// Builds the bundle in dist/ (as `npm ci` does), so the end-to-end tests run the command users run rather than
// paying TypeScript compilation in every child, then finds every test file under test/ and runs them with node's
// test runner through tsx (node 20's `--test` does not expand globs itself).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findTests(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const build = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const filter = process.argv.slice(2);
const files = findTests('test')
  .filter((file) => filter.length === 0 || filter.some((part) => file.includes(part)))
  .sort();
const reporter = process.stdout.isTTY ? 'spec' : 'tap';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
