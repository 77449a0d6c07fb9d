/**
 * A path list glossing each file with words said of any work ("contains the changes made for this task and the
 * related files") against what a session of our own making derives, and against the probes of the shared session
 * claude-code/edit-tool-variants.jsonl as derived there: the path's words and the gloss's generic words on one line
 * are no part of what the user asked ("hello" to "goodbye") nor of what a file now holds; a line in the summary's own
 * words keeps them, and a file named in prose with what changed keeps what it says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { indexMeaning, readStatement, statementCoverage } from '../../src/quality/meaning.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { PROBE_STATEMENT_THRESHOLDS, scoreProbes } from '../../src/quality/probe-recall.ts';
import { isLive, type Probe } from '../../src/quality/probes.ts';
import { statementLabel } from '../../src/quality/statement-match.ts';
import { sessionPaths } from '../../src/strategies/lexical.ts';
import { callsTools, derivedProbe, session, toolCall, toolResult, user } from '../helpers/factories.ts';

const GLOSSES = [
  'contains the changes made for this task and the related files.',
  'edits made for this task.',
  'changes for the task are in this file; related work updated.',
];

/** Each path of a list, glossed with the same words. */
const glossed = (paths: readonly string[], gloss: string) =>
  paths.map((path) => `${path}: ${gloss}`).join('\n');

/** The outcome of each live probe in a text. */
function outcomes(probes: readonly Probe[], text: string): Record<string, string> {
  const { probeOutcomes } = scoreProbes(createMatcher(text), probes);
  return Object.fromEntries(probes.filter(isLive).map((probe) => [probe.id, probeOutcomes[probe.id]!]));
}

const basic = toolCall('edit', { path: 'fixtures/edit_basic.txt', oldText: 'hello', newText: 'goodbye' });
const multiline = toolCall('edit', { path: 'fixtures/edit_multiline.txt', oldText: 'foo', newText: 'bar' });
const work = session([
  user(
    'Please make these edits to the fixtures:\n' +
      '1. Edit fixtures/edit_basic.txt, change "hello" to "goodbye"\n' +
      '2. Edit fixtures/edit_multiline.txt, change "foo" to "bar"',
  ),
  callsTools([basic], 'Making the first edit.'),
  toolResult(basic, 'Edited fixtures/edit_basic.txt'),
  callsTools([multiline], 'Making the second edit.'),
  toolResult(multiline, 'Edited fixtures/edit_multiline.txt'),
]);
const { probes } = deriveProbes(work, { cut: work.messages.length });

describe('a glossed path list against a session of our own making', () => {
  it('derives the task and an artifact of each edited file (what the test reads)', () => {
    assert.deepEqual(
      probes.filter(isLive).map((probe) => probe.id),
      ['task@0', 'artifact@1', 'artifact@3'],
    );
    assert.match(probes[0]!.statement ?? '', /edit_basic\.txt, change "hello" to "goodbye"/);
  });

  it('keeps nothing, whatever generic words the gloss uses', () => {
    for (const gloss of GLOSSES)
      assert.deepEqual(
        outcomes(probes, glossed(sessionPaths(work), gloss)),
        { 'task@0': 'missed', 'artifact@1': 'missed', 'artifact@3': 'missed' },
        gloss,
      );
  });

  it('keeps the task when a line says what was asked, in the summary\u2019s own words', () => {
    const text =
      'The user asked for two fixture edits: edit_basic.txt "hello" to "goodbye", edit_multiline.txt "foo" to "bar".';
    assert.equal(outcomes(probes, text)['task@0'], 'matched');
  });
});

// The live probes claude-code/edit-tool-variants.jsonl derives at its end (its folder shortened): only the task and the
// constraint have a statement, so each of the task's five terms weighs the same, and the path's two and "changes" make
// 0.6 of it (in the session of our own making, the artifacts' statements share "edit" and "change", which weighs
// those less: there the gloss kept nothing before either, and the test guards the rule as a whole).
const FOLDER = '/private/var/folders/T/pytest-of-pete/pytest-1/test_edit_tool_variants_chromi0';
const shared: Probe[] = [
  {
    ...derivedProbe('task', {
      facets: [['following file edit operations']],
      statement: `Edit ${FOLDER}/edit_basic.txt, change "hello" to "goodbye" Edit\u2026`,
    }),
    id: 'task@0',
  },
  {
    ...derivedProbe('constraint', { facets: [['use replace_all']], statement: "don't use replace_all" }),
    id: 'constraint@0',
  },
  {
    ...derivedProbe('artifact', {
      facets: [['edit_basic.txt'], ['perform each edit operation']],
      file: `${FOLDER}/edit_basic.txt`,
    }),
    id: 'artifact@1',
  },
  {
    ...derivedProbe('artifact', {
      facets: [['edit_multiline.txt'], ['Changed all occurrences']],
      file: `${FOLDER}/edit_multiline.txt`,
    }),
    id: 'artifact@9',
  },
];
const sharedPaths = ['edit_basic.txt', 'edit_replace_all.txt', 'edit_multiline.txt'].map(
  (file) => `${FOLDER}/${file}`,
);

describe('a glossed path list against the probes of the shared edit session', () => {
  it('keeps nothing, the task included (0.33 through the task before)', () => {
    for (const gloss of GLOSSES)
      assert.deepEqual(
        outcomes(shared, glossed(sharedPaths, gloss)),
        { 'task@0': 'missed', 'constraint@0': 'missed', 'artifact@1': 'missed', 'artifact@9': 'missed' },
        gloss,
      );
  });

  it('keeps the task stated in other words', () => {
    assert.equal(
      outcomes(
        shared,
        'Task: four edits of test fixtures; first, edit_basic.txt: change "hello" to "goodbye".',
      )['task@0'],
      'matched',
    );
  });
});

describe('statement coverage: generic words and listed paths are not its content', () => {
  const reading = readStatement('Edit fixtures/edit_basic.txt, change "hello" to "goodbye"');
  const coverage = (text: string) =>
    statementCoverage(indexMeaning(text), reading, PROBE_STATEMENT_THRESHOLDS.window, { oneLine: true });

  it('marks the generic words of a statement', () => {
    assert.deepEqual(
      reading.terms.filter((term) => term.generic).map((term) => term.term),
      ['edit', 'chang'],
    );
  });

  it('gives no content share to a window of the path and generic words only, so the statement is lost', () => {
    const text = 'fixtures/edit_basic.txt: contains the changes made for this task and the related files.';
    const { share, contentShare } = coverage(text);
    assert.ok(share >= PROBE_STATEMENT_THRESHOLDS.kept, `the path and "changes" make ${share} of its terms`);
    assert.equal(contentShare, 0);
    assert.equal(statementLabel(indexMeaning(text), reading, PROBE_STATEMENT_THRESHOLDS), 'lost');
  });

  it('counts the generic words beside one distinctive word (the content share as before)', () => {
    const { contentShare } = coverage('fixtures/edit_basic.txt: changed, now says goodbye.');
    assert.ok(Math.abs(contentShare! - 2 / 3) < 1e-9, `content share ${contentShare}`);
  });

  it('lets a name written out in prose tell the statement, not a name read from a path', () => {
    const names = readStatement('hooks_handlers.go changed: update the session lookup');
    const named = statementCoverage(
      indexMeaning('Several files were changed, including the hook handlers.'),
      names,
      20,
      {
        oneLine: true,
      },
    );
    const listed = statementCoverage(
      indexMeaning('hooks_handlers.go: changes made for this task.'),
      names,
      20,
      {
        oneLine: true,
      },
    );
    assert.ok(named.contentShare! > 0, `named in prose: ${named.contentShare}`);
    assert.equal(listed.contentShare, 0);
  });

  it('leaves a statement whose content words are all generic as it was', () => {
    const plain = readStatement('Update fixtures/edit_basic.txt and its related files');
    const { contentShare } = statementCoverage(
      indexMeaning('fixtures/edit_basic.txt: updated with the related files.'),
      plain,
      20,
      { oneLine: true },
    );
    assert.equal(contentShare, 1);
  });
});
