/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn, each in its own node process so that peak
 * memory is per benchmark. `npm run bench -- foundation` runs only the files whose name contains it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const directory = fileURLToPath(new URL('.', import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(directory)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (files.length === 0) {
  process.stderr.write(`no benchmark matches ${filters.join(', ')}\n`);
  process.exitCode = 2;
}

for (const file of files) {
  process.stdout.write(`\n▶ bench/${file}\n`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    process.stderr.write(`bench/${file} failed (exit ${result.status ?? result.signal})\n`);
    process.exitCode = 1;
  }
}
