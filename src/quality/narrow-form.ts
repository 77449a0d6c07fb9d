/**
 * A long match form held one byte a character. A transcript's few characters above U+00FF (✓, ⎯, →: under 1% of
 * a generated 4 M-token session) make V8 store the whole form two bytes a character; here each of them is written
 * as one placeholder byte the text does not otherwise hold, and a look-up that meets a placeholder checks the
 * character it stands for. What the matcher finds is the same; the form takes half the memory, outside V8's heap.
 */

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
  const bytes = Buffer.allocUnsafe(form.length);
  const present = new Uint8Array(256);
  const widePositions: number[] = [];
  const wideCodes: number[] = [];
  for (let index = 0; index < form.length; index++) {
    const code = form.charCodeAt(index);
    if (code < 256) {
      bytes[index] = code;
      present[code] = 1;
    } else {
      widePositions.push(index);
      wideCodes.push(code);
    }
  }
  const placeholder = present.indexOf(0);
  if (placeholder < 0) return undefined;
  for (const position of widePositions) bytes[position] = placeholder;
  const positions = Int32Array.from(widePositions);
  const codes = Uint16Array.from(wideCodes);
  const mark = String.fromCharCode(placeholder);
  const searchable = (needle: string): string | undefined => {
    if (needle.includes(mark)) return undefined;
    let narrowed = '';
    let copied = 0;
    for (let index = 0; index < needle.length; index++) {
      if (needle.charCodeAt(index) < 256) continue;
      narrowed += `${needle.slice(copied, index)}${mark}`;
      copied = index + 1;
    }
    return copied === 0 ? needle : narrowed + needle.slice(copied);
  };
  return {
    // Decoded as Latin-1, the bytes are a one-byte string (kept outside the heap by Node for long texts).
    text: bytes.toString('latin1'),
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

/** The first index of ascending `values` whose value is at least `target`. */
function lowerBound(values: Int32Array, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
