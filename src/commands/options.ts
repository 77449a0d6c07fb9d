/** Flag parsers and option definitions shared by the commands; a bad value is an exit-2 error naming the flag. */
import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SLICE_OPTIONS } from '../slicer.ts';
import { TOKENIZER_NAMES } from '../tokens.ts';
import { DEFAULT_TOOL_RESULT_CHARS } from '../transcript.ts';

/** Parses a whole number ≥ `minimum`. */
export function integerAtLeast(minimum: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < minimum) {
      throw new InvalidArgumentError(`expected a whole number ≥ ${minimum}, got '${value}'.`);
    }
    return number;
  };
}

/** Parses a finite number within `[minimum, maximum]`. */
export function numberBetween(minimum: number, maximum: number) {
  return (value: string): number => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < minimum || number > maximum) {
      throw new InvalidArgumentError(`expected a number from ${minimum} to ${maximum}, got '${value}'.`);
    }
    return number;
  };
}

/** `--tokenizer`, `--slice-tokens`, `--overlap-tokens`, `--format`, `--skip-invalid`: how a fixture is read and cut. */
export function sessionOptions(): Option[] {
  return [
    new Option('--tokenizer <name>', 'token counter (heuristic = chars/4, an estimate)')
      .choices([...TOKENIZER_NAMES])
      .default('o200k_base'),
    new Option('--slice-tokens <n>', 'target tokens per slice')
      .argParser(integerAtLeast(1))
      .default(DEFAULT_SLICE_OPTIONS.sliceTokens),
    new Option('--overlap-tokens <n>', 'overlap between neighbouring slices (must be < --slice-tokens)')
      .argParser(integerAtLeast(0))
      .default(DEFAULT_SLICE_OPTIONS.overlapTokens),
    new Option('--format <format>', 'force the transcript format instead of detecting it'),
    new Option('--skip-invalid', 'skip malformed lines (reporting where) instead of failing on the first'),
  ];
}

/** `--tool-result-chars`: where each tool result is cut when rendered for a model. */
export function toolResultCharsOption(): Option {
  return new Option(
    '--tool-result-chars <n>',
    'cut each tool result at n characters when rendering for a model',
  )
    .argParser(integerAtLeast(1))
    .default(DEFAULT_TOOL_RESULT_CHARS);
}
