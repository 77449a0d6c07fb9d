/**
 * docs/terminal/: the terminal output at 80 columns of each kind of run, committed as text. Each is regenerated
 * in-process and must match (`npm run docs` rewrites them), fit 80 columns, and keep what matters at that width.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { terminalExample, TERMINAL_DIRECTORY, TERMINAL_EXAMPLES } from '../scripts/terminal-examples.ts';

const columns = (line: string) => [...line].length;

describe('docs/terminal: the terminal at 80 columns', () => {
  for (const { file, args } of TERMINAL_EXAMPLES) {
    it(`${file} is what compaction-bench ${args.join(' ')} prints today, every line within 80 columns`, async () => {
      const committed = await readFile(`${TERMINAL_DIRECTORY}${file}`, 'utf8');
      const [command, ...lines] = (await terminalExample(args)).split('\n');
      assert.equal([command, ...lines].join('\n'), committed, `${file} is stale: npm run docs rewrites it`);
      const long = lines.filter((line) => columns(line) > 80);
      assert.deepEqual(long, [], `${file}: lines over 80 columns`);
      // Every kind of run prints its verdict first.
      assert.match(lines[0]!, /^(Verdict — |FAIL {2}|PASS {2})/);
    });
  }

  it('keeps strategy, recall with its interval, tokens after and the verdict in the tables at 80 columns', async () => {
    for (const file of ['compare-session.txt', 'compare-suite.txt', 'compare-continuation.txt']) {
      const text = await readFile(`${TERMINAL_DIRECTORY}${file}`, 'utf8');
      const table = text.slice(text.indexOf('┌'), text.indexOf('┘') + 1);
      const head = table.split('\n').slice(1, 4).join(' ');
      for (const part of ['Strategy', 'ecall', '[95% CI]', 'Tokens', 'Verdict'])
        assert.ok(head.includes(part), `${file}: ${part} in ${head}`);
    }
    // The paired table keeps its verdict, so the † its footnote explains can be seen.
    const suite = await readFile(`${TERMINAL_DIRECTORY}compare-suite.txt`, 'utf8');
    const paired = suite.slice(suite.indexOf('Against '));
    assert.match(paired.split('\n').slice(1, 5).join(' '), /Verdict/);
  });
});
