/**
 * The shape of `src/` that docs/architecture.md promises: imports only run one way (no file reaches
 * itself through its imports, type imports included), down the pipeline's layers (the "Layers" list
 * there), never between derivation and a summarizer, with no runner loose at the top of `src/`; and a
 * file over 400 lines says why in the "Long files" table there. Length is a signal to look, not a cap:
 * a cohesive 600-line algorithm beats three fragments split to fit a number.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MAX_LINES = 400;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

// `import … from './x.ts'`, `import type …`, `export … from`, and `import('./x.ts')`.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

/** Each file's relative imports, resolved to files of `src/`. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((match) => resolve(dirname(file), match[1]!));
      return [file, targets.filter((target) => files.includes(target))];
    }),
  );
}

/** The first import cycle found, as a list of files, or undefined. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return undefined;
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

/** Where a file of `src/` stands: the index of the first layer with an entry that names it (a folder ends in `/`). */
function layerOf(file: string, layers: readonly (readonly string[])[]): number {
  return layers.findIndex((layer) =>
    layer.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)),
  );
}

/** Each import from a file to one of a higher layer (earlier in the list), as `from → to`. */
function arrowsUp(
  graph: ReadonlyMap<string, readonly string[]>,
  layers: readonly (readonly string[])[],
): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      // A file no layer names fails the test that places every file; here it is left alone.
      .filter((target) => {
        const [from, to] = [layerOf(file, layers), layerOf(target, layers)];
        return from >= 0 && to >= 0 && to < from;
      })
      .map((target) => `${file} → ${target}`),
  );
}

/** Each import between two folders that must not know each other, either way, as `from → to`. */
function arrowsBetween(
  graph: ReadonlyMap<string, readonly string[]>,
  apart: readonly (readonly [string, string])[],
) {
  const crosses = (from: string, to: string) =>
    apart.some(
      ([a, b]) => (from.startsWith(a) && to.startsWith(b)) || (from.startsWith(b) && to.startsWith(a)),
    );
  return [...graph].flatMap(([file, targets]) =>
    targets.filter((target) => crosses(file, target)).map((target) => `${file} → ${target}`),
  );
}

/** The graph with paths relative to `src/`, written with `/`. */
function relativeGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const name = (file: string) => relative(SRC, file).split('\\').join('/');
  return new Map([...graph].map(([file, targets]) => [name(file), targets.map(name)]));
}

describe('architecture', () => {
  const files = sourceFiles(SRC);
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const layers = layersOf(doc);

  it('has no import cycle anywhere in src/', () => {
    const cycle = findCycle(importGraph(files));
    assert.equal(cycle?.map((file) => relative(SRC, file)).join(' → '), undefined);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(findCycle(graph), ['a', 'b', 'c', 'a']);
    assert.equal(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
      undefined,
    );
  });

  it('puts every file of src/ in a layer, and keeps at the top of src/ only what the layers name there', () => {
    const unplaced = files
      .map((file) => relative(SRC, file).split('\\').join('/'))
      .filter((file) => layerOf(file, layers) < 0);
    // A file loose at the top of src/ (a runner, say) belongs in a folder; the top holds only the named few.
    assert.deepEqual(unplaced, []);
    assert.ok(layers.length >= 10, `docs/architecture.md's "Layers" list reads as ${layers.length} layers`);
  });

  it('imports only down the layers: nothing imports a file of a layer above its own', () => {
    assert.deepEqual(arrowsUp(relativeGraph(importGraph(files)), layers), []);
  });

  it('keeps derivation apart from every summarizer: no import between quality/derive/ and extractive/ or strategies/', () => {
    const apart = [
      ['quality/derive/', 'extractive/'],
      ['quality/derive/', 'strategies/'],
    ] as const;
    assert.deepEqual(arrowsBetween(relativeGraph(importGraph(files)), apart), []);
  });

  it('finds an arrow up, a crossing and an unplaced file (the checks can fail)', () => {
    const sample = layersOf(
      '## Layers\n\n1. `cli.ts`\n2. `run/`, `report.ts`\n3. `session/`, `quality/derive/`\n\n## Next\n4. `x/`\n',
    );
    assert.deepEqual(sample, [['cli.ts'], ['run/', 'report.ts'], ['session/', 'quality/derive/']]);
    const graph = new Map([
      ['cli.ts', ['run/run.ts']],
      ['run/run.ts', ['session/load.ts', 'report.ts']],
      ['session/load.ts', ['run/run.ts']],
      ['quality/derive/a.ts', ['extractive/b.ts']],
      ['strategies/c.ts', ['quality/derive/a.ts']],
    ]);
    assert.deepEqual(arrowsUp(graph, sample), ['session/load.ts → run/run.ts']);
    assert.deepEqual(
      arrowsBetween(graph, [
        ['quality/derive/', 'extractive/'],
        ['quality/derive/', 'strategies/'],
      ]),
      ['quality/derive/a.ts → extractive/b.ts', 'strategies/c.ts → quality/derive/a.ts'],
    );
    assert.equal(layerOf('run.ts', sample), -1, 'a runner loose at the top stands in no layer');
  });

  it(`names every file over ${MAX_LINES} lines in docs/architecture.md with a reason`, () => {
    const explained = longFilesTable(doc);
    const unexplained = files
      .map((file) => ({
        file: relative(SRC, file).split('\\').join('/'),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ file, lines }) => lines > MAX_LINES && !explained.has(file));
    assert.deepEqual(unexplained, []);
  });

  it('reads the long-files table (the check can fail)', () => {
    const table = longFilesTable(
      '## Long files\n\n| file | why |\n| --- | --- |\n| `run.ts` | one pipeline |\n\n## Next\n| `x.ts` | no |\n',
    );
    assert.deepEqual([...table], ['run.ts']);
  });
});

/**
 * The layers of the "Layers" section's numbered list, top first: each item's backquoted entries (a folder ends in
 * `/`, a file of the top of `src/` is named alone).
 */
function layersOf(doc: string): string[][] {
  const section = doc.split(/^## Layers$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\d+\.\s+(.*)$/gm)].map((item) =>
    [...item[1]!.matchAll(/`([^`]+)`/g)].map((entry) => entry[1]!),
  );
}

/** The files named in the first column of the "Long files" section's table. */
function longFilesTable(doc: string): Set<string> {
  const section = doc.split(/^## Long files$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((match) => match[1]!));
}
