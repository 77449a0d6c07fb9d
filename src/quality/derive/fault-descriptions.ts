/**
 * The lines of a request that describe a fault rather than set the work: a line under a label that names a cause or
 * a fault ("**Root cause**: `logging.Init()` is never called for the `clean` command") and the items of a list whose
 * heading names faults ("Two bugs in `entire clean`:\n1. … `RemoveReference()` doesn't work with packed refs"). A
 * "never" or "doesn't" there says what the code does now, which the work is to change; a rule is addressed to the
 * agent's conduct from now on, and no reader lists the fault's negation as one.
 */

// A line opening with a label of a cause or a fault, list marks and emphasis aside.
const FAULT_LABEL =
  /^(?:[-*•]\s+|\d+[.)]\s+)?[*_]*(?:the\s+)?(?:root\s+cause|cause|problem|bug|issue|symptom|symptoms|what(?:['’]s| is)\s+wrong)(?:\s+\d+)?[*_]*\s*:/i;
// A heading that names the faults its list holds ("Two bugs in `entire clean`:", "Known issues:", "Problems found:").
const FAULT_HEADING = /\b(?:bugs|problems|issues|faults|regressions)\b[^:]*:\s*$/i;
// A list item of the user's prose.
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s+\S/;

/** The lines of a request's prose that describe faults: those under a fault label and a fault heading's items. */
export function faultLines(prose: string): string[] {
  const lines: string[] = [];
  let underHeading = false;
  for (const line of prose.split('\n')) {
    if (line.trim().length === 0) continue;
    const item = ITEM.test(line);
    if (item && underHeading) lines.push(line);
    else if (FAULT_LABEL.test(line.trim())) lines.push(line);
    // A blank line may stand between a heading and its items; any other line ends the list.
    if (!item) underHeading = FAULT_HEADING.test(line.trim());
  }
  return lines;
}

/** Whether a sentence of the request stands in one of its fault lines. */
export function describesFault(sentence: string, lines: readonly string[]): boolean {
  const said = sentence.trim();
  return said.length > 0 && lines.some((line) => line.includes(said));
}
