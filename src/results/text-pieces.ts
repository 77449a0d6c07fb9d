/**
 * A long text given as pieces instead of one string: a whole-transcript call's prompt as its JSON text is tens of MB,
 * and stored whole it was one more copy of the transcript (with the UTF-8 copy its hash made), made only to be hashed,
 * redacted and written out a piece at a time.
 */

import { redactSecrets, redactsPieceByPiece } from '../providers/secrets.ts';

/**
 * A text as pieces whose concatenation is the text, produced afresh at each call. A piece ends only right before a
 * space or next to a double quote of the text: never inside a surrogate pair or an escape, and no key shape, URL
 * credential or key-named query value a redaction looks for holds either (secrets.ts redacts such pieces one by one).
 */
export type TextPieces = () => Iterable<string>;

// Characters of a string value a piece holds, about (a piece runs on to the next space).
const PIECE_CHARS = 1 << 16;

/** `JSON.stringify(object)` of an object of string values, in {@link TextPieces}: each value cut before a space. */
export function jsonPieces(object: Readonly<Record<string, string>>): TextPieces {
  return function* () {
    let opening = '{';
    for (const [key, value] of Object.entries(object)) {
      yield `${opening}${JSON.stringify(key)}:"`;
      opening = ',';
      for (let start = 0; start < value.length;) {
        let end = value.indexOf(' ', start + PIECE_CHARS);
        if (end < 0) end = value.length;
        yield JSON.stringify(value.slice(start, end)).slice(1, -1);
        start = end;
      }
      yield '"';
    }
    yield opening === '{' ? '{}' : '}';
  };
}

/** The whole text of some pieces (a text short enough to be held whole, or one that must be read whole). */
export function joinedPieces(pieces: TextPieces): string {
  return [...pieces()].join('');
}

/** {@link redactSecrets} of the pieces' text, piece by piece where that gives the same text (else whole, as one piece). */
export function redactedPieces(pieces: TextPieces): TextPieces {
  if (!redactsPieceByPiece()) return () => [redactSecrets(joinedPieces(pieces))];
  return function* () {
    for (const piece of pieces()) yield redactSecrets(piece);
  };
}
