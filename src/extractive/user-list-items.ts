/**
 * A user's list of short items under a lead-in line ("Page filters:" then "- Date range filter", "- Team filter") is
 * one requirement: each item alone is too short to be a bullet of its own, so the summary would keep the longer
 * items and drop the rest. Joined into one line with its lead-in, the list is kept or dropped whole.
 */

// A line that leads into a list (it ends with a colon), and the list items right under it.
const LEAD_IN_AND_ITEMS = /^([^\n]*[^\s:]:)[ \t]*\n((?:[ \t]*(?:[-*+•]|\d+[.)])[ \t]+[^\n]*(?:\n|$))+)/gm;
const ITEM_MARKER = /^\s*(?:[-*+•]|\d+[.)])\s+/;

/**
 * `text` with each list whose items are not all sentences of `minWords` words or more joined to its lead-in line, when
 * the joined line is at most `maxChars` long (a longer one would be clipped, losing the items that stood alone):
 * "Page filters: Date range filter; Label filter (one or many); Team filter."
 */
export function withShortListsJoined(text: string, minWords: number, maxChars: number): string {
  return text.replace(LEAD_IN_AND_ITEMS, (whole, leadIn: string, list: string) => {
    const items = list
      .split('\n')
      .map((line) => line.replace(ITEM_MARKER, '').trim())
      .filter((item) => item.length > 0);
    if (items.every((item) => item.split(/\s+/).length >= minWords)) return whole;
    const joined = `${leadIn} ${items.map((item) => item.replace(/[.;,]+$/, '')).join('; ')}.`;
    return joined.length <= maxChars ? `${joined}\n` : whole;
  });
}
