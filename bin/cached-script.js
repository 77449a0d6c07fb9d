// The CLI as one CommonJS script (`dist/script/cli.cjs`, written by `npm run build`), compiled from the V8 code cache
// stored beside it: Node 20 keeps no compiled code of ES modules, so the bundle's chunks are compiled from source at
// every start, and a cache of a script made up to a run's first request spares compare that compile (its modules'
// top levels and the functions its start calls). scripts/code-cache.mjs writes the cache.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Where the code cache of `scriptPath` for the running V8 (its version and the machine's architecture) is stored. */
export function cacheFileOf(scriptPath) {
  return `${scriptPath}.${process.versions.v8}-${process.arch}.cache`;
}

/**
 * Compiles the script (from `cachedData` when V8 accepts it) and runs it as a CommonJS module: its exports, the
 * compiled script (to make a cache of), and whether V8 refused the cache (another V8 flag, a damaged file).
 */
export function runScript(scriptPath, cachedData) {
  // Node's CommonJS wrapper, and `importFromHost` for the modules the script imports at run time (js-tiktoken's ranks,
  // tsx, a strategy file): an `import()` in a function V8 took from the cache finds no import callback in Node 20.
  const wrapped = `(function (exports, require, module, __filename, __dirname, importFromHost) {${readFileSync(scriptPath, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename: scriptPath, cachedData });
  const module = { exports: {} };
  const require = createRequire(scriptPath);
  const importFromHost = (specifier) => import(specifier);
  script
    .runInThisContext()
    .call(module.exports, module.exports, require, module, scriptPath, dirname(scriptPath), importFromHost);
  return {
    exports: module.exports,
    script,
    rejected: cachedData !== undefined && script.cachedDataRejected === true,
  };
}

/**
 * The script's exports compiled from its code cache, or undefined when there is no cache for this V8 at least as new
 * as the script (then the ES build starts faster than the script compiled from source). A cache V8 refuses still
 * runs the script, compiled from source: the same run, a slower start.
 */
export function loadCachedScript(scriptPath) {
  let cachedData;
  try {
    const cacheFile = cacheFileOf(scriptPath);
    if (statSync(cacheFile).mtimeMs < statSync(scriptPath).mtimeMs) return undefined;
    cachedData = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return runScript(scriptPath, cachedData).exports;
}
