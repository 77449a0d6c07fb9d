import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type LintRule, lintProbes, positionHistogram } from '../../src/quality/probe-lint.ts';
import type { Probe } from '../../src/quality/probes.ts';
import type { Message } from '../../src/session/types.ts';
import { assistant, user } from '../helpers/factories.ts';

function probe(
  id: string,
  facets: string[][],
  answer: string,
  messageIndex: number,
  extra: Partial<Probe> = {},
): Probe {
  return {
    id,
    kind: 'decision',
    question: `${id}?`,
    answer,
    facets,
    contradictions: [],
    messageIndex,
    source: 'sidecar',
    ...extra,
  };
}

// Eight messages: a decision early, filler, the staging deploy mentioned again at the end.
const messages: Message[] = [
  user('Paginate the shipments list. Use keyset pagination instead of OFFSET, the table is huge.'),
  assistant('I will switch the shipments query to keyset pagination instead of OFFSET.'),
  user('Also deploy to staging when done.'),
  assistant(`Working on it. ${'Reading the query builder and its tests. '.repeat(8)}`),
  assistant('Tests pass.'),
  user('Thanks.'),
  assistant('Deployed to staging.'),
  assistant('Done: keyset pagination instead of OFFSET is live on staging.'),
];

const good = probe(
  'keyset',
  [
    ['keyset pagination', 'keyset'],
    ['instead of OFFSET', 'not OFFSET'],
  ],
  'Keyset pagination instead of OFFSET.',
  0,
  { repeatedAt: [7] },
);

const rules = (probes: Probe[]): Array<[string, LintRule]> =>
  lintProbes({ probes, messages }).map((finding) => [finding.probe, finding.rule]);

describe('probes lint', () => {
  it('passes a probe with a phrase facet, stated together in the transcript, repeated where it says', () => {
    assert.deepEqual(rules([good]), []);
  });

  it('no-phrase-facet: a single word, or only words and identifiers, can be passed by a keyword list', () => {
    const staging = probe('staging', [['staging']], 'Deploy to staging.', 2, {
      kind: 'task',
      repeatedAt: [6],
    });
    const identifiers = probe('ids', [['keyset'], ['shipments']], 'keyset, shipments', 0, {
      repeatedAt: [7],
    });
    assert.deepEqual(rules([staging]), [['staging', 'no-phrase-facet']]);
    assert.deepEqual(rules([identifiers]), [['ids', 'no-phrase-facet']]);
  });

  it('no-content-word: a facet of talk or a bare number is a warning, a facet naming the work is not', () => {
    const talk = probe(
      'talk',
      [["That's better"], ['keyset pagination']],
      "That's better: keyset pagination",
      2,
      {
        repeatedAt: [6],
      },
    );
    const findings = lintProbes({ probes: [talk], messages }).filter(
      (finding) => finding.rule === 'no-content-word',
    );
    assert.deepEqual(
      findings.map((finding) => [finding.probe, finding.level, finding.message]),
      [
        [
          'talk',
          'warning',
          'facet "That\'s better" has no content word: a faithful paraphrase need not repeat it',
        ],
      ],
    );
    const numbers = probe('numbers', [['15 should'], ['3 attempts']], '15 should be 3 attempts', 2);
    assert.deepEqual(
      lintProbes({ probes: [numbers], messages })
        .filter((finding) => finding.rule === 'no-content-word')
        .map((finding) => finding.message),
      ['facet "15 should" has no content word: a faithful paraphrase need not repeat it'],
    );
    assert.ok(!rules([good]).some(([, rule]) => rule === 'no-content-word'));
  });

  it('shared-facets and answer-overlap: two probes that test one fact', () => {
    const twin = { ...good, id: 'keyset-again' };
    assert.deepEqual(rules([good, twin]), [
      ['keyset', 'answer-overlap'],
      ['keyset-again', 'shared-facets'],
      ['keyset-again', 'answer-overlap'],
    ]);
  });

  it('answer-misses: a probe whose own answer does not keep it', () => {
    assert.deepEqual(rules([{ ...good, answer: 'We paginate now.' }]), [['keyset', 'answer-misses']]);
  });

  it('absent-facet and unanswerable: facets the transcript never states (together)', () => {
    const absent = probe(
      'cursor',
      [['cursor pagination'], ['instead of OFFSET']],
      'Cursor pagination instead of OFFSET.',
      0,
    );
    const apart = probe('apart', [['shipments list'], ['tests pass']], 'The shipments list tests pass.', 0);
    assert.deepEqual(rules([absent]), [['cursor', 'absent-facet']]);
    assert.deepEqual(rules([apart]), [['apart', 'unanswerable']]);
  });

  it('contradicted-by-transcript: the session itself states the opposite', () => {
    const opposite = { ...good, contradictions: ['live on staging'] };
    assert.deepEqual(rules([opposite]), [['keyset', 'contradicted-by-transcript']]);
  });

  it('late-answer: a first-half fact kept by the last quarter alone, unless the probe says it repeats', () => {
    assert.deepEqual(rules([{ ...good, repeatedAt: undefined }]), [['keyset', 'late-answer']]);
    assert.deepEqual(
      rules([{ ...good, repeatedAt: [3] }]),
      [['keyset', 'late-answer']],
      'a repeat before the last quarter',
    );
  });

  it('late-answer: the first half is every message before the middle, not only the first quarter', () => {
    // Message 3 of 8 lies in the first half but past the first quarter; the last quarter still keeps the fact.
    assert.deepEqual(rules([{ ...good, messageIndex: 3, repeatedAt: undefined }]), [
      ['keyset', 'late-answer'],
    ]);
    assert.deepEqual(
      rules([{ ...good, messageIndex: 4, repeatedAt: undefined }]),
      [],
      'message 4 of 8 is the second half',
    );
  });

  it('message-index: past the last message, or missing', () => {
    assert.deepEqual(rules([{ ...good, messageIndex: 8 }]), [['keyset', 'message-index']]);
    const { messageIndex: _unknown, ...withoutIndex } = good;
    const findings = lintProbes({ probes: [withoutIndex], messages });
    assert.deepEqual(
      findings.map((finding) => [finding.rule, finding.level]),
      [['message-index', 'warning']],
    );
  });

  it('counts probes per tenth of the session', () => {
    const at = (index: number) => ({ ...good, messageIndex: index });
    assert.deepEqual(positionHistogram([at(0), at(1), at(7), at(7)], 8), [1, 1, 0, 0, 0, 0, 0, 0, 2, 0]);
  });
});
