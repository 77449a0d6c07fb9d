/**
 * `--schedule`: when a replayed session compacts. `window=N,reserve=N,keep=N` compacts when the running context
 * would pass the window less the reserve and keeps the newest `keep` tokens verbatim (pi's trigger and cut);
 * `recorded` compacts exactly where the transcript says the agent did.
 */
import { InputError } from '../errors.ts';
import { DEFAULT_SETTINGS, integerAtLeast } from '../settings.ts';

/** A trigger policy: a window with its reserve and kept tail, or the agent's own compaction points. */
export type Schedule =
  { policy: 'window'; window: number; reserve: number; keep: number } | { policy: 'recorded' };

/** The policy as given, before `reserve` falls back to `--reserve-tokens`. */
export type ScheduleSpec =
  { policy: 'window'; window: number; reserve: number | undefined; keep: number } | { policy: 'recorded' };

const KEYS = ['window', 'reserve', 'keep'] as const;

/** Parses `window=128000,reserve=16384,keep=20000` (reserve and keep optional) or `recorded`. */
export function parseSchedule(text: string): ScheduleSpec {
  const trimmed = text.trim();
  if (trimmed === 'recorded') return { policy: 'recorded' };
  const values: Partial<Record<(typeof KEYS)[number], number>> = {};
  for (const part of trimmed.split(',')) {
    const [key, value, extra] = part.split('=').map((piece) => piece.trim());
    if (!key || value === undefined || extra !== undefined || !(KEYS as readonly string[]).includes(key)) {
      throw new InputError(
        `expected 'recorded' or window=N[,reserve=N][,keep=N], got '${text}' (at '${part.trim()}')`,
      );
    }
    values[key as (typeof KEYS)[number]] = integerAtLeast(key === 'window' ? 2 : 0)(value);
  }
  if (values.window === undefined) throw new InputError(`window=N is required, got '${text}'`);
  return {
    policy: 'window',
    window: values.window,
    reserve: values.reserve,
    keep: values.keep ?? DEFAULT_SETTINGS.keepRecentTokens,
  };
}

/** The schedule with its reserve settled; the kept tail must leave room under the window less the reserve. */
export function resolveSchedule(spec: ScheduleSpec, reserveTokens: number): Schedule {
  if (spec.policy === 'recorded') return spec;
  const schedule = { ...spec, reserve: spec.reserve ?? reserveTokens };
  const usable = schedule.window - schedule.reserve;
  if (usable <= 0)
    throw new InputError(
      `--schedule: reserve=${schedule.reserve} leaves nothing of window=${schedule.window}`,
    );
  if (schedule.keep >= usable) {
    throw new InputError(
      `--schedule: keep=${schedule.keep} must be below window − reserve (${usable}), or nothing is ever summarized`,
    );
  }
  return schedule;
}

/** The tokens a running context may hold: window − reserve (unbounded for `recorded`). */
export function threshold(schedule: Schedule): number {
  return schedule.policy === 'window' ? schedule.window - schedule.reserve : Number.POSITIVE_INFINITY;
}

/** `window=128000,reserve=16384,keep=20000` or `recorded`: the policy as the flag spells it. */
export function describeSchedule(schedule: Schedule): string {
  return schedule.policy === 'recorded'
    ? 'recorded'
    : `window=${schedule.window},reserve=${schedule.reserve},keep=${schedule.keep}`;
}
