/**
 * Two ways a terse note writes a word (round s38, D159): a count in digits where the probe says it in words ("1 shadow
 * br per base commit" for the user's "we just use one branch"), and a line break as its escape ("TruncatedText: … stop
 * at \n" for "truncated text must stop when it encounters a new line"). Each is read as the words it stands for, and
 * nothing more: a number of an id or after its noun, a bag of the words, and the note said false keep nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { derivedProbe } from '../helpers/factories.ts';

const outcome = (probe: Parameters<typeof probeOutcome>[1], text: string) =>
  probeOutcome(createMatcher(text), probe);

describe('a count written in digits', () => {
  const oneBranch = derivedProbe('constraint', {
    facets: [['use one branch', 'one branch']],
    statement:
      "I'd like to modify this approach: I don't think we need suffixes but instead we just use one branch",
  });

  it('states a facet that says the count in words, before a word of prose', () => {
    assert.equal(outcome(oneBranch, 'GOAL: drop suffix design -> 1 shadow br per base commit.'), 'matched');
    assert.equal(outcome(oneBranch, 'we keep one shadow branch per base commit'), 'matched');
  });

  it('does not where the number is part of an id, stands after its noun, or is in another clause', () => {
    assert.equal(outcome(oneBranch, 'spotter-4te.1 branch is open'), 'missed');
    assert.equal(outcome(oneBranch, 'branch 1 is stale'), 'missed');
    assert.equal(outcome(oneBranch, 'retries: 1, branch: main'), 'missed');
    assert.equal(outcome(oneBranch, ''), 'missed');
  });

  it('does not where the number opens its line (a list or a listing numbers it, it counts nothing)', () => {
    assert.equal(outcome(oneBranch, '1. Shadow Branch: Single Branch with Overlap Detection'), 'missed');
    assert.equal(outcome(oneBranch, '     1→# Shadow Branch Isolation via Suffixes'), 'missed');
    assert.equal(outcome(oneBranch, '1 Shadow Branch Single Branch with Overlap Detection.'), 'missed');
  });

  it('reads the digits no more loosely than the word', () => {
    const credit = { matched: 2, partial: 1, missed: 0, contradicted: 0 } as const;
    for (const [digits, words] of [
      ['ran 1 check on the branch', 'ran one check on the branch'],
      ['branch 1 is stale', 'branch one is stale'],
      ['1 shadow br per base commit', 'one shadow br per base commit'],
    ])
      assert.ok(credit[outcome(oneBranch, digits!)] <= credit[outcome(oneBranch, words!)], digits);
  });

  it('does not keep it where the note says it false', () => {
    assert.notEqual(outcome(oneBranch, 'It is false that there is 1 shadow br per base commit.'), 'matched');
  });
});

describe('a line break written as its escape', () => {
  const stopsAtNewLine = derivedProbe('constraint', {
    facets: [['stop when it encounters']],
    statement: 'truncated text must stop when it encounters a new line ...',
  });

  it('reads as the words "new line" where it stands as a word of prose, not in code', () => {
    const terms = (text: string) => meaningTerms(text).map((term) => term.term);
    assert.deepEqual(terms('stop at \\n, reset'), ['stop', 'new', 'line', 'reset']);
    assert.deepEqual(terms('stop at `\\n`'), ['stop', 'new', 'line']);
    assert.ok(!terms('strings.Split(out, "\\n")').includes('line'));
    assert.ok(!terms('fmt.Printf("%s\\n", name)').includes('line'));
  });

  it('keeps a rule the note states with it', () => {
    assert.equal(
      outcome(
        stopsAtNewLine,
        '  · TruncatedText: pad to width, stop at \\n, reset before "…"; truncated-text.test.ts.',
      ),
      'matched',
    );
  });

  it('gives a bag no more than the words spelled out, and keeps nothing said false or with no text', () => {
    for (const [escaped, spelled] of [
      ['TruncatedText stop \\n truncated-text.test.ts', 'TruncatedText stop new line truncated-text.test.ts'],
      ['stop, \\n, pad', 'stop, new line, pad'],
      ['\\n \\n \\n', 'new line new line new line'],
    ])
      assert.equal(outcome(stopsAtNewLine, escaped!), outcome(stopsAtNewLine, spelled!), escaped);
    assert.notEqual(outcome(stopsAtNewLine, 'stop, \\n, pad'), 'matched');
    assert.notEqual(
      outcome(stopsAtNewLine, 'It is false that TruncatedText must stop at \\n; truncated-text.test.ts.'),
      'matched',
    );
    assert.equal(outcome(stopsAtNewLine, ''), 'missed');
  });
});
