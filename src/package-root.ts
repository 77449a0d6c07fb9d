/** The package's own directory, found from a module of it: the sources run from src/, the bundle from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory above `file` with a package.json. */
export function packageRoot(file: string): string {
  let directory = dirname(file);
  while (!existsSync(join(directory, 'package.json')) && dirname(directory) !== directory) {
    directory = dirname(directory);
  }
  return directory;
}

/** The tool's own name and version, from its package.json (the one place the version is written). */
export function toolVersion(): { tool: string; version: string } {
  const root = packageRoot(fileURLToPath(import.meta.url));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name?: string;
    version?: string;
  };
  return { tool: manifest.name ?? 'compaction-bench', version: manifest.version ?? 'unknown' };
}
