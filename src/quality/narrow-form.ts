/**
 * A long match form held one byte a character. A transcript's few characters above U+00FF (✓, ⎯, →: under 1% of
 * a generated 4 M-token session) make V8 store the whole form two bytes a character; here each of them is written
 * as one placeholder byte the text does not otherwise hold, and a look-up that meets a placeholder checks the
 * character it stands for. What the matcher finds is the same; the form takes half the memory, outside V8's heap.
 */
import { lowerBound } from '../text/sorted.ts';

/** A match form narrowed to Latin-1, and how a needle is looked for in it. */
export type NarrowForm = {
  /** The form, each character above U+00FF written as the placeholder. */
  text: string;
  /** The needle as it is looked for in {@link text}, or undefined when it occurs nowhere in the form. */
  searchable(needle: string): string | undefined;
  /** Whether the characters above U+00FF of `needle` are the form's at `offset` (where `searchable(needle)` starts). */
  wideCharactersMatch(needle: string, offset: number): boolean;
};

/** The narrow form of a match form, or undefined when every one of the 256 byte values occurs in it. */
export function narrowForm(form: string): NarrowForm | undefined {
  return narrowFormOf(unitsOf(form));
}

/**
 * {@link narrowForm} of a match form written as {@link NarrowUnits} (match-form.ts writes a long text's so, and the
 * form is narrowed without being made a string first). The units' bytes become the narrowed text's: read them no more.
 */
export function narrowFormOf(units: NarrowUnits): NarrowForm | undefined {
  const narrowed = narrowedUnits(units, () => true);
  if (!narrowed) return undefined;
  const { text, positions, codes, mark } = narrowed;
  const searchable = (needle: string): string | undefined => {
    if (needle.includes(mark)) return undefined;
    let result = '';
    let copied = 0;
    for (let index = 0; index < needle.length; index++) {
      if (needle.charCodeAt(index) < 256) continue;
      result += `${needle.slice(copied, index)}${mark}`;
      copied = index + 1;
    }
    return copied === 0 ? needle : result + needle.slice(copied);
  };
  return {
    text,
    searchable,
    wideCharactersMatch(needle, offset) {
      for (let index = 0; index < needle.length; index++) {
        const code = needle.charCodeAt(index);
        if (code < 256) continue;
        const at = lowerBound(positions, offset + index);
        if (positions[at] !== offset + index || codes[at] !== code) return false;
      }
      return true;
    },
  };
}

/**
 * A text as the matcher reads it: {@link TextView.text} is scanned a code unit at a time, where a narrowed text's
 * placeholder stands for a character above U+00FF (no space, digit or `.` either way); the text's own characters
 * are read a few at a time.
 */
export type TextView = {
  /** The text, or its narrowed copy. */
  readonly text: string;
  readonly length: number;
  /** The characters `[start, end)` (offsets from 0 up). */
  slice(start: number, end: number): string;
  /** The character at `offset`; undefined outside the text. */
  charAt(offset: number): string | undefined;
  /** The whole text (made anew from a narrowed one). */
  whole(): string;
  /** Whether {@link text} is a narrowed copy. */
  readonly narrowed: boolean;
  /** The character standing for a narrowed one in {@link text}; undefined when nothing is narrowed. */
  readonly placeholder: string | undefined;
  /** Whether `[start, end)` holds a character {@link text} narrowed (there it is the text's own). */
  narrowedWithin(start: number, end: number): boolean;
};

/** A text read as it is. */
export function plainView(text: string): TextView {
  return new PlainView(text);
}

// A class, not an object of closures: every short text scored is viewed so, and a closure's optimized code is lost
// with the closures at a full collection (match.ts's classes say more).
class PlainView implements TextView {
  readonly text: string;
  readonly length: number;
  readonly narrowed = false;
  readonly placeholder = undefined;
  constructor(text: string) {
    this.text = text;
    this.length = text.length;
  }
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }
  charAt(offset: number): string | undefined {
    return this.text[offset];
  }
  whole(): string {
    return this.text;
  }
  narrowedWithin(): boolean {
    return false;
  }
}

// Placeholders of a canonical text: control characters no space (a canonical text's white space is all folded to
// spaces, but the scan that finds its words takes U+0009-U+000D for spaces), digit or word character.
const CONTROL_PLACEHOLDER = (code: number): boolean => code < 9 || (code > 13 && code < 32);

/**
 * A long canonical text held one byte a character, as its match form is: a transcript's canonical text was its
 * largest string in V8's heap (26 MB at 4 M tokens, two bytes a character for its 0.7% of characters above
 * U+00FF), held from its first scoring to the last. The view when no control character is left for a placeholder.
 */
export function narrowView(text: string): TextView {
  const narrowed = narrowCopy(text, CONTROL_PLACEHOLDER);
  if (!narrowed) return plainView(text);
  const { text: held, positions, codes, placeholder } = narrowed;
  const slice = (from: number, to: number): string => {
    const start = Math.max(0, from);
    const end = Math.min(held.length, to);
    let at = lowerBound(positions, start);
    if (at >= positions.length || positions[at]! >= end) return held.slice(start, end);
    let result = '';
    let copied = start;
    for (; at < positions.length && positions[at]! < end; at++) {
      const position = positions[at]!;
      result += held.slice(copied, position) + String.fromCharCode(codes[at]!);
      copied = position + 1;
    }
    return result + held.slice(copied, end);
  };
  return {
    text: held,
    length: held.length,
    slice,
    charAt(offset) {
      if (offset < 0 || offset >= held.length) return undefined;
      return held.charCodeAt(offset) === placeholder ? slice(offset, offset + 1) : held[offset];
    },
    whole: () => slice(0, held.length),
    narrowed: true,
    placeholder: String.fromCharCode(placeholder),
    narrowedWithin(start, end) {
      const at = lowerBound(positions, Math.max(0, start));
      return at < positions.length && positions[at]! < end;
    },
  };
}

/**
 * A text's code units written one byte each, those above U+00FF apart (their places and codes): the bytes of each of
 * the others, and which byte values occur.
 */
export type NarrowUnits = {
  readonly bytes: Buffer;
  readonly length: number;
  readonly present: Uint8Array;
  readonly widePositions: number[];
  readonly wideCodes: number[];
};

/** {@link NarrowUnits} of `length` code units to be written, their bytes not yet set. */
export function narrowUnits(length: number): NarrowUnits {
  return {
    bytes: Buffer.allocUnsafe(length),
    length,
    present: new Uint8Array(256),
    widePositions: [],
    wideCodes: [],
  };
}

/** The code units of `text` as {@link NarrowUnits}. */
function unitsOf(text: string): NarrowUnits {
  const units = narrowUnits(text.length);
  const { bytes, present, widePositions, wideCodes } = units;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 256) {
      bytes[index] = code;
      present[code] = 1;
    } else {
      widePositions.push(index);
      wideCodes.push(code);
    }
  }
  return units;
}

// Units up to this many are made a string as call arguments (no Buffer decoding for a needle's or a summary's).
const ARGUMENT_UNITS = 1 << 12;

/** The string of {@link NarrowUnits} as written (before any narrowing). */
export function unitsString(units: NarrowUnits): string {
  const { bytes, length, widePositions, wideCodes } = units;
  const written = bytes.subarray(0, length);
  if (widePositions.length === 0) {
    if (length <= ARGUMENT_UNITS) return String.fromCharCode.apply(null, written as unknown as number[]);
    return written.toString('latin1');
  }
  const codes = new Uint16Array(length);
  codes.set(written);
  for (let wide = 0; wide < widePositions.length; wide++) codes[widePositions[wide]!] = wideCodes[wide]!;
  if (length <= ARGUMENT_UNITS) return String.fromCharCode.apply(null, codes as unknown as number[]);
  return Buffer.from(codes.buffer, codes.byteOffset, length * 2).toString('utf16le');
}

/**
 * `text` with each code unit above U+00FF written as one placeholder byte it does not otherwise hold (the lowest
 * absent one `accepts` allows), those units' places and codes, and the narrowed text
 * (a one-byte string Node keeps outside V8's heap when long); undefined when no placeholder is left.
 */
function narrowCopy(text: string, accepts: (code: number) => boolean) {
  return narrowedUnits(unitsOf(text), accepts);
}

/** {@link narrowCopy} of a text's {@link NarrowUnits}, written into their bytes. */
function narrowedUnits(units: NarrowUnits, accepts: (code: number) => boolean) {
  const { bytes, length, present, widePositions, wideCodes } = units;
  let placeholder = -1;
  for (let code = 0; code < 256 && placeholder < 0; code++)
    if (present[code] === 0 && accepts(code)) placeholder = code;
  if (placeholder < 0) return undefined;
  for (const position of widePositions) bytes[position] = placeholder;
  return {
    // Decoded as Latin-1, the bytes are a one-byte string (kept outside the heap by Node for long texts).
    text: bytes.toString('latin1', 0, length),
    positions: Int32Array.from(widePositions),
    codes: Uint16Array.from(wideCodes),
    placeholder,
    mark: String.fromCharCode(placeholder),
  };
}
