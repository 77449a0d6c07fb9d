/**
 * `compaction-bench probes <transcript>` end to end: the derived sidecar, model-written probes from a loopback
 * server (a facet not in the transcript dropped, a malformed answer a clear error, a cassette replayed byte for
 * byte), and what compare and inspect then say about the probes a score rests on.
 */
import assert from 'node:assert/strict';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type MockReply, startMockLlmServer } from '../../support/loopback-llm-server.ts';
import { runCli, temporaryDirectory } from '../helpers/cli.ts';
import { samplePath } from '../session/samples.ts';

const KEY = 'sk-test-probes-0123456789abcdefghij';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

/** A copy of the pi sample in its own folder, so its sidecar is written beside it. */
async function sampleCopy(name: string): Promise<string> {
  const path = join(directory.path, `${name}.jsonl`);
  await copyFile(samplePath('derived-pi.jsonl'), path);
  return path;
}

const PROPOSALS = JSON.stringify({
  probes: [
    {
      kind: 'decision',
      question: 'How was the retry loop fixed?',
      answer: 'The loop condition became attempt < max.',
      facets: [['attempt < max', 'attempt smaller than max']],
      messageIndex: 3,
    },
    {
      kind: 'decision',
      question: 'Which backoff was chosen?',
      answer: 'Exponential backoff with jitter.',
      facets: [['exponential backoff with jitter']],
      messageIndex: 3,
    },
  ],
});

describe('compaction-bench probes', () => {
  it('writes the derived probes beside the transcript, each with its source, and will not overwrite it', async () => {
    const transcript = await sampleCopy('derived');
    const written = await runCli(['probes', transcript], { cwd: directory.path });
    assert.equal(written.code, 0, written.stderr);
    assert.match(written.stdout, /derived\.probes\.json: 5 probes \(5 derived\)/);
    assert.match(written.stdout, /probes lint: 0 errors, 0 warnings/);
    const sidecar = JSON.parse(await readFile(join(directory.path, 'derived.probes.json'), 'utf8'));
    assert.equal(sidecar.version, 2);
    assert.deepEqual(
      sidecar.probes.map((probe: { id: string; source: string }) => `${probe.id}:${probe.source}`),
      ['task@0:derived', 'constraint@0:derived', 'number@0:derived', 'error@2:derived', 'state@6:derived'],
    );
    assert.equal(sidecar.probes[3].fixedLater, true);

    const again = await runCli(['probes', transcript], { cwd: directory.path });
    assert.equal(again.code, 2);
    assert.match(again.stderr, /derived\.probes\.json exists .*--force/);

    const out = join(directory.path, 'out-sidecar');
    const compared = await runCli(['compare', transcript, '-s', 'identity,paths-only', '-o', out, '-q'], {
      cwd: directory.path,
    });
    assert.equal(compared.code, 0, compared.stderr);
    const results = JSON.parse(await readFile(join(out, 'derived-results.json'), 'utf8'));
    assert.deepEqual(results.fixture.probeSources, { sidecar: 0, derived: 5, model: 0 });
    assert.match(results.fixture.probeFile, /derived\.probes\.json$/);
    const comparison = await readFile(join(out, 'derived-comparison.md'), 'utf8');
    assert.match(comparison, /Probes: sidecar `.*derived\.probes\.json`: 5 probes \(5 derived\)\./);
  });

  it('writes each probe with its statement, so an unedited sidecar scores every strategy as the derived probes do', async () => {
    const reviewed = await sampleCopy('reviewed');
    await sampleCopy('same-unreviewed');
    const written = await runCli(['probes', reviewed], { cwd: directory.path });
    assert.equal(written.code, 0, written.stderr);
    const sidecar = JSON.parse(await readFile(join(directory.path, 'reviewed.probes.json'), 'utf8'));
    assert.ok(
      sidecar.probes.some((probe: { statement?: string }) => typeof probe.statement === 'string'),
      'statements written',
    );
    const outcomes = async (name: string) => {
      const out = join(directory.path, `out-${name}`);
      const transcript = join(directory.path, `${name}.jsonl`);
      const run = await runCli(
        ['compare', transcript, '-s', 'single-shot,truncate,paths-only,grep', '-o', out, '-q'],
        { cwd: directory.path },
      );
      assert.equal(run.code, 0, run.stderr);
      const results = JSON.parse(await readFile(join(out, `${name}-results.json`), 'utf8'));
      return results.strategies.map((strategy: { name: string; quality: { probeOutcomes: object } }) => [
        strategy.name,
        strategy.quality.probeOutcomes,
      ]);
    };
    assert.deepEqual(await outcomes('reviewed'), await outcomes('same-unreviewed'));
  });

  it('writes -o to a file or into a directory, made when missing, and names the path asked for when it cannot (exit 2)', async () => {
    const transcript = await sampleCopy('elsewhere');
    const made = join(directory.path, 'new', 'folder', 'p.json');
    const written = await runCli(['probes', transcript, '-o', made], { cwd: directory.path });
    assert.equal(written.code, 0, written.stderr);
    assert.equal(JSON.parse(await readFile(made, 'utf8')).version, 2);
    const aFile = join(directory.path, 'a-file');
    await writeFile(aFile, 'not a directory');
    const under = await runCli(['probes', transcript, '-o', join(aFile, 'p.json')], { cwd: directory.path });
    assert.equal(under.code, 2);
    assert.equal(
      under.stderr,
      `compaction-bench: ${join(aFile, 'p.json')}: a part of the path is not a directory\n`,
    );
    // A directory, made or not, gets the sidecar's own name inside it (never a temporary file's name in a message).
    const folder = join(directory.path, 'new', 'folder');
    const into = await runCli(['probes', transcript, '-o', folder], { cwd: directory.path });
    assert.equal(into.code, 0, into.stderr);
    const missing = join(directory.path, 'missing');
    const intoMissing = await runCli(['probes', transcript, '-o', `${missing}/`], { cwd: directory.path });
    assert.equal(intoMissing.code, 0, intoMissing.stderr);
    for (const made of [folder, missing])
      assert.equal(JSON.parse(await readFile(join(made, 'elsewhere.probes.json'), 'utf8')).version, 2);
  });

  it('derives probes for compare when there is no sidecar, and says the score rests on them alone', async () => {
    const transcript = await sampleCopy('unreviewed');
    const out = join(directory.path, 'out-derived');
    const compared = await runCli(['compare', transcript, '-s', 'identity,paths-only', '-o', out, '-q'], {
      cwd: directory.path,
    });
    assert.equal(compared.code, 0, compared.stderr);
    assert.match(compared.stdout, /Probes: derived only: 5 probes; no reviewed sidecar/);
    const results = JSON.parse(await readFile(join(out, 'unreviewed-results.json'), 'utf8'));
    assert.equal(results.fixture.probeFile, null);
    const recall = Object.fromEntries(
      results.strategies.map((strategy: { name: string; quality: { probeRecall: number } }) => [
        strategy.name,
        strategy.quality.probeRecall,
      ]),
    );
    assert.deepEqual(recall, { identity: 1, 'paths-only': 0 });

    const inspected = await runCli(['inspect', transcript], { cwd: directory.path });
    assert.match(inspected.stdout, /probes {7}5 {2}derived from the transcript; no sidecar/);
    assert.match(inspected.stdout, /\n  error +1  at 2✓\n/);
  });

  it('says file-name coverage only when no fact can be derived', async () => {
    const transcript = join(directory.path, 'files-only.json');
    await writeFile(
      transcript,
      JSON.stringify([
        { role: 'user', content: 'Show me the readme.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'c1',
              type: 'function',
              function: { name: 'read_file', arguments: '{"path":"README.md"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '# Shop' },
      ]),
    );
    const compared = await runCli(
      ['compare', transcript, '-s', 'identity', '-o', join(directory.path, 'out-files'), '-q'],
      { cwd: directory.path },
    );
    assert.equal(compared.code, 0, compared.stderr);
    assert.match(compared.stdout, /file-name coverage only — run compaction-bench probes to measure facts/);
  });

  it('adds model-written probes, drops a facet the transcript lacks, and replays the cassette byte for byte', async () => {
    const transcript = await sampleCopy('modelled');
    const server = await startMockLlmServer({ reply: (): MockReply => ({ kind: 'text', text: PROPOSALS }) });
    const cassette = join(directory.path, 'probes-cassette.jsonl');
    const recorded = join(directory.path, 'recorded.probes.json');
    try {
      const written = await runCli(
        [
          'probes',
          transcript,
          '-p',
          'openai:test-model',
          '--base-url',
          server.url,
          '--record',
          cassette,
          '--no-cache',
          '-o',
          recorded,
        ],
        { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
      );
      assert.equal(written.code, 0, written.stderr);
      assert.equal(server.requests.length, 1);
      assert.match(written.stdout, /6 probes \(5 derived, 1 model-written\)/);
      assert.match(written.stdout, /"Which backoff was chosen\?": no facet occurs in the transcript/);
    } finally {
      await server.close();
    }
    const sidecar = JSON.parse(await readFile(recorded, 'utf8'));
    assert.equal(sidecar.writtenBy.provider, 'openai:test-model');
    const model = sidecar.probes.filter((probe: { source: string }) => probe.source === 'model');
    assert.deepEqual(
      model.map((probe: { id: string; facets: string[][] }) => [probe.id, probe.facets]),
      [['decision@3', [['attempt < max']]]],
    );

    const replayed = join(directory.path, 'replayed.probes.json');
    const replay = await runCli(
      ['probes', transcript, '-p', 'openai:test-model', '--replay', cassette, '-o', replayed],
      { cwd: directory.path },
    );
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(await readFile(replayed, 'utf8'), await readFile(recorded, 'utf8'));
  });

  for (const [name, text, expected] of [
    ['prose', 'Sure! Here are some probes about the session.', /the model's answer is not JSON: "Sure!/],
    [
      'a wrong shape',
      '{"probes": [{"kind": "opinion", "question": "q", "answer": "a", "facets": [["x y"]], "messageIndex": 0}]}',
      /the model's answer is not a probe list \(probes\.0\.kind: .*\)/,
    ],
  ] as const) {
    it(`fails with a clear error on a malformed answer (${name})`, async () => {
      const transcript = await sampleCopy(`malformed-${name.replace(/\s/g, '-')}`);
      const server = await startMockLlmServer({ reply: () => ({ kind: 'text', text }) });
      try {
        const result = await runCli(
          ['probes', transcript, '-p', 'openai:test-model', '--base-url', server.url, '--no-cache'],
          { cwd: directory.path, env: { OPENAI_API_KEY: KEY } },
        );
        assert.equal(result.code, 3);
        assert.match(result.stderr, /^compaction-bench: probes slice 1\/1: /);
        assert.match(result.stderr, expected);
      } finally {
        await server.close();
      }
    });
  }
});
