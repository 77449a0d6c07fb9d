/**
 * docs/architecture.md's checklists (how to add a strategy, a provider, an importer, a metric, a report format, an
 * evaluator) stay true: every file they name exists, and every name they say a file exports, it exports.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const ARCHITECTURE = readFileSync(`${ROOT}docs/architecture.md`, 'utf8');

/** The "Checklists" section, one entry per "### Adding …" heading. */
function checklists(document: string): Map<string, string> {
  const section = document.split(/^## Checklists$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Map(
    section
      .split(/^### /m)
      .slice(1)
      .map((part) => [part.slice(0, part.indexOf('\n')), part] as const),
  );
}

// A path from the repository's root; `<name>` stands for the new file, so only the folder before it must exist.
const PATH = /`((?:src|test|support|docs|bench|scripts)\/[^`\s]*)`/g;
// `NAME` (`path`), `NAME` type (`path`), `NAME` in `path`, `NAME` and `OTHER` in `path`.
const EXPORT = /`([A-Za-z_$][\w$]*)`(?:\s+type)?\s+(?:\(|in\s+|of\s+)`((?:src|support)\/[^`\s]+\.ts)`/g;
const PAIRED = /`([A-Za-z_$][\w$]*)`\s+and\s+`([A-Za-z_$][\w$]*)`\s+in\s+`((?:src|support)\/[^`\s]+\.ts)`/g;

/** The paths a checklist names that do not exist (a placeholder's folder must). */
function missingPaths(text: string): string[] {
  return [...text.matchAll(PATH)]
    .map((match) => match[1]!)
    .filter((path) => !existsSync(ROOT + path.split('<')[0]!));
}

/** Whether `source` exports `name` (a declaration or an export list). */
function exports(source: string, name: string): boolean {
  const declared = new RegExp(
    `^export\\s+(?:declare\\s+)?(?:async\\s+)?(?:const|let|function\\*?|type|interface|class|enum)\\s+${name.replace('$', '\\$')}\\b`,
    'm',
  );
  const listed = new RegExp(`^export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`, 'm');
  return declared.test(source) || listed.test(source);
}

/** `NAME in path` pairs a checklist names. */
function namedExports(text: string): Array<{ name: string; path: string }> {
  const single = [...text.matchAll(EXPORT)].map((match) => ({ name: match[1]!, path: match[2]! }));
  const paired = [...text.matchAll(PAIRED)].flatMap((match) => [
    { name: match[1]!, path: match[3]! },
    { name: match[2]!, path: match[3]! },
  ]);
  const unique = new Map([...single, ...paired].map((entry) => [`${entry.name} in ${entry.path}`, entry]));
  return [...unique.values()];
}

/** The named exports a checklist names that their file does not export (or that name a file that is gone). */
function missingExports(text: string): string[] {
  return namedExports(text)
    .filter(({ name, path }) => !existsSync(ROOT + path) || !exports(readFileSync(ROOT + path, 'utf8'), name))
    .map(({ name, path }) => `${name} in ${path}`);
}

describe('docs/architecture.md checklists', () => {
  const lists = checklists(ARCHITECTURE);

  it('say how to add a strategy, a provider, an importer, a metric, a report format and an evaluator', () => {
    const headings = [...lists.keys()].join('\n');
    for (const kind of ['strategy', 'provider', 'importer', 'metric', 'report format', 'evaluator'])
      assert.match(headings, new RegExp(`^Adding an? ${kind}\\b`, 'm'), kind);
  });

  for (const [heading, text] of lists) {
    it(`${heading}: every named file exists and exports what the list says`, () => {
      assert.ok(namedExports(text).length > 0, 'names at least one export with its file');
      assert.deepEqual(missingPaths(text), []);
      assert.deepEqual(missingExports(text), []);
    });
  }

  it('finds a file that is gone and a name a file does not export (the check can fail)', () => {
    const drifted =
      '1. `src/strategies/<name>.ts` and `src/nowhere/<name>.ts`; one line in `STRATEGIES` in ' +
      '`src/strategies/registry.ts`, `STRATEGY_TABLE` (`src/strategies/registry.ts`), `Strategy` (`src/gone.ts`); ' +
      '`WIDE` and `NOWHERE` in `src/report/html/svg.ts`.';
    assert.deepEqual(missingPaths(drifted), ['src/nowhere/<name>.ts', 'src/gone.ts']);
    assert.deepEqual(missingExports(drifted), [
      'STRATEGY_TABLE in src/strategies/registry.ts',
      'Strategy in src/gone.ts',
      'NOWHERE in src/report/html/svg.ts',
    ]);
  });
});
