/**
 * What the lexical baselines share: lines taken from the transcript by pattern, no model and no reading,
 * written until a token budget is spent. They bound the metric from below: a strategy that keeps no more
 * than a grep is not summarizing.
 */
import { fileLists } from '../session/file-operations.ts';
import { type Session } from '../session/types.ts';
import { integerAtLeast, type SettingDeclaration, setting } from '../settings.ts';
import type { StrategyConfig } from './types.ts';
import type { Tokenizer } from '../tokens.ts';

/** `--lexical-tokens`: how much the identifier bag and the grep may write. */
export const LEXICAL_TOKENS: SettingDeclaration = {
  key: 'lexicalTokens',
  flag: '--lexical-tokens <n>',
  help: 'identifier-bag, grep, user-verbatim and user-errors: tokens they may write',
  parse: integerAtLeast(1),
  usedBy: 'identifier-bag, grep, user-verbatim, user-errors',
};

/** Every file the session read or changed, modified first, as the transcript wrote them. */
export function sessionPaths(session: Session): string[] {
  const lists = fileLists(session.fileOperations);
  return [...lists.modified, ...lists.read];
}

/** Lines in order until the next one would pass `budget` tokens (each counted with its line break). */
export function withinBudget(
  lines: readonly string[],
  budget: number,
  tokenizer: Pick<Tokenizer, 'count'>,
): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = tokenizer.count(`${line}\n`);
    if (used + cost > budget) break;
    kept.push(line);
    used += cost;
  }
  return kept;
}

/** What a lexical baseline may write: the target when there is one, else `--lexical-tokens`. */
export function lexicalBudget(config: StrategyConfig): number {
  return config.targetTokens ?? setting(config, 'lexicalTokens');
}
