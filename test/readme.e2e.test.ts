/**
 * Every offline command the README shows runs green on a fresh checkout: the quick start and the examples a
 * newcomer copies. Commands that need a key, a network, a local server or the reader's own files are left out.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { temporaryDirectory } from './helpers/cli.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin/compaction-bench.js');
const NEEDS_MORE = /API_KEY|-p (?:openai|anthropic)|--judge|--base-url|--replay|--record|~\/|<[a-z]/;

/** The `npx compaction-bench …` lines of the README's shell blocks (after a leading `npm ci &&`). */
function readmeCommands(readme: string): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .flatMap((block) => block.split('\n'))
    .map((line) =>
      line
        .replace(/\s+#.*$/, '')
        .replace(/^npm ci && /, '')
        .trim(),
    )
    .filter((line) => line.startsWith('npx compaction-bench') && !NEEDS_MORE.test(line));
}

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory('compaction-bench-readme-');
  // Paths the README names relative to the repository, such as the committed baselines.
  symlinkSync(join(ROOT, 'baselines'), join(directory.path, 'baselines'));
});
after(async () => directory.remove());

describe('README', () => {
  const commands = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('shows the quick start and offline examples', () => {
    assert.ok(commands.includes('npx compaction-bench compare before-compaction'), commands.join('\n'));
    assert.ok(commands.length >= 4);
  });

  for (const command of commands) {
    it(`runs: ${command}`, () => {
      const line = command.replace(/^npx compaction-bench/, `"${process.execPath}" "${BIN}"`);
      const result = spawnSync('bash', ['-c', line], { cwd: directory.path, encoding: 'utf8' });
      assert.equal(result.status, 0, `${command}\n${result.stderr}`);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    });
  }
});
