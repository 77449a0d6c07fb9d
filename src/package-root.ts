/** The package's own directory, found from a module of it: the sources run from src/, the bundle from dist/. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest directory above `file` with a package.json. */
export function packageRoot(file: string): string {
  let directory = dirname(file);
  while (!existsSync(join(directory, 'package.json')) && dirname(directory) !== directory) {
    directory = dirname(directory);
  }
  return directory;
}
