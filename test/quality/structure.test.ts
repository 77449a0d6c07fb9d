import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreGenericStructure, scoreStructure } from '../../src/quality/structure.ts';

describe('scoreStructure', () => {
  const sections = [
    'Goal',
    'Constraints & Preferences',
    'Progress',
    'In Progress',
    'Next Steps',
    'Critical Context',
  ];
  const document = (...headings: string[]) =>
    headings.map((heading) => `${heading}\n- something`).join('\n\n');

  it('is 1 when every section is a heading, in order, whatever the level, case or trailing colon', () => {
    const text = document(
      '## Goal',
      '# constraints & preferences:',
      '## **Progress**',
      '### In Progress',
      '## NEXT STEPS',
      '## Critical Context ##',
    );
    assert.equal(scoreStructure(text, sections), 1);
  });

  it('counts the share present: one missing of six is 5/6', () => {
    const text = document(
      '## Goal',
      '## Constraints & Preferences',
      '## Progress',
      '## In Progress',
      '## Next Steps',
    );
    assert.equal(scoreStructure(text, sections), 5 / 6);
  });

  it('counts the longest run in the required order: two swapped sections lose one', () => {
    const text = document(
      '## Goal',
      '## Progress',
      '## Constraints & Preferences',
      '## In Progress',
      '## Next Steps',
      '## Critical Context',
    );
    assert.equal(scoreStructure(text, sections), 5 / 6);
  });

  it('counts a repeated heading once and a reversed order as 1 section', () => {
    assert.equal(scoreStructure(document('## Goal', '## Goal', '## Goal'), sections), 1 / 6);
    assert.equal(
      scoreStructure(document('## Critical Context', '## Next Steps', '## Goal'), sections),
      1 / 6,
    );
  });

  it('accepts a heading that starts with the section name, but not another section or a longer word', () => {
    assert.equal(scoreStructure(document('## Next Steps (in order)'), ['Next Steps']), 1);
    assert.equal(scoreStructure(document('## In Progress'), ['Progress']), 0);
    assert.equal(scoreStructure(document('## Goals'), ['Goal']), 0);
  });

  it('ignores section names that are not headings, and headings inside code fences', () => {
    assert.equal(scoreStructure('Goal: ship it\n**Next Steps**\n- x', ['Goal', 'Next Steps']), 0);
    assert.equal(scoreStructure('```md\n## Goal\n```\n', ['Goal']), 0);
  });

  it('is 0 for an empty summary and null when no section is required', () => {
    assert.equal(scoreStructure('', sections), 0);
    assert.equal(scoreStructure('## Goal', []), null);
  });
});

describe('structure is measured, not declared', () => {
  const sections = ['Goal', 'Key Decisions', 'Blocked', 'Next Steps'];
  const everything = { constraints: true, decisions: true, errors: true, files: true, nextSteps: true };

  it('does not count a heading with nothing under it', () => {
    const emptyHeadings = '## Goal\n\n## Key Decisions\n## Blocked\n\n## Next Steps\n';
    assert.equal(scoreStructure(emptyHeadings, sections, everything), 0);
  });

  it('does not count "(none)" where the transcript has content for the section', () => {
    const placeholders =
      '## Goal\nFix totals\n## Key Decisions\n(none)\n## Blocked\n(none)\n## Next Steps\n- (none)';
    assert.equal(
      scoreStructure(placeholders, sections, everything),
      2 / 4,
      'goal, and blocked where nothing is due',
    );
    const nothingDue = { ...everything, decisions: false, nextSteps: false };
    assert.equal(scoreStructure(placeholders, sections, nothingDue), 1);
  });

  it('counts a parent section by its subsections and code inside fences as content', () => {
    const text = '## Goal\n```ts\n# not a heading\n```\n## Key Decisions\n### Rounding\n- per line';
    assert.equal(scoreStructure(text, ['Goal', 'Key Decisions'], everything), 1);
  });

  it('scores a summary with no prescribed sections against goal, progress, decisions, next steps and files', () => {
    const handoff = [
      '## Primary Request and Intent',
      'Fix the one-cent mismatch.',
      '## Key Decisions',
      '- Round per line.',
      '## Next Steps',
      '(none)',
      '<modified-files>',
      'src/a.ts',
      '</modified-files>',
    ].join('\n');
    assert.equal(
      scoreGenericStructure(handoff, everything),
      3 / 5,
      'goal, decisions, files; next steps is empty',
    );
    assert.equal(scoreGenericStructure('Nine\nplain\nlines', everything), 0);
  });
});
