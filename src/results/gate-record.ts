/**
 * The gate's outcome in a `check` run's records (its last line): what `runs` reads to list a check with its PASS or
 * FAIL, and its diff header.
 */
import { appendFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { assertNoSecrets } from '../providers/secrets.ts';
import type { Verdict } from '../quality/gate.ts';
import type { GateRecord } from './record.ts';

/** The gate record of a run: its verdict, the exit code `check` ends with and the gate report's file name. */
export function gateRecordOf(run: string, verdict: Verdict, exitCode: number, gateFile: string): GateRecord {
  return {
    kind: 'gate',
    run,
    passed: verdict.passed,
    exitCode,
    checks: verdict.checks,
    failures: verdict.failures.map(({ strategy, kind, message }) => ({ strategy, kind, message })),
    report: basename(gateFile),
  };
}

/**
 * Appends the gate record to a records file still in its run's stage (not yet in `--out`: a half-written line is
 * never seen there, and an interrupted run leaves no records at all).
 */
export async function appendGateRecord(recordsFile: string, record: GateRecord): Promise<void> {
  const line = `${JSON.stringify(record)}\n`;
  assertNoSecrets(line, recordsFile);
  await appendFile(recordsFile, line, 'utf8');
}
