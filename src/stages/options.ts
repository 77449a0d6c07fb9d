/**
 * The compare options cut, once per run, into the parts the stages and the modules below the run read: nothing
 * below the run takes the whole options object.
 */
import type { LoadOptions } from '../session/load.ts';
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
} satisfies Record<keyof SessionLoadOptions, true>;

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

/** How each session of the run is loaded. */
export function sessionLoadOptions(options: CompareOptions): SessionLoadOptions {
  return picked(options, LOADING_KEYS);
}

/** The import options alone, for the session loader and the probe linter. */
export function importOptions(options: LoadOptions): LoadOptions {
  return picked(options, IMPORT_KEYS);
}
