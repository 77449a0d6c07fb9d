/**
 * The config file under the flags: every value the file gives becomes the flag's value unless the flag was given
 * on the command line (flags override the file). Without transcript arguments, the file's `suite` is what runs.
 */
import { type Command, Option } from 'commander';
import {
  type ConfigFile,
  CONFIG_FILE_NAME,
  findConfigFile,
  PACKAGE_KEY,
  readConfigFile,
} from './config-file.ts';
import { InputError } from '../errors.ts';

/** `--config FILE` and `--no-config`. */
export function configOptions(): Option[] {
  return [
    new Option(
      '--config <file>',
      `a config file (default: the nearest ${CONFIG_FILE_NAME}, or "${PACKAGE_KEY}" in package.json, walking up)`,
    ),
    new Option('--no-config', 'ignore any config file'),
  ];
}

/** The config of this run: `--config`, else the nearest one, else none (`--no-config`: none). */
function configOf(flags: { config?: string | boolean }): ConfigFile | undefined {
  if (flags.config === false) return undefined;
  return typeof flags.config === 'string' ? readConfigFile(flags.config) : findConfigFile();
}

/**
 * Fills `flags` (commander's option values of `command`) from the config file where the command line did not give
 * them, and returns the inputs to run: the arguments, else the file's suite. No input at all is bad input.
 */
export function applyConfigFile(
  command: Command,
  inputs: readonly string[],
  flags: Record<string, unknown>,
): string[] {
  const found = configOf(flags);
  const set = (key: string, value: unknown) => {
    if (value === undefined || command.getOptionValueSource(key) === 'cli') return;
    command.setOptionValueWithSource(key, value, 'config');
    flags[key] = value;
  };
  if (found) {
    const { config } = found;
    const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
    const many = (value: string | string[] | undefined) =>
      value === undefined ? undefined : Array.isArray(value) ? value : [value];
    set('strategies', joined(config.strategies));
    set('provider', config.provider);
    set('baseUrl', config.baseUrl);
    set('reference', config.reference);
    set('out', config.out);
    set('tokenizer', config.tokenizer);
    set('concurrency', config.concurrency);
    set('runs', config.runs);
    const targets = config.targetTokens === undefined ? undefined : [config.targetTokens].flat();
    set('targetTokens', targets ? [...new Set(targets)].sort((a, b) => a - b) : undefined);
    for (const [key, value] of Object.entries(found.settings)) set(key, value);
    set(
      'promptFile',
      config.promptFiles && Object.entries(config.promptFiles).map(([target, file]) => `${target}=${file}`),
    );
    set('judge', config.judge);
    set('cacheDir', config.cacheDir);
    set('cache', config.cache);
    set('replay', config.replay);
    // Gate keys only exist on `check`.
    if (command.options.some((option) => option.attributeName() === 'tolerance')) {
      set('baseline', many(config.gate?.baseline));
      set('tolerance', config.gate?.tolerance);
      set('allowLost', config.gate?.allowLost);
      set('allowMissing', config.gate?.allowMissing);
      set('allowUnpairedNoise', config.gate?.allowUnpairedNoise);
      set(
        'failUnder',
        config.gate?.failUnder &&
          Object.entries(config.gate.failUnder).map(([metric, value]) => `${metric}=${value}`),
      );
    }
  }
  if (inputs.length > 0) return [...inputs];
  const suite = found?.config.suite;
  if (suite && suite.length > 0) return [suite].flat();
  throw new InputError(
    found
      ? `${found.file}: no suite; give transcripts, directories or patterns, or list them under "suite"`
      : `no sessions: give names in fixtures/, transcript files, directories or patterns, or a "suite" in ${CONFIG_FILE_NAME}`,
  );
}
