/**
 * What a probe's facet asks a summary to write: not a title that only repeats the file's name (a handoff names the
 * file and tells what it holds), nor a function word with its verb contracted onto it ("There's new feedback"); and
 * a spelling a summary writes of the work ("nothing has been committed", "uncommitted edits", "check-types passes")
 * is no filler or typo.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { artifactProbes, plainPhrase } from '../../src/quality/derive/artifacts.ts';
import { isContentWord, keyPhrase } from '../../src/quality/derive/phrases.ts';
import { isGoodSpelling } from '../../src/quality/derive/facet-words.ts';
import { verificationProbes } from '../../src/quality/derive/verification.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { callsTools, toolCall } from '../helpers/factories.ts';

/** The artifact probe of one markdown file written whole. */
function markdownProbe(path: string, content: string) {
  const write = toolCall('Write', { file_path: path, content });
  const [probe] = artifactProbes(
    [callsTools([write])],
    [{ kind: 'write', path, tool: 'Write', toolCallId: write.id, messageIndex: 0 }],
  );
  return probe!;
}

describe('a document whose title repeats its name', () => {
  it('is told by its first section that says more than the name', () => {
    const setup = markdownProbe(
      'docs/SETUP.md',
      '# Setup Guide\n\nHow to get going.\n\n## Installing the viewer\n\nUse the package manager.\n',
    );
    assert.deepEqual(setup.facets, [['SETUP.md'], ['Installing the viewer']]);
    const export_ = markdownProbe(
      'claude_code_chat_history_export.md',
      '# Claude Code Chat History Export\n\n## Sessions Summary\n\n68 prompts in 15 sessions.\n',
    );
    assert.deepEqual(export_.facets, [['claude_code_chat_history_export.md'], ['Sessions Summary']]);
  });

  it('keeps a title that says what the file is about', () => {
    const plan = markdownProbe('docs/refactor.md', '# Coding Agent Refactoring Plan\n\n## Goals\n');
    assert.deepEqual(plan.facets, [['refactor.md'], ['Coding Agent Refactoring Plan']]);
  });
});

describe('a function word with its verb contracted onto it', () => {
  it('is no content word; a noun with its possessive is', () => {
    for (const word of ["we'll", "There's", 'that’s', "they've", "you're", "I'd"])
      assert.equal(isContentWord(word), false, word);
    assert.equal(isContentWord("user's"), true);
  });

  it('an em dash ends a phrase, as a spaced hyphen does', () => {
    assert.equal(
      keyPhrase('list_utils.rs created: NestedItem, flatten — Represents an item', 4, () => true),
      'Represents an item',
    );
  });

  it('neither opens nor ends a facet phrase', () => {
    assert.equal(plainPhrase("There's new feedback, please review it"), 'new feedback');
    assert.equal(
      plainPhrase('This will be a complex migration that we’ll have to do in phases'),
      'complex migration',
    );
  });
});

describe('a spelling of how a summary says the work stands', () => {
  // The session writes "edit" and "commit" in many messages, and "edits" once.
  const salience = (word: string) => (word === 'edit' || word === 'commit' ? 5 : word === 'happen' ? 5 : 1);

  it('keeps "nothing has been committed" and the plural of a word the session uses', () => {
    assert.equal(isGoodSpelling('nothing has been committed', salience), true);
    assert.equal(isGoodSpelling('uncommitted edits', salience), true);
  });

  it('still drops a reaction and a slip of the keyboard', () => {
    assert.equal(isGoodSpelling('Nothing happens', salience), false);
    assert.equal(isGoodSpelling('the edti', salience), false);
  });
});

describe("a project script's outcome", () => {
  it('is kept by a handoff that names the script and its verdict', () => {
    const call = toolCall('Bash', { command: 'pnpm --filter @repo/app check-types' });
    const [state] = verificationProbes([
      {
        call,
        command: 'pnpm --filter @repo/app check-types',
        messageIndex: 3,
        output: '',
        failed: false,
        errorLines: [],
        inconclusive: false,
      },
    ]);
    assert.ok(state!.facets[0]!.includes('check-types passes'));
    const probe = { ...state!, id: 'state@3', contradictions: [], source: 'derived' as const };
    const kept = (text: string) => probeOutcome(createMatcher(text), probe);
    assert.equal(kept('- After the type fixes, check-types passes again (tsc --noEmit).'), 'matched');
    assert.notEqual(kept('- Run check-types next.'), 'matched');
  });
});
