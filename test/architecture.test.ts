/**
 * The shape of `src/` that docs/architecture.md promises: imports only run one way (no file reaches
 * itself through its imports, type imports included) and no file outgrows 400 lines.
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

describe('architecture', () => {
  const files = sourceFiles(SRC);

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

  it(`has no file over ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({
        file: relative(SRC, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    assert.deepEqual(long, []);
  });
});
