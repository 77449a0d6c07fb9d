/**
 * A tool's report of its own write: "File created successfully at <path>", "Successfully wrote 148 bytes to <path>",
 * "Successfully replaced text in <path>", "The file <path> has been updated successfully". The tool prints it for
 * every file it writes, a scratch file as much as the work's, so it says that the call succeeded, not what the file
 * holds nor what it was made for: a list of such lines is a list of the paths written (the attack test's bag of tool
 * result heads), and keeps no artifact's description. A summary that says in its own words that a file was made
 * ("Created: a.ts, b.ts") is no such report.
 */
import { memoized, termSet } from './clause-reading.ts';
import { REPORTED_SUCCESS, type MeaningTerm } from './meaning.ts';

/**
 * The report's own words, as terms: what it wrote, that it wrote it, and how much. "successfully" is the mark of
 * the tool's report (read as `pass`, as "passed" is, alone; beside the act it reports, as that report's own term).
 */
const words = memoized(() => ({
  report: new Set([
    ...termSet('file created wrote written updated replaced changed text bytes characters successfully'),
    REPORTED_SUCCESS,
  ]),
  success: new Set([...termSet('successfully'), REPORTED_SUCCESS]),
}));

/**
 * Whether a clause is a tool's report of a write: its prose is the report's own words only, "successfully" among
 * them (the names in it are the path and a count).
 */
export function isWriteReport(terms: readonly MeaningTerm[]): boolean {
  const { report, success } = words();
  let succeeded = false;
  for (const term of terms) {
    if (term.name) continue;
    if (!report.has(term.term)) return false;
    if (success.has(term.term)) succeeded = true;
  }
  return succeeded;
}
