/** The generated parts of the docs match the code's declarations (`npm run docs` rewrites them). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderSettingsTable, withSettingsTable } from '../src/report/settings-table.ts';
import { CORE_SETTINGS } from '../src/settings.ts';
import { strategySettings } from '../src/strategies/registry.ts';

const STRATEGIES_DOC = fileURLToPath(new URL('../docs/strategies.md', import.meta.url));

describe('docs', () => {
  it('docs/strategies.md lists every declared setting with its flag and default (run `npm run docs`)', () => {
    const document = readFileSync(STRATEGIES_DOC, 'utf8');
    const table = renderSettingsTable([...CORE_SETTINGS, ...strategySettings()]);
    assert.equal(withSettingsTable(document, table), document);
    for (const declaration of [...CORE_SETTINGS, ...strategySettings()])
      assert.ok(document.includes(`\`${declaration.flag}\``), declaration.flag);
  });
});
