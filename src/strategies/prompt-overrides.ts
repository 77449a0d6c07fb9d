/** `--prompt-file S=FILE` and `S.PROMPT=FILE`: which prompt texts (core or a strategy's own) a run replaces, and with what. */
import { InputError, messageOf } from '../errors.ts';
import { RECENT_SUFFIX } from './hybrid.ts';
import { STRATEGIES } from './registry.ts';
import type { PromptOverride, Strategy } from './types.ts';

const FLAG = '--prompt-file';

/** Every prompt a strategy may have replaced: its own, and the system prompt. */
export function promptsOf(strategy: Strategy): string[] {
  if (!strategy.prompts) return [];
  return [...strategy.prompts.main, ...(strategy.prompts.others ?? []), 'system'];
}

/**
 * Parses `--prompt-file` values into overrides keyed `strategy.prompt`. `S=FILE` replaces S's main
 * prompts (every one listed as main, e.g. both the initial and the update prompt of
 * structured-iterative); `S.PROMPT=FILE` replaces that prompt only and wins over `S=FILE`. A
 * `+recent` hybrid uses its base strategy's prompts. `read` loads a file's text.
 */
export function parsePromptFiles(
  specs: readonly string[],
  read: (file: string) => string,
): Record<string, PromptOverride> {
  const general: Record<string, PromptOverride> = {};
  const specific: Record<string, PromptOverride> = {};
  for (const spec of specs) {
    const equals = spec.indexOf('=');
    const target = spec.slice(0, Math.max(0, equals)).trim();
    const file = spec.slice(equals + 1).trim();
    if (equals < 0 || target === '' || file === '') {
      throw new InputError(`${FLAG} expects STRATEGY=FILE or STRATEGY.PROMPT=FILE, got '${spec}'`);
    }
    const dot = target.indexOf('.');
    const strategyName = (dot < 0 ? target : target.slice(0, dot)).replace(
      new RegExp(`\\${RECENT_SUFFIX}$`),
      '',
    );
    const strategy = strategyByName(strategyName, spec);
    const names = promptsOf(strategy);
    if (names.length === 0)
      throw new InputError(`${FLAG} ${spec}: strategy '${strategyName}' calls no model and has no prompt`);
    const promptName = dot < 0 ? undefined : target.slice(dot + 1);
    if (promptName !== undefined && !names.includes(promptName)) {
      throw new InputError(
        `${FLAG} ${spec}: strategy '${strategyName}' has no prompt '${promptName}'; its prompts: ${names.join(', ')}`,
      );
    }
    const override = { text: readPrompt(file, spec, read), file };
    const into = promptName === undefined ? general : specific;
    for (const name of promptName === undefined ? strategy.prompts!.main : [promptName]) {
      into[`${strategyName}.${name}`] = override;
    }
  }
  return { ...general, ...specific };
}

function strategyByName(name: string, spec: string): Strategy {
  const strategies: Record<string, Strategy> = STRATEGIES;
  const strategy = Object.hasOwn(strategies, name) ? strategies[name] : undefined;
  if (strategy) return strategy;
  const withPrompts = Object.values(strategies)
    .filter((candidate) => candidate.prompts)
    .map((candidate) => candidate.name);
  throw new InputError(
    `${FLAG} ${spec}: unknown strategy '${name}'; strategies with prompts: ${withPrompts.join(', ')}`,
  );
}

function readPrompt(file: string, spec: string, read: (file: string) => string): string {
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    throw new InputError(`${FLAG} ${spec}: cannot read ${file}: ${messageOf(error)}`, { cause: error });
  }
  if (text.trim() === '') throw new InputError(`${FLAG} ${spec}: ${file} is empty`);
  return text;
}
