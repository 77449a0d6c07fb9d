/**
 * A compare run over a suite: inputs expanded (directories, patterns), every session under the runner's one
 * concurrency limit, then, when there are several sessions, the suite report per target.
 */
import { InputError } from '../errors.ts';
import { loadRenderers } from '../report/load-renderers.ts';
import type { SessionDigest } from '../results/digest.ts';
import { type CompareOptions, type CompareOutcome, runCompare, staged, stagedOutcome } from './run.ts';
import type { OutputStage } from '../report/output-stage.ts';
import { expandInputs, skippedNotice } from '../suite/inputs.ts';
import { growHeapForTranscripts } from './heap-growth.ts';
import { sessionPagesOf } from '../stages/options.ts';
import type { SuiteResults } from '../suite/types.ts';

/** A compare run and the suites made of it (none with a single session). */
export type SuiteOutcome = CompareOutcome & {
  suites: SuiteResults[];
  /** The suite reports written. */
  suiteFiles: string[];
  /** Whether each session's page was written (else `report` writes them from the records). */
  sessionPages: boolean;
};

/** The run's options with its inputs expanded to transcript files; the files skipped are one notice line. */
export async function expandRunInputs(options: CompareOptions): Promise<CompareOptions> {
  const expanded = await expandInputs(options.transcripts, { format: options.format });
  const skipped = skippedNotice(expanded.skipped);
  if (skipped) options.onNotice?.(skipped);
  for (const file of expanded.skipped) options.onSkip?.(file);
  return {
    ...options,
    transcripts: expanded.transcripts,
    sessionNames: { ...options.sessionNames, ...expanded.names },
    skipUnloadable: options.skipUnloadable ?? expanded.lenient,
  };
}

/**
 * Runs compare on expanded inputs and writes a suite report for each target that has several sessions, all of it
 * through one stage (the options', else its own, committed at the end): an interrupted suite leaves `--out` as the
 * previous run left it.
 */
export async function runSuite(options: CompareOptions): Promise<SuiteOutcome> {
  await growHeapForTranscripts(options.transcripts);
  return staged(options, suiteStaged, stagedSuiteOutcome);
}

/** A suite outcome's paths where they landed in `--out`. */
export function stagedSuiteOutcome(outcome: SuiteOutcome, stage: OutputStage): SuiteOutcome {
  return { ...stagedOutcome(outcome, stage), suiteFiles: outcome.suiteFiles.map(stage.final) };
}

async function suiteStaged(options: CompareOptions & { stage: OutputStage }): Promise<SuiteOutcome> {
  const outcome = await runCompare(options);
  // A shard writes records only: its suite report is the merged one.
  const sessionPages = sessionPagesOf(options);
  if (outcome.shard) return { ...outcome, suites: [], suiteFiles: [], sessionPages };
  if (outcome.sessions.length === 0)
    throw new InputError(`no session of ${options.transcripts.length} could be loaded`);
  const suites: SuiteResults[] = [];
  const suiteFiles: string[] = [];
  for (const sessions of byTarget(outcome.sessions.map((session) => session.digest))) {
    if (sessions.length < 2) continue;
    // Imported here: a run of one session (compare's usual start) makes no suite, so its modules stay unloaded.
    const { suiteOf } = await import('../suite/assemble.ts');
    const suite = suiteOf(sessions, options.reference);
    suites.push(suite);
    const { writeSuiteReports } = await loadRenderers();
    suiteFiles.push(
      ...(await writeSuiteReports(suite, options.stage.directory, sessions, options.signal, {
        page: sessionPages,
      })),
    );
  }
  return { ...outcome, suites, suiteFiles, sessionPages };
}

/** `compare`: expand the inputs, run, write the suite reports. */
export async function compareSuite(options: CompareOptions): Promise<SuiteOutcome> {
  return runSuite(await expandRunInputs(options));
}

function byTarget(results: readonly SessionDigest[]): SessionDigest[][] {
  const groups = new Map<number | null, SessionDigest[]>();
  for (const result of results) groups.set(result.target, [...(groups.get(result.target) ?? []), result]);
  return [...groups.values()];
}
