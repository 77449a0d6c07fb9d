/**
 * The compare options are read where they are used: the run cuts them once into the slices the stages read
 * (src/stages/options.ts), and no module below the run names the whole options type.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  importOptions,
  runListeners,
  sessionLoadOptions,
  stagePlanOptions,
} from '../../src/stages/options.ts';
import type { CompareOptions } from '../../src/stages/types.ts';
import { filesUnder } from '../helpers/files-under.ts';
import { TEST_CONFIG } from '../helpers/strategy-run.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

// The run (compare, suite, check), the flags that build the options, and the stages' types and the module that cuts
// them. By file name (and the stages' folder), so a move to another folder keeps the rule.
const THE_RUN = new Set(['run.ts', 'run-suite.ts', 'check.ts', 'run-options.ts']);
const isRun = (file: string) => THE_RUN.has(basename(file)) || /\/stages\/(options|types)\.ts$/.test(file);

const onProgress = () => {};
const options: CompareOptions = {
  transcripts: ['a.jsonl'],
  strategies: 'core',
  config: TEST_CONFIG,
  runs: 3,
  reference: 'single-shot',
  atCompaction: true,
  format: 'pi',
  skipInvalid: true,
  sessionNames: { 'a.jsonl': 'a' },
  skipUnloadable: true,
  provider: 'extractive',
  tokenizer: 'o200k_base',
  concurrency: 4,
  out: 'out',
  onProgress,
};

describe('compare options, cut for the stages', () => {
  it('gives each stage only the part it reads', () => {
    assert.deepEqual(stagePlanOptions(options), {
      config: TEST_CONFIG,
      runs: 3,
      reference: 'single-shot',
      atCompaction: true,
    });
    assert.deepEqual(runListeners(options), { onProgress });
    assert.deepEqual(sessionLoadOptions(options), {
      format: 'pi',
      skipInvalid: true,
      atCompaction: true,
      skipUnloadable: true,
      sessionNames: { 'a.jsonl': 'a' },
      markProbesLater: false,
    });
    assert.deepEqual(importOptions(sessionLoadOptions(options)), { format: 'pi', skipInvalid: true });
  });

  it("loads the probes' marking later for a run with a language model, not for a shard or an offline run", () => {
    const model = { isLanguageModel: true };
    const later = (runOptions: CompareOptions, provider?: { isLanguageModel: boolean }) =>
      sessionLoadOptions(runOptions, provider).markProbesLater;
    const shard: CompareOptions = { ...options, shard: { index: 1, count: 2 } };
    assert.deepEqual(
      [
        later(options, model),
        later(options, { isLanguageModel: false }),
        later(options),
        later(shard, model),
      ],
      [true, false, false, false],
    );
  });

  it('no module below the run names the whole options type', () => {
    const whole = filesUnder(SRC, '.ts')
      .filter((file) => !isRun(file))
      .filter((file) => /\b(CompareOptions|CheckOptions)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    assert.deepEqual(whole, []);
  });
});
