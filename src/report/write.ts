/**
 * Every file `compare` and `check` write goes through here: the per-strategy reports, the comparison and the
 * results JSON of each fixture, baselines, and the GitHub step summary. Writes are atomic (temp file, then
 * rename) and refuse any text that holds an API key.
 */
import { appendFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { AbortedError } from '../errors.ts';
import { createFileBatch, writeFilesAtomic } from '../files.ts';
import { assertNoSecrets } from '../providers/secrets.ts';
import type { ResultsFile } from '../results/types.ts';
import type { SessionDigest } from '../results/digest.ts';
import { renderComparisonMarkdown, timingsMeasured } from './comparison.ts';
import { renderContinuationMarkdown } from './continuation-markdown.ts';
import { renderStrategyMarkdown } from './strategy.ts';
import { renderSuiteMarkdown } from './suite.ts';
import { renderSweepMarkdown, sweepOf, sweepVerdict } from './sweep.ts';
import { htmlReportPieces, renderHtmlReport } from './html/page.ts';
import type { ReportSource } from './html/probe-matrix.ts';
import { renderSuiteHtml } from './html/suite-page.ts';
import { withGate } from './html/gate.ts';
import { reportStem, resultsFileName, suiteStem, sweepStem } from '../report-names.ts';
import type { SuiteResults } from '../suite/types.ts';
import { reportMarker } from './output-directory.ts';
import { readSession, type SessionReading } from './session-reading.ts';

export { prepareOutputDirectory, reportMarker } from './output-directory.ts';

/**
 * Writes a set of output files as one (see {@link writeFilesAtomic}): after a Ctrl-C (`signal` aborted) none is
 * written, and none is written after the interrupted line is printed.
 */
async function writeOutputs(
  files: ReadonlyArray<{ path: string; text: string }>,
  signal?: AbortSignal,
): Promise<string[]> {
  for (const { path, text } of files) assertNoSecrets(text, path);
  await writeFilesAtomic(files, signal);
  return files.map(({ path }) => path);
}

/**
 * Writes `F-sweep.md`, `F-sweep.json` and `F-sweep-report.html` of a budget sweep (the results files of one
 * fixture, one per target).
 */
export async function writeSweepReport(
  results: readonly ResultsFile[],
  out: string,
  signal?: AbortSignal,
  source?: ReportSource,
): Promise<string[]> {
  const sweep = sweepOf(results);
  const stem = sweepStem(sweep.transcript);
  // Its own marker: a plain run of the fixture does not take the sweep's files for its own stale ones.
  const marker = `${reportMarker(stem)}\n`;
  // Every results file says where it came from: the sweep's targets ran in one command.
  const provenance = results[0]?.provenance;
  return writeOutputs(
    [
      { path: join(out, `${stem}.md`), text: marker + renderSweepMarkdown(sweep, sweepVerdict(results)) },
      {
        path: join(out, `${stem}.json`),
        text: `${JSON.stringify(provenance ? { provenance, ...sweep } : sweep, null, 2)}\n`,
      },
      { path: join(out, `${stem}-report.html`), text: marker + (await renderHtmlReport(results, source)) },
    ],
    signal,
  );
}

/** A results file as JSON text. */
export function resultsJson(results: ResultsFile): string {
  return `${JSON.stringify(results, null, 2)}\n`;
}

/** A report format of one session's results: the files it writes (relative to `--out`) and their text. */
export type ReportFormat = {
  name: string;
  /** The extension of its files: stale files of a marked format are found by it. */
  extension: string;
  /** Whether its files start with the report marker, so a later run may remove them when it no longer writes them. */
  marked: boolean;
  /** The session's page: left out by a suite's compare, which leaves each session's page to `report`. */
  page?: true;
  /**
   * `source`: the transcript and probes, when the run has them (the HTML's matrix and transcript need them);
   * `reading`: the session's verdict and observations, worked out once for the formats that state them. A text may
   * come as pieces, written one after another: a long session's page is never one string.
   */
  render(
    results: ResultsFile,
    stem: string,
    source?: ReportSource,
    reading?: SessionReading,
  ): Promise<Array<{ name: string; text: string | Iterable<string> }>>;
};

/** Every report format of a session's results, in the order they are written: adding one is its renderer and one entry. */
export const REPORT_FORMATS: readonly ReportFormat[] = [
  {
    name: 'strategy markdown',
    extension: '.md',
    marked: true,
    render: async (results) =>
      results.strategies.map((strategy) => ({
        name: strategy.file,
        text: renderStrategyMarkdown(results, strategy),
      })),
  },
  {
    name: 'comparison markdown',
    extension: '.md',
    marked: true,
    render: async (results, stem, _source, reading) => [
      { name: `${stem}-comparison.md`, text: renderComparisonMarkdown(results, reading) },
    ],
  },
  {
    name: 'html',
    extension: '.html',
    marked: true,
    page: true,
    // The marker comes before the doctype: a comment there leaves the page in standards mode.
    render: async (results, stem, source, reading) => [
      { name: `${stem}-report.html`, text: htmlReportPieces([results], source, reading) },
    ],
  },
  {
    name: 'json',
    extension: '.json',
    marked: false,
    // The JSON text and its line break as two pieces: joined, the 94 kB text of a suite session was copied whole
    // for the key check.
    render: async (results) => [
      { name: resultsFileName(results), text: [JSON.stringify(results, null, 2), '\n'] },
    ],
  },
  {
    name: 'continuation markdown',
    extension: '.md',
    marked: true,
    // Only a run with `--continuation` has one.
    render: async (results, stem) => {
      const text = renderContinuationMarkdown(results);
      return text === null ? [] : [{ name: `${stem}-continuation.md`, text }];
    },
  },
];

// Short pieces (a page's rows, messages, chart blocks) are checked together, up to this many characters: checking
// each of a page's hundreds of pieces paid the key variables' look-up and a flattening of every concatenated piece
// (a tenth of a suite session's page).
const CHECKED_CHARS = 1 << 16;

/**
 * The marker, then a text's pieces, refused (as {@link writeOutputs} does) when they hold an API key: consecutive
 * short pieces are joined and checked as one block, so a key is found across the pieces of a block as well as
 * inside any one.
 */
function* checkedPieces(marker: string, text: string | Iterable<string>, path: string): Generator<string> {
  let held: string[] = marker ? [marker] : [];
  let heldChars = marker.length;
  const flush = (): string => {
    const block = held.length === 1 ? held[0]! : held.join('');
    held = [];
    heldChars = 0;
    assertNoSecrets(block, path);
    return block;
  };
  for (const piece of typeof text === 'string' ? [text] : text) {
    if (heldChars + piece.length > CHECKED_CHARS && held.length > 0) yield flush();
    if (piece.length > CHECKED_CHARS) {
      assertNoSecrets(piece, path);
      yield piece;
      continue;
    }
    held.push(piece);
    heldChars += piece.length;
  }
  if (held.length > 0) yield flush();
}

/** Which of a session's reports are written: `page: false` leaves out its page (`F-report.html`). */
export type SessionReportOptions = { page?: boolean };

/** The report formats written with `options`. */
function formatsOf(options: SessionReportOptions): readonly ReportFormat[] {
  return options.page === false ? REPORT_FORMATS.filter((format) => !format.page) : REPORT_FORMATS;
}

/**
 * Renders every report format of a session's results and lets the text go, writing nothing: run ahead, it leaves the
 * renderers' code compiled and warm for the reports that are written (run/reports-ahead.ts).
 */
export async function renderSessionReports(
  results: ResultsFile,
  source?: ReportSource,
  options: SessionReportOptions = {},
): Promise<void> {
  const stem = reportStem(results);
  const reading = readSession(results);
  for (const format of formatsOf(options))
    for (const { name, text } of await format.render(results, stem, source, reading)) {
      const pieces = checkedPieces('', text, name);
      while (!pieces.next().done);
    }
}

/**
 * Writes every report format of a session's results into `out` (`F-S.md` per strategy, `F-comparison.md`,
 * `F-report.html` unless `options.page` is false, `F-results.json`); returns the paths written.
 */
export async function writeSessionReports(
  results: ResultsFile,
  out: string,
  signal?: AbortSignal,
  source?: ReportSource,
  options: SessionReportOptions = {},
): Promise<string[]> {
  const stem = reportStem(results);
  const marker = `${reportMarker(stem)}\n`;
  // Each format is rendered, written under a temporary name and let go before the next is rendered: a long
  // session's page is tens of MB, and holding every format's text at once set the run's peak memory.
  // The comparison Markdown and the page state the same verdict and observations: worked out once for both.
  const reading = readSession(results);
  const batch = createFileBatch();
  try {
    for (const format of formatsOf(options)) {
      for (const { name, text } of await format.render(results, stem, source, reading)) {
        const path = join(out, name);
        await batch.add(path, checkedPieces(format.marked ? marker : '', text, path));
      }
    }
  } catch (error) {
    await batch.discard();
    throw error;
  }
  // Earlier reports of this session that the run no longer writes go when the output folder is replaced
  // (report/output-stage.ts), so nothing in `--out` contradicts the comparison just written.
  return batch.commit(signal);
}

/** Writes each fixture's results as its new baseline: to the file when one fixture and a `.json` path, else into the directory. */
export async function writeBaselines(
  results: readonly ResultsFile[],
  target: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const single = results.length === 1 && target.endsWith('.json');
  return writeOutputs(
    results.map((file) => ({
      path: single ? target : join(target, resultsFileName(file)),
      text: resultsJson(file),
    })),
    signal,
  );
}

/**
 * Writes `suite-comparison.md`, `suite-report.html` and `suite-results.json` into `out`; returns the paths written.
 * `options.page: false`: the sessions' pages were not written, and the suite's page says how to have them.
 */
export async function writeSuiteReports(
  suite: SuiteResults,
  out: string,
  sessions: readonly SessionDigest[],
  signal?: AbortSignal,
  options: SessionReportOptions = {},
): Promise<string[]> {
  const stem = suiteStem(suite);
  const timings = sessions.some(timingsMeasured);
  return writeOutputs(
    [
      {
        path: join(out, `${stem}-comparison.md`),
        text: `${reportMarker(stem)}\n${renderSuiteMarkdown(suite, { timings, sessions })}`,
      },
      {
        path: join(out, `${stem}-report.html`),
        text: await renderSuiteHtml(suite, sessions, { sessionPages: options.page !== false }),
      },
      { path: join(out, `${stem}-results.json`), text: `${JSON.stringify(suite, null, 2)}\n` },
    ],
    signal,
  );
}

/** Writes `F-gate.md` (the verdict of `check`, ready for a PR comment) into `out`; returns its path. */
export async function writeGateReport(
  out: string,
  stem: string,
  markdown: string,
  signal?: AbortSignal,
): Promise<string> {
  const [path] = await writeOutputs([{ path: join(out, `${stem}-gate.md`), text: markdown }], signal);
  return path!;
}

/** Writes a page of the folder itself (`runs.html`, `runs-diff.html`), atomically; its path. */
export async function writeFolderPage(folder: string, name: string, html: string): Promise<string> {
  const [path] = await writeOutputs([{ path: join(folder, name), text: html }]);
  return path!;
}

/** Writes one text file (a JUnit report) where the user asked, atomically; its directory is made if missing. */
export async function writeTextFile(path: string, text: string, signal?: AbortSignal): Promise<string> {
  await mkdir(dirname(resolve(path)), { recursive: true });
  const [written] = await writeOutputs([{ path, text }], signal);
  return written!;
}

/**
 * Puts the gate's section at the top of the HTML pages a check gated (`F-report.html`, a sweep's and a suite's
 * page), with a link in their navigation; pages not written (a shard, a folder cleaned since) are skipped.
 * Returns the pages changed.
 */
export async function addGateToPages(
  pages: readonly string[],
  gate: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const files: Array<{ path: string; text: string }> = [];
  for (const path of new Set(pages)) {
    const page = await readFile(path, 'utf8').catch(() => null);
    if (page !== null) files.push({ path, text: withGate(page, gate) });
  }
  return writeOutputs(files, signal);
}

/**
 * Appends the verdict (`F-gate.md`) first, then the comparisons (or, for a suite, the suite report instead of
 * one comparison per session), to a GitHub step summary file.
 */
export async function appendStepSummary(
  file: string,
  results: readonly ResultsFile[],
  gateMarkdown: string,
  extra: { suites?: readonly SuiteResults[]; signal?: AbortSignal } = {},
): Promise<void> {
  const comparisons =
    extra.suites && extra.suites.length > 0
      ? extra.suites.map((suite) =>
          renderSuiteMarkdown(suite, {
            timings: results.some(timingsMeasured),
            sessions: results.filter((fixture) => fixture.target === suite.target),
          }),
        )
      : results.map((file) => renderComparisonMarkdown(file));
  const text = `${[gateMarkdown, ...comparisons].join('\n\n')}\n`;
  assertNoSecrets(text, file);
  // Checked and appended in one synchronous step: after a Ctrl-C nothing is appended.
  if (extra.signal?.aborted) throw new AbortedError('aborted by the user; the step summary was not written');
  appendFileSync(file, text);
}
