/**
 * Caches keyed by text. A key sliced from a longer string (a line of a summary, a piece of a prompt) would keep
 * that whole string alive in V8, so keys, and values that are text, are stored as strings of their own.
 */

/** `text` as a string of its own, holding no longer string alive (a plain slice may be a view of one). */
export function ownCopy(text: string): string {
  // Concatenating, then slicing, flattens into a new string; the slice is then a view of that alone.
  return `${text} `.slice(0, -1);
}

/** `compute`, remembered for up to `max` texts (then all forgotten at once, bounding memory in a long run). */
export function memoizeByText<V>(compute: (text: string) => V, max: number): (text: string) => V {
  const known = new Map<string, V>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      value = compute(text);
      if (known.size >= max) known.clear();
      known.set(ownCopy(text), typeof value === 'string' ? (ownCopy(value) as V) : value);
    }
    return value;
  };
}
