/** `report`: rebuilds the Markdown and HTML reports of records (or of older results files), running nothing. */
import { withCleanup } from '../cleanup.ts';
import { dirname, join } from 'node:path';
import { InputError } from '../errors.ts';
import { readResultsFile } from '../results/read.ts';
import type { ResultsFile } from '../results/types.ts';
import { prepareOutputDirectory, writeSessionReports, writeSweepReport } from '../report/write.ts';
import { reportStem, sweepStem } from '../report-names.ts';
import { mergeRecords, outputFolderOf, writeRecordReports } from './records-report.ts';
import { readRecordSet } from '../results/records-file.ts';
import { recordSources } from './recorded-sessions.ts';
import { createOutputStage, type OutputStage } from '../report/output-stage.ts';

/** What `report` needs: records (files or folders) or results files, and where to write (default: beside them). */
export type RebuildOptions = { files: readonly string[]; out?: string | undefined };

/** What `report` wrote: every file, the HTML page to open per fixture, and what its pages lack (a transcript gone). */
export type RebuildOutcome = { written: string[]; pages: string[]; notices: string[] };

/**
 * Records (`.jsonl` files, `records/` folders or output folders): merged, then every report `compare` writes.
 * Results files (`.json`, as older versions wrote them): each fixture's reports, a sweep's page when several targets.
 */
export async function rebuildReports(options: RebuildOptions): Promise<RebuildOutcome> {
  if (options.files.length === 0)
    throw new InputError(
      'report needs records (records/<run>.jsonl or an output folder) or results JSON files',
    );
  const results = options.files.filter((file) => file.endsWith('.json'));
  if (results.length === 0) return reportFromRecords(options);
  if (results.length < options.files.length)
    throw new InputError(
      `${options.files.find((file) => !file.endsWith('.json'))}: give either records or results JSON files, not both`,
    );
  return rebuildFromResults(options);
}

async function reportFromRecords(options: RebuildOptions): Promise<RebuildOutcome> {
  const set = await readRecordSet(options.files);
  const merged = mergeRecords(set);
  const out = options.out ?? outputFolderOf(set.runs[0]!.file);
  await prepareOutputDirectory(out);
  const reference = merged.runs.find((run) => run.reference !== null)?.reference ?? undefined;
  const sources = await recordSources(set, merged.results, out);
  const stage = await createOutputStage(out);
  return withCleanup(async () => {
    const reports = await writeRecordReports(
      merged.results,
      stage.directory,
      reference,
      undefined,
      sources.sourceOf,
    );
    await stage.commit();
    return {
      written: reports.written.map(stage.final),
      pages: reports.pages.map(stage.final),
      notices: [...(set.choices ?? []).map((choice) => `note: ${choice}`), ...sources.notices],
    };
  }, [() => stage.discard()]);
}

async function rebuildFromResults(options: RebuildOptions): Promise<RebuildOutcome> {
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
  // Each output folder is written through its stage and replaced at the end, all of them together.
  const stages = new Map<string, OutputStage>();
  await withCleanup(async () => {
    for (const { out, files } of groups.values()) {
      await prepareOutputDirectory(out);
      if (!stages.has(out)) stages.set(out, await createOutputStage(out));
      const stage = stages.get(out)!;
      for (const { results } of files)
        written.push(...(await writeSessionReports(results, stage.directory)).map(stage.final));
      if (files.length > 1) {
        const sweep = await writeSweepReport(
          files.map((file) => file.results),
          stage.directory,
        );
        written.push(...sweep.map(stage.final));
        pages.push(join(out, `${sweepStem(files[0]!.results.fixture.name)}-report.html`));
      } else {
        pages.push(join(out, `${reportStem(files[0]!.results)}-report.html`));
      }
    }
    for (const stage of stages.values()) await stage.commit();
  }, [
    async () => {
      // Every stage made, each removed whatever the others did; the first failure is the step's.
      const failures: unknown[] = [];
      for (const stage of stages.values())
        await stage.discard().catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
    },
  ]);
  return { written, pages, notices: [] };
}
