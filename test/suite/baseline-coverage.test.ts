import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GateResults } from '../../src/quality/gate.ts';
import { baselineCoverage, type CoverageOptions } from '../../src/suite/baseline-coverage.ts';

/** A session of a run or a baseline holding these strategies (name, or [name, status]). */
function session(
  name: string,
  strategies: ReadonlyArray<string | [string, string]>,
): GateResults & {
  fixture: { name: string; path: string };
  strategies: Array<{ name: string; status: string }>;
} {
  return {
    fixture: { name, path: `/sessions/${name}.jsonl` },
    strategies: strategies.map((entry) =>
      typeof entry === 'string' ? { name: entry, status: 'ok' } : { name: entry[0], status: entry[1] },
    ),
  };
}

const baselinesOf = (...sessions: ReturnType<typeof session>[]) =>
  new Map(sessions.map((entry) => [entry.fixture.name, entry as GateResults]));

const options = (extra: Partial<CoverageOptions> = {}): CoverageOptions => ({
  files: new Map([
    ['a', 'bl/a-results.json'],
    ['b', 'bl/b-results.json'],
  ]),
  skipped: [],
  strategiesChosen: false,
  allowMissing: false,
  ...extra,
});

describe('the sessions of the baseline against the sessions of the run', () => {
  const baselines = baselinesOf(session('a', ['single-shot']), session('b', ['single-shot']));

  it('fails a session of the baseline the run lacks, naming its baseline file and transcript', () => {
    const coverage = baselineCoverage([session('a', ['single-shot'])], baselines, options());
    assert.deepEqual(
      coverage.failures.map((failure) => [failure.kind, failure.message]),
      [
        [
          'missing',
          'session b: in the baseline (bl/b-results.json, transcript /sessions/b.jsonl) but not in this run; give it, or --allow-missing to gate the sessions present',
        ],
      ],
    );
    assert.equal(coverage.failures[0]!.againstBaseline, undefined, '--update-baseline does not accept it');
  });

  it('names an unreadable session with why it could not be read', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot'])],
      baselines,
      options({ skipped: [{ file: '/sessions/b.jsonl', reason: 'line 5: not valid JSON' }] }),
    );
    assert.deepEqual(
      coverage.failures.map((failure) => failure.message),
      [
        'session b: in the baseline (bl/b-results.json) but /sessions/b.jsonl could not be read (line 5: not valid JSON); repair it, or --allow-missing to gate the sessions present',
      ],
    );
  });

  it('with --allow-missing, notes it instead', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot'])],
      baselines,
      options({ allowMissing: true }),
    );
    assert.deepEqual(coverage.failures, []);
    assert.match(
      coverage.notes.join('\n'),
      /^session b: .* but not in this run; not gated \(--allow-missing\)$/m,
    );
    assert.equal(coverage.compared, 1);
  });

  it('fails a comparison of nothing: a baseline of a session renamed, allowed missing', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot'])],
      baselinesOf(session('renamed', ['single-shot'])),
      options({ allowMissing: true }),
    );
    assert.deepEqual(
      coverage.failures.map((failure) => [failure.kind, failure.message]),
      [
        [
          'baseline',
          'nothing was compared with the baseline: no strategy is in both (1 baseline session, 1 session run)',
        ],
      ],
    );
    assert.match(coverage.notes.join('\n'), /no baseline for session a; not gated/);
  });
});

describe('the strategies of the baseline against the strategies of the run', () => {
  it('notes the strategies -s left out as not gated, and fails none of them', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot'])],
      baselinesOf(session('a', ['single-shot', 'identity', 'truncate', 'recorded'])),
      options({ strategiesChosen: true }),
    );
    assert.deepEqual(coverage.failures, []);
    assert.deepEqual(coverage.notes, [
      'not gated: identity, truncate (in the baseline, left out by -s; name them in -s, or leave -s out to run every strategy the baseline holds)',
    ]);
  });

  it('fails a strategy of the baseline missing from a run that took its strategies from the baseline', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot'])],
      baselinesOf(session('a', ['single-shot', 'identity'])),
      options(),
    );
    assert.deepEqual(
      coverage.failures.map((failure) => failure.message),
      ['identity: in the baseline (bl/a-results.json) but not in this run'],
    );
  });

  it('says which flag renamed a strategy, and how to accept it', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot+recent', 'truncate'])],
      baselinesOf(session('a', ['single-shot', 'truncate'])),
      options(),
    );
    assert.deepEqual(
      coverage.failures.map((failure) => [failure.message, failure.againstBaseline]),
      [
        [
          'single-shot: runs as single-shot+recent in this run (renamed by --keep-recent-tokens), and the baseline has no single-shot+recent to compare with; accept this run as the baseline, or leave out --keep-recent-tokens',
          true,
        ],
      ],
    );
    const back = baselineCoverage(
      [session('a', ['single-shot'])],
      baselinesOf(session('a', ['single-shot+recent'])),
      options({ strategiesChosen: true }),
    );
    assert.match(
      back.failures[0]!.message,
      /^single-shot\+recent: the baseline ran it with --keep-recent-tokens/,
    );
  });

  it('fails a strategy that failed in the baseline, and one the baseline lacks: nothing gates them', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot', 'sequential-rolling', 'pi'])],
      baselinesOf(session('a', ['single-shot', ['sequential-rolling', 'error']])),
      options({ strategiesChosen: true }),
    );
    assert.deepEqual(
      coverage.failures.map((failure) => [failure.kind, failure.message]),
      [
        [
          'baseline',
          'sequential-rolling failed in the baseline (bl/a-results.json: status "error"), so nothing gates it; accept this run as the baseline',
        ],
        [
          'baseline',
          'pi: not in the baseline (bl/a-results.json), so nothing gates it; accept this run as the baseline to gate it from now on',
        ],
      ],
    );
    assert.equal(coverage.compared, 1);
  });

  it('leaves the agent’s own recorded row out either way', () => {
    const coverage = baselineCoverage(
      [session('a', ['single-shot', 'recorded'])],
      baselinesOf(session('a', ['single-shot'])),
      options(),
    );
    assert.deepEqual(coverage.failures, []);
  });
});
