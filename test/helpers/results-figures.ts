/** A results file's figures: what a run measured of the strategies, without what measures the machine. */
import { readFile } from 'node:fs/promises';

// What measures this machine, this moment and this checkout, not the strategies.
const NOT_FIGURES = new Set([
  'requestedAt',
  'startedAt',
  'endedAt',
  'ms',
  'wallMs',
  'startedAtMs',
  'ownMs',
  'criticalPathMs',
  'waitMs',
  'date',
  'command',
  'provenance',
]);

/** A results file parsed without its timings and provenance. */
export async function resultsFigures(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'), (key, value: unknown) =>
    NOT_FIGURES.has(key) ? undefined : value,
  );
}
