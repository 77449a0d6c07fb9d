/**
 * A phrase's "format" is stated by the format named (issue 39, D85): the user's pick "export the history in a more
 * readable format" is what a handoff says as "turns the raw logs into plain, readable Markdown". One way only: a
 * phrase naming Markdown is not stated by "a format". A format named without the phrase's other word, or that word
 * denied, states nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const readableFormat = derivedProbe('decision', { facets: [['readable format']] });
const readableMarkdown = derivedProbe('decision', { facets: [['readable Markdown']] });
const outcome = (text: string, probe = readableFormat) => probeOutcome(createMatcher(text), probe);

describe("a phrase's format, stated by the format named", () => {
  it('is kept by the phrase itself and by a named format beside its word', () => {
    for (const text of [
      'The history is exported in a more readable format.',
      'A workflow turns the raw JSONL logs into plain, readable Markdown.',
      'Each conversation is saved as readable HTML.',
      'The report is now readable JSON.',
    ])
      assert.equal(outcome(text), 'matched', text);
  });

  it('is not kept by a named format alone, nor by the word alone, nor across two lines that end sentences', () => {
    for (const text of [
      'The logs are converted to Markdown.',
      'transcripts-markdown/README.md scripts/convert_to_markdown.py',
      'The output is readable.',
      'The output is readable.\nIt is Markdown.',
    ])
      assert.notEqual(outcome(text), 'matched', text);
  });

  it('is not kept where the word is denied', () => {
    assert.notEqual(outcome('The logs stay raw JSONL, not readable Markdown.'), 'matched');
  });

  it('reads one way only: a named format is not stated by "a format"', () => {
    assert.notEqual(outcome('The history is exported in a more readable format.', readableMarkdown), 'matched');
  });
});
