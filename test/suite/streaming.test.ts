import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { writeSessionOfTokens } from '../../fixtures/generator/output.ts';
import { runSuite } from '../../src/run/run-suite.ts';
import { temporaryDirectory } from '../helpers/cli.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';

// A full collection on demand, so that a session still alive is one the runner still holds.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Where the counting strategy reports: every session it was given, held weakly. */
const TRACKER = Symbol.for('compaction-bench.test.live-sessions');
type Tracker = { sessions: Array<WeakRef<object>>; peak: number; runs: number };

const TYPES = fileURLToPath(new URL('../../src/strategies/types.ts', import.meta.url));

// A strategy that, on each session it is given, collects garbage and counts the sessions given so far that are
// still alive: what the runner holds at that moment (the session it runs on included).
const COUNTING_STRATEGY = `import type { Strategy } from '${TYPES}';
export default {
  name: 'live-sessions',
  description: 'counts the sessions the runner still holds',
  group: 'custom',
  callsModel: false,
  async run(session) {
    const tracker = (globalThis as Record<symbol, any>)[Symbol.for('compaction-bench.test.live-sessions')]; // set by the test
    tracker.sessions.push(new WeakRef(session));
    tracker.runs++;
    tracker.collect();
    tracker.peak = Math.max(tracker.peak, tracker.sessions.filter((held) => held.deref() !== undefined).length);
    return { summary: session.messages.slice(-2).map((message) => JSON.stringify(message.content)).join('\\n') };
  },
} satisfies Strategy;
`;

// Enough that a runner holding every session it read (or reading them all first) shows it well past the limit.
const SESSIONS = 12;
const CONCURRENCY = 2;

let directory: { path: string; remove: () => Promise<void> };
let files: string[];
before(async () => {
  directory = await temporaryDirectory();
  files = [];
  for (let seed = 1; seed <= SESSIONS; seed++) {
    const file = join(directory.path, 'suite', `session-${String(seed).padStart(2, '0')}.jsonl`);
    files.push((await writeSessionOfTokens(3000, file, seed)).file);
  }
});
after(async () => {
  await directory.remove();
});

describe('a suite that streams', () => {
  it('holds no more sessions at once than the concurrency limit, and keeps every session in order', async () => {
    const strategyFile = join(directory.path, 'live-sessions.ts');
    await writeFile(strategyFile, COUNTING_STRATEGY);
    const tracker: Tracker & { collect: () => void } = { sessions: [], peak: 0, runs: 0, collect };
    (globalThis as Record<symbol, unknown>)[TRACKER] = tracker;
    const loaded: number[] = [];
    const outcome = await runSuite({
      transcripts: files,
      strategies: `${strategyFile},single-shot`,
      provider: 'extractive',
      out: join(directory.path, 'out'),
      tokenizer: 'o200k_base',
      config: TEST_CONFIG,
      concurrency: CONCURRENCY,
      runs: 1,
      onProgress: (event) => {
        if (event.type === 'loaded') loaded.push(tracker.runs);
      },
    });
    assert.equal(tracker.runs, SESSIONS);
    assert.ok(
      tracker.peak <= CONCURRENCY,
      `at most ${CONCURRENCY} sessions alive at once (the concurrency limit); saw ${tracker.peak}`,
    );
    assert.ok(tracker.peak >= 1);
    // Loading is interleaved with running: the last session is read after the first ones ran.
    assert.ok(loaded.at(-1)! >= SESSIONS - CONCURRENCY, `sessions read as they run: ${loaded.join(',')}`);
    const names = files.map((_, index) => `session-${String(index + 1).padStart(2, '0')}`);
    assert.deepEqual(
      outcome.sessions.map((session) => session.digest.fixture.name),
      names,
    );
    assert.deepEqual(
      outcome.suites[0]!.sessions.map((session) => session.name),
      names,
    );
    // The records file: the header first, then each session's records in the order given, named after the run.
    const lines = (await readFile(outcome.recordsFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; run: string; session?: string });
    assert.equal(lines[0]!.kind, 'run');
    const run = lines[0]!.run;
    assert.ok(lines.every((line) => line.run === run));
    assert.deepEqual(
      lines.filter((line) => line.kind === 'session').map((line) => line.session),
      names,
    );
    assert.equal(lines.filter((line) => line.kind === 'job').length, SESSIONS * 2);
  });
});
