/**
 * The terminal output at 80 columns of each kind of run, committed under docs/terminal/ so a reader sees what a
 * piped or narrow terminal shows: `npm run docs` writes them, test/docs-terminal.test.ts checks they are current.
 * Each runs in-process in a scratch folder holding a copy of the shipped transcript (and three generated sessions
 * for the suite), so every path it prints is the same on any machine.
 */
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { checkCommand } from '../src/commands/check.ts';
import { compareCommand } from '../src/commands/compare.ts';
import { writeSessionOfTokens } from '../fixtures/generator/output.ts';

/** Where the examples are committed. */
export const TERMINAL_DIRECTORY = fileURLToPath(new URL('../docs/terminal/', import.meta.url));

/** Each example: its file, the command that prints it (after `compaction-bench`). */
export const TERMINAL_EXAMPLES: ReadonlyArray<{ file: string; args: string[] }> = [
  { file: 'compare-session.txt', args: ['compare', 'fixtures/before-compaction.jsonl', '-s', 'all'] },
  {
    file: 'compare-sweep.txt',
    args: [
      'compare',
      'fixtures/before-compaction.jsonl',
      '-s',
      'core,baselines',
      '--target-tokens',
      '2000,4000,8000',
    ],
  },
  { file: 'compare-suite.txt', args: ['compare', 'sessions', '-s', 'all'] },
  {
    file: 'compare-chain.txt',
    args: [
      'compare',
      'fixtures/before-compaction.jsonl',
      '-s',
      'core,pi',
      '--schedule',
      'window=20000,reserve=4000,keep=4000',
    ],
  },
  {
    file: 'compare-continuation.txt',
    args: ['compare', 'fixtures/before-compaction.jsonl', '-s', 'core,pi', '--continuation', '3'],
  },
  {
    file: 'check-fail.txt',
    args: ['check', 'fixtures/before-compaction.jsonl', '-s', 'core', '--fail-under', 'probeRecall=0.99'],
  },
];

const COMMANDS: Record<string, () => Command> = { compare: compareCommand, check: checkCommand };
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/**
 * What `compaction-bench ARGS` prints on stdout when piped with no COLUMNS (80 columns), run in-process in a
 * scratch folder (the transcript copied to `fixtures/`, generated ones in `sessions/`, reports to
 * `compaction-results/`), the command line
 * first as a reader would type it.
 */
export async function terminalExample(args: readonly string[]): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'compaction-bench-terminal-'));
  const cwd = process.cwd();
  const write = process.stdout.write;
  const columns = process.env.COLUMNS;
  const exitCode = process.exitCode;
  const chunks: string[] = [];
  try {
    await mkdir(join(folder, 'fixtures'));
    for (const extension of ['.jsonl', '.probes.json'])
      await copyFile(
        join(FIXTURES, `before-compaction${extension}`),
        join(folder, 'fixtures', `before-compaction${extension}`),
      );
    // A suite of three small generated sessions (the generator is deterministic by seed).
    await mkdir(join(folder, 'sessions'));
    for (const [index, tokens] of [8000, 9000, 10000].entries())
      await writeSessionOfTokens(tokens, join(folder, 'sessions', `gen-${index + 1}.jsonl`), 100 + index);
    process.chdir(folder);
    delete process.env.COLUMNS;
    process.stdout.write = ((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    const [name, ...rest] = args;
    await COMMANDS[name!]!().parseAsync([...rest, '-q', '--no-config', '--no-cache'], { from: 'user' });
  } finally {
    process.stdout.write = write;
    process.chdir(cwd);
    if (columns === undefined) delete process.env.COLUMNS;
    else process.env.COLUMNS = columns;
    process.exitCode = exitCode;
    await rm(folder, { recursive: true, force: true });
  }
  return `$ compaction-bench ${args.join(' ')}\n${chunks.join('')}`;
}
