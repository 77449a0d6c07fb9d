#!/usr/bin/env node
// `npm run build` (also run by `npm ci` through `prepare`): bundles src/cli.ts into dist/cli.js and the chunks it
// imports, so the installed command starts without compiling TypeScript. Most dependencies stay in node_modules (below); `bin/compaction-bench.js` falls
// back to the sources through tsx whenever dist/ is missing or older than a source file.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${root}dist`;

// Bundled into the chunks: ES modules spread over many small files (zod's ~100, the OpenAI SDK's ~60, log-update's ~20)
// took longer to find and load one by one than their code takes to read in one chunk. The other dependencies stay in
// node_modules: CommonJS (commander, cli-table3, the stemmer), data (js-tiktoken's ranks), files found next to their
// module (open's xdg-open), tsx (loads strategy files).
const BUNDLED = new Set(['zod', 'openai', '@anthropic-ai/sdk', 'log-update', 'p-limit']);
const manifest = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

// zod's namespace holds every locale of its error messages (about 60 modules); the tool sets none, and zod registers
// English itself. `z.locales` keeps English alone. The sources import zod as a namespace (`import * as z`), so the
// bundle keeps only the parts of zod they name (not its JSON Schema converters, its code compiler, most locales: 206
// kB less for compare to load); this plugin drops the 10 kB of locales that still reach the chunk.
const ENGLISH_ONLY = 'zod-locales-english';
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? {
            path: fileURLToPath(new URL('../locales/en.js', `file://${args.importer}`)),
            namespace: ENGLISH_ONLY,
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: ENGLISH_ONLY }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: root,
    }));
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/cli.ts`],
  outdir,
  // Each command's modules in chunks of their own, so `--help` and `inspect` load none of compare's.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
});
// The rank tables, ready to read (scripts/rank-tables.ts): the command then starts without building them.
const tables = spawnSync(process.execPath, ['--import', 'tsx', `${root}scripts/rank-tables.ts`, outdir], {
  stdio: 'inherit',
  cwd: root,
});
if (tables.status !== 0) process.exit(tables.status ?? 1);
