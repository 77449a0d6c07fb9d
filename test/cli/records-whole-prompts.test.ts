/**
 * Records written before prompts were stored by parts: `test/samples/records-7304e62/` is what `compare
 * test/samples/claude-code.jsonl -s single-shot,sequential-rolling` wrote on 7304e62 (every prompt a line of its own
 * in the calls page; the header's transcript path written as `/checkout/…`, put back to this checkout here). Today's
 * readers take them as they are.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { storedJsonAt } from '../helpers/calls-page.ts';
import { contentHash } from '../../src/results/record.ts';
import { readStored } from '../../src/results/stored-texts.ts';

const SAMPLE = fileURLToPath(new URL('../samples/records-7304e62/', import.meta.url));
const TRANSCRIPT = fileURLToPath(new URL('../samples/claude-code.jsonl', import.meta.url));

let directory: { path: string; remove: () => Promise<void> };
let folder: string;
let file: string;

before(async () => {
  directory = await temporaryDirectory();
  folder = join(directory.path, 'old');
  await mkdir(join(folder, 'records'), { recursive: true });
  for (const name of await readdir(SAMPLE)) await copyFile(join(SAMPLE, name), join(folder, 'records', name));
  file = join(
    folder,
    'records',
    (await readdir(SAMPLE)).find((name) => name.endsWith('.jsonl'))!,
  );
  const [header, ...rest] = (await readFile(file, 'utf8')).split('\n');
  const run = JSON.parse(header!);
  run.sessions[0].path = TRANSCRIPT;
  await writeFile(file, [JSON.stringify(run), ...rest].join('\n'));
});
after(async () => {
  await directory.remove();
});

const jobsOf = async (path: string) =>
  (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((line) => line.kind === 'job');

describe('records whose prompts were stored whole (7304e62)', () => {
  it('read back every prompt and answer, each prompt as sent: its SHA-256 is its name', async () => {
    const jobs = await jobsOf(file);
    assert.equal(jobs.length, 2);
    for (const call of jobs.flatMap((job) => job.calls)) {
      const prompt = await readStored(file, 'calls', call.promptHash);
      assert.equal(contentHash(prompt), call.promptHash);
      assert.match(JSON.parse(prompt).prompt, /^<conversation>\n\[/);
      assert.equal(typeof JSON.parse(await readStored(file, 'calls', call.answerHash)).answer, 'string');
    }
  });

  it('report writes their pages, each call linked into their pack, which shows the prompt', async () => {
    const out = join(directory.path, 'reported');
    const run = await runCli(['report', folder, '-o', out], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const page = await readFile(join(out, 'claude-code-report.html'), 'utf8');
    const links = [...page.matchAll(/<a href="([^"#]+\.calls\.html)#([0-9a-f]{64})">prompt<\/a>/g)];
    assert.equal(links.length, 2, 'a prompt link per call');
    for (const [, pack, hash] of links) {
      const shown = storedJsonAt(await readFile(resolve(out, pack!), 'utf8'), hash!);
      assert.equal(shown, await readStored(file, 'calls', hash!));
    }
  });

  it('score reproduces their scores', async () => {
    const reported = join(directory.path, 'reported-for-score');
    const scored = join(directory.path, 'scored');
    assert.equal((await runCli(['report', folder, '-o', reported], { cwd: directory.path })).code, 0);
    const run = await runCli(['score', folder, '-o', scored], { cwd: directory.path });
    assert.equal(run.code, 0, run.stderr);
    const quality = async (out: string) =>
      JSON.parse(await readFile(join(out, 'claude-code-results.json'), 'utf8')).strategies.map(
        (strategy: { quality: unknown }) => strategy.quality,
      );
    assert.deepEqual(await quality(scored), await quality(reported));
  });
});
