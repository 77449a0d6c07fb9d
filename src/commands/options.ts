/** Flag parsers and option definitions shared by the commands; a bad value is an exit-2 error naming the flag. */
import { InvalidArgumentError, Option } from 'commander';
import { InputError } from '../errors.ts';
import {
  CORE_SETTINGS,
  defaultOf,
  integerAtLeast as integerValue,
  numberBetween as numberValue,
  type SettingDeclaration,
  type Settings,
} from '../settings.ts';
import { TOKENIZER_NAMES } from '../tokens.ts';

/** A value parser as commander wants one: a bad value becomes its invalid-argument error, which names the flag. */
export function flagParser<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof InputError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

/** Parses a whole number ≥ `minimum`. */
export function integerAtLeast(minimum: number): (text: string) => number {
  return flagParser(integerValue(minimum));
}

/** Parses a finite number within `[minimum, maximum]`. */
export function numberBetween(minimum: number, maximum: number): (text: string) => number {
  return flagParser(numberValue(minimum, maximum));
}

/** The command-line option of a declared setting: its flag, help, parser and default. */
export function settingOption(declaration: SettingDeclaration): Option {
  const option = new Option(declaration.flag, declaration.help).argParser(flagParser(declaration.parse));
  const value = defaultOf(declaration);
  return declaration.optional || value === undefined ? option : option.default(value);
}

/** The declared settings' values among parsed flags (commander names them by the setting's key). */
export function settingsFrom(
  flags: Record<string, unknown>,
  declarations: readonly SettingDeclaration[],
): Partial<Settings> {
  const settings: Record<string, unknown> = {};
  for (const { key } of declarations) if (flags[key] !== undefined) settings[key] = flags[key];
  return settings as Partial<Settings>;
}

/** The settings that say how a session is cut into slices: the only ones `inspect` reads. */
export const SLICE_SETTINGS = CORE_SETTINGS.filter(
  (declaration) => declaration.key === 'sliceTokens' || declaration.key === 'overlapTokens',
);

/** `--tokenizer`, `--slice-tokens`, `--overlap-tokens`, `--format`, `--skip-invalid`, `--branch`: how a transcript is read and cut. */
export function sessionOptions(): Option[] {
  return [
    new Option('--tokenizer <name>', 'token counter (heuristic = chars/4, an estimate)')
      .choices([...TOKENIZER_NAMES])
      .default('o200k_base'),
    ...SLICE_SETTINGS.map(settingOption),
    new Option('--format <format>', 'force the transcript format instead of detecting it'),
    new Option('--skip-invalid', 'skip malformed lines (reporting where) instead of failing on the first'),
    new Option(
      '--branch <n>',
      'import branch n of a transcript that holds several (inspect lists them); default: the one the agent was on last',
    ).argParser(integerAtLeast(1)),
  ];
}
