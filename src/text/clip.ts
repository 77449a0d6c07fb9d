/** Cutting text to a length for a line of a summary, a probe's answer or an error line. */

/**
 * Text cut to at most `maxChars` characters at a word boundary, marked with an ellipsis. It never
 * ends inside a word: half a path (`src/main-n…`) would read as a file that does not exist.
 */
export function clip(text: string, maxChars: number): string {
  // A long text (a line of kept tool output can run to megabytes) is flattened only as far as the clip shows:
  // flattening a prefix gives a prefix of the flattened whole.
  if (text.length > maxChars * 4) {
    const head = text
      .slice(0, maxChars * 4)
      .replace(/\s+/g, ' ')
      .trim();
    if (head.length > maxChars) return cutAt(head, maxChars);
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= maxChars ? flat : cutAt(flat, maxChars);
}

/** The first `maxChars` - 1 characters of a flat text longer than `maxChars`, back to a word end, and `…`. */
function cutAt(flat: string, maxChars: number): string {
  const cut = flat.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}
