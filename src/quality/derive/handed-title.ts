/**
 * The title of what a prompt hands over: a lead-in line ending in a colon, then a Markdown heading ("Implement the
 * following plan:" and "# Remove transcript_path Storage and Compute Dynamically", Claude Code's accepted plan). The
 * heading names the work; the lead-in only says a document follows, and a handoff says what the work is by its title.
 */

// The lead-in: the prompt's first line, prose that ends in a colon.
const LEAD_IN = /^[^\n#`]*\S:[ \t]*$/;
// The heading right after it (blank lines between), its marks and code quotes taken off.
const HEADING = /^#{1,3}[ \t]+(\S.*?)[ \t#]*$/;

/** The heading a prompt's lead-in line introduces, or undefined when the prompt opens otherwise. */
export function handedTitle(text: string): string | undefined {
  const [first, ...rest] = text.trim().split('\n');
  if (first === undefined || !LEAD_IN.test(first)) return undefined;
  const next = rest.find((line) => line.trim().length > 0);
  const heading = next === undefined ? undefined : HEADING.exec(next.trim())?.[1];
  return heading?.replace(/`/g, '');
}
