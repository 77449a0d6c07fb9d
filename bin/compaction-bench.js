#!/usr/bin/env node
// Starts the CLI from the bundle `npm run build` writes to dist/ (no TypeScript to compile at start-up), or from
// the sources through tsx when the bundle is missing, older than a source file, or COMPACTION_BENCH_SOURCE=1. compare
// and check start from the same program built as one script, compiled from its V8 code cache (./cached-script.js),
// when the build stored one for this V8 and COMPACTION_BENCH_CODE_CACHE is not 0.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli.js', import.meta.url);
const script = new URL('../dist/script/cli.cjs', import.meta.url);
// The commands whose start compiles the most before its work (a session counted, a model's first request).
const CACHED_COMMANDS = new Set(['compare', 'check']);

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

function startsFromScript() {
  if (process.env.COMPACTION_BENCH_CODE_CACHE === '0') return false;
  // The program's own options take no value: the first word is the command.
  return CACHED_COMMANDS.has(process.argv.slice(2).find((argument) => !argument.startsWith('-')));
}

let cli;
if (bundleIsFresh()) {
  if (startsFromScript()) cli = (await import('./cached-script.js')).loadCachedScript(fileURLToPath(script));
  cli ??= await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../src/cli.ts');
}
await cli.start();
