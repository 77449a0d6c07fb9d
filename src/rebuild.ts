/** `report`: rebuilds the Markdown and HTML reports of results files, running nothing. */
import { dirname, join } from 'node:path';
import { InputError } from './errors.ts';
import { readResultsFile } from './results/read.ts';
import type { ResultsFile } from './results/types.ts';
import { prepareOutputDirectory, writeFixtureReports, writeSweepReport } from './report/write.ts';
import { reportStem, sweepStem } from './report/stem.ts';

/** What `report` needs: results files, and where to write (default: beside each results file). */
export type RebuildOptions = { files: readonly string[]; out?: string | undefined };

/** What `report` wrote: every file, and the HTML page to open per fixture. */
export type RebuildOutcome = { written: string[]; pages: string[] };

/** Reads every results file, then writes each fixture's reports (a sweep's combined page when several targets). */
export async function rebuildReports(options: RebuildOptions): Promise<RebuildOutcome> {
  if (options.files.length === 0)
    throw new InputError('report needs at least one results JSON (F-results.json)');
  const groups = new Map<string, { out: string; files: Array<{ path: string; results: ResultsFile }> }>();
  const add = (path: string, results: ResultsFile): void => {
    const out = options.out ?? dirname(path);
    // A chain of the fixture is its own group: it is not one more target of a sweep.
    const key = `${out}\u0000${results.fixture.name}\u0000${results.schedule ?? ''}`;
    const group = groups.get(key) ?? { out, files: [] };
    const twin = group.files.find((other) => other.results.target === results.target);
    if (twin) {
      throw new InputError(
        `${path}: the same fixture and target as ${twin.path} (${reportStem(results)}); give one results file per target`,
      );
    }
    group.files.push({ path, results });
    groups.set(key, group);
  };
  // A results file holds one fixture's results; `compare --json` output every fixture's of its run.
  for (const path of options.files) for (const results of await readResultsFile(path)) add(path, results);
  const written: string[] = [];
  const pages: string[] = [];
  for (const { out, files } of groups.values()) {
    await prepareOutputDirectory(out);
    for (const { results } of files) written.push(...(await writeFixtureReports(results, out)));
    if (files.length > 1) {
      written.push(
        ...(await writeSweepReport(
          files.map((file) => file.results),
          out,
        )),
      );
      pages.push(join(out, `${sweepStem(files[0]!.results.fixture.name)}-report.html`));
    } else {
      pages.push(join(out, `${reportStem(files[0]!.results)}-report.html`));
    }
  }
  return { written, pages };
}
