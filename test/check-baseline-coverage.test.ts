/**
 * `check --baseline` as a user runs it, on real files in a temporary folder (in this process: the command's core
 * function with its defaults): a session of the baseline that disappears, or turns unreadable, fails the gate
 * naming it; strategies left out with -s are not gated, and one renamed by a flag says so; a doctored baseline (a
 * strategy in error, a session renamed, a strategy removed, its outcomes deleted) never passes a change that drops
 * facts.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { InputError } from '../src/errors.ts';
import { writeSuite } from './helpers/suite-sessions.ts';
import { temporaryDirectory } from './helpers/cli.ts';
import { check } from './helpers/check-run.ts';

let directory: { path: string; remove: () => Promise<void> };
before(async () => {
  directory = await temporaryDirectory();
});
after(() => directory.remove());

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

describe('the sessions of the baseline against the sessions of the run', () => {
  let sessions: string;
  let baseline: string;
  let files: string[];
  before(async () => {
    sessions = join(directory.path, 'sessions');
    await mkdir(sessions);
    files = await writeSuite(sessions, 2);
    baseline = join(directory.path, 'baseline');
    const first = await check({
      transcripts: [sessions],
      strategies: 'single-shot,truncate',
      out: join(directory.path, 'first'),
      failUnder: ['probeRecall=0'],
      updateBaseline: baseline,
    });
    assert.equal(first.exitCode, 0, first.text);
  });

  it('fails when a session of the baseline is missing, naming its baseline file and transcript', async () => {
    // Before: "PASS  2 strategies against the baseline: no fact lost", exit 0.
    const [, second] = files;
    const away = join(directory.path, 'away.jsonl');
    await rename(second!, away);
    try {
      const run = await check({
        transcripts: [sessions],
        baselines: [baseline],
        out: join(directory.path, 'gone'),
      });
      assert.equal(run.exitCode, 1, run.text);
      assert.match(
        run.text,
        new RegExp(
          `^FAIL {2}session gen-2-20k: 1 failure \\(rule: [^\\n]*\\)\\n {2}✗ session gen-2-20k: in the baseline \\(${baseline}/gen-2-20k-results\\.json, transcript ${second}\\) but not in this run; give it, or --allow-missing to gate the sessions present\\n`,
        ),
      );
      const allowed = await check({
        transcripts: [sessions],
        baselines: [baseline],
        allowMissing: true,
        out: join(directory.path, 'gone'),
      });
      assert.equal(allowed.exitCode, 0, allowed.text);
      // The verdict line itself says a session was let go, not only a note at the end.
      assert.match(
        allowed.text.split('\n')[0]!,
        /^PASS {2}\d+ strateg(y|ies) against the baseline: no fact lost; 1 session of the baseline missing, not gated \(--allow-missing\)/,
      );
      assert.match(
        allowed.text,
        /note: session gen-2-20k: .* not in this run; not gated \(--allow-missing\)/,
      );
    } finally {
      await rename(away, second!);
    }
  });

  it('fails when a session of the baseline is unreadable, with the line that could not be read', async () => {
    // Before: a "skipped" line on stderr, and a PASS.
    const [, second] = files;
    const text = await readFile(second!, 'utf8');
    const lines = text.split('\n');
    lines[4] = '{corrupt';
    await writeFile(second!, lines.join('\n'));
    try {
      const run = await check({
        transcripts: [sessions],
        baselines: [baseline],
        out: join(directory.path, 'bad'),
      });
      assert.equal(run.exitCode, 1, run.text);
      assert.match(
        run.text,
        new RegExp(
          `✗ session gen-2-20k: in the baseline \\(.*\\) but ${second} could not be read \\(line 5: not valid JSON[^\\n]*\\); repair it, or --allow-missing`,
        ),
      );
    } finally {
      await writeFile(second!, text);
    }
  });
});

describe('the strategies of the baseline against the strategies of the run', () => {
  let session: string;
  let baseline: string;
  before(async () => {
    session = join(directory.path, 'one.jsonl');
    await copyFile(join(FIXTURES, 'before-compaction.jsonl'), session);
    await copyFile(join(FIXTURES, 'before-compaction.probes.json'), join(directory.path, 'one.probes.json'));
    baseline = join(directory.path, 'one-baseline.json');
    const first = await check({
      transcripts: [session],
      strategies: 'single-shot,sequential-rolling,truncate,identity',
      out: join(directory.path, 'one-first'),
      failUnder: ['probeRecall=0'],
      updateBaseline: baseline,
    });
    assert.equal(first.exitCode, 0, first.text);
  });

  it('reports the strategies -s left out as not gated, and fails none of them', async () => {
    // Before: "✗ truncate: in the baseline but not in this run" for each strategy left out.
    const run = await check({
      transcripts: [session],
      strategies: 'single-shot',
      baselines: [baseline],
      out: join(directory.path, 'left-out'),
    });
    assert.equal(run.exitCode, 0, run.text);
    assert.match(run.text, /^PASS {2}1 strategy against the baseline: no fact lost/);
    assert.match(
      run.text,
      /note: not gated: sequential-rolling, truncate, identity \(in the baseline, left out by -s; name them in -s, or leave -s out/,
    );
  });

  it('says which flag renamed a strategy and how to accept the change', async () => {
    // Before: "✗ single-shot: in the baseline but not in this run", with no word of --keep-recent-tokens.
    const run = await check({
      transcripts: [session],
      baselines: [baseline],
      out: join(directory.path, 'renamed'),
      config: { ...(await import('./helpers/strategy-run.ts')).TEST_CONFIG, keepRecentTokens: 4000 },
    });
    assert.equal(run.exitCode, 1, run.text);
    assert.match(
      run.text,
      /✗ single-shot: runs as single-shot\+recent in this run \(renamed by --keep-recent-tokens\), and the baseline has no single-shot\+recent to compare with; accept this run as the baseline, or leave out --keep-recent-tokens/,
    );
    assert.match(
      run.text,
      /To accept these results as the new baseline:\n {2}compaction-bench check .* --update-baseline /,
    );
  });
});

describe('a doctored baseline never passes a change that drops facts', () => {
  let session: string;
  let baseline: Record<string, any>;
  before(async () => {
    session = join(directory.path, 'doctor.jsonl');
    await copyFile(join(FIXTURES, 'before-compaction.jsonl'), session);
    await copyFile(
      join(FIXTURES, 'before-compaction.probes.json'),
      join(directory.path, 'doctor.probes.json'),
    );
    const file = join(directory.path, 'doctor-baseline.json');
    const first = await check({
      transcripts: [session],
      strategies: 'single-shot,sequential-rolling',
      out: join(directory.path, 'doctor-first'),
      failUnder: ['probeRecall=0'],
      updateBaseline: file,
    });
    assert.equal(first.exitCode, 0, first.text);
    baseline = await readJson(file);
    // The change: sequential-rolling now "drops" the facts the doctored baseline says it kept.
    const rolling = baseline.strategies.find((strategy: any) => strategy.name === 'sequential-rolling');
    for (const id of Object.keys(rolling.quality.probeOutcomes))
      rolling.quality.probeOutcomes[id] = 'matched';
    rolling.quality.probeRecall = 1;
  });

  const gate = async (name: string, doctor: (json: any) => void) => {
    const json = structuredClone(baseline);
    doctor(json);
    const file = join(directory.path, `${name}.json`);
    await writeFile(file, JSON.stringify(json));
    return check({
      transcripts: [session],
      strategies: 'single-shot,sequential-rolling',
      baselines: [file],
      out: join(directory.path, name),
    });
  };
  const rolling = (json: any) =>
    json.strategies.find((strategy: any) => strategy.name === 'sequential-rolling');

  it('as it is: fails, the facts lost named', async () => {
    const run = await gate('plain', () => {});
    assert.equal(run.exitCode, 1, run.text);
    assert.match(run.text, /^FAIL {2}sequential-rolling: 2 facts lost against the baseline/);
  });

  it('a strategy marked "error" in the baseline fails: nothing gates it', async () => {
    // Before: "PASS  1 strategy against the baseline: no fact lost".
    const run = await gate('error', (json) => {
      rolling(json).status = 'error';
    });
    assert.equal(run.exitCode, 1, run.text);
    assert.match(
      run.text,
      /✗ sequential-rolling failed in the baseline \(.*error\.json: status "error"\), so nothing gates it; accept this run as the baseline/,
    );
  });

  it('a session renamed fails: the baseline’s session is not in the run', async () => {
    // Before: "PASS  0 strategies against the baseline: no fact lost".
    const run = await gate('renamed', (json) => {
      json.fixture.name = 'another';
    });
    assert.equal(run.exitCode, 1, run.text);
    assert.match(
      run.text,
      /✗ session another: in the baseline \(.*renamed\.json, transcript .*doctor\.jsonl\) but not in this run/,
    );
  });

  it('a strategy removed fails: nothing gates the one the run still has', async () => {
    // Before: a note, and a PASS.
    const run = await gate('removed', (json) => {
      json.strategies = json.strategies.filter((strategy: any) => strategy.name !== 'sequential-rolling');
    });
    assert.equal(run.exitCode, 1, run.text);
    assert.match(
      run.text,
      /✗ sequential-rolling: not in the baseline \(.*removed\.json\), so nothing gates it/,
    );
  });

  it('probe outcomes deleted are refused as bad input, naming the file and the strategy', async () => {
    // Before: "0 facts lost": fact recall was not compared at all.
    await assert.rejects(
      gate('outcomes', (json) => {
        delete rolling(json).quality.probeOutcomes;
      }),
      (error: Error) =>
        error instanceof InputError &&
        /outcomes\.json: strategy 'sequential-rolling' has no quality\.probeOutcomes, so no fact can be compared with it; write the baseline again with --update-baseline$/.test(
          error.message,
        ),
    );
  });
});
