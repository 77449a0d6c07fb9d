/**
 * What lets scripts/test.mjs run many test files in one process, each inside a suite named by its path: a file
 * registers its tests and hooks while it loads (a top-level `await` would leave the tests after it outside that
 * suite, and node's runner then fails them), and it changes process-wide state only inside hooks that put it back
 * (test/helpers/environment.ts), never while it loads.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type TypeScript from 'typescript';
import { filesUnder } from './helpers/files-under.ts';

// Required, not imported: an import makes node scan the 9 MB module for its exports first, a second of CPU.
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

const TEST = fileURLToPath(new URL('./', import.meta.url));

/** `process.env.NAME = …`, `delete process.env.NAME`, `process.chdir(…)`: a change to the whole process. */
function changesProcess(node: TypeScript.Node): boolean {
  const isEnvironment = (target: TypeScript.Node) =>
    (ts.isPropertyAccessExpression(target) || ts.isElementAccessExpression(target)) &&
    target.expression.getText() === 'process.env';
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return isEnvironment(node.left);
  if (ts.isDeleteExpression(node)) return isEnvironment(node.expression);
  return ts.isCallExpression(node) && node.expression.getText() === 'process.chdir';
}

/** What a file does while it loads (outside every function) that breaks sharing a process: each with its line. */
function loadTimeProblems(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const line = (node: TypeScript.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: TypeScript.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier))
      problems.push(`${path}:${line(node)}: awaits at the top level (set it up in before())`);
    if (changesProcess(node))
      problems.push(`${path}:${line(node)}: changes the process while loading (use environmentForTests)`);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return problems;
}

// Only files that might hold one are parsed: an `await` on an unindented line, or the process touched anywhere.
const MIGHT_LOAD_WITH_PROBLEMS = /^\S.*\bawait\b|process\.env|process\.chdir/m;

describe('test files', () => {
  it('register their tests while they load and change the process only in hooks that put it back', () => {
    const problems = filesUnder(TEST, '.test.ts').flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return MIGHT_LOAD_WITH_PROBLEMS.test(text) ? loadTimeProblems(relative(TEST, file), text) : [];
    });
    assert.deepEqual(problems, []);
  });

  it('are the only files named in the durations a fresh clone deals them by (scripts/test-durations.json)', () => {
    // scripts/test.mjs deals a checkout that has not timed its files yet by scripts/test-durations.json: a file
    // renamed or deleted must leave it (a new one is guessed until the file is refreshed from a fresh clone's run).
    const committed = JSON.parse(
      readFileSync(new URL('../scripts/test-durations.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const files = new Set(filesUnder(TEST, '.test.ts').map((file) => `test/${relative(TEST, file)}`));
    assert.deepEqual(
      Object.keys(committed).filter((file) => !files.has(file)),
      [],
    );
    const notSeconds = Object.entries(committed).filter(
      ([, seconds]) => typeof seconds !== 'number' || !(seconds >= 0),
    );
    assert.deepEqual(notSeconds, []);
  });

  it('finds a top-level await and a change of the environment (the check can fail)', () => {
    const text = [
      "const tokenizer = await getTokenizer('o200k_base');",
      "process.env.OPENAI_API_KEY = 'sk-test';",
      'before(async () => {',
      "  process.env.OPENAI_API_KEY = 'sk-test';",
      '  await setUp();',
      '});',
      "for await (const line of lines('x')) count++;",
    ].join('\n');
    assert.deepEqual(loadTimeProblems('x.test.ts', text), [
      'x.test.ts:1: awaits at the top level (set it up in before())',
      'x.test.ts:2: changes the process while loading (use environmentForTests)',
      'x.test.ts:7: awaits at the top level (set it up in before())',
    ]);
  });
});
