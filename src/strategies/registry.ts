/** The one place strategies are registered, and how names and files on the command line resolve to them. */
import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError, messageOf, userCausedProblem } from '../errors.ts';
import { claudeCode } from './claude-code.ts';
import { codex } from './codex.ts';
import { grep } from './grep.ts';
import { RECENT_SUFFIX, withRecentTail } from './hybrid.ts';
import { identifierBag } from './identifier-bag.ts';
import { identity } from './identity.ts';
import { observationMasking } from './observation-masking.ts';
import { opencode } from './opencode.ts';
import { parallelStitch } from './parallel-stitch.ts';
import { pathsOnly } from './paths-only.ts';
import { pi } from './pi.ts';
import { promptCatalog } from './prompts.ts';
import { sequentialAccumulated } from './sequential-accumulated.ts';
import { sequentialRolling } from './sequential-rolling.ts';
import { singleShot } from './single-shot.ts';
import { structuredIterative } from './structured-iterative.ts';
import { isSummaryFile, summaryFileStrategy } from './summary-file.ts';
import { toolOutputPruning } from './tool-output-pruning.ts';
import { truncate } from './truncate.ts';
import { userErrors } from './user-errors.ts';
import { userVerbatim } from './user-verbatim.ts';
import type { SettingDeclaration } from '../settings.ts';
import { KEEP_RECENT_TOKENS } from '../session/cut-points.ts';
import type { Strategy, StrategyConfig, StrategyGroup } from './types.ts';

/** Every built-in strategy by name. */
export const STRATEGIES = {
  'single-shot': singleShot,
  'parallel-stitch': parallelStitch,
  'sequential-accumulated': sequentialAccumulated,
  'sequential-rolling': sequentialRolling,
  'structured-iterative': structuredIterative,
  identity,
  truncate,
  'observation-masking': observationMasking,
  'tool-output-pruning': toolOutputPruning,
  'paths-only': pathsOnly,
  'identifier-bag': identifierBag,
  grep,
  'user-verbatim': userVerbatim,
  'user-errors': userErrors,
  pi,
  'claude-code': claudeCode,
  codex,
  opencode,
} satisfies Record<string, Strategy>;

// Registration fails here, on import, when a strategy declares a prompt name another one has.
promptCatalog(Object.values(STRATEGIES));

// The catalog of the strategies registered when it was made: every summary request reads its prompt from it, and
// each made it anew from every strategy. Made again only when the registry holds other strategies (a test adds one).
let catalog: { strategies: readonly Strategy[]; prompts: Readonly<Record<string, string>> } | undefined;

/** Every prompt text by name: the core ones and those the registered strategies declare. */
export function registeredPrompts(): Readonly<Record<string, string>> {
  const strategies: readonly Strategy[] = Object.values(STRATEGIES);
  if (catalog === undefined || !sameStrategies(catalog.strategies, strategies))
    catalog = { strategies, prompts: Object.freeze(promptCatalog(strategies)) };
  return catalog.prompts;
}

/** Whether two lists hold the same strategies in the same order. */
function sameStrategies(left: readonly Strategy[], right: readonly Strategy[]): boolean {
  return left.length === right.length && left.every((strategy, index) => strategy === right[index]);
}

/** The settings the built-in strategies declare, each once, in registry order (hybrids read `--keep-recent-tokens`). */
export function strategySettings(): SettingDeclaration[] {
  const byKey = new Map<string, SettingDeclaration>([[KEEP_RECENT_TOKENS.key, KEEP_RECENT_TOKENS]]);
  for (const strategy of Object.values(STRATEGIES) as Strategy[]) {
    for (const declaration of strategy.settings ?? []) byKey.set(declaration.key, declaration);
  }
  return [...byKey.values()];
}

/** Group names `-s` accepts, and which strategy groups they select. */
export const STRATEGY_GROUPS: Record<string, readonly StrategyGroup[]> = {
  core: ['core'],
  baselines: ['baseline'],
  agents: ['agent'],
  all: ['core', 'baseline', 'agent'],
};

/** The default selection: the five core strategies. */
export const DEFAULT_STRATEGIES = 'core';

/** A `-s` entry that names a file rather than a strategy. */
function isStrategyFile(entry: string): boolean {
  return entry.includes('/') || /\.(ts|mts|js|mjs)$/.test(entry);
}

/** Whether a strategy can run as a `+recent` hybrid: the core strategies, which summarize everything and keep nothing. */
export function hasRecentVariant(strategy: Strategy): boolean {
  return strategy.group === 'core';
}

/**
 * Resolves `-s a,b,./mine.ts,file:handoff.md,core` into strategies, in the order given, without duplicates. `<core
 * name>+recent` selects a hybrid; with `--keep-recent-tokens` set, every core strategy runs as its hybrid; `file:<path>`
 * scores the summary a file holds.
 */
export async function resolveStrategies(
  selection: string,
  config: Pick<StrategyConfig, 'keepRecentTokens'> = {},
): Promise<Strategy[]> {
  const entries = selection
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new InputError('--strategies names no strategy');
  const chosen = new Map<string, Strategy>();
  const builtIn: Record<string, Strategy> = STRATEGIES;
  const choose = (strategy: Strategy) => {
    const hybrid = config.keepRecentTokens !== undefined && hasRecentVariant(strategy);
    const resolved = hybrid ? withRecentTail(strategy) : strategy;
    chosen.set(resolved.name, resolved);
  };
  for (const entry of entries) {
    const groups = STRATEGY_GROUPS[entry];
    const base = entry.endsWith(RECENT_SUFFIX) ? builtIn[entry.slice(0, -RECENT_SUFFIX.length)] : undefined;
    if (groups) {
      for (const strategy of Object.values(builtIn)) {
        if (groups.includes(strategy.group)) choose(strategy);
      }
    } else if (builtIn[entry]) {
      choose(builtIn[entry]);
    } else if (base && hasRecentVariant(base)) {
      const hybrid = withRecentTail(base);
      chosen.set(hybrid.name, hybrid);
    } else if (isSummaryFile(entry)) {
      const strategy = await summaryFileStrategy(entry);
      chosen.set(strategy.name, strategy);
    } else if (isStrategyFile(entry)) {
      const strategy = await loadStrategyFile(entry);
      chosen.set(strategy.name, strategy);
    } else {
      const available = [...Object.keys(builtIn), ...Object.keys(STRATEGY_GROUPS)].join(', ');
      throw new InputError(
        `unknown strategy '${entry}'; available: ${available}, <core strategy>${RECENT_SUFFIX}, file:<summary file>, or a path to a strategy module`,
      );
    }
  }
  return [...chosen.values()];
}

/**
 * Imports a module by path. A TypeScript file goes through tsx, loaded only then and scoped to that import: the
 * bundled command has no TypeScript loader of its own, and a file outside this package may be CommonJS.
 */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  if (/\.[cm]?tsx?$/.test(path)) {
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  }
  return (await import(url)) as Record<string, unknown>;
}

/** Loads a user's strategy module: its default export or its export named `strategy`. */
export async function loadStrategyFile(file: string): Promise<Strategy> {
  const path = isAbsolute(file) ? file : resolve(file);
  // Checked first: a failed import names the module importing it (ours, in dist/chunks/), not the user's path.
  const unreadable = await stat(path).then(
    (found) => (found.isFile() ? undefined : 'it is not a file'),
    (error: unknown) => userCausedProblem(error) ?? messageOf(error),
  );
  if (unreadable) throw new InputError(`cannot load strategy module ${file}: ${unreadable}`);
  let module: Record<string, unknown>;
  try {
    module = await importModule(path);
  } catch (error) {
    const reason = messageOf(error).replace(` imported from ${fileURLToPath(import.meta.url)}`, '');
    throw new InputError(`cannot load strategy module ${file}: ${reason}`, { cause: error });
  }
  // Outside an ESM package a .ts file loads as CommonJS: its exports object is then the default export.
  const exported = (module.default ?? module.strategy) as Record<string, unknown> | undefined;
  const candidate = (
    exported && typeof exported.name !== 'string' ? (exported.default ?? exported.strategy) : exported
  ) as Partial<Strategy> | undefined;
  if (
    !candidate ||
    typeof candidate.name !== 'string' ||
    typeof candidate.description !== 'string' ||
    typeof candidate.run !== 'function'
  ) {
    throw new InputError(
      `${file}: a strategy module must export (default, or as 'strategy') an object with name, description and run(session, context)`,
    );
  }
  return { group: 'custom', callsModel: true, ...candidate } as Strategy;
}
