/** Runs the real CLI (bin/compaction-bench.js) in a child process, for end-to-end tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/compaction-bench.js', import.meta.url));

/** What the CLI did. */
export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `compaction-bench ...args` in `cwd`; the environment has no API keys unless given. */
export function runCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CliResult> {
  return startCli(args, options).done;
}

/** Starts the CLI and hands back the child (to signal it) and its outcome. */
export function startCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): { child: ChildProcess; done: Promise<CliResult> } {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/API_KEY|BASE_URL|GITHUB_STEP_SUMMARY/.test(key)) env[key] = value;
  }
  // The bin picks the bundle in dist/ that scripts/test.mjs builds first, and the sources (through tsx) whenever
  // a source file is newer, so an edit is never tested through a stale bundle.
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...env, ...options.env },
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
