/** identifier-bag: paths and identifier-like tokens of the transcript, most frequent first, within a budget. */
import { messageText } from '../session/grep-lines.ts';
import { LEXICAL_TOKENS, lexicalBudget, sessionPaths, withinBudget } from './lexical.ts';
import type { Strategy } from './types.ts';

// camelCase, PascalCase with two humps, snake_case and SCREAMING_CASE, dotted names (decimal.js,
// Intl.DateTimeFormat), kebab-case names (ledger-sync), and words mixing letters and digits (1Gi, t_7a9).
const IDENTIFIER =
  /(?<![\p{L}\p{N}_./*-])(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+|[A-Za-z][\w$]*(?:\.[A-Za-z][\w$]*)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|(?=[A-Za-z_]*\d)(?=\d*[A-Za-z])[A-Za-z0-9_]{2,})(?![\p{L}\p{N}_/-]|\.[\p{L}\p{N}])/gu;
const PER_LINE = 6;

/** The identifiers of the transcript, most frequent first (ties: first seen first). */
export function identifiersOf(texts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(IDENTIFIER)) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([identifier]) => identifier);
}

/** What a keyword index of the session would keep: no sentence, only names. */
export const identifierBag: Strategy = {
  name: 'identifier-bag',
  description:
    'lexical baseline: the paths, then the most frequent identifier-like tokens, within --lexical-tokens (no model)',
  group: 'baseline',
  lexical: true,
  callsModel: false,
  settings: [LEXICAL_TOKENS],
  async run(session, context) {
    const paths = sessionPaths(session);
    const seen = new Set(paths);
    const identifiers = identifiersOf(session.messages.map(messageText)).filter((name) => !seen.has(name));
    const lines = [...paths];
    for (let index = 0; index < identifiers.length; index += PER_LINE)
      lines.push(identifiers.slice(index, index + PER_LINE).join(', '));
    const kept = withinBudget(lines, lexicalBudget(context.config), context.tokenizer);
    return {
      summary: kept.join('\n'),
      notes: [`Kept ${kept.length} of ${lines.length} lines (${paths.length} paths, then identifiers).`],
    };
  },
};
