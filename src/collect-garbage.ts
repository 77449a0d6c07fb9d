/**
 * A full garbage collection on demand, for the few moments a long session's run has just let go of a large index.
 * V8 collects the old generation when it has grown by a share of what the last collection left (cli.ts sets 30%),
 * and external memory (an index's typed arrays and narrowed texts) only counts towards it in part: an index of a
 * 5 M-character context let go was still held when the next one was built, and the run's peak memory was wherever
 * such garbage happened to meet the next large allocation (docs/performance-history.md, round s24's P55).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A text at least this long (a transcript of about 250k tokens, or a context that keeps most of one) leaves an
 * index of several times its size to collect once let go; the contexts of a suite's sessions stay far below it.
 */
export const LONG_TEXT_CHARS = 1 << 20;

let collect: (() => void) | undefined;

/** Collects the whole heap now (V8's own `gc`, which a context made after `--expose-gc` is set holds). */
export function collectGarbage(): void {
  if (!collect) {
    // Only the context made while the flag is set holds `gc`; set back at once, no other context gets it. Set once a
    // long text asks: V8's flags changed already (cli.ts), so Node's code cache is refused no more than it was.
    setFlagsFromString('--expose-gc');
    try {
      collect = runInNewContext('gc') as () => void;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  collect();
}

/** Collects the whole heap when `characters` (of a text whose index was just let go or built) reach {@link LONG_TEXT_CHARS}. */
export function collectAfterLongText(characters: number): boolean {
  if (characters < LONG_TEXT_CHARS) return false;
  collectGarbage();
  return true;
}
