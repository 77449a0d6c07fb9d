/**
 * A tool output's error lines read once per text: the offline summarizer reads each result its requests carry and the
 * probes' liveness marking reads the same results again, so both take the one reading of a short output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toolRuns } from '../../src/quality/derive/runs.ts';
import { errorLines, toolErrorLines } from '../../src/session/error-lines.ts';
import { shellRun } from '../helpers/factories.ts';

const FAILURE = "src/a.ts:3:5: error TS2304: Cannot find name 'parse'.\nexit code 1";

describe('tool error lines', () => {
  it("reads an output once and gives errorLines' lines", () => {
    const lines = toolErrorLines(FAILURE);
    assert.deepEqual(lines, errorLines(FAILURE));
    assert.deepEqual(lines, ["src/a.ts:3:5: error TS2304: Cannot find name 'parse'."]);
    assert.equal(toolErrorLines(`${FAILURE}`), lines);
  });

  it("gives a run of a short output the summarizer's reading, and reads a long output on its own", () => {
    const [short] = toolRuns(shellRun('npx tsc', FAILURE, true));
    assert.equal(short!.errorLines, toolErrorLines(FAILURE));
    const long = `${'compiling…\n'.repeat(400)}${FAILURE}`;
    assert.ok(long.length > 4096);
    const [run] = toolRuns(shellRun('npx tsc', long, true));
    assert.deepEqual(run!.errorLines, ["src/a.ts:3:5: error TS2304: Cannot find name 'parse'."]);
    assert.notEqual(run!.errorLines, toolErrorLines(long));
  });
});
