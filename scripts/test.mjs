#!/usr/bin/env node
// `npm test [-- <part of a path>...]`: builds the bundle in dist/ (as `npm ci` does) so the few tests that spawn the
// CLI run the command users run, then runs the test files under test/ with node's test runner through tsx: every
// `*.test.ts` but the end-to-end ones, `*.e2e.test.ts`, which `--e2e` runs alone (`npm run test:e2e`) and `--all`
// with the others (`npm run coverage`); files named by a part of their path run whichever part they are in.
//
// Files run in a few groups, each group one process, not one process per file: starting a process, tsx and the
// module graph (zod schemas, vega, the token rank tables) cost about 0.6 s of CPU per file, a fifth of the whole
// suite. Inside a group each file is a suite of its own, named by its path, so its top-level hooks (before, after)
// apply to its own tests only, and its duration is in the report. Files in one process share module state: a test
// that changes process-wide state (environment, working directory, global flags) puts it back. The groups are of
// about equal length, the longest started first: each file's duration in the last run is kept
// (node_modules/.cache/compaction-bench/test-durations.json, written by scripts/test-durations.mjs). A checkout that
// has not run them yet (a fresh clone, CI) deals by the durations committed in scripts/test-durations.json, those of
// a fresh clone's run; a file in neither is guessed from how many runs of the CLI or the runner it makes.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Enough groups that the runner can even out the cores at the end (it starts the next group as one ends), few
// enough that process start-up stays small.
const GROUPS = 12;
const DURATIONS = join(ROOT, 'node_modules/.cache/compaction-bench/test-durations.json');
// A fresh clone's durations, committed: without them its files were guessed, and the guess (runs of the CLI) missed
// the files that cost most (the tokenizer's checks against js-tiktoken, the calibration cuts' derivations), so that
// one group ran on alone at the end.
const COMMITTED_DURATIONS = join(ROOT, 'scripts/test-durations.json');
// What a file not timed yet is guessed to take: a base, and more for each run of the CLI or the runner it makes.
const RUN = /\b(?:runCli|spawnCli|startCli|runCompare|compareSuite|runSuite)\(/g;
const guess = (text) => 0.5 + 0.8 * (text.match(RUN)?.length ?? 0) + text.length / 5000;

function findTests(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Whether a file is in the part of the suite asked for: `--e2e` the end-to-end files, `--all` every one, and
 * without either the others, unless paths were named (a file named runs, whichever part it is in).
 */
function inPart(file, flags, named) {
  if (flags.includes('--e2e')) return file.endsWith('.e2e.test.ts');
  return flags.includes('--all') || named || !file.endsWith('.e2e.test.ts');
}

/** The durations (seconds by file) in `path`, none if it is absent or unreadable. */
function readDurations(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** Each file's duration in the last run that timed it, in seconds. */
const lastDurations = () => readDurations(DURATIONS);

/**
 * Deals files into `count` groups of about equal expected length (the longest file first, each to the group with
 * the least so far), the longest group first: the runner starts them in that order.
 */
function deal(files, count) {
  // This checkout's own durations where it has them (its machine, its transcripts beside it), the committed ones
  // for the files it has not timed yet.
  const durations = { ...readDurations(COMMITTED_DURATIONS), ...lastDurations() };
  const cost = (file) => durations[file] ?? guess(readFileSync(resolve(ROOT, file), 'utf8'));
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ files: [], length: 0 }));
  const timed = files.map((file) => ({ file, length: cost(file) })).sort((a, b) => b.length - a.length);
  for (const { file, length } of timed) {
    const shortest = groups.reduce((least, group) => (group.length < least.length ? group : least));
    shortest.files.push(file);
    shortest.length += length;
  }
  return groups.sort((a, b) => b.length - a.length).map((group) => group.files);
}

/** Keeps this run's durations with those of files it did not run (of files that still exist). */
function keepDurations(measured) {
  if (!existsSync(measured)) return;
  const all = { ...lastDurations(), ...JSON.parse(readFileSync(measured, 'utf8') || '{}') };
  const durations = Object.fromEntries(
    Object.entries(all).filter(([file]) => existsSync(resolve(ROOT, file))),
  );
  mkdirSync(dirname(DURATIONS), { recursive: true });
  writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
}

const build = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const flags = process.argv.slice(2).filter((argument) => argument.startsWith('--'));
const filter = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const files = findTests(join(ROOT, 'test'))
  .map((file) => relative(ROOT, file))
  .filter((file) => inPart(file, flags, filter.length > 0))
  .filter((file) => filter.length === 0 || filter.some((part) => file.includes(part)))
  .sort();
if (files.length === 0) {
  // Given no file, node's runner would look for tests everywhere itself.
  console.error(`no test file under test/ matches ${filter.join(', ') || flags.join(' ')}`);
  process.exit(1);
}
const entries = mkdtempSync(join(tmpdir(), 'compaction-bench-test-groups-'));
const groups = deal(files, GROUPS).map((group, index) => {
  const entry = join(entries, `group-${index + 1}.mjs`);
  const suites = group.map(
    (file) =>
      `describe(${JSON.stringify(file)}, () => import(${JSON.stringify(pathToFileURL(resolve(ROOT, file)).href)}));`,
  );
  writeFileSync(entry, `import { describe } from 'node:test';\n${suites.join('\n')}\n`);
  return entry;
});
const measured = join(entries, 'durations.json');
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`,
    '--test-reporter-destination=stdout',
    `--test-reporter=${pathToFileURL(join(ROOT, 'scripts/test-durations.mjs')).href}`,
    `--test-reporter-destination=${measured}`,
    // One group more than cores: while one waits (a loopback server's latency, a child process), two compute.
    `--test-concurrency=${availableParallelism() + 1}`,
    ...groups,
  ],
  { stdio: 'inherit', cwd: ROOT },
);
keepDurations(measured);
rmSync(entries, { recursive: true, force: true });
process.exit(result.status ?? 1);
