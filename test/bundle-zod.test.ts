/**
 * zod as the bundle (scripts/build.mjs) keeps it: imported as a namespace (`import * as z from 'zod'`), esbuild keeps
 * only the parts of zod the sources name; `import { z } from 'zod'` takes zod's whole namespace object, its JSON Schema
 * reader and its code compiler included, which compare then loads before its first call for nothing (206 kB).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import { filesUnder } from './helpers/files-under.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = `${ROOT}src/`;

/** `import { z } from 'zod'` (or its type-only form): the import that keeps all of zod. */
const NAMED_ZOD_IMPORT = /^import\s+(?:type\s+)?\{\s*z\s*\}\s+from\s+'zod';?$/m;

/** The bundle esbuild makes of `source` as scripts/build.mjs bundles zod (ESM for node, zod inlined). */
async function bundled(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('zod in the bundle', () => {
  it('is imported as a namespace in every file of src/', () => {
    const named = filesUnder(SRC, '.ts')
      .filter((file) => NAMED_ZOD_IMPORT.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    assert.deepEqual(named, []);
  });

  it("leaves zod's JSON Schema reader and code compiler out when imported as a namespace, not when named", async () => {
    const use = 'export const schema = z.object({ role: z.enum(["user"]), text: z.string() });';
    const named = `import { z } from 'zod';\n${use}`;
    assert.match(named, NAMED_ZOD_IMPORT);
    const [whole, shaken] = await Promise.all([bundled(named), bundled(`import * as z from 'zod';\n${use}`)]);
    for (const unused of ['function fromJSONSchema(', 'ZodCompileUnsupportedError']) {
      assert.ok(whole.includes(unused), `the named import keeps ${unused}`);
      assert.ok(!shaken.includes(unused), `the namespace import leaves out ${unused}`);
    }
    assert.ok(shaken.length < whole.length * 0.8, `${shaken.length} against ${whole.length} characters`);
  });
});
