import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Probe } from '../../src/quality/probes.ts';
import { loadProbes } from '../../src/quality/probes.ts';
import { scoreSummary } from '../../src/quality/score.ts';
import type { Quality } from '../../src/quality/types.ts';
import { fileLists } from '../../src/session/file-operations.ts';
import { loadSession } from '../../src/session/load.ts';
import type { Session } from '../../src/session/types.ts';
import { renderMessages } from '../../src/session/transcript.ts';
import { assistant, session, toolExchange, user } from '../helpers/factories.ts';

/** A sidecar probe, with the sentence of the transcript that carries its fact. */
type PlantedProbe = { probe: Probe; carrier: string };

function planted(
  id: string,
  kind: string,
  facets: string[][],
  carrier: string,
  contradictions: string[] = [],
): PlantedProbe {
  return {
    probe: { id, kind, question: `${id}?`, answer: carrier, facets, contradictions, source: 'sidecar' },
    carrier,
  };
}

const PLANTED: PlantedProbe[] = [
  planted('task-vat', 'task', [['VAT support'], ['checkout']], 'Please add VAT support to the checkout.'),
  planted(
    'constraint-floats',
    'constraint',
    [
      ['floating point', 'floats'],
      ['for money', 'money'],
    ],
    'Never use floating point for money.',
    ['floats are fine for money', 'use floating point for money'],
  ),
  planted(
    'decision-decimal',
    'decision',
    [['Decimal type', 'Decimal'], ['decimal.js']],
    'We settled on the Decimal type from decimal.js.',
  ),
  planted(
    'artifact-rates',
    'artifact',
    [['VAT_RATES'], ['keyed by country', 'per country']],
    'I will add a VAT_RATES table keyed by country.',
  ),
  planted(
    'error-rate',
    'error',
    [["TypeError: Cannot read properties of undefined (reading 'rate')"]],
    "TypeError: Cannot read properties of undefined (reading 'rate')",
  ),
  planted('next-de', 'next-step', [['DE rate'], ['19%']], 'Next, add the DE rate of 19% to the rates file.'),
];

function shopSession(): Session {
  return session(
    [
      user(`${PLANTED[0]!.carrier} ${PLANTED[1]!.carrier}`),
      ...toolExchange('read', { path: '/work/shop/package.json' }, '{ "name": "shop", "type": "module" }'),
      ...toolExchange(
        'read',
        { path: '/work/shop/src/billing/tax.ts' },
        'export function computeTax(amount: number) {\n  return amount * 0.2;\n}',
      ),
      assistant(`${PLANTED[2]!.carrier} ${PLANTED[3]!.carrier}`),
      ...toolExchange(
        'edit',
        {
          path: '/work/shop/src/billing/tax.ts',
          oldText: 'amount * 0.2',
          newText: 'rateFor(country).times(amount)',
        },
        'Edited 1 location.',
      ),
      ...toolExchange(
        'bash',
        { command: 'npm test' },
        `FAIL test/tax.test.ts\n${PLANTED[4]!.carrier}\n    at rateFor`,
      ),
      assistant(`The lookup has no entry for Germany. ${PLANTED[5]!.carrier}`),
      ...toolExchange(
        'write',
        { path: 'src/billing/rates.json', content: '{ "DE": 0.19 }' },
        'Wrote 1 file.',
      ),
    ],
    { cwd: '/work/shop' },
  );
}

const shop = shopSession();
const probes = PLANTED.map(({ probe }) => probe);
const transcript = renderMessages(shop.messages, { toolResultChars: Number.POSITIVE_INFINITY });

function score(text: string, requiredSections?: string[]): Quality {
  return scoreSummary({
    text,
    probes,
    files: fileLists(shop.fileOperations),
    cwd: shop.cwd,
    transcriptText: transcript,
    requiredSections,
  });
}

describe('scoreSummary', () => {
  it('the hand-made session has six fact probes; its three files are measured apart', () => {
    assert.equal(probes.length, 6);
    assert.deepEqual(fileLists(shop.fileOperations), {
      read: ['/work/shop/package.json'],
      modified: ['/work/shop/src/billing/tax.ts', 'src/billing/rates.json'],
    });
  });

  it('scores the full rendered transcript as a summary at recall 1, inventing nothing', () => {
    const quality = score(transcript);
    assert.equal(quality.probeRecall, 1);
    assert.equal(quality.probesMatched, 6);
    assert.equal(quality.contradictions, 0);
    assert.deepEqual(quality.missedProbes, []);
    assert.deepEqual(quality.probeRecallByKind, {
      artifact: 1,
      constraint: 1,
      decision: 1,
      error: 1,
      'next-step': 1,
      task: 1,
    });
    assert.equal(quality.fileRecall, 1);
    assert.equal(quality.modifiedFileRecall, 1);
    assert.deepEqual(quality.inventedPaths, []);
    assert.equal(quality.structure, 0, 'a transcript has no handoff sections');
    assert.equal(quality.judge, null);
  });

  it('scores an empty summary at 0', () => {
    const quality = score('');
    assert.equal(quality.probeRecall, 0);
    assert.equal(quality.probesMatched, 0);
    assert.equal(quality.probesTotal, 6);
    assert.equal(quality.contradictions, 0);
    assert.deepEqual(
      quality.missedProbes,
      probes.map((probe) => probe.id),
    );
    assert.ok(Object.values(quality.probeRecallByKind).every((recall) => recall === 0));
    assert.equal(quality.fileRecall, 0);
    assert.equal(quality.modifiedFileRecall, 0);
    assert.deepEqual(quality.inventedPaths, []);
  });

  for (const { probe, carrier } of PLANTED) {
    it(`deleting the sentence that carries ${probe.id} loses exactly that probe`, () => {
      assert.equal(transcript.split(carrier).length, 2, 'the fact is stated once');
      const quality = score(transcript.replace(carrier, ''));
      assert.deepEqual(quality.missedProbes, [probe.id]);
      assert.equal(quality.probesMatched, 5);
      assert.equal(quality.probeRecall, 5 / 6);
      assert.equal(quality.probeRecallByKind[probe.kind], 0);
    });
  }

  it('matches a Markdown paraphrase that keeps the exact path, identifier and error string', () => {
    const paraphrase = [
      '## Goal',
      '- Ship **VAT Support** in checkout.',
      '## Constraints',
      '- The user insists: *no floating point for money*.',
      '## Key Decisions',
      '- Money uses `Decimal` (from `decimal.js`); rates live in the `VAT_RATES` table, one row per country.',
      '## Blocked',
      "- `npm test` fails with `TypeError: Cannot read properties of undefined (reading 'rate')`.",
      '## Next Steps',
      '1. Add the DE rate of 19% to `src/billing/rates.json`.',
      '## Files',
      '- read: [package.json](/work/shop/package.json)',
      '- modified: _src/billing/tax.ts_',
    ].join('\n');
    const quality = score(paraphrase);
    assert.deepEqual(quality.missedProbes, []);
    assert.equal(quality.probeRecall, 1);
    assert.equal(quality.fileRecall, 1);
    assert.deepEqual(quality.inventedPaths, []);
  });

  it('misses a paraphrase that changes the identifier, the path or the error string', () => {
    const paraphrase = [
      'Added VAT support to checkout; no floating point for money; Decimal from decimal.js chosen.',
      'Added a CountryRates table (COUNTRY_RATE) per country and fixed a TypeError about the rate.',
      'Next: the DE rate of 19% goes to billing/rates.json; tax.ts was changed.',
    ].join('\n');
    const quality = score(paraphrase);
    assert.deepEqual(quality.missedProbes, ['artifact-rates', 'error-rate']);
    assert.equal(quality.probeRecall, 4 / 6);
    assert.equal(quality.fileRecall, 0);
  });

  it('counts a file named relative to the working directory, and modified files separately', () => {
    const quality = score('Changed src/billing/tax.ts; rates.json still pending.');
    assert.equal(quality.fileRecall, 1 / 3);
    assert.equal(quality.modifiedFileRecall, 1 / 2);
    assert.equal(quality.probeRecall, 0, 'a file name is not a fact');
  });

  it('reports paths the summary names that appear nowhere in the transcript', () => {
    const quality = score(
      'Edited src/billing/tax.ts and src/billing/vat.ts; see docs/VAT.md and ./package.json',
    );
    assert.deepEqual(quality.inventedPaths, ['src/billing/vat.ts', 'docs/VAT.md']);
  });

  it('gives null recalls when there is nothing to recall', () => {
    const quality = scoreSummary({
      text: 'anything',
      probes: [],
      files: { read: [], modified: [] },
      transcriptText: 'anything',
    });
    assert.equal(quality.probeRecall, null);
    assert.deepEqual(quality.probeRecallByKind, {});
    assert.equal(quality.fileRecall, null);
    assert.equal(quality.modifiedFileRecall, null);
    assert.equal(quality.structure, 0);
    assert.equal(
      scoreSummary({ text: '', probes: [], files: { read: [], modified: [] }, transcriptText: '' }).structure,
      null,
      'no summary, no structure',
    );
  });

  it('scores structure against the required sections, or the generic handoff sections', () => {
    assert.equal(score('## Goal\nx', ['Goal', 'Next Steps']).structure, 1 / 2);
    assert.equal(
      score('## Goal\nx').structure,
      1 / 5,
      'goal of goal, progress, decisions, next steps, files',
    );
  });
});

const FIXTURE = fileURLToPath(new URL('../../fixtures/before-compaction.jsonl', import.meta.url));
const SIDECAR = FIXTURE.replace(/\.jsonl$/, '.probes.json');

describe('the before-compaction fixture', () => {
  const present = existsSync(FIXTURE) && existsSync(SIDECAR);
  it(
    'scores its full rendered transcript at probe recall 1 and file recall 1',
    {
      skip: present ? false : 'fixtures/before-compaction.jsonl and its probes are not there yet',
    },
    async () => {
      const fixture = await loadSession(FIXTURE);
      const fixtureProbes = await loadProbes(fixture);
      const rendered = renderMessages(fixture.messages, { toolResultChars: Number.POSITIVE_INFINITY });
      const quality = scoreSummary({
        text: rendered,
        probes: fixtureProbes,
        files: fileLists(fixture.fileOperations),
        cwd: fixture.cwd,
        transcriptText: rendered,
      });
      assert.deepEqual(quality.missedProbes, []);
      assert.equal(quality.probeRecall, 1);
      assert.equal(quality.fileRecall, 1);
      assert.deepEqual(quality.inventedPaths, []);
    },
  );
});
