/**
 * `npm run docs`: rewrites the generated parts of the docs from the code's own declarations (today the settings
 * table of docs/strategies.md). test/docs.test.ts fails when they are out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderSettingsTable, withSettingsTable } from '../src/report/settings-table.ts';
import { CORE_SETTINGS } from '../src/settings.ts';
import { strategySettings } from '../src/strategies/registry.ts';

const file = fileURLToPath(new URL('../docs/strategies.md', import.meta.url));
const updated = withSettingsTable(
  readFileSync(file, 'utf8'),
  renderSettingsTable([...CORE_SETTINGS, ...strategySettings()]),
);
if (updated === undefined) {
  process.stderr.write(`docs: ${file} has no settings-table markers\n`);
  process.exit(2);
}
writeFileSync(file, updated);
process.stdout.write(`docs: wrote the settings table of ${file}\n`);
