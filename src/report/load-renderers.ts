/**
 * Loads the report's renderers and writers (renderers.ts) once, on first use. A compare against a model asks while
 * its first calls are in flight (run-session.ts prepareWhileCalling): 259 kB of bundled code, about 10 ms of the main
 * thread's CPU (measured under load) that were spent before the first call, when nothing needed them yet.
 */
let loading: Promise<typeof import('./renderers.ts')> | undefined;

/** The renderers' module, loading it on the first call. */
export function loadRenderers(): Promise<typeof import('./renderers.ts')> {
  return (loading ??= import('./renderers.ts'));
}
