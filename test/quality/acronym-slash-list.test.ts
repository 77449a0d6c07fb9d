/**
 * A terse note's slash list of words with an acronym among them (issue 39, round s19 D71): "(no SDK/keys)", "3 run
 * modes (TUI/print-json/RPC)" list their items, as "no SDK, keys" would; read as a path, the list was the name of its
 * last item alone and said nothing of the others. A path stays a path: a file with its extension, folders in lower
 * case. The list keeps no more than its items written with commas, and the same sentence denied still contradicts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveProbes } from '../../src/quality/derive/derive.ts';
import { createMatcher } from '../../src/quality/match.ts';
import { meaningTerms } from '../../src/quality/meaning.ts';
import { probeOutcome } from '../../src/quality/probe-recall.ts';
import { assistant, editRun, session, user } from '../helpers/factories.ts';

const terms = (text: string) =>
  meaningTerms(text).map(({ term, name, negated }) => ({ term, name, negated }));
const words = (text: string) => meaningTerms(text).map(({ term }) => term);

describe('a slash list of words with an acronym', () => {
  it('reads as its items, in prose, each under the negation before the list', () => {
    assert.deepEqual(terms('no SDK/keys'), terms('no SDK and keys'));
    assert.deepEqual(terms('GPU/CPU load'), terms('GPU and CPU load'));
    for (const term of terms('no SDK/keys').slice(1)) assert.ok(!term.name && term.negated, term.term);
    // Before: a path, the name of its last item alone ("rpc").
    assert.deepEqual(
      words('3 run modes TUI/print-json/RPC'),
      words('3 run modes TUI and print-json and RPC'),
    );
  });

  it('leaves a path a path: a file with its extension, folders in lower case', () => {
    assert.deepEqual(words('src/API/client.ts'), ['client']);
    assert.deepEqual(terms('src/API/client.ts'), terms('src/client.ts'));
    assert.deepEqual(terms('docs/ADR/0001-record.md'), terms('docs/0001-record.md'));
    assert.deepEqual(terms('lib/generated/seed'), terms('lib/seed'));
    assert.deepEqual(terms('print/json'), terms('lib/json'));
  });

  const messages = [
    user(
      'Add AI summaries to the report command. Instead of adding the OpenAI SDK and managing API keys, shell out to the local `llm` CLI.',
    ),
    assistant('I will shell out to the `llm` CLI from src/summarize.ts.'),
    ...editRun('src/summarize.ts'),
    assistant('Done: src/summarize.ts now runs `llm` through execFile.'),
  ];
  const rule = deriveProbes(session(messages)).probes.find(
    (probe) => probe.kind === 'constraint' && probe.statement?.startsWith('Instead of adding the OpenAI SDK'),
  );
  const outcome = (text: string) => probeOutcome(createMatcher(text), rule!);

  it('keeps a rule a terse line lists so as its items written out keep it', () => {
    assert.ok(rule, 'a rule is derived');
    const terse = 'Backend: shell out to local `llm` CLI (no SDK/keys).';
    const commas = 'Backend: shell out to local `llm` CLI (no SDK, no keys).';
    // Since D121 (round s28) the rule is kept whole by what it allows, said with its own verb ("shell out to …
    // `llm` CLI"); read without that alternative, the slash list keeps the half its items written out keep.
    assert.equal(outcome(terse), 'matched');
    assert.equal(outcome(terse), outcome(commas));
    const { alternative: _alternative, ...facetsOnly } = rule!;
    const byFacets = (text: string) => probeOutcome(createMatcher(text), facetsOnly);
    assert.equal(byFacets(terse), 'partial');
    assert.equal(byFacets(terse), byFacets(commas));
  });

  it('keeps no more than the comma list does, and the list denied contradicts', () => {
    for (const [slashes, commas] of [
      ['SDK/keys llm CLI', 'SDK, keys llm CLI'],
      ['src/summarize.ts: SDK/keys', 'src/summarize.ts: SDK, keys'],
      ['OpenAI/SDK/API', 'OpenAI, SDK, API'],
    ] as const)
      assert.equal(outcome(slashes), outcome(commas), slashes);
    assert.equal(outcome('src/summarize.ts\nsrc/report.ts'), 'missed');
    assert.equal(
      outcome('src/summarize.ts: holds relevant project source code and its configuration.'),
      'missed',
    );
    assert.equal(
      outcome('It is false that we shell out to the llm CLI instead of adding the SDK/keys.'),
      'contradicted',
    );
  });
});
