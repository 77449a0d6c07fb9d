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

// Characters of string values up to which the pieces are made once and kept (see jsonPieces).
const KEPT_PIECES_CHARS = 1 << 20;

/**
 * `JSON.stringify(object)` of an object of string values, in {@link TextPieces}: each value cut before a space. The
 * pieces of values up to {@link KEPT_PIECES_CHARS} characters in all are made once and kept while the pieces are
 * (a stored call's are read twice: hashed, then written), a longer text's made afresh at each call.
 */
export function jsonPieces(object: Readonly<Record<string, string>>): TextPieces {
  const pieces = jsonPiecesAfresh(object);
  let chars = 0;
  for (const value of Object.values(object)) chars += value.length;
  if (chars > KEPT_PIECES_CHARS) return pieces;
  let kept: string[] | undefined;
  return () => (kept ??= [...pieces()]);
}

function jsonPiecesAfresh(object: Readonly<Record<string, string>>): TextPieces {
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
