#!/usr/bin/env node
// `npm run build` (also run by `npm ci` through `prepare`): bundles src/cli.ts into dist/cli.js and the chunks it
// imports, so the installed command starts without compiling TypeScript. Dependencies stay in node_modules; `bin/compaction-bench.js` falls
// back to the sources through tsx whenever dist/ is missing or older than a source file.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${root}dist`;

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
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The rank tables, ready to read (scripts/rank-tables.ts): the command then starts without building them.
const tables = spawnSync(process.execPath, ['--import', 'tsx', `${root}scripts/rank-tables.ts`, outdir], {
  stdio: 'inherit',
  cwd: root,
});
if (tables.status !== 0) process.exit(tables.status ?? 1);
