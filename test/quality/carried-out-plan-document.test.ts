/**
 * A plan or design document the agent wrote and then carried out (issue 39, precision): its artifact probe is history
 * once the agent changed other files after it; a plan that is the work itself (nothing changed after it), one kept up
 * as the work went, and a file that is no plan, still stand.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPlanDocument } from '../../src/quality/derive/carried-out-plan-document.ts';
import type { Message } from '../../src/session/types.ts';
import { artifactLivenessAt, assistant, toolExchange, user } from '../helpers/factories.ts';

/** The agent's write of a whole file. */
const write = (path: string) => toolExchange('write', { path, content: '# Parser limits\n' }, 'Written.');
/** The agent's edit of a file. */
const edit = (path: string) => toolExchange('edit', { path, oldText: 'a', newText: 'b' }, 'Edited.');
describe('a plan document the agent carried out', () => {
  it('is history once the agent changed other files after writing it', () => {
    const messages: Message[] = [
      user('Raise the parser limits; plan it first.'),
      ...write('docs/plans/2026-01-29-parser-limits-design.md'), // 1-2
      ...write('/tmp/parser-plan.md'), // 3-4
      ...edit('src/parser.ts'), // 5-6
      assistant('The limits are raised as planned.'),
    ];
    assert.deepEqual(
      artifactLivenessAt(messages, {
        'docs/plans/2026-01-29-parser-limits-design.md': 1,
        '/tmp/parser-plan.md': 3,
        'src/parser.ts': 5,
      }),
      {
        'docs/plans/2026-01-29-parser-limits-design.md': 'carried-out-plan',
        '/tmp/parser-plan.md': 'carried-out-plan',
        'src/parser.ts': 'standing',
      },
    );
  });

  it('stands when it is the work: nothing else changed after it', () => {
    const messages: Message[] = [
      user('Write a design document for raising the parser limits.'),
      ...edit('src/parser.ts'), // 1-2: before the plan
      ...write('PARSER_PLAN.md'), // 3-4
      ...toolExchange('read', { path: 'src/lexer.ts' }, 'export const lexer = 1;'),
      assistant('The design is in PARSER_PLAN.md.'),
    ];
    assert.deepEqual(artifactLivenessAt(messages, { 'PARSER_PLAN.md': 3, 'src/parser.ts': 1 }), {
      'PARSER_PLAN.md': 'standing',
      'src/parser.ts': 'standing',
    });
  });

  it('stands when the agent kept it up as the work went', () => {
    const messages: Message[] = [
      user('Refactor the parser in work packages; keep a plan to resume from.'),
      ...write('docs/refactor-plan.md'), // 1-2
      ...edit('src/parser.ts'), // 3-4
      ...edit('docs/refactor-plan.md'), // 5-6: the first package ticked off
      ...edit('src/lexer.ts'), // 7-8
      assistant('WP2 is done.'),
    ];
    assert.deepEqual(artifactLivenessAt(messages, { 'docs/refactor-plan.md': 5 }), {
      'docs/refactor-plan.md': 'standing',
    });
  });

  it('reads plan and design documents by their names and folders only', () => {
    for (const path of [
      'PLAN.md',
      '.entire/WINGMAN_PLAN.md',
      '/tmp/cosmic-power-monitor-plan.md',
      'docs/plans/notes.md',
      'docs/x.design.md',
      '/home/u/.claude/plans/abc.md',
    ])
      assert.equal(isPlanDocument(path), true, path);
    for (const path of ['src/plan.ts', 'docs/planning.md', 'docs/explain.md', 'README.md', 'designer.md'])
      assert.equal(isPlanDocument(path), false, path);
  });
});
