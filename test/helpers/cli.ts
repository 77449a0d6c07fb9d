/**
 * Runs the CLI for tests: `runCli` inside the test's own process (the same commander program, commands and exit
 * codes, output caught in memory), `spawnCli` and `startCli` as a child process (bin/compaction-bench.js) for what
 * only a process shows: signals, the bundle, start-up, the pipe to another program.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/compaction-bench.js', import.meta.url));

/** What the CLI did. */
export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Where and with what environment a command runs. */
export type CliOptions = { cwd: string; env?: Record<string, string> };

// Keys, endpoints and the step summary of the environment the tests run in never reach a command under test.
const WITHHELD = /API_KEY|BASE_URL|GITHUB_STEP_SUMMARY/;

/**
 * The test process's environment without what `WITHHELD` names, plus `extra`. Piped output fits 80 columns unless
 * told otherwise: tests of what the CLI says read it unwrapped (COLUMNS=1000), and those of how it fits the
 * terminal set COLUMNS (an empty one: as a pipe with none).
 */
function commandEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !WITHHELD.test(key)) env[key] = value;
  }
  return { ...env, COLUMNS: '1000', ...extra };
}

/** A stream that keeps what is written to it, as a pipe would (not a terminal). */
function memoryStream(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, encoding, done) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

// The working directory, the environment, process.argv and process.exitCode belong to the whole process: one
// in-process run at a time, each waiting for the one before it.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `compaction-bench ...args` in this process, in `cwd`, with the test process's environment (no API keys,
 * base URLs or step summary unless given in `env`); the working directory and environment are put back after.
 */
export function runCli(args: string[], options: CliOptions): Promise<CliResult> {
  const run = queue.then(() => runInside(args, options));
  queue = run.catch(() => {});
  return run;
}

async function runInside(args: string[], options: CliOptions): Promise<CliResult> {
  // Imported on first use: most files that take `temporaryDirectory` from here never run the CLI.
  const { runInProcess } = await import('../../src/cli.ts');
  const stdout = memoryStream();
  const stderr = memoryStream();
  const cwd = process.cwd();
  const saved = { ...process.env };
  replaceEnvironment(commandEnvironment(options.env));
  process.chdir(options.cwd);
  try {
    const code = await runInProcess(args, { stdout: stdout.stream, stderr: stderr.stream });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    process.chdir(cwd);
    replaceEnvironment(saved);
  }
}

/** Makes process.env hold exactly `env`. */
function replaceEnvironment(env: Record<string, string | undefined>): void {
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (value !== undefined) process.env[key] = value;
}

/** Runs `compaction-bench ...args` as a child process in `cwd`; the environment has no API keys unless given. */
export function spawnCli(args: string[], options: CliOptions): Promise<CliResult> {
  return startCli(args, options).done;
}

/** Starts the CLI as a child process and hands back the child (to signal it) and its outcome. */
export function startCli(
  args: string[],
  options: CliOptions,
): { child: ChildProcess; done: Promise<CliResult> } {
  // The bin picks the bundle in dist/ that scripts/test.mjs builds first, and the sources (through tsx) whenever
  // a source file is newer, so an edit is never tested through a stale bundle.
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: commandEnvironment(options.env),
  });
  const done = new Promise<CliResult>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** A fresh temporary directory, removed by the returned cleanup. */
export async function temporaryDirectory(
  prefix = 'compaction-bench-',
): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
