/** The generated parts of the docs match the code's declarations (`npm run docs` rewrites them). */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderSettingsTable, withSettingsTable } from '../src/report/settings-table.ts';
import { CORE_SETTINGS } from '../src/settings.ts';
import { strategySettings } from '../src/strategies/registry.ts';

const STRATEGIES_DOC = fileURLToPath(new URL('../docs/strategies.md', import.meta.url));
const ROOT = fileURLToPath(new URL('../', import.meta.url));

// A cited project path: `test/…`, `support/…`, `bench/…`, or `src/<folder that exists>/…`, with no
// placeholder (`<name>`, `*`) or line suffix; the docs also quote session paths (`src/billing/tax.ts`).
const CITED_PATH = /`((?:src|test|support|bench)\/[\w./-]+\.(?:ts|mjs|js|json|jsonl))`/g;

/** The project paths the user docs cite that name a folder of this repository. */
function citedPaths(document: string): string[] {
  return [...document.matchAll(CITED_PATH)]
    .map((match) => match[1]!)
    .filter((path) => !path.startsWith('src/') || existsSync(ROOT + path.split('/').slice(0, 2).join('/')));
}

describe('docs', () => {
  it('docs/strategies.md lists every declared setting with its flag and default (run `npm run docs`)', () => {
    const document = readFileSync(STRATEGIES_DOC, 'utf8');
    const table = renderSettingsTable([...CORE_SETTINGS, ...strategySettings()]);
    assert.equal(withSettingsTable(document, table), document);
    for (const declaration of [...CORE_SETTINGS, ...strategySettings()])
      assert.ok(document.includes(`\`${declaration.flag}\``), declaration.flag);
  });

  it('cites only project files that exist', () => {
    const documents = [
      'README.md',
      ...readdirSync(ROOT + 'docs')
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const missing = documents.flatMap((document) =>
      citedPaths(readFileSync(ROOT + document, 'utf8'))
        .filter((path) => !existsSync(ROOT + path))
        .map((path) => `${document}: ${path}`),
    );
    assert.deepEqual(missing, []);
  });

  it('finds a cited path that does not exist (the check can fail)', () => {
    assert.deepEqual(citedPaths('see `test/helpers/nowhere.ts` and `src/billing/tax.ts`'), [
      'test/helpers/nowhere.ts',
    ]);
  });
});
