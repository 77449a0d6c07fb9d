/**
 * `import()` of a module found at run time (a package left out of the bundle, a user's strategy file), in one place:
 * the CommonJS script the build also makes (bin/cached-script.js) has no `import()` of its own that works once V8
 * compiled it from its code cache, and the build gives it one from outside (scripts/build.mjs).
 */

/** Imports `specifier` (a package name or a file URL) as an ES module would. */
export function importAtRunTime<Module>(specifier: string): Promise<Module> {
  return import(specifier) as Promise<Module>;
}
