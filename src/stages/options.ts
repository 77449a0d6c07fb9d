/**
 * The compare options cut, once per run, into the parts the stages and the modules below the run read: nothing
 * below the run takes the whole options object.
 */
import type { LoadOptions } from '../session/load.ts';
import type { Provider } from '../providers/types.ts';
import type { CompareOptions, RunListeners, SessionLoadOptions, StagePlanOptions } from './types.ts';

/** The keys of a slice, each listed once: `satisfies` fails the build when the slice's type gains a key not listed. */
const PLAN_KEYS = {
  config: true,
  runs: true,
  reference: true,
  atCompaction: true,
  schedule: true,
  continuation: true,
} satisfies Record<keyof StagePlanOptions, true>;

const LISTENER_KEYS = { onProgress: true, onNotice: true, onSkip: true } satisfies Record<
  keyof RunListeners,
  true
>;

const IMPORT_KEYS = {
  format: true,
  branch: true,
  needsCompaction: true,
  skipInvalid: true,
  keep: true,
} satisfies Record<keyof LoadOptions, true>;

const LOADING_KEYS = {
  ...IMPORT_KEYS,
  atCompaction: true,
  schedule: true,
  skipUnloadable: true,
  sessionNames: true,
  onNotice: true,
  onSkip: true,
} satisfies Record<Exclude<keyof SessionLoadOptions, 'markProbesLater'>, true>;

/** The options' values under these keys (those set). */
function picked<Slice>(options: object, keys: Record<string, true>): Slice {
  const values = options as Record<string, unknown>;
  const slice: Record<string, unknown> = {};
  for (const key of Object.keys(keys)) if (values[key] !== undefined) slice[key] = values[key];
  return slice as Slice;
}

/** What the stages read of the plan options. */
export function stagePlanOptions(options: CompareOptions): StagePlanOptions {
  return picked(options, PLAN_KEYS);
}

/** Who hears of the run. */
export function runListeners(options: CompareOptions): RunListeners {
  return picked(options, LISTENER_KEYS);
}

/** How each session of the run is loaded (by a run with `provider`, when given). */
export function sessionLoadOptions(
  options: CompareOptions,
  provider?: Pick<Provider, 'isLanguageModel'>,
): SessionLoadOptions {
  // With a model the probes are first read once the first requests are out; a shard reads them into its header.
  return {
    ...picked(options, LOADING_KEYS),
    markProbesLater: provider?.isLanguageModel === true && !options.shard,
  };
}

/** The import options alone, for the session loader and the probe linter. */
export function importOptions(options: LoadOptions): LoadOptions {
  return picked(options, IMPORT_KEYS);
}

/**
 * Whether a run writes each session's page: always for one session, and for several unless the command leaves them
 * to `report` (`suiteSessionPages: false`): a suite's own output is its page, and each session's page was a tenth of
 * a suite session's CPU.
 */
export function sessionPagesOf(options: Pick<CompareOptions, 'transcripts' | 'suiteSessionPages'>): boolean {
  return options.transcripts.length < 2 || options.suiteSessionPages !== false;
}
