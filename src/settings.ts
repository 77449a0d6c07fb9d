/**
 * Every setting that shapes what strategies do, defined once (like pi's `CompactionSettings` and
 * `DEFAULT_COMPACTION_SETTINGS`): the type, the defaults, and one declaration per flag. The command-line
 * options, the results `config` block and the docs table are derived from the declarations; each strategy
 * declares the ones it reads (`Strategy.settings`), and the run-wide ones are declared here.
 */
import { InputError } from './errors.ts';

/** The defaults: the flags' defaults, and what a strategy uses when a setting is not given. */
export const DEFAULT_SETTINGS = {
  sliceTokens: 20000,
  overlapTokens: 2000,
  ratio: 0.1,
  recentBoost: 2,
  reserveTokens: 16384,
  toolResultChars: 2000,
  keepRecentTokens: 20000,
  maskWindow: 10,
  pruneKeepTokens: 40000,
  pruneMinimumTokens: 20000,
  pruneProtectTurns: 2,
  lexicalTokens: 2000,
} as const;

/** A numeric setting. */
export type NumericSetting = keyof typeof DEFAULT_SETTINGS;

/** The settings a strategy reads (`context.config`). */
export type Settings = { [Key in Exclude<NumericSetting, 'keepRecentTokens'>]: number } & {
  /** `--keep-recent-tokens` when given; then the core strategies run as `<name>+recent` hybrids. */
  keepRecentTokens?: number;
  /** `--instructions`: a focus added to every summarization prompt. */
  instructions?: string;
  /** One target of `--target-tokens`: the size every strategy aims its compacted context at. */
  targetTokens?: number;
};

/** The settings of a run that gives no flag. */
export function defaultSettings(): Settings {
  const { keepRecentTokens: _whenGivenOnly, ...defaults } = DEFAULT_SETTINGS;
  return { ...defaults };
}

/** A setting's value, or its default when it was not given. */
export function setting(settings: Partial<Settings>, key: NumericSetting): number {
  return settings[key] ?? DEFAULT_SETTINGS[key];
}

/** One setting's flag: how it is named, explained, read and validated, and who reads it. */
export type SettingDeclaration = {
  key: NumericSetting | 'instructions';
  /** `--slice-tokens <n>`. */
  flag: string;
  help: string;
  /** Reads the flag's text; throws an {@link InputError} saying what it expected. */
  parse(text: string): number | string;
  /** No default on the command line: absent means off, and the results record null. */
  optional?: boolean;
  /** Who reads it, for the docs table. */
  usedBy: string;
};

/** The settings every summarizing strategy shares: slicing, budgets, rendering, the focus. */
export const CORE_SETTINGS: readonly SettingDeclaration[] = [
  {
    key: 'sliceTokens',
    flag: '--slice-tokens <n>',
    help: 'target tokens per slice',
    parse: integerAtLeast(1),
    usedBy: 'the slicer (slice-based strategies, inspect)',
  },
  {
    key: 'overlapTokens',
    flag: '--overlap-tokens <n>',
    help: 'overlap between neighbouring slices (must be < --slice-tokens)',
    parse: integerAtLeast(0),
    usedBy: 'the slicer (slice-based strategies, inspect)',
  },
  {
    key: 'ratio',
    flag: '--ratio <x>',
    help: "summary budget as a fraction of a slice's tokens",
    parse: numberBetween(0.001, 1),
    usedBy: 'slice and running budgets',
  },
  {
    key: 'recentBoost',
    flag: '--recent-boost <x>',
    help: 'budget multiplier for the two most recent slices',
    parse: numberBetween(1, 100),
    usedBy: 'slice and running budgets',
  },
  {
    key: 'reserveTokens',
    flag: '--reserve-tokens <n>',
    help: 'tokens reserved for a one-call answer (its max output is 0.8 × this)',
    parse: integerAtLeast(16),
    usedBy: 'one-call budgets (single-shot, stitch, agents)',
  },
  {
    key: 'toolResultChars',
    flag: '--tool-result-chars <n>',
    help: 'cut each tool result at n characters when rendering for a model',
    parse: integerAtLeast(1),
    usedBy: 'the renderer (every summarizing strategy)',
  },
  {
    key: 'instructions',
    flag: '--instructions <text>',
    help: 'a focus added to every summarization prompt (like /compact <focus>)',
    parse: (text) => text,
    optional: true,
    usedBy: 'every summarization prompt',
  },
];

/** A default as a flag's help shows it. */
export function defaultOf(declaration: SettingDeclaration): number | undefined {
  return declaration.key === 'instructions' ? undefined : DEFAULT_SETTINGS[declaration.key];
}

/** Parses a whole number ≥ `minimum`. */
export function integerAtLeast(minimum: number): (text: string) => number {
  return (text) => {
    const number = Number(text);
    if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(number) || number < minimum) {
      throw new InputError(`expected a whole number ≥ ${minimum}, got '${text}'.`);
    }
    return number;
  };
}

/** Parses a finite number within `[minimum, maximum]`. */
export function numberBetween(minimum: number, maximum: number): (text: string) => number {
  return (text) => {
    const number = Number(text);
    if (text.trim() === '' || !Number.isFinite(number) || number < minimum || number > maximum) {
      throw new InputError(`expected a number from ${minimum} to ${maximum}, got '${text}'.`);
    }
    return number;
  };
}

/** The values of the declared settings as the results' `config` block records them: null when not given. */
export function settingsRecord(
  declarations: readonly SettingDeclaration[],
  settings: Partial<Settings>,
): Record<string, number | string | null> {
  const record: Record<string, number | string | null> = {};
  for (const declaration of declarations) {
    const value = settings[declaration.key];
    record[declaration.key] = value ?? (declaration.optional ? null : (defaultOf(declaration) ?? null));
  }
  return record;
}
