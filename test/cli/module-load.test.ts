import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('loading the compare command', () => {
  it('folds no words: the synonym table is made on first use, not while modules load before the first call', () => {
    // A process of its own: this one's table may have been made by other tests. Stemming every form of the table
    // cost 10-17 ms of a compare's start when a module folded a word list as it loaded (quality/derive/artifacts.ts).
    const script = [
      "await import('./src/commands/compare.ts');",
      "await import('./src/run/run-suite.ts');",
      "const { synonymTableMade } = await import('./src/quality/meaning.ts');",
      'process.stdout.write(String(synonymTableMade()));',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'false');
  });
});

/** The files compare's code reaches from `src/commands/compare.ts`: by static imports alone, and with `import()` too. */
async function compareGraph(): Promise<{ static: Set<string>; all: Set<string> }> {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    entryPoints: [`${ROOT}src/commands/compare.ts`],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'unused',
    logLevel: 'silent',
  });
  const reach = (kinds: ReadonlySet<string>) => {
    const seen = new Set(['src/commands/compare.ts']);
    for (const file of seen)
      for (const edge of metafile.inputs[file]?.imports ?? [])
        if (kinds.has(edge.kind) && metafile.inputs[edge.path]) seen.add(edge.path);
    return seen;
  };
  return {
    static: reach(new Set(['import-statement'])),
    all: reach(new Set(['import-statement', 'dynamic-import'])),
  };
}

describe("compare's modules before the first call", () => {
  it('hold neither the probe derivation nor the extractive summarizer: each loads when a run needs it', async () => {
    const graph = await compareGraph();
    const later = ['src/quality/derive/derive.ts', 'src/extractive/summarize.ts'];
    assert.deepEqual(
      later.map((file) => graph.static.has(file)),
      [false, false],
    );
    // Reached through `import()`: a session without a sidecar derives, an offline run summarizes.
    assert.deepEqual(
      later.map((file) => graph.all.has(file)),
      [true, true],
    );
  });
});
