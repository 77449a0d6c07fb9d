/** The generated parts of the docs match the code's declarations (`npm run docs` rewrites them). */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { probeSchema } from '../src/quality/probes.ts';
import { METRICS_TABLE_MARKERS, renderMetricsTable } from '../src/report/metrics-table.ts';
import { renderSettingsTable, withSettingsTable } from '../src/report/settings-table.ts';
import { withGeneratedRegion } from '../src/report/generated-region.ts';
import { SCHEMA_VERSION } from '../src/results/types.ts';
import { CORE_SETTINGS } from '../src/settings.ts';
import { SUITE_SCHEMA_VERSION } from '../src/suite/types.ts';
import { strategySettings } from '../src/strategies/registry.ts';
import { runCli, temporaryDirectory } from './helpers/cli.ts';

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

const FORMATS_DOC = fileURLToPath(new URL('../docs/formats.md', import.meta.url));

/** The fields a Markdown table's rows open with (`| \`field\` |`, or several: `| \`a\`, \`b\` |`). */
function tableFields(document: string): Set<string> {
  const fields = new Set<string>();
  for (const row of document.matchAll(/^\| ((?:`\w+`(?:, )?)+) +\|/gm))
    for (const field of row[1]!.matchAll(/`(\w+)`/g)) fields.add(field[1]!);
  return fields;
}

const RESULTS_README = fileURLToPath(new URL('../compaction-results/README.md', import.meta.url));

describe('docs', () => {
  it('docs/strategies.md lists every declared setting with its flag and default (run `npm run docs`)', () => {
    const document = readFileSync(STRATEGIES_DOC, 'utf8');
    const table = renderSettingsTable([...CORE_SETTINGS, ...strategySettings()]);
    assert.equal(withSettingsTable(document, table), document);
    for (const declaration of [...CORE_SETTINGS, ...strategySettings()])
      assert.ok(document.includes(`\`${declaration.flag}\``), declaration.flag);
  });

  it('docs/ci.md tabulates how every metric aggregates, as the registry declares it (run `npm run docs`)', () => {
    const document = readFileSync(ROOT + 'docs/ci.md', 'utf8');
    assert.equal(withGeneratedRegion(document, METRICS_TABLE_MARKERS, renderMetricsTable()), document);
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

  it("docs/formats.md's sidecar table names every field a probe may carry", () => {
    const documented = tableFields(readFileSync(FORMATS_DOC, 'utf8'));
    assert.deepEqual(
      Object.keys(probeSchema.shape).filter((field) => !documented.has(field)),
      [],
    );
    assert.ok(!tableFields('| `version` | `2` |\n| `id`, `kind` | … |').has('told'), 'the check can fail');
  });

  it('compaction-results/README.md names every file a run writes there, and the schema versions', async () => {
    const readme = readFileSync(RESULTS_README, 'utf8');
    const directory = await temporaryDirectory();
    try {
      const out = join(directory.path, 'out');
      const run = await runCli(['compare', 'before-compaction', '-s', 'truncate', '-o', out, '-q'], {
        cwd: directory.path,
      });
      assert.equal(run.code, 0, run.stderr);
      const written = readdirSync(out)
        .filter((name) => name !== 'records')
        .map((name) =>
          name.replace('before-compaction-truncate.', 'F-S.').replace('before-compaction-', 'F-'),
        );
      assert.deepEqual(written.sort(), ['F-S.md', 'F-comparison.md', 'F-report.html', 'F-results.json']);
      for (const name of written) assert.ok(readme.includes(`\`${name}\``), name);
      assert.ok(readme.includes('`records/`'), 'the records folder is documented');
    } finally {
      await directory.remove();
    }
    assert.ok(
      readme.includes(`\`F-results.json\` — everything, for machines (\`schemaVersion: ${SCHEMA_VERSION}\`)`),
    );
    assert.ok(readme.includes(`\`suite-results.json\` (\`schemaVersion: ${SUITE_SCHEMA_VERSION}\`)`));
    for (const name of ['F-sweep.md', 'F-sweep.json', 'suite-comparison.md', 'suite-report.html'])
      assert.ok(readme.includes(`\`${name}\``), name);
  });
});
