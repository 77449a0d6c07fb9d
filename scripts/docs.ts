/**
 * `npm run docs`: rewrites the generated parts of the docs: the settings table of docs/strategies.md and the
 * metrics table of docs/ci.md from the code's own declarations, and the real-session table of docs/derived-probes.md from compare on
 * ../shared/real-sessions/ (when present). test/docs-real-sessions.e2e.test.ts fails when they are out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withGeneratedRegion } from '../src/report/generated-region.ts';
import { METRICS_TABLE_MARKERS, renderMetricsTable } from '../src/report/metrics-table.ts';
import { REAL_SESSIONS_TABLE_MARKERS } from '../src/report/real-sessions-table.ts';
import { renderSettingsTable, SETTINGS_TABLE_MARKERS } from '../src/report/settings-table.ts';
import { CORE_SETTINGS } from '../src/settings.ts';
import { strategySettings } from '../src/strategies/registry.ts';
import { buildRealSessionsTable, REAL_SESSIONS_ROOT, realSessionsPresent } from './real-sessions-table.ts';
import { terminalExample, TERMINAL_DIRECTORY, TERMINAL_EXAMPLES } from './terminal-examples.ts';

function rewrite(
  relative: string,
  markers: { start: string; end: string },
  text: string,
  what: string,
): void {
  const file = fileURLToPath(new URL(`../${relative}`, import.meta.url));
  const updated = withGeneratedRegion(readFileSync(file, 'utf8'), markers, text);
  if (updated === undefined) {
    process.stderr.write(`docs: ${file} has no ${what} markers\n`);
    process.exit(2);
  }
  writeFileSync(file, updated);
  process.stdout.write(`docs: wrote the ${what} of ${file}\n`);
}

rewrite(
  'docs/strategies.md',
  SETTINGS_TABLE_MARKERS,
  renderSettingsTable([...CORE_SETTINGS, ...strategySettings()]),
  'settings table',
);
rewrite('docs/ci.md', METRICS_TABLE_MARKERS, renderMetricsTable(), 'metrics table');
if (realSessionsPresent()) {
  rewrite(
    'docs/derived-probes.md',
    REAL_SESSIONS_TABLE_MARKERS,
    await buildRealSessionsTable(),
    'real-session table',
  );
} else {
  process.stdout.write(
    `docs: left the real-session table of docs/derived-probes.md as it is: no ${REAL_SESSIONS_ROOT}\n`,
  );
}

// The terminal at 80 columns, one file per kind of run.
for (const { file, args } of TERMINAL_EXAMPLES) {
  writeFileSync(`${TERMINAL_DIRECTORY}${file}`, await terminalExample(args));
  process.stdout.write(`docs: wrote ${TERMINAL_DIRECTORY}${file}\n`);
}
