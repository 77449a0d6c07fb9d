/** Reads a results JSON back (for `report`): the parts every renderer relies on are checked, the first problem named. */
import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.ts';
import { describeSchemaProblem } from '../session/json-lines.ts';
import { type ResultsFile, resultsFileSchema } from './types.ts';

/**
 * The results of a file from disk: a results file (F-results.json) holds one fixture's, the output of
 * `compare --json` or `check --json` every fixture's of that run. An {@link InputError} `file: reason` when it is
 * none of these, or not of this version; a suite's results (suite-results.json) are named as such, since the
 * suite report is rebuilt by rerunning compare, not from that file.
 */
export async function readResultsFile(file: string): Promise<ResultsFile[]> {
  const json = await readResultsJson(file);
  const shape = json as { results?: unknown; suites?: unknown } | null;
  if (isSuiteResultsJson(json)) {
    throw new InputError(
      `${file}: a suite's results, which report does not rebuild; give the sessions' results files beside it (F-results.json), or rerun compare for the suite report`,
    );
  }
  if (Array.isArray(shape?.results) && Array.isArray(shape.suites)) {
    // `compare --json` / `check --json`: every fixture's results file, in one array.
    return shape.results.map((results, index) => parseResults(results, `${file}: results[${index}]`));
  }
  return [parseResults(json, file)];
}

/** Whether parsed JSON is a suite's results (suite-results.json), built from its sessions' results files. */
export function isSuiteResultsJson(json: unknown): boolean {
  return (json as { kind?: unknown } | null)?.kind === 'suite';
}

function parseResults(json: unknown, where: string): ResultsFile {
  const parsed = resultsFileSchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${where}: ${describeSchemaProblem(parsed.error)}`);
  // A file written before live facts and history (issue 23) reads with every probe live and no history: the
  // schema's defaults; its probe recall was over all probes, which is then the live recall.
  return parsed.data;
}

/** A results file's JSON as parsed; an {@link InputError} naming the file when it cannot be read or parsed. */
export async function readResultsJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file}: not a readable results JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}
