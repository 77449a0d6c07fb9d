/**
 * The config file (docs/ci.md): a team's benchmark as one committed file. Like Prettier or ESLint's flat
 * lookup, the nearest `compaction-bench.config.json` walking up from the working directory wins, and a
 * `compactionBench` key in a `package.json` on the way counts the same (the JSON file first within one
 * directory). Every key is checked with a schema; a problem names the file and the key (exit 2). Paths in it
 * are relative to the file's directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as z from 'zod';
import { InputError } from '../errors.ts';
import { CORE_SETTINGS, type SettingDeclaration } from '../settings.ts';
import { strategySettings } from '../strategies/registry.ts';
import { TOKENIZER_NAMES } from '../tokens.ts';

/** The config file's name. */
export const CONFIG_FILE_NAME = 'compaction-bench.config.json';
/** The key in `package.json`. */
export const PACKAGE_KEY = 'compactionBench';

const list = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
const share = z.number().min(0).max(1);

const configSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Transcripts, directories and glob patterns: what `check` and `compare` run on without arguments. */
  suite: list.optional(),
  strategies: list.optional(),
  provider: z.string().min(1).optional(),
  baseUrl: z.url().optional(),
  reference: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  tokenizer: z.enum(TOKENIZER_NAMES).optional(),
  concurrency: z.int().min(1).optional(),
  runs: z.int().min(1).optional(),
  targetTokens: z.union([z.int().min(16), z.array(z.int().min(16)).min(1)]).optional(),
  /** Any declared setting by key (`sliceTokens`, `ratio`, …), checked by its own parser. */
  settings: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  /** `--prompt-file`: `{ "single-shot": "prompts/checkpoint.md" }`. */
  promptFiles: z.record(z.string(), z.string().min(1)).optional(),
  judge: z.string().min(1).optional(),
  cacheDir: z.string().min(1).optional(),
  cache: z.boolean().optional(),
  replay: z.string().min(1).optional(),
  gate: z
    .strictObject({
      baseline: list.optional(),
      tolerance: share.optional(),
      /** `--allow-lost`: facts a strategy may lose with deterministic answers. */
      allowLost: z.number().int().min(0).optional(),
      /** `--allow-missing`: a session of the baseline missing from the run is noted, not failed. */
      allowMissing: z.boolean().optional(),
      /** `--allow-unpaired-noise`: one run of a sampled model is reported against the baseline, not gated. */
      allowUnpairedNoise: z.boolean().optional(),
      /** `--fail-under`: `{ "probeRecall": 0.6, "structured-iterative.structure": 1 }`. */
      failUnder: z.record(z.string(), z.number().min(0)).optional(),
    })
    .optional(),
});

/** A config file's contents, as written. */
export type ConfigContents = z.infer<typeof configSchema>;

/** A config file found and checked, with its paths made absolute. */
export type ConfigFile = {
  /** The file it came from (`…/package.json` for the key). */
  file: string;
  config: ConfigContents;
  /** The declared settings it gives, parsed. */
  settings: Record<string, number | string>;
};

/** The nearest config walking up from `cwd`; undefined when there is none. */
export function findConfigFile(cwd = process.cwd()): ConfigFile | undefined {
  for (let directory = resolve(cwd); ; directory = dirname(directory)) {
    const file = join(directory, CONFIG_FILE_NAME);
    if (existsSync(file)) return readConfigFile(file);
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest)) {
      const json = readJson(manifest) as Record<string, unknown> | null;
      if (json && typeof json === 'object' && PACKAGE_KEY in json)
        return checkConfig(json[PACKAGE_KEY], manifest, `${PACKAGE_KEY}.`);
    }
    if (dirname(directory) === directory) return undefined;
  }
}

/** Reads a config file named with `--config` (a `package.json` is read at its `compactionBench` key). */
export function readConfigFile(file: string): ConfigFile {
  const absolute = resolve(file);
  if (!existsSync(absolute)) throw new InputError(`--config ${file}: no such file`);
  const json = readJson(absolute);
  if (absolute.endsWith('package.json')) {
    const value = (json as Record<string, unknown> | null)?.[PACKAGE_KEY];
    if (value === undefined) throw new InputError(`${absolute}: no ${PACKAGE_KEY} key`);
    return checkConfig(value, absolute, `${PACKAGE_KEY}.`);
  }
  return checkConfig(json, absolute, '');
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

/** Checks a config's contents; the first problem is an {@link InputError} `file: key: problem`. */
export function checkConfig(value: unknown, file: string, prefix = ''): ConfigFile {
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) throw new InputError(`${file}: ${describeIssue(parsed.error, prefix)}`);
  const config = parsed.data;
  const settings = checkSettings(config.settings ?? {}, file, prefix);
  return { file, config: withAbsolutePaths(config, dirname(file)), settings };
}

function describeIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const where = `${prefix}${path ? `${path}.` : ''}`;
    const known = Object.keys(path === 'gate' ? configSchema.shape.gate.unwrap().shape : configSchema.shape);
    return `${where}${issue.keys[0]}: unknown key; known: ${known.join(', ')}`;
  }
  const key = `${prefix}${path}`.replace(/\.$/, '') || '(top level)';
  return `${key}: ${issue.message}`;
}

/** Each setting checked by its declaration's parser, so a config and a flag accept the same values. */
function checkSettings(
  settings: Record<string, number | string>,
  file: string,
  prefix: string,
): Record<string, number | string> {
  const declarations: readonly SettingDeclaration[] = [...CORE_SETTINGS, ...strategySettings()];
  const checked: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(settings)) {
    const declaration = declarations.find((candidate) => candidate.key === key);
    const where = `${file}: ${prefix}settings.${key}`;
    if (!declaration) {
      const known = [...new Set(declarations.map((candidate) => candidate.key))].join(', ');
      throw new InputError(`${where}: unknown setting; known: ${known}`);
    }
    try {
      checked[key] = declaration.parse(String(value));
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`${where}: ${error.message.replace(/\.$/, '')}`);
      throw error;
    }
  }
  return checked;
}

/** Suite entries that exist there or are patterns, and every other path, relative to the config's directory. */
function withAbsolutePaths(config: ConfigContents, directory: string): ConfigContents {
  const path = (value: string) => (value.startsWith('~') ? value : resolve(directory, value));
  const suiteEntry = (value: string) =>
    value.startsWith('~') || !(/[*?[{]/.test(value) || existsSync(resolve(directory, value)))
      ? value
      : resolve(directory, value);
  const many = (value: string | string[] | undefined, map: (entry: string) => string) =>
    value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(map);
  return {
    ...config,
    suite: many(config.suite, suiteEntry),
    out: config.out === undefined ? undefined : path(config.out),
    cacheDir: config.cacheDir === undefined ? undefined : path(config.cacheDir),
    replay: config.replay === undefined ? undefined : path(config.replay),
    promptFiles:
      config.promptFiles === undefined
        ? undefined
        : Object.fromEntries(Object.entries(config.promptFiles).map(([key, file]) => [key, path(file)])),
    gate:
      config.gate === undefined ? undefined : { ...config.gate, baseline: many(config.gate.baseline, path) },
  };
}
