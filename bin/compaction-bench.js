#!/usr/bin/env node
// Starts the CLI from the bundle `npm run build` writes to dist/ (no TypeScript to compile at start-up), or from
// the sources through tsx when the bundle is missing, older than a source file, or COMPACTION_BENCH_SOURCE=1.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli.js', import.meta.url);

/** The newest modification time of any file under `directory`. */
function newestChange(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = `${directory}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsFresh() {
  if (process.env.COMPACTION_BENCH_SOURCE === '1') return false;
  try {
    return statSync(bundle).mtimeMs >= newestChange(fileURLToPath(new URL('../src', import.meta.url)));
  } catch {
    // No bundle (or, in an installed copy, no sources to be newer than it): use whichever exists.
    return !statSync(new URL('../src/cli.ts', import.meta.url), { throwIfNoEntry: false });
  }
}

let cli;
if (bundleIsFresh()) {
  cli = await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
await cli.start();
