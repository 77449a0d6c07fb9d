/**
 * How far the heap may grow between full collections, set per run from the size of its transcripts. The command
 * starts with 30% (cli.ts), which bounds the peak of a long session; a run whose every transcript is small keeps
 * little alive (the sessions in flight and the text caches), so V8's own growth costs it little memory and spares
 * it most full collections: a 100-session suite of 40k-token sessions collected its whole heap 92 times at 30%.
 */
import { stat } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';

/**
 * A transcript file under this size is small: its session keeps a few tens of MB alive, where the bound of 30%
 * matters at hundreds (a 4 M-token session, 19 MB, keeps it). The 0.7 MB large-session fixture under 30% collected
 * its whole heap during its first answers and again after its last, while its reports were written (--trace-gc);
 * under V8's growth, a compare -s all of it spent × 0.92 of the CPU, and one of a 200,000-token session (0.96 MB)
 * × 0.90, for a peak of 184 MiB against 151 and 200 against 162.
 */
export const SMALL_TRANSCRIPT_BYTES = 1024 * 1024;

/** How the heap grows for transcripts of these sizes (undefined: one that is not a plain file, compressed or missing). */
export function heapGrowthFor(sizes: readonly (number | undefined)[]): 'v8' | 'slow' {
  return sizes.length > 0 && sizes.every((size) => size !== undefined && size < SMALL_TRANSCRIPT_BYTES)
    ? 'v8'
    : 'slow';
}

/** Lets V8 grow the heap by its own factor when every transcript of the run is small (see {@link heapGrowthFor}). */
export async function growHeapForTranscripts(transcripts: readonly string[]): Promise<void> {
  const sizes = await Promise.all(
    transcripts.map(async (path) => {
      // A compressed file's size says little of its session's.
      if (path.endsWith('.gz')) return undefined;
      const found = await stat(path).catch(() => undefined);
      return found?.isFile() ? found.size : undefined;
    }),
  );
  // 0 leaves the factor to V8 (up to 4× what a collection left, less as collections take more of the time).
  if (heapGrowthFor(sizes) === 'v8') setFlagsFromString('--heap-growing-percent=0');
}
