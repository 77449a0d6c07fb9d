/** The files of a continuation replay in an output folder: named `F-continuation@<cuts>…` after where it cut. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The path of `<session>-continuation@<cuts><suffix>` in `out` (the one replay written there). */
export function replayFile(out: string, session: string, suffix: string): string {
  const prefix = `${session}-continuation@`;
  const found = readdirSync(out).filter(
    (name) =>
      name.startsWith(prefix) &&
      name.endsWith(suffix) &&
      !name.slice(prefix.length, -suffix.length).includes('-'),
  );
  if (found.length !== 1)
    throw new Error(`expected one ${prefix}…${suffix} in ${out}, found: ${found.join(', ') || 'none'}`);
  return join(out, found[0]!);
}
