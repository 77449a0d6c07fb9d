import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readResults } from '../src/results/digest.ts';
import { spreadOf } from '../src/results/statistics.ts';
import { runCompare } from '../src/run/run.ts';
import { loadSession } from '../src/session/load.ts';
import { contentText } from '../src/session/types.ts';
import { getTokenizer } from '../src/tokens.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { TEST_CONFIG } from './helpers/strategy-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(async () => {
  await directory.remove();
});

const TYPES = fileURLToPath(new URL('../src/strategies/types.ts', import.meta.url));

describe('runner', () => {
  it('samples a strategy --runs times and reports mean and standard error; a deterministic one once', async () => {
    // A strategy that keeps the whole transcript on odd runs and nothing on even runs.
    const strategyFile = join(directory.path, 'alternating.ts');
    await writeFile(
      strategyFile,
      `import type { Strategy } from '${TYPES}';
let run = 0;
export default {
  name: 'alternating',
  description: 'keeps everything on every other run',
  group: 'custom',
  callsModel: false,
  async run(session) {
    run++;
    return run % 2 === 1 ? { summary: '', kept: session.messages } : { summary: 'nothing kept' };
  },
} satisfies Strategy;
`,
    );
    const outcome = await runCompare({
      transcripts: ['before-compaction'],
      strategies: `${strategyFile},identity`,
      provider: 'extractive',
      out: join(directory.path, 'runs'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 4,
      runs: 4,
    });
    const [alternating, identity] = (await readResults(outcome.sessions[0]!.resultsFile)).strategies;
    assert.equal(alternating!.runs, 4);
    const fileRecall = alternating!.spread!['fileRecall']!;
    assert.equal(fileRecall.mean, 0.5, 'two of four runs keep every file');
    assert.equal(alternating!.quality.fileRecall, 0.5, 'the reported figure is the mean');
    assert.ok(Math.abs(fileRecall.stdError - spreadOf([1, 0, 1, 0]).stdError) < 1e-12);
    assert.ok(alternating!.spread!['probeRecall']!.stdError > 0);
    assert.equal(alternating!.spread!['probeRecall']!.mean, 0.5, 'two of four runs keep every fact');
    assert.ok('probeRecall.decision' in alternating!.spread!, 'per-kind recall has a spread too');
    assert.deepEqual(alternating!.freshCalls, [0, 0, 0, 0], 'one entry per run');
    assert.equal(alternating!.deterministic, false);
    assert.equal(
      identity!.runs,
      1,
      'a deterministic strategy is sampled once, not reported with an error of 0',
    );
    assert.equal(identity!.deterministic, true);
    assert.equal(identity!.spread, null);
    assert.equal(identity!.quality.probeRecall, 1);
  });
});

describe('one session shared by every strategy', () => {
  const write = async (file: string, run: string) => {
    // `.mts`: a strategy module runs in strict mode, as an ES module does.
    const path = join(directory.path, file);
    await writeFile(
      path,
      `import type { Strategy } from '${TYPES}';
import { contentText } from '${fileURLToPath(new URL('../src/session/types.ts', import.meta.url))}';
export default {
  name: '${file.replace(/\.mts$/, '')}',
  description: 'keeps the first user message, holding every user and tool output',
  group: 'custom',
  callsModel: false,
  async run(session, context) {
    const everything = session.messages
      .filter((message) => message.role === 'user' || message.role === 'toolResult')
      .map((message) => contentText(message.content))
      .join('\\n');
    ${run}
  },
} satisfies Strategy;
`,
    );
    return path;
  };
  const compare = (strategies: string, out: string) =>
    runCompare({
      transcripts: ['before-compaction'],
      strategies,
      provider: 'extractive',
      out: join(directory.path, out),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 4,
      runs: 1,
    });

  it('cannot be edited by one strategy under another: results do not depend on the order', async () => {
    const editor = await write(
      'edits-in-place.mts',
      `const first = session.messages.find((message) => message.role === 'user')!;
    context.tokenizer.countMessage(first);
    (first as { content: unknown }).content = everything;
    return { summary: '', kept: [first] };`,
    );
    const before = await compare(`${editor},single-shot`, 'editor-first');
    const after = await compare(`single-shot,${editor}`, 'editor-last');
    const [beforeResults, afterResults] = [
      await readResults(before.sessions[0]!.resultsFile),
      await readResults(after.sessions[0]!.resultsFile),
    ];
    const result = (outcome: typeof before, name: string) =>
      (outcome === before ? beforeResults : afterResults).strategies.find(
        (strategy) => strategy.name === name,
      )!;
    const [first, last] = [result(before, 'single-shot'), result(after, 'single-shot')];
    assert.equal(first.tokensAfter, last.tokensAfter);
    assert.deepEqual(first.quality.probeOutcomes, last.quality.probeOutcomes);
    const edited = result(before, 'edits-in-place');
    assert.equal(edited.status, 'error', 'editing the shared session in place fails that strategy alone');
    assert.match(edited.error!, /read only property 'content'/);
    assert.equal(result(after, 'edits-in-place').status, 'error');
  });

  it('charges a kept message by its content, even when the strategy edited it after it was counted', async () => {
    const copier = await write(
      'edits-its-copy.mts',
      `const copy = { ...session.messages.find((message) => message.role === 'user')! };
    context.tokenizer.countMessage(copy);
    copy.content = everything;
    return { summary: '', kept: [copy] };`,
    );
    const outcome = await compare(copier, 'copier');
    const [result] = (await readResults(outcome.sessions[0]!.resultsFile)).strategies;
    assert.equal(result!.status, 'ok');
    const tokenizer = await getTokenizer('o200k_base');
    const session = await loadSession(
      fileURLToPath(new URL('../fixtures/before-compaction.jsonl', import.meta.url)),
    );
    const everything = session.messages
      .filter((message) => message.role === 'user' || message.role === 'toolResult')
      .map((message) => contentText(message.content))
      .join('\n');
    assert.equal(result!.tokensAfter, tokenizer.count(everything));
    assert.ok(result!.tokensAfter > 10_000, 'every user and tool output, not one message');
  });
});

/** A pi v3 session with one compaction after message 3 that kept messages 2–3, and a v2 sidecar. */
async function compactedSession(path: string): Promise<string> {
  const texts: Array<[string, string]> = [
    ['user', 'Build the export. Use keyset pagination instead of OFFSET for the listing.'],
    ['assistant', 'Understood: keyset pagination instead of OFFSET for the listing.'],
    ['user', 'Also never log tokens in plain text: redact them in every log line.'],
    ['assistant', 'Noted: tokens are redacted in every log line.'],
    ['user', 'Next, add retries with exponential backoff to the uploader.'],
    ['assistant', 'Adding retries with exponential backoff to the uploader.'],
  ];
  const entry = (index: number) => {
    const [role, text] = texts[index]!;
    const content = role === 'user' ? text : [{ type: 'text', text }];
    return {
      type: 'message',
      id: `m${index}`,
      parentId: index === 0 ? null : index === 4 ? 'c1' : `m${index - 1}`,
      timestamp: '2026-01-05T08:00:00.000Z',
      message: { role, content },
    };
  };
  const lines = [
    { type: 'session', version: 3, id: 's', timestamp: '2026-01-05T08:00:00.000Z', cwd: '/work' },
    ...[0, 1, 2, 3].map(entry),
    {
      type: 'compaction',
      id: 'c1',
      parentId: 'm3',
      timestamp: '2026-01-05T08:00:00.000Z',
      summary: 'The user wants an export with keyset pagination instead of OFFSET.',
      firstKeptEntryId: 'm2',
      tokensBefore: 900,
    },
    ...[4, 5].map(entry),
  ];
  await writeFile(path, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  const probe = (id: string, kind: string, facets: string[][], answer: string, messageIndex: number) => ({
    id,
    kind,
    question: `${id}?`,
    answer,
    facets,
    messageIndex,
  });
  await writeFile(
    path.replace(/\.jsonl$/, '.probes.json'),
    JSON.stringify({
      version: 2,
      probes: [
        probe(
          'keyset',
          'decision',
          [['keyset pagination'], ['instead of OFFSET']],
          'Keyset pagination instead of OFFSET.',
          0,
        ),
        probe(
          'redact',
          'constraint',
          [['redacted', 'redact them'], ['every log line']],
          'Tokens are redacted in every log line.',
          2,
        ),
        probe(
          'backoff',
          'task',
          [['exponential backoff'], ['the uploader']],
          'Retries with exponential backoff in the uploader.',
          4,
        ),
      ],
    }),
  );
  return path;
}

describe('the recorded compaction', () => {
  it('is scored on what the agent had right after compacting, against the probes planted before it', async () => {
    const file = await compactedSession(join(directory.path, 'compacted.jsonl'));
    const outcome = await runCompare({
      transcripts: [file],
      strategies: 'identity',
      provider: 'extractive',
      out: join(directory.path, 'recorded'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: 2,
      runs: 1,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    const recorded = results.strategies.find((strategy) => strategy.name === 'recorded')!;
    assert.equal(recorded.quality.probesTotal, 2, 'the backoff probe comes after the compaction');
    assert.deepEqual(recorded.quality.probeOutcomes, { keyset: 'matched', redact: 'matched' });
    assert.equal(recorded.keptMessages, 2, 'the messages the agent kept count');
    assert.deepEqual(recorded.keptRanges, [{ start: 2, end: 4 }]);
    const identity = results.strategies.find((strategy) => strategy.name === 'identity')!;
    assert.equal(identity.quality.probesTotal, 3, 'strategies see the whole session');
  });

  it('--at-compaction runs every strategy on the same history and kept tail as the agent', async () => {
    const file = await compactedSession(join(directory.path, 'compacted-at.jsonl'));
    const outcome = await runCompare({
      transcripts: [file],
      strategies: 'truncate,identity',
      provider: 'extractive',
      out: join(directory.path, 'at-compaction'),
      tokenizer: 'o200k_base',
      config: { ...TEST_CONFIG, keepRecentTokens: 1 },
      concurrency: 2,
      runs: 1,
      atCompaction: true,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    assert.equal(results.fixture.messages, 4, 'the history up to the compaction');
    assert.equal(results.probes.length, 2);
    const truncate = results.strategies.find((strategy) => strategy.name === 'truncate')!;
    assert.deepEqual(truncate.keptRanges.at(-1), { start: 2, end: 4 }, 'the tail the agent kept');
    assert.equal(truncate.quality.probeOutcomes['redact'], 'matched');
    const identity = results.strategies.find((strategy) => strategy.name === 'identity')!;
    assert.equal(identity.quality.probeRecall, 1);
  });
  it("-s file:<path> scores a handoff as written at the compaction, beside the agent's own summary", async () => {
    const file = await compactedSession(join(directory.path, 'compacted-file.jsonl'));
    const handoff = join(directory.path, 'handoff.md');
    await writeFile(
      handoff,
      'We are building the export; its listing pages with keyset pagination instead of OFFSET.\n',
    );
    const outcome = await runCompare({
      transcripts: [file],
      strategies: `file:${handoff}`,
      provider: 'extractive',
      out: join(directory.path, 'file-at-compaction'),
      tokenizer: 'o200k_base',
      config: { ...TEST_CONFIG, keepRecentTokens: 1 },
      concurrency: 1,
      runs: 1,
      atCompaction: true,
    });
    const results = await readResults(outcome.sessions[0]!.resultsFile);
    const written = results.strategies.find((strategy) => strategy.name === 'file:handoff.md')!;
    assert.equal(written.calls, 0);
    // The note keeps the pagination rule; the redaction rule lives on in the tail the agent kept.
    assert.equal(written.quality.probeOutcomes['redact'], 'matched');
    assert.equal(written.quality.probeRecall, 1);
    assert.deepEqual(written.keptRanges.at(-1), { start: 2, end: 4 });
    await assert.rejects(
      runCompare({
        transcripts: [file],
        strategies: `file:${join(directory.path, 'missing.md')}`,
        provider: 'extractive',
        out: join(directory.path, 'file-missing'),
        tokenizer: 'o200k_base',
        config: TEST_CONFIG,
        concurrency: 1,
        runs: 1,
        atCompaction: true,
      }),
      /cannot read summary file .*missing\.md/,
    );
  });
});
