/**
 * The shape of `src/` that docs/architecture.md promises: imports only run one way (no file reaches
 * itself through its imports, type imports included), and a file over 400 lines says why in the
 * "Long files" table there. Length is a signal to look, not a cap: a cohesive 600-line algorithm
 * beats three fragments split to fit a number.
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

  it(`names every file over ${MAX_LINES} lines in docs/architecture.md with a reason`, () => {
    const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
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

/** The files named in the first column of the "Long files" section's table. */
function longFilesTable(doc: string): Set<string> {
  const section = doc.split(/^## Long files$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((match) => match[1]!));
}
