/**
 * A next step that finishes a tracker's item is kept only where the item is said to be next or not done: a tracker's
 * title line or "Task N created" names the item and says nothing of what comes next (round s15, D54).
 */
import type { TextIndex } from './match.ts';
import type { Probe } from './probes.ts';
import { textLines } from './text-lines.ts';

// Words that put an item as what comes next or as not done yet: "Next: …", "then commit it", "finish X", "X remains",
// "X WIP" (work in progress).
const NEXT_WORDS =
  /\b(?:next|then|finish(?:es|ing)?|remaining|remains?|left|todo|to[- ]do|pending|outstanding|not (?:yet )?(?:done|finished|started)|still|yet|upcoming|will|should|plan(?:s|ned)?|working on|in[ _]progress|wip|continue|resume|after (?:that|this))\b/i;

// A step that finishes an item or goes on after it: its "finish …, then …" is what the item's title does not say.
const FINISHING = /\b(?:finish|then|close)\b/i;

// A tracker's item: one token holding a digit, no path and no file's extension ("spotter-a0y.4", "WP15", "#12").
const ITEM = /^(?=[^\s/]*\d)[^\s/]+$(?<!\.[A-Za-z]{1,5})/;

// A tool's report of an item it put on the to-do list: "Task #9 created successfully: Run fmt, lint, and tests".
const ITEM_CREATED = /^\s*task\s+#?\S+\s+created\b/i;

/**
 * Whether every line that writes the step's words reports it made as an item of a to-do list ("Task #9 created
 * successfully: Run fmt, lint, and tests"): the list's items are made alike at the start, so the report says the item
 * exists, not that it comes next (nor whether it is done). A text that writes the step nowhere literally is read as
 * it stands.
 */
function onlyMadeAsItem(index: TextIndex, probe: Probe): boolean {
  const spellings = probe.facets.flat().map((spelling) => spelling.toLowerCase());
  const holding = textLines(index).filter((line) => {
    const lower = line.toLowerCase();
    return spellings.some((spelling) => lower.includes(spelling));
  });
  return holding.length > 0 && holding.every((line) => ITEM_CREATED.test(line));
}

/** How far back a line's heading or lead-in is looked for, in lines ("## Next steps" over a list of items). */
const LEAD_IN_LINES = 20;

/**
 * Whether a next step that finishes a tracker's item, kept by its words, is said to be next: a line naming the item
 * (the first of its facets, when a second gives the item's title) puts it as next or not done yet, by its own words
 * or its heading's or lead-in's ("## Next steps", "Remaining:"). A tracker's title line ("spotter-a0y.4 Wire live
 * activity …") or "Task hk-7.4 created" names the item and says nothing of its being next. A text that states the
 * step without naming its item is read as it stands.
 */
export function saysItIsNext(index: TextIndex, probe: Probe): boolean {
  if (onlyMadeAsItem(index, probe)) return false;
  // A step of one facet is its own words ("run `cargo build` again"); an item named beside its title has two.
  if (probe.facets.length < 2) return true;
  // Only a step that is more than its item's title ("finish X, then commit it") asks for more than the item named.
  if (!FINISHING.test(probe.statement ?? '')) return true;
  const items = probe.facets[0]!.filter((spelling) => ITEM.test(spelling)).map((spelling) =>
    spelling.toLowerCase(),
  );
  if (items.length === 0) return true;
  const lines = textLines(index);
  let named = false;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!.toLowerCase();
    if (!items.some((item) => line.includes(item))) continue;
    named = true;
    if (NEXT_WORDS.test(line)) return true;
    for (let back = at - 1; back >= Math.max(0, at - LEAD_IN_LINES); back--) {
      const before = lines[back]!.trim();
      if (/^#/.test(before) || /:$/.test(before)) {
        if (NEXT_WORDS.test(before)) return true;
        break;
      }
    }
  }
  return !named;
}
