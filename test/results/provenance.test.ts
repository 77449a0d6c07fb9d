import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandLine, provenanceMarkdown, type Provenance } from '../../src/results/provenance.ts';

describe('provenance', () => {
  it('writes the command line as a shell reads it back, with key-like values removed', () => {
    assert.equal(
      commandLine([
        'check',
        'my sessions/',
        '--base-url',
        'https://x.test/?key=sk-proj-abcdefghijklmnopqrstuvwx',
      ]),
      "compaction-bench check 'my sessions/' --base-url 'https://x.test/?key=***'",
    );
  });

  it('removes a password or a key-named query value of a URL, whatever its shape', () => {
    assert.equal(
      commandLine([
        'check',
        'before-compaction',
        '--base-url',
        'https://alice:hunter2password@gateway.test/v1?api-key=plainsecretvalue99&region=eu',
        '--judge-base-url=https://gateway.test/v1?access_token=abc123def456',
      ]),
      "compaction-bench check before-compaction --base-url 'https://***@gateway.test/v1?api-key=***&region=eu' '--judge-base-url=https://gateway.test/v1?access_token=***'",
    );
  });

  it('keeps the date out of the Markdown line, so a rerun on the same commit writes the same bytes', () => {
    const provenance: Provenance = {
      tool: 'compaction-bench',
      version: '0.1.0',
      commit: '0123456789abcdef0123',
      uncommittedChanges: false,
      date: '2026-11-25T16:00:00.000Z',
      command: 'compaction-bench check before-compaction',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      cassette: { mode: 'replay', file: 'ci/cassette.jsonl', id: 'abcdef012345' },
    };
    assert.equal(
      provenanceMarkdown(provenance),
      '_compaction-bench 0.1.0 at commit `0123456789ab`; provider `openai:gpt-4.1-mini`; cassette `ci/cassette.jsonl` (replay, abcdef012345); command `compaction-bench check before-compaction`._',
    );
    assert.equal(
      provenanceMarkdown(undefined),
      '_Provenance: not recorded (results written by an earlier version)._',
    );
  });
});
