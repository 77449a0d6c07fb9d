/**
 * The first word of an id: a name of several parts, a later one holding a digit (a ticket's `spotter-fum.2`,
 * `spotter-a0y.1`, an epic's `spotter-4te`). It is the project's prefix of the id, not a name of its own, so it names
 * no file of that one word: the `spotter` of `spotter-a0y.1` is no spotter.css, however often a tracker's title line
 * starts with it. A name of parts with no digit (`Spotter.Telemetry.Otel`, a route's `session-end`) is read as before.
 */
import type { MeaningIndex } from './meaning-index.ts';

/** Whether the term at `at` opens an id: a name of several parts (meaning.ts marks each `part`), a later one with a digit. */
export function opensId(index: MeaningIndex, at: number): boolean {
  const term = index.at(at);
  if (term?.part !== true || term.opens !== true) return false;
  for (let position = at + 1; position < index.length; position++) {
    const next = index.at(position)!;
    if (next.opens === true || next.part !== true) return false;
    if (/\d/.test(next.term)) return true;
  }
  return false;
}
