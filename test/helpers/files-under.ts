/** The files of a folder tree whose names end a certain way, for tests that read the repository's own sources. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `directory` (at any depth) whose name ends with `ending`, as full paths. */
export function filesUnder(directory: string, ending: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}
